#include "app/kernels/sweep_csv.h"

#include <filesystem>

#include "app/i18n/translate.h"
#include "compute/bench/bench_format.h"
#include "compute/bench/run_info.h"
#include "compute/core/text_file.h"

namespace whygpu::app {

std::string default_export_path(const std::string& sweep, const std::string& extension, std::time_t when) {
  std::tm local{};
  localtime_r(&when, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &local);
  return "whygpu-" + sweep + "-" + stamp + "." + extension;
}

std::string sweep_csv(const std::string& command, int cpu_threads,
                      const std::vector<kernels::Measurement>& rows) {
  return bench::format_csv(bench::describe_this_run(command, cpu_threads), rows);
}

Status write_sweep_csv(const std::string& path, const std::string& command, int cpu_threads,
                       const std::vector<kernels::Measurement>& rows) {
  if (path.empty()) return Status::error(tr("no file name given for the CSV"));
  if (rows.empty()) return Status::error(tr("nothing to save yet: run the sweep first"));
  std::error_code ec;
  const auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  return write_file_atomically(path, sweep_csv(command, cpu_threads, rows));
}

}  // namespace whygpu::app
