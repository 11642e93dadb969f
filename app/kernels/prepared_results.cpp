#include "app/kernels/prepared_results.h"

#include <cstdlib>
#include <filesystem>
#include <functional>

#include "app/files/file_locations.h"
#include "app/i18n/translate.h"
#include "compute/bench/bench_format.h"
#include "compute/bench/reference_data.h"
#include "compute/core/text_file.h"

namespace whygpu::app {
namespace {

// One file per sweep, named by a hash of its description (readable names would be long
// and full of commas); the description itself is stored inside and compared on load.
std::string path_for(const std::string& sweep) {
  char name[32];
  std::snprintf(name, sizeof name, "%016zx.json", std::hash<std::string>{}(sweep));
  return prepared_folder() + "/" + name;
}

}  // namespace

std::string PreparedResult::label() const {
  // date_utc is "2026-11-23T01:02:03Z": show the hour and minute.
  const std::string hhmm = run.date_utc.size() >= 16 ? run.date_utc.substr(11, 5) + " UTC" : run.date_utc;
  return fill(tr("measured at {0} on {1} on this computer (prepared before class)"), {hhmm, run.date_utc.substr(0, 10)});
}

std::string prepared_folder() { return user_folder(UserFolder::kCache) + "/prepared"; }

bool same_machine(const bench::RunInfo& a, const bench::RunInfo& b) {
  return a.cpu_model == b.cpu_model && a.cpu_threads == b.cpu_threads && a.gpu_available == b.gpu_available &&
         a.gpu_name == b.gpu_name && a.nvidia_driver == b.nvidia_driver && a.cuda_driver == b.cuda_driver &&
         a.cuda_runtime == b.cuda_runtime;
}

Status save_prepared(const std::string& sweep, const bench::RunInfo& run, const std::vector<kernels::Measurement>& rows) {
  std::error_code ec;
  std::filesystem::create_directories(prepared_folder(), ec);
  bench::Json document = bench::bench_document(run, rows);
  document["sweep"] = sweep;
  return write_file_atomically(path_for(sweep), bench::dump_json(document));
}

bool load_prepared(const std::string& sweep, const bench::RunInfo& here, PreparedResult* out) {
  std::string text;
  if (!read_text_file(path_for(sweep), &text, std::size_t{16} << 20)) return false;
  bench::Json document;
  if (!bench::parse_json(text, &document) || !document.is_object()) return false;
  const auto stored = document.find("sweep");
  if (stored == document.end() || !stored->is_string() || stored->get_ref<const std::string&>() != sweep)
    return false;  // a hash collision
  bench::ReferenceData data;
  if (!bench::read_recording(document, bench::kBenchRecording, &data) || !same_machine(data.run, here)) return false;
  out->run = std::move(data.run);
  out->rows = std::move(data.rows);
  return true;
}

}  // namespace whygpu::app
