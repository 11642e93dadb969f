#include "compute/core/status.h"

namespace whygpu {

Status Status::with_context(const std::string& context) const {
  if (ok_) return *this;
  return Status::error(Wording::sentence(N_("{0}: {1}"), {context, message_}));
}

}  // namespace whygpu
