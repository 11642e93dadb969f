#include "app/kernels/reference.h"

#include <mutex>

#include "app/file_locations.h"

namespace whygpu::app {

std::string h100_reference_path() { return shipped_path(bench::kH100ReferencePath); }

const bench::ReferenceData* h100_reference(std::string* error) {
  static std::once_flag once;
  static bench::ReferenceData data;
  static Status status = Status::ok();
  std::call_once(once, [] { status = bench::load_reference_data(h100_reference_path(), &data); });
  if (!status) {
    if (error) *error = status.message();
    return nullptr;
  }
  return &data;
}

}  // namespace whygpu::app
