#include "compute/kernel_lab/lab_report.h"

#include <cmath>
#include <limits>
#include <sstream>
#include <string_view>

#include "compute/bench/json.h"
#include "compute/bench/timing_json.h"
#include "compute/bench/wording_json.h"
#include "compute/core/enum_keys.h"

namespace whygpu::kernel_lab {
namespace {

// What a report line says it is, so that a line of the kernel's own output is never
// taken for one.
constexpr const char* kReportFormat = "whygpu kernel-lab report";

// A float the kernel wrote may be NaN or infinite, which JSON numbers cannot hold (nlohmann
// would write null): those go as the words a student would read, "nan", "inf", "-inf".
bench::Json float_json(float v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

float float_from_json(const bench::Json& j) {
  if (j.is_string()) {
    const std::string& word = j.get_ref<const std::string&>();
    if (word == "nan") return std::numeric_limits<float>::quiet_NaN();
    if (word == "inf") return std::numeric_limits<float>::infinity();
    if (word == "-inf") return -std::numeric_limits<float>::infinity();
    bench::reject(j, "expected a number, nan, inf or -inf");
  }
  return j.get<float>();
}

}  // namespace

constexpr EnumKey<RunState> kRunStateKeys[] = {
    {RunState::NotRun, "not-run"}, {RunState::Refused, "refused"}, {RunState::Failed, "failed"}, {RunState::Ran, "ran"}};
constexpr EnumKey<Engine> kEngineKeys[] = {{Engine::Auto, "auto"}, {Engine::Gpu, "gpu"}, {Engine::Simulator, "simulator"}};

const char* run_state_key(RunState state) { return key_of(kRunStateKeys, state); }
bool run_state_from_key(const std::string& key, RunState* out) { return value_of(kRunStateKeys, key, out); }
const char* engine_key(Engine engine) { return key_of(kEngineKeys, engine); }
bool engine_from_key(const std::string& key, Engine* out) { return value_of(kEngineKeys, key, out); }

void to_json(bench::Json& j, const Diagnostic& d) { WHYGPU_JSON_WRITE_MEMBERS(j, d, line, severity, message); }
void from_json(const bench::Json& j, Diagnostic& d) { WHYGPU_JSON_READ_MEMBERS(j, d, line, severity, message); }

// The members that need no conversion, each named once for both directions.
#define WHYGPU_LAB_REPORT_MEMBERS                                                                             \
  compiled, target, simulated, compile_ms, diagnostics, compile_log, launch, output, checked, wrong,          \
      first_wrong, overrun, order_dependent, gbytes_per_s

void to_json(bench::Json& j, const LabReport& r) {
  WHYGPU_JSON_WRITE_MEMBERS(j, r, WHYGPU_LAB_REPORT_MEMBERS);
  j["run"] = run_state_key(r.run);
  // The English for a log or a recording, and beside it what the interface translates.
  j["message"] = r.message.english();
  if (r.message.is_sentence) j["message_words"] = bench::wording_json(r.message);
  j["expected"] = float_json(r.expected);
  j["got"] = float_json(r.got);
  if (r.time.repeats > 0) j["time"] = r.time;  // a try that did not run on the GPU has none
}

void from_json(const bench::Json& j, LabReport& out) {
  LabReport r;
  WHYGPU_JSON_READ_MEMBERS(j, r, WHYGPU_LAB_REPORT_MEMBERS);
  if (j.contains("message_words"))
    r.message = bench::wording_from_json(j.at("message_words"));
  else if (j.contains("message"))
    r.message = j.at("message").get<std::string>();
  if (!run_state_from_key(j.at("run").get<std::string>(), &r.run))
    bench::reject(j.at("run"), "must be not-run, refused, failed or ran");
  if (j.contains("expected")) r.expected = float_from_json(j.at("expected"));
  if (j.contains("got")) r.got = float_from_json(j.at("got"));
  if (j.contains("time")) j.at("time").get_to(r.time);
  out = std::move(r);
}

#undef WHYGPU_LAB_REPORT_MEMBERS

std::string to_text(const LabReport& report) {
  bench::Json j = {{"format", kReportFormat}};
  j.update(bench::Json(report));
  // On a line of its own even after a printf of the kernel's that did not end its line.
  return "\n" + bench::dump_json_line(j) + "\n";
}

bool from_text(const std::string& text, LabReport* out) {
  // The report is the child's last line of its kind: whatever the kernel printed came before.
  bool seen = false;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    bench::Json j;
    if (line.empty() || line.front() != '{' || !bench::parse_json(line, &j)) continue;
    if (!j.is_object()) continue;
    const auto format = j.find("format");
    if (format == j.end() || *format != kReportFormat) continue;
    LabReport r;
    if (bench::read_json(j, &r)) {
      *out = std::move(r);
      seen = true;
    }
  }
  return seen;
}

}  // namespace whygpu::kernel_lab
