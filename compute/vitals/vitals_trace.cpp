#include "compute/vitals/vitals_trace.h"

#include <array>
#include <cmath>

#include "compute/bench/bench_format.h"
#include "compute/bench/json.h"
#include "compute/core/text_file.h"

namespace whygpu::vitals {
namespace {

using bench::JsonValue;

// The sample columns, in file order, with where each value lives in a VitalsSample.
struct Column {
  const char* name;
  double VitalsSample::*top;  // time_s, cpu_energy_j, cpu_power_w
  double GpuVitals::*gpu;     // the rest
};
const std::array<Column, 11> kColumns = {{
    {"time_s", &VitalsSample::time_s, nullptr},
    {"power_w", nullptr, &GpuVitals::power_w},
    {"sm_clock_mhz", nullptr, &GpuVitals::sm_clock_mhz},
    {"memory_clock_mhz", nullptr, &GpuVitals::memory_clock_mhz},
    {"gpu_utilization_percent", nullptr, &GpuVitals::gpu_utilization_percent},
    {"memory_used_mib", nullptr, &GpuVitals::memory_used_mib},
    {"memory_total_mib", nullptr, &GpuVitals::memory_total_mib},
    {"temperature_c", nullptr, &GpuVitals::temperature_c},
    {"energy_counter_j", nullptr, &GpuVitals::energy_counter_j},
    {"cpu_energy_j", &VitalsSample::cpu_energy_j, nullptr},
    {"cpu_power_w", &VitalsSample::cpu_power_w, nullptr},
}};

double& slot(VitalsSample& s, const Column& c) { return c.top ? s.*c.top : s.gpu.*c.gpu; }

JsonValue number_or_null(double v) { return std::isfinite(v) ? JsonValue::number(v) : JsonValue(); }
double number_or_nan(const JsonValue* v) { return v && v->is_number() ? v->as_number() : kNotReported; }

void put_energy(JsonValue* phase, const char* prefix, const EnergyReading& e) {
  phase->set(std::string(prefix) + "_joules", number_or_null(e.joules));
  phase->set(std::string(prefix) + "_method", JsonValue::string(e.method));
}

EnergyReading get_energy(const JsonValue& phase, const char* prefix) {
  EnergyReading e;
  e.joules = number_or_nan(phase.find(std::string(prefix) + "_joules"));
  e.method = phase.get_string(std::string(prefix) + "_method");
  return e;
}

}  // namespace

std::string VitalsTrace::recorded_label(bool sentence_start) const {
  // NVML's names for the GPU and driver where it gave them, else the run's.
  bench::RunInfo named = run;
  if (!gpu_name.empty()) named.gpu_name = gpu_name, named.gpu_available = true;
  if (!nvidia_driver.empty()) named.nvidia_driver = nvidia_driver;
  return named.recorded_label(sentence_start);
}

const TracePhase* VitalsTrace::find_phase(std::string_view name) const {
  for (const TracePhase& p : phases)
    if (p.name == name) return &p;
  return nullptr;
}

std::string trace_to_json_text(const VitalsTrace& t) {
  JsonValue doc = bench::recording_header("whygpu-vitals", kVitalsTraceFormatVersion, t.run);
  doc.set("gpu_name", JsonValue::string(t.gpu_name));
  doc.set("nvidia_driver", JsonValue::string(t.nvidia_driver));
  doc.set("interval_ms", JsonValue::number(t.interval_ms));
  doc.set("cpu_energy_unavailable", JsonValue::string(t.cpu_energy_unavailable));
  JsonValue& columns = doc.set("columns", JsonValue::array());
  for (const Column& c : kColumns) columns.push(JsonValue::string(c.name));
  JsonValue& samples = doc.set("samples", JsonValue::array());
  for (VitalsSample s : t.samples) {
    JsonValue row = JsonValue::array();
    for (const Column& c : kColumns) row.push(number_or_null(slot(s, c)));
    samples.push(std::move(row));
  }
  JsonValue& phases = doc.set("phases", JsonValue::array());
  for (const TracePhase& p : t.phases) {
    JsonValue j = JsonValue::object();
    j.set("name", JsonValue::string(p.name));
    j.set("description", JsonValue::string(p.description));
    j.set("begin_s", JsonValue::number(p.begin_s));
    j.set("end_s", JsonValue::number(p.end_s));
    j.set("trainer", JsonValue::string(p.trainer));
    j.set("images", JsonValue::number(static_cast<double>(p.images)));
    put_energy(&j, "gpu", p.gpu);
    put_energy(&j, "cpu", p.cpu);
    phases.push(std::move(j));
  }
  return doc.dump();
}

Status parse_trace(std::string_view json_text, VitalsTrace* out) {
  JsonValue doc;
  if (Status s = bench::parse_document(json_text, "whygpu-vitals", kVitalsTraceFormatVersion,
                                       "whygpu vitals recording", &doc);
      !s)
    return s;
  VitalsTrace t;
  if (Status s = bench::recording_run(doc, "recording", &t.run); !s) return s;
  const JsonValue* columns = doc.find("columns");
  const JsonValue* samples = doc.find("samples");
  const JsonValue* phases = doc.find("phases");
  if (!columns || !columns->is_array() || !samples || !samples->is_array())
    return Status::error("the recording has no \"columns\" and \"samples\" arrays");
  if (!phases || !phases->is_array()) return Status::error("the recording has no \"phases\" array");
  // Columns are found by name, so that a file with more of them still reads.
  std::vector<int> where(kColumns.size(), -1);
  for (std::size_t c = 0; c < kColumns.size(); ++c)
    for (std::size_t i = 0; i < columns->items().size(); ++i)
      if (columns->items()[i].is_string() && columns->items()[i].as_string() == kColumns[c].name)
        where[c] = static_cast<int>(i);
  if (where[0] < 0) return Status::error("the recording's samples have no \"time_s\" column");
  t.gpu_name = doc.get_string("gpu_name");
  t.nvidia_driver = doc.get_string("nvidia_driver");
  t.interval_ms = static_cast<int>(doc.get_number("interval_ms"));
  t.cpu_energy_unavailable = doc.get_string("cpu_energy_unavailable");
  double previous = -1e300;
  for (std::size_t i = 0; i < samples->items().size(); ++i) {
    const JsonValue& row = samples->items()[i];
    const std::string which = "sample " + std::to_string(i);
    if (!row.is_array() || row.items().size() != columns->items().size())
      return Status::error(which + ": " + std::to_string(row.items().size()) + " values, expected " +
                           std::to_string(columns->items().size()));
    VitalsSample s;
    for (std::size_t c = 0; c < kColumns.size(); ++c)
      if (where[c] >= 0) slot(s, kColumns[c]) = number_or_nan(&row.items()[where[c]]);
    if (!std::isfinite(s.time_s) || s.time_s < previous) return Status::error(which + ": time_s missing or going back");
    previous = s.time_s;
    t.samples.push_back(s);
  }
  for (std::size_t i = 0; i < phases->items().size(); ++i) {
    const JsonValue& j = phases->items()[i];
    TracePhase p;
    p.name = j.get_string("name");
    p.description = j.get_string("description");
    p.begin_s = j.get_number("begin_s", kNotReported);
    p.end_s = j.get_number("end_s", kNotReported);
    p.trainer = j.get_string("trainer");
    p.images = static_cast<long>(j.get_number("images"));
    p.gpu = get_energy(j, "gpu");
    p.cpu = get_energy(j, "cpu");
    if (p.name.empty() || !(p.end_s >= p.begin_s))
      return Status::error("phase " + std::to_string(i) + ": no name, or its end before its beginning");
    t.phases.push_back(std::move(p));
  }
  *out = std::move(t);
  return Status::ok();
}

Status save_trace(const VitalsTrace& trace, const std::string& path) {
  return write_file_atomically(path, trace_to_json_text(trace));
}

Status load_trace(const std::string& path, VitalsTrace* out) {
  std::string text;
  if (Status s = read_text_file(path, &text); !s) return s;
  return parse_trace(text, out).with_context(path);
}

}  // namespace whygpu::vitals
