#include "compute/kernels/measurement.h"

#include <fstream>

#include "compute/core/gpu_info.h"
#include "compute/kernels/thread_pool.h"

namespace whygpu::kernels {

std::string_view row_state_name(RowState state) {
  switch (state) {
    case RowState::Measured: return "measured";
    case RowState::Absent: return "absent";
    case RowState::Failed: return "failed";
  }
  return "failed";
}

double Measurement::gflops() const {
  if (state != RowState::Measured || flop <= 0.0 || time.median_ms <= 0.0) return 0.0;
  return flop / (time.median_ms * 1e6);
}

double Measurement::gbytes_per_s() const {
  if (state != RowState::Measured || bytes <= 0.0 || time.median_ms <= 0.0) return 0.0;
  return bytes / (time.median_ms * 1e6);
}

Status run_sweep(const std::vector<SweepJob>& jobs, const SweepCallbacks& callbacks,
                 std::vector<Measurement>* rows) {
  const int total = static_cast<int>(jobs.size());
  for (int i = 0; i < total; ++i) {
    if (callbacks.cancel && callbacks.cancel->load()) return cancelled_status();
    if (callbacks.on_progress) callbacks.on_progress({i, total, jobs[i].description, jobs[i].on_cpu});
    std::vector<Measurement> made;
    const Status s = jobs[i].run(&made);
    if (is_cancelled(s)) return s;
    if (!s) {
      // The job's own rows are marked failed; a job that made none gets one saying why.
      if (made.empty()) {
        Measurement row;
        row.note = s.message();
        made.push_back(row);
      }
      for (auto& row : made) {
        row.state = RowState::Failed;
        if (row.note.empty()) row.note = s.message();
      }
    }
    for (auto& row : made) {
      if (callbacks.on_row) callbacks.on_row(row);
      rows->push_back(std::move(row));
    }
  }
  if (callbacks.on_progress) callbacks.on_progress({total, total, ""});
  return Status::ok();
}

Measurement make_row(std::string_view benchmark, const VariantInfo& info, std::int64_t size,
                     int cpu_threads) {
  Measurement row;
  row.benchmark = std::string(benchmark);
  row.variant = std::string(info.key);
  row.label = std::string(info.label);
  row.on_gpu = info.on_gpu;
  row.precision = std::string(info.precision);
  row.size = size;
  row.device = info.on_gpu ? gpu_device_name() : cpu_device_name(cpu_threads);
  return row;
}

std::string gpu_device_name() {
  const GpuInfo& info = gpu_info();
  return info.available ? info.name : "no GPU";
}

std::string cpu_model_name() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) break;
    const auto start = line.find_first_not_of(' ', colon + 1);
    if (start != std::string::npos) return line.substr(start);
  }
  return "unknown CPU";
}

std::string cpu_device_name(int threads) {
  const int n = resolve_threads(threads);
  return cpu_model_name() + ", " + std::to_string(n) + (n == 1 ? " thread" : " threads");
}

}  // namespace whygpu::kernels
