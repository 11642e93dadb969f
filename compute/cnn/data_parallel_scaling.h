#pragma once
// The plans, tables and recordings of data-parallel scaling runs (data_parallel_trainer.h),
// apart from the GPU code so the CPU tests, the bench and the panel share them:
// - strong scaling keeps the batch of a step fixed and splits it over more GPUs (each GPU
//   gets less work; the all-reduce stays the same size);
// - weak scaling keeps each GPU's slice fixed (the step's batch grows with the GPUs).
// And a model, not a measurement, of a ring all-reduce's time for the prediction aids.
#include <cstdint>
#include <string>
#include <vector>

#include "compute/bench/recording_file.h"
#include "compute/cnn/data_parallel_trainer.h"

namespace whygpu::cnn {

enum class Scaling { kStrong, kWeak };
const char* scaling_name(Scaling scaling);  // "strong", "weak"
// "strong" or "weak"; false otherwise.
bool parse_scaling(const std::string& text, Scaling* out);

// The all-reduce's ways as `whygpu bench cnn --all-reduce` and the recordings name them:
// "after", "overlapped", "one-shot".
const char* all_reduce_name(AllReduceWay way);
bool parse_all_reduce(const std::string& text, AllReduceWay* out);  // false for any other text

// The GPU counts a scaling run measures: 1, 2, 4, 8 ... up to `max_gpus`, and max_gpus
// itself when it is not a power of two (1, 2, 3 for three GPUs).
std::vector<int> scaling_gpu_counts(int max_gpus);

// Each GPU's slice for `gpus` GPUs: strong, `batch` / gpus (an error unless it divides
// evenly, since unequal slices would weigh images unequally in the averaged gradient);
// weak, `batch` itself.
Status batch_per_gpu_for(Scaling scaling, int batch, int gpus, int* out);

struct ScalingRow {
  DataParallelTiming timing;
  double speedup = 0.0;     // images/s against the 1-GPU row of the same run
  double efficiency = 0.0;  // speedup / gpus
};

struct ScalingRun {
  Scaling scaling = Scaling::kStrong;
  int batch = 0;  // strong: the step's batch; weak: each GPU's
  std::vector<ScalingRow> rows;
  // How the gradients were averaged, as every row's timing says (one plan, one setting).
  AllReduceWay all_reduce() const { return rows.empty() ? AllReduceWay::kAfterBackward : rows.front().timing.all_reduce; }
};

// The batch a scaling run starts with: strong, one that splits evenly over 1, 2, 4 and 8
// GPUs; weak, the trainers' usual batch on every GPU.
int default_scaling_batch(Scaling scaling);

struct ScalingPlan {
  Scaling scaling = Scaling::kStrong;
  int batch = 0;     // strong: a step's batch; weak: each GPU's slice
  int max_gpus = 1;  // measures scaling_gpu_counts(max_gpus)
  int warmup = 20;
  int steps = 50;
  std::uint64_t seed = TrainerOptions{}.seed;
  AllReduceWay all_reduce = AllReduceWay::kAfterBackward;
};

// Trains and times a fresh data-parallel trainer for each GPU count of the plan on `data`
// and fills the speed-ups; *nccl_version gets the NCCL that ran.
Status measure_scaling(const ScalingPlan& plan, const Dataset& data, ScalingRun* out, std::string* nccl_version);

// Fills speedup and efficiency from the rows' images/s (the 1-GPU row is the base; 0
// without one).
void fill_speedups(ScalingRun* run);

// A ring all-reduce of `bytes` over `gpus` GPUs: each GPU sends and receives
// 2 (N-1)/N x bytes over its link, in 2 (N-1) hops each paying a fixed latency:
//   t = 2 (N-1)/N x bytes / bandwidth + 2 (N-1) x latency
// A model for predictions with the link's figures given by the user; 0 for one GPU.
struct RingModel {
  double bandwidth_gb_s = 0.0;  // per GPU per direction, 1e9 bytes/s
  double latency_us = 0.0;      // per hop
};
double ring_all_reduce_ms(double bytes, int gpus, const RingModel& link);

// The recording `whygpu bench cnn --gpus ... --output FILE` writes, and the panel reads
// from assets/reference/recorded-gpu/data-parallel.json.
inline constexpr bench::RecordingKind kDataParallelRecording =
    bench::recording_part("data-parallel", "whygpu data-parallel recording");
inline constexpr const char* kDataParallelReferencePath = "assets/reference/recorded-gpu/data-parallel.json";
struct DataParallelRecording {
  bench::RunInfo run;
  std::string nccl_version;
  int gpu_count = 0;  // the machine's
  std::vector<ScalingRun> runs;
};
// "nccl", "gpu_count" and "runs": each its scaling by name, its batch and its rows (gpus,
// batch_per_gpu and step_ms above 0, the phase times not negative); the speed-ups are
// worked out again when read.
void to_json(bench::Json& json, const DataParallelRecording& recording);
void from_json(const bench::Json& json, DataParallelRecording& recording);

}  // namespace whygpu::cnn
