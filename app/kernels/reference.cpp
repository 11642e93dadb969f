#include "app/kernels/reference.h"

#include <mutex>

#include "app/files/file_locations.h"
#include "app/i18n/translate.h"

namespace whygpu::app {
namespace {

// One recorded file, read the first time it is asked for.
class RecordedRun {
 public:
  const bench::ReferenceData* get(const std::string& path, std::string* error) {
    std::call_once(once_, [&] { status_ = bench::load_reference_data(path, &data_); });
    if (!status_) {
      if (error) *error = translated(status_);
      return nullptr;
    }
    return &data_;
  }

 private:
  std::once_flag once_;
  bench::ReferenceData data_;
  Status status_ = Status::ok();
};

}  // namespace

std::string h100_reference_path() { return shipped_path(bench::kH100ReferencePath); }

const bench::ReferenceData* h100_reference(std::string* error) {
  static RecordedRun run;
  return run.get(h100_reference_path(), error);
}

const bench::ReferenceData* h100_opengl_reference(std::string* error) {
  static RecordedRun run;
  return run.get(shipped_path(bench::kH100OpenGlReferencePath), error);
}

}  // namespace whygpu::app
