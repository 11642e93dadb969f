#include "compute/cnn/data_parallel_scaling.h"

namespace whygpu::cnn {

namespace {

// Far beyond any machine's, and small enough that their product fits an int.
constexpr int kMaxScalingGpus = 1024;
constexpr int kMaxBatchPerGpu = 1 << 20;

}  // namespace

void to_json(bench::Json& j, AllReduceWay way) { j = all_reduce_name(way); }

void from_json(const bench::Json& j, AllReduceWay& out) {
  if (!j.is_string() || !parse_all_reduce(j.get<std::string>(), &out))
    bench::reject(j, "must be \"after\", \"overlapped\" or \"one-shot\"");
}

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ReplicaPhases, compute_end_ms, all_reduce_end_ms, update_end_ms)
// "all_reduce" is absent from the recordings made before the all-reduce had a third way:
// they said "overlapped": true or false (from_json of ScalingRow reads it), or nothing
// before it could overlap at all.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(DataParallelTiming, gpus, batch_per_gpu, repeats, all_reduce, step_ms,
                                                compute_ms, all_reduce_ms, back_to_back_ms, median_step)

void to_json(bench::Json& j, const ScalingRow& row) {
  j = row.timing;
  j["images_per_second"] = row.timing.images_per_second();  // for readers; worked out again when read
}

void from_json(const bench::Json& j, ScalingRow& out) {
  DataParallelTiming t = j.get<DataParallelTiming>();
  if (!j.contains("all_reduce") && j.value("overlapped", false)) t.all_reduce = AllReduceWay::kOverlapped;
  if (t.gpus < 1 || t.batch_per_gpu < 1 || !(t.step_ms > 0) || t.compute_ms < 0 || t.all_reduce_ms < 0)
    bench::reject(j, "gpus, batch_per_gpu and step_ms must be positive, the phase times not negative");
  // images_per_second multiplies the two as ints.
  if (t.gpus > kMaxScalingGpus || t.batch_per_gpu > kMaxBatchPerGpu)
    bench::reject(j, "more than " + std::to_string(kMaxScalingGpus) + " GPUs or a batch above " +
                         std::to_string(kMaxBatchPerGpu) + " a GPU");
  out.timing = std::move(t);
}

void to_json(bench::Json& j, const ScalingRun& run) {
  j = {{"scaling", scaling_name(run.scaling)}, {"batch", run.batch}, {"rows", run.rows}};
}

void from_json(const bench::Json& j, ScalingRun& out) {
  ScalingRun run;
  const bench::Json& scaling = j.at("scaling");
  if (!parse_scaling(scaling.get<std::string>(), &run.scaling)) bench::reject(scaling, "must be \"strong\" or \"weak\"");
  run.batch = j.value("batch", run.batch);
  bench::array_at(j, "rows").get_to(run.rows);
  fill_speedups(&run);
  out = std::move(run);
}


const char* scaling_name(Scaling scaling) { return scaling == Scaling::kStrong ? "strong" : "weak"; }

bool parse_scaling(const std::string& text, Scaling* out) {
  if (text == "strong") *out = Scaling::kStrong;
  else if (text == "weak") *out = Scaling::kWeak;
  else return false;
  return true;
}

namespace {
constexpr std::pair<AllReduceWay, const char*> kAllReduceNames[] = {
    {AllReduceWay::kAfterBackward, "after"}, {AllReduceWay::kOverlapped, "overlapped"}, {AllReduceWay::kPeerOneShot, "one-shot"}};
}  // namespace

const char* all_reduce_name(AllReduceWay way) {
  for (const auto& [w, name] : kAllReduceNames)
    if (w == way) return name;
  return "after";
}

bool parse_all_reduce(const std::string& text, AllReduceWay* out) {
  for (const auto& [w, name] : kAllReduceNames)
    if (text == name) {
      *out = w;
      return true;
    }
  return false;
}

std::vector<int> scaling_gpu_counts(int max_gpus) {
  std::vector<int> counts;
  for (int n = 1; n <= max_gpus; n *= 2) counts.push_back(n);
  if (max_gpus >= 1 && counts.back() != max_gpus) counts.push_back(max_gpus);
  return counts;
}

Status batch_per_gpu_for(Scaling scaling, int batch, int gpus, int* out) {
  if (batch < 1 || gpus < 1)
    return Status::error(Wording::sentence(N_("the batch and the GPU count must be positive")));
  if (scaling == Scaling::kWeak) {
    *out = batch;
    return Status::ok();
  }
  if (batch % gpus != 0)
    return Status::error(Wording::sentence(
        N_("strong scaling splits the batch of {0} evenly over the GPUs; {1} GPUs do not divide it"),
        {std::to_string(batch), std::to_string(gpus)}));
  *out = batch / gpus;
  return Status::ok();
}

int default_scaling_batch(Scaling scaling) { return scaling == Scaling::kStrong ? 4 * kDefaultBatch : kDefaultBatch; }

Status measure_scaling(const ScalingPlan& plan, const Dataset& data, ScalingRun* out, std::string* nccl_version) {
  ScalingRun run;
  run.scaling = plan.scaling;
  run.batch = plan.batch;
  for (int gpus : scaling_gpu_counts(plan.max_gpus)) {
    DataParallelOptions options;
    options.gpus = gpus;
    options.seed = plan.seed;
    options.all_reduce = plan.all_reduce;
    if (Status s = batch_per_gpu_for(plan.scaling, plan.batch, gpus, &options.batch_per_gpu); !s) return s;
    std::unique_ptr<DataParallelTrainer> trainer;
    if (Status s = create_data_parallel_trainer(options, &trainer); !s) return s;
    if (Status s = trainer->set_training_data(data); !s) return s;
    ScalingRow row;
    if (Status s = trainer->time_steps(plan.warmup, plan.steps, &row.timing); !s)
      return s.with_context(std::to_string(gpus) + " GPUs");
    *nccl_version = trainer->nccl_version();
    run.rows.push_back(std::move(row));
  }
  fill_speedups(&run);
  *out = std::move(run);
  return Status::ok();
}

void fill_speedups(ScalingRun* run) {
  double base = 0.0;
  for (const ScalingRow& row : run->rows)
    if (row.timing.gpus == 1) base = row.timing.images_per_second();
  for (ScalingRow& row : run->rows) {
    row.speedup = base > 0 ? row.timing.images_per_second() / base : 0.0;
    row.efficiency = row.speedup / row.timing.gpus;
  }
}

double ring_all_reduce_ms(double bytes, int gpus, const RingModel& link) {
  if (gpus <= 1 || link.bandwidth_gb_s <= 0) return 0.0;
  const double n = gpus;
  const double transfer_s = 2.0 * (n - 1.0) / n * bytes / (link.bandwidth_gb_s * 1e9);
  const double latency_s = 2.0 * (n - 1.0) * link.latency_us * 1e-6;
  return (transfer_s + latency_s) * 1e3;
}

void to_json(bench::Json& j, const DataParallelRecording& recording) {
  j = {{"nccl", recording.nccl_version}, {"gpu_count", recording.gpu_count}, {"parameters", kParameterCount},
       {"runs", recording.runs}};
}

void from_json(const bench::Json& j, DataParallelRecording& recording) {
  recording.nccl_version = j.value("nccl", recording.nccl_version);
  recording.gpu_count = j.value("gpu_count", recording.gpu_count);
  bench::array_at(j, "runs").get_to(recording.runs);
}

}  // namespace whygpu::cnn
