#include "app/sweep/reference.h"

#include <mutex>

#include "app/checkout_path.h"

namespace whygpu::app {

std::string h100_reference_path() { return checkout_path("WHYGPU_REFERENCE_DATA", kernels::kH100ReferencePath); }

const kernels::ReferenceData* h100_reference(std::string* error) {
  static std::once_flag once;
  static kernels::ReferenceData data;
  static Status status = Status::ok();
  std::call_once(once, [] { status = kernels::load_reference_data(h100_reference_path(), &data); });
  if (!status) {
    if (error) *error = status.message();
    return nullptr;
  }
  return &data;
}

}  // namespace whygpu::app
