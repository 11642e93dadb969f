#include "compute/dense_layer/dense_recording.h"

#include "compute/bench/timing_json.h"

namespace whygpu::dense_layer {
namespace {

// The GPU's timings of a row, by name.
constexpr std::pair<const char*, TimingStats DenseTiming::*> kGpuTimings[] = {
    {"product", &DenseTiming::product}, {"add", &DenseTiming::add}, {"sigmoid", &DenseTiming::sigmoid},
    {"three", &DenseTiming::three}, {"fused", &DenseTiming::fused}};

}  // namespace

const DenseTiming* DenseRecording::find(const DenseSizes& sizes) const {
  for (const DenseTiming& row : rows)
    if (row.sizes == sizes) return &row;
  return nullptr;
}

void to_json(bench::Json& j, const DenseTiming& t) {
  j = {{"out", t.sizes.out}, {"in", t.sizes.in}, {"batch", t.sizes.batch}, {"gpu_measured", t.gpu_measured}};
  if (t.cpu.repeats > 0) j["cpu"] = t.cpu;
  if (!t.cpu_note.empty()) j["cpu_note"] = t.cpu_note;
  if (!t.gpu_note.empty()) j["gpu_note"] = t.gpu_note;
  if (!t.gpu_measured) return;
  for (const auto& [key, member] : kGpuTimings) j[key] = t.*member;
  j["three_error"] = t.three_error;
  j["fused_error"] = t.fused_error;
}

void from_json(const bench::Json& j, DenseTiming& out) {
  DenseTiming t;
  t.sizes = {j.value("out", 0), j.value("in", 0), j.value("batch", 0)};
  if (Status s = check_sizes(t.sizes); !s) bench::reject(j, s.message());
  t.cpu = j.value("cpu", t.cpu);
  t.cpu_note = j.value("cpu_note", t.cpu_note);
  t.gpu_measured = j.value("gpu_measured", t.gpu_measured);
  t.gpu_note = j.value("gpu_note", t.gpu_note);
  if (t.gpu_measured) {
    for (const auto& [key, member] : kGpuTimings) j.at(key).get_to(t.*member);
    t.three_error = j.value("three_error", t.three_error);
    t.fused_error = j.value("fused_error", t.fused_error);
  }
  out = std::move(t);
}

void to_json(bench::Json& j, const DenseRecording& r) { j = {{"rows", r.rows}}; }
void from_json(const bench::Json& j, DenseRecording& r) { j.at("rows").get_to(r.rows); }

}  // namespace whygpu::dense_layer
