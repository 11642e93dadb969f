#pragma once
// What every benchmark of this module produces: rows of Measurement, one per
// (variant, size, phase), and the options and callbacks every run_* and sweep_* takes.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "compute/core/measure.h"
#include "compute/core/status.h"

namespace whygpu::kernels {

// Describes one variant of a benchmark (a rung of the matmul ladder, a copy kind, ...).
struct VariantInfo {
  std::string_view key;        // for --variants and files: "gpu-tiled"
  std::string_view label;      // for people: "GPU shared-memory tiles"
  bool on_gpu = false;
  std::string_view precision;  // "fp32", "tf32", "fp16", "bf16"
  std::string_view about;      // one sentence: what it does and why it is faster or slower
};

enum class RowState {
  Measured,  // time and rates are valid
  Absent,    // not run, and that is expected (no GPU, a size limit): `note` says why
  Failed,    // the run failed (out of memory, a CUDA error): `note` has the message
};
std::string_view row_state_name(RowState state);  // "measured", "absent", "failed"

struct Measurement {
  std::string benchmark;  // "matmul", "vector-add", "copy"
  std::string variant;    // VariantInfo::key
  std::string label;      // VariantInfo::label
  std::string phase;      // "" for one-phase work; "h2d", "kernel", "d2h", "total"
  bool on_gpu = false;
  std::string device;     // GPU name, or the CPU model with the threads used
  std::string precision;  // "fp32", "tf32", "fp16", "bf16"
  // matmul: n of an n x n x n product; vector-add: elements; copy: bytes.
  std::int64_t size = 0;
  RowState state = RowState::Absent;
  std::string note;
  TimingStats time;
  double flop = 0.0;   // floating-point operations per run (0 when not arithmetic)
  double bytes = 0.0;  // bytes per run, counted as the benchmark documents

  // Rates at the median time; 0 when not measured or not meaningful.
  double gflops() const;
  double gbytes_per_s() const;
};

struct BenchOptions {
  MeasureOptions measure;  // warm-up, repeats, budget, cancel flag
  int cpu_threads = 0;     // multi-threaded CPU variants: 0 means every hardware thread
  bool rotate_inputs = true;  // rotate among input sets so caches do not flatter
  // The naive CPU matmul takes minutes at large n; above this it is reported absent.
  // 0 removes the limit.
  int cpu_naive_max_n = 1024;
  // Extra GPU memory the benchmarks leave free (the app's own textures, other programs).
  std::size_t gpu_memory_reserve_bytes = std::size_t{256} << 20;
};

struct SweepProgress {
  int done = 0;   // measurements finished
  int total = 0;  // measurements planned
  std::string current;  // "matmul gpu-tiled n=4096"
  bool on_cpu = false;  // the current measurement times CPU work
};

// For sweeps on a worker thread: progress before each measurement, each row as it is
// made (draw it at once), and a cancel flag checked between and within measurements.
struct SweepCallbacks {
  std::function<void(const SweepProgress&)> on_progress;
  std::function<void(const Measurement&)> on_row;
  const std::atomic<bool>* cancel = nullptr;
};

// One unit of a sweep: its description and the function that appends its rows.
struct SweepJob {
  std::string description;
  std::function<Status(std::vector<Measurement>* rows)> run;
  bool on_cpu = false;  // times CPU work, which anything else busy on the CPU would slow
};

// Runs the jobs in order. A failing job leaves its rows (marked Failed) and the sweep goes
// on; cancellation stops it and returns cancelled_status(), keeping the rows made so far.
// `callbacks.cancel` is checked between jobs; for a cancel that lands within a long
// measurement, put the same flag in the jobs' BenchOptions::measure.cancel (sweep_* do).
Status run_sweep(const std::vector<SweepJob>& jobs, const SweepCallbacks& callbacks,
                 std::vector<Measurement>* rows);

// Fills in a row for `info` with the device description and precision.
Measurement make_row(std::string_view benchmark, const VariantInfo& info, std::int64_t size,
                     int cpu_threads);

// The GPU's name, or why there is none.
std::string gpu_device_name();
// "AMD EPYC 9454 48-Core Processor, 16 threads"
std::string cpu_device_name(int threads);
// The CPU model from /proc/cpuinfo ("unknown CPU" when it does not say).
std::string cpu_model_name();

}  // namespace whygpu::kernels
