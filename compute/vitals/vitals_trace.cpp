#include "compute/vitals/vitals_trace.h"

#include <array>
#include <cmath>

namespace whygpu::vitals {
namespace {

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

bench::Json number_or_null(double v) { return std::isfinite(v) ? bench::Json(v) : bench::Json(); }
double number_or_nan(const bench::Json& v) { return v.is_null() ? kNotReported : v.get<double>(); }

void put_energy(bench::Json& phase, const std::string& prefix, const EnergyReading& e) {
  phase[prefix + "_joules"] = number_or_null(e.joules);
  phase[prefix + "_method"] = e.method;
}

EnergyReading get_energy(const bench::Json& phase, const std::string& prefix) {
  EnergyReading e;
  if (const auto joules = phase.find(prefix + "_joules"); joules != phase.end()) e.joules = number_or_nan(*joules);
  e.method = phase.value(prefix + "_method", e.method);
  return e;
}

}  // namespace

bench::RunInfo VitalsTrace::named_run() const {
  // NVML's names for the GPU and driver where it gave them, else the run's.
  bench::RunInfo named = run;
  if (!gpu_name.empty()) named.gpu_name = gpu_name, named.gpu_available = true;
  if (!nvidia_driver.empty()) named.nvidia_driver = nvidia_driver;
  return named;
}

const TracePhase* VitalsTrace::find_phase(std::string_view name) const {
  for (const TracePhase& p : phases)
    if (p.name == name) return &p;
  return nullptr;
}

// A phase's members under their own names; its energies as gpu_joules, gpu_method, ...
#define WHYGPU_PHASE_MEMBERS name, description, begin_s, end_s, trainer, images

void to_json(bench::Json& j, const TracePhase& p) {
  WHYGPU_JSON_WRITE_MEMBERS(j, p, WHYGPU_PHASE_MEMBERS);
  put_energy(j, "gpu", p.gpu);
  put_energy(j, "cpu", p.cpu);
}

void from_json(const bench::Json& j, TracePhase& out) {
  TracePhase p;
  p.begin_s = p.end_s = kNotReported;
  WHYGPU_JSON_READ_MEMBERS(j, p, WHYGPU_PHASE_MEMBERS);
  p.gpu = get_energy(j, "gpu");
  p.cpu = get_energy(j, "cpu");
  if (p.name.empty() || !(p.end_s >= p.begin_s)) bench::reject(j, "no name, or its end before its beginning");
  out = std::move(p);
}

void to_json(bench::Json& j, const VitalsTrace& t) {
  j = {{"gpu_name", t.gpu_name}, {"nvidia_driver", t.nvidia_driver}, {"interval_ms", t.interval_ms},
       {"cpu_energy_unavailable", t.cpu_energy_unavailable}, {"phases", t.phases}};
  bench::Json& columns = j["columns"] = bench::Json::array();
  for (const Column& c : kColumns) columns.push_back(c.name);
  bench::Json& samples = j["samples"] = bench::Json::array();
  for (VitalsSample s : t.samples) {
    bench::Json row = bench::Json::array();
    for (const Column& c : kColumns) row.push_back(number_or_null(slot(s, c)));
    samples.push_back(std::move(row));
  }
}

void from_json(const bench::Json& j, VitalsTrace& out) {
  VitalsTrace t;
  const auto columns = j.at("columns").get<std::vector<std::string>>();
  // Columns are found by name, so that a file with more of them still reads.
  std::vector<int> where(kColumns.size(), -1);
  for (std::size_t c = 0; c < kColumns.size(); ++c)
    for (std::size_t i = 0; i < columns.size(); ++i)
      if (columns[i] == kColumns[c].name) where[c] = static_cast<int>(i);
  if (where[0] < 0) bench::reject(j.at("columns"), "no \"time_s\" column");
  t.gpu_name = j.value("gpu_name", t.gpu_name);
  t.nvidia_driver = j.value("nvidia_driver", t.nvidia_driver);
  t.interval_ms = j.value("interval_ms", t.interval_ms);
  t.cpu_energy_unavailable = j.value("cpu_energy_unavailable", t.cpu_energy_unavailable);
  double previous = -1e300;
  for (const bench::Json& row : bench::array_at(j, "samples")) {
    if (!row.is_array() || row.size() != columns.size())
      bench::reject(row, std::to_string(row.is_array() ? row.size() : 1) + " values, expected " +
                             std::to_string(columns.size()));
    VitalsSample s;
    for (std::size_t c = 0; c < kColumns.size(); ++c)
      if (where[c] >= 0) slot(s, kColumns[c]) = number_or_nan(row[static_cast<std::size_t>(where[c])]);
    if (!std::isfinite(s.time_s) || s.time_s < previous) bench::reject(row, "time_s missing or going back");
    previous = s.time_s;
    t.samples.push_back(s);
  }
  bench::array_at(j, "phases").get_to(t.phases);
  out = std::move(t);
}

Status save_trace(const VitalsTrace& trace, const std::string& path) {
  return bench::save_recording(path, kVitalsRecording, trace);
}

Status load_trace(const std::string& path, VitalsTrace* out) {
  return bench::load_recording(path, kVitalsRecording, out);
}

}  // namespace whygpu::vitals
