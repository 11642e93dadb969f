#include "compute/core/status.h"

namespace whygpu {

Status Status::with_context(const std::string& context) const {
  if (ok_) return *this;
  return Status::error(context + ": " + message_);
}

}  // namespace whygpu
