#include "compute/precision/precision_recording.h"

#include <cmath>

namespace whygpu::precision {

void to_json(bench::Json& j, Precision p) { j = format_info(p).key; }

void from_json(const bench::Json& j, Precision& p) {
  if (Status s = parse_precision(j.get<std::string>(), &p); !s) bench::reject(j, s.message());
}

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(PrecisionAccuracy, precision, width, seed, epochs, accuracy, train_seconds,
                                                skipped_steps, final_scale)

// A timing's members; the rates, worked out, are written for readers.
#define WHYGPU_PRECISION_TIMING_MEMBERS precision, width, batch, median_ms, min_ms, step_gflop

void to_json(bench::Json& j, const PrecisionTiming& t) {
  WHYGPU_JSON_WRITE_MEMBERS(j, t, WHYGPU_PRECISION_TIMING_MEMBERS);
  j["images_per_s"] = t.images_per_s();
  j["tflops"] = t.tflops();
}

void from_json(const bench::Json& j, PrecisionTiming& out) {
  PrecisionTiming t;
  j.at("precision");  // required
  WHYGPU_JSON_READ_MEMBERS(j, t, WHYGPU_PRECISION_TIMING_MEMBERS);
  if (t.batch <= 0 || !(t.median_ms > 0)) bench::reject(j, "a timing needs a batch and a median_ms above 0");
  out = t;
}

void to_json(bench::Json& j, const PrecisionRecording& r) {
  j = {{"data", r.data}, {"timings", r.timings}, {"accuracy", r.accuracy}};
}

void from_json(const bench::Json& j, PrecisionRecording& r) {
  r.data = j.value("data", r.data);
  r.timings = j.value("timings", r.timings);
  r.accuracy = j.value("accuracy", r.accuracy);
  for (std::size_t i = 0; i < r.accuracy.size(); ++i)
    if (!(r.accuracy[i].accuracy >= 0 && r.accuracy[i].accuracy <= 1))
      bench::reject(j["accuracy"][i], "needs an accuracy in 0..1");
}

double mean_accuracy(const PrecisionRecording& recording, Precision precision, int width) {
  double sum = 0;
  int count = 0;
  for (const PrecisionAccuracy& a : recording.accuracy)
    if (a.precision == precision && a.width == width) {
      sum += a.accuracy;
      ++count;
    }
  return count ? sum / count : NAN;
}

const PrecisionTiming* find_timing(const PrecisionRecording& recording, Precision precision, int width) {
  for (const PrecisionTiming& t : recording.timings)
    if (t.precision == precision && t.width == width) return &t;
  return nullptr;
}

}  // namespace whygpu::precision
