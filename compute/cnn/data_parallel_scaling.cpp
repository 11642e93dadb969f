#include "compute/cnn/data_parallel_scaling.h"

#include "compute/bench/recording_file.h"

namespace whygpu::cnn {
namespace {

using bench::JsonValue;

JsonValue row_to_json(const ScalingRow& row) {
  const DataParallelTiming& t = row.timing;
  JsonValue j = JsonValue::object();
  j.set("gpus", JsonValue::number(t.gpus));
  j.set("batch_per_gpu", JsonValue::number(t.batch_per_gpu));
  j.set("repeats", JsonValue::number(t.repeats));
  j.set("step_ms", JsonValue::number(t.step_ms));
  j.set("compute_ms", JsonValue::number(t.compute_ms));
  j.set("all_reduce_ms", JsonValue::number(t.all_reduce_ms));
  j.set("back_to_back_ms", JsonValue::number(t.back_to_back_ms));
  j.set("images_per_second", JsonValue::number(t.images_per_second()));
  JsonValue phases = JsonValue::array();
  for (const ReplicaPhases& p : t.median_step) {
    JsonValue q = JsonValue::object();
    q.set("compute_end_ms", JsonValue::number(p.compute_end_ms));
    q.set("all_reduce_end_ms", JsonValue::number(p.all_reduce_end_ms));
    q.set("update_end_ms", JsonValue::number(p.update_end_ms));
    phases.push(std::move(q));
  }
  j.set("median_step", std::move(phases));
  return j;
}

Status row_from_json(const JsonValue& j, ScalingRow* out) {
  DataParallelTiming t;
  t.gpus = static_cast<int>(j.get_number("gpus"));
  t.batch_per_gpu = static_cast<int>(j.get_number("batch_per_gpu"));
  t.repeats = static_cast<int>(j.get_number("repeats"));
  t.step_ms = j.get_number("step_ms");
  t.compute_ms = j.get_number("compute_ms");
  t.all_reduce_ms = j.get_number("all_reduce_ms");
  t.back_to_back_ms = j.get_number("back_to_back_ms");
  if (t.gpus < 1 || t.batch_per_gpu < 1 || !(t.step_ms > 0) || t.compute_ms < 0 || t.all_reduce_ms < 0)
    return Status::error("gpus, batch_per_gpu and step_ms must be positive, the phase times not negative");
  if (const JsonValue* phases = j.find("median_step"); phases && phases->is_array())
    for (const JsonValue& q : phases->items())
      t.median_step.push_back(
          {q.get_number("compute_end_ms"), q.get_number("all_reduce_end_ms"), q.get_number("update_end_ms")});
  out->timing = std::move(t);
  return Status::ok();
}

}  // namespace

const char* scaling_name(Scaling scaling) { return scaling == Scaling::kStrong ? "strong" : "weak"; }

bool parse_scaling(const std::string& text, Scaling* out) {
  if (text == "strong") *out = Scaling::kStrong;
  else if (text == "weak") *out = Scaling::kWeak;
  else return false;
  return true;
}

std::vector<int> scaling_gpu_counts(int max_gpus) {
  std::vector<int> counts;
  for (int n = 1; n <= max_gpus; n *= 2) counts.push_back(n);
  if (max_gpus >= 1 && counts.back() != max_gpus) counts.push_back(max_gpus);
  return counts;
}

Status batch_per_gpu_for(Scaling scaling, int batch, int gpus, int* out) {
  if (batch < 1 || gpus < 1) return Status::error("the batch and the GPU count must be positive");
  if (scaling == Scaling::kWeak) {
    *out = batch;
    return Status::ok();
  }
  if (batch % gpus != 0)
    return Status::error("strong scaling splits the batch of " + std::to_string(batch) + " evenly over the GPUs; " +
                         std::to_string(gpus) + " GPUs do not divide it");
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

bench::JsonValue data_parallel_recording_to_json(const DataParallelRecording& recording) {
  JsonValue doc = bench::recording_document(kDataParallelRecordingPart, recording.run);
  doc.set("nccl", JsonValue::string(recording.nccl_version));
  doc.set("gpu_count", JsonValue::number(recording.gpu_count));
  doc.set("parameters", JsonValue::number(kParameterCount));
  JsonValue& runs = doc.set("runs", JsonValue::array());
  for (const ScalingRun& run : recording.runs) {
    JsonValue j = JsonValue::object();
    j.set("scaling", JsonValue::string(scaling_name(run.scaling)));
    j.set("batch", JsonValue::number(run.batch));
    JsonValue rows = JsonValue::array();
    for (const ScalingRow& row : run.rows) rows.push(row_to_json(row));
    j.set("rows", std::move(rows));
    runs.push(std::move(j));
  }
  return doc;
}

Status data_parallel_recording_from_json(const bench::JsonValue& doc, DataParallelRecording* out) {
  const JsonValue* runs = doc.find("runs");
  if (!runs || !runs->is_array()) return Status::error("the data-parallel recording has no \"runs\" array");
  DataParallelRecording rec;
  rec.nccl_version = doc.get_string("nccl");
  rec.gpu_count = static_cast<int>(doc.get_number("gpu_count"));
  for (std::size_t i = 0; i < runs->items().size(); ++i) {
    const JsonValue& j = runs->items()[i];
    const std::string where = "run " + std::to_string(i + 1);
    ScalingRun run;
    if (!parse_scaling(j.get_string("scaling"), &run.scaling))
      return Status::error(where + ": \"scaling\" must be \"strong\" or \"weak\"");
    run.batch = static_cast<int>(j.get_number("batch"));
    const JsonValue* rows = j.find("rows");
    if (!rows || !rows->is_array()) return Status::error(where + ": no \"rows\" array");
    for (std::size_t k = 0; k < rows->items().size(); ++k) {
      ScalingRow row;
      if (Status s = row_from_json(rows->items()[k], &row); !s)
        return s.with_context(where + ", row " + std::to_string(k + 1));
      run.rows.push_back(std::move(row));
    }
    fill_speedups(&run);
    rec.runs.push_back(std::move(run));
  }
  *out = std::move(rec);
  return Status::ok();
}

Status load_data_parallel_recording(const std::string& path, DataParallelRecording* out) {
  JsonValue doc;
  bench::RunInfo run;
  if (Status s = bench::load_recording(path, kDataParallelRecordingPart, &doc, &run); !s) return s;
  if (Status s = data_parallel_recording_from_json(doc, out); !s) return s.with_context(path);
  out->run = std::move(run);
  return Status::ok();
}

}  // namespace whygpu::cnn
