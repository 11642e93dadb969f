#include "compute/precision/precision_recording.h"

#include <cmath>

#include "compute/bench/bench_format.h"
#include "compute/bench/json.h"
#include "compute/core/text_file.h"

namespace whygpu::precision {
namespace {

constexpr const char* kFormat = "whygpu-precision";
constexpr int kFormatVersion = 1;

using bench::JsonValue;

Status read_precision(const JsonValue& row, Precision* out) {
  return parse_precision(row.get_string("precision"), out);
}

}  // namespace

std::string precision_recording_json(const PrecisionRecording& r) {
  JsonValue doc = bench::recording_header(kFormat, kFormatVersion, r.run);
  doc.set("data", JsonValue::string(r.data));
  JsonValue timings = JsonValue::array();
  for (const PrecisionTiming& t : r.timings) {
    JsonValue row = JsonValue::object();
    row.set("precision", JsonValue::string(format_info(t.precision).key));
    row.set("width", JsonValue::number(t.width));
    row.set("batch", JsonValue::number(t.batch));
    row.set("median_ms", JsonValue::number(t.median_ms));
    row.set("min_ms", JsonValue::number(t.min_ms));
    row.set("step_gflop", JsonValue::number(t.step_gflop));
    row.set("images_per_s", JsonValue::number(t.images_per_s()));
    row.set("tflops", JsonValue::number(t.tflops()));
    timings.push(row);
  }
  doc.set("timings", timings);
  JsonValue accuracy = JsonValue::array();
  for (const PrecisionAccuracy& a : r.accuracy) {
    JsonValue row = JsonValue::object();
    row.set("precision", JsonValue::string(format_info(a.precision).key));
    row.set("width", JsonValue::number(a.width));
    row.set("seed", JsonValue::number(static_cast<double>(a.seed)));
    row.set("epochs", JsonValue::number(a.epochs));
    row.set("accuracy", JsonValue::number(a.accuracy));
    row.set("train_seconds", JsonValue::number(a.train_seconds));
    row.set("skipped_steps", JsonValue::number(a.skipped_steps));
    row.set("final_scale", JsonValue::number(a.final_scale));
    accuracy.push(row);
  }
  doc.set("accuracy", accuracy);
  return doc.dump();
}

Status parse_precision_recording(std::string_view json_text, PrecisionRecording* out) {
  JsonValue doc;
  if (Status s = bench::parse_document(json_text, kFormat, kFormatVersion, "whygpu mixed-precision recording", &doc);
      !s)
    return s;
  PrecisionRecording r;
  if (Status s = bench::recording_run(doc, "mixed-precision recording", &r.run); !s) return s;
  r.data = doc.get_string("data");
  if (const JsonValue* timings = doc.find("timings"); timings && timings->is_array())
    for (const JsonValue& row : timings->items()) {
      PrecisionTiming t;
      if (Status s = read_precision(row, &t.precision); !s) return s.with_context("a timing row");
      t.width = static_cast<int>(row.get_number("width", 1));
      t.batch = static_cast<int>(row.get_number("batch"));
      t.median_ms = row.get_number("median_ms");
      t.min_ms = row.get_number("min_ms");
      t.step_gflop = row.get_number("step_gflop");
      if (t.batch <= 0 || !(t.median_ms > 0)) return Status::error("a timing row has no batch or time");
      r.timings.push_back(t);
    }
  if (const JsonValue* accuracy = doc.find("accuracy"); accuracy && accuracy->is_array())
    for (const JsonValue& row : accuracy->items()) {
      PrecisionAccuracy a;
      if (Status s = read_precision(row, &a.precision); !s) return s.with_context("an accuracy row");
      a.width = static_cast<int>(row.get_number("width", 1));
      a.seed = static_cast<std::uint64_t>(row.get_number("seed", 1));
      a.epochs = static_cast<int>(row.get_number("epochs"));
      a.accuracy = row.get_number("accuracy", NAN);
      a.train_seconds = row.get_number("train_seconds");
      a.skipped_steps = static_cast<int>(row.get_number("skipped_steps"));
      a.final_scale = row.get_number("final_scale", 1.0);
      if (!(a.accuracy >= 0 && a.accuracy <= 1)) return Status::error("an accuracy row has no accuracy in 0..1");
      r.accuracy.push_back(a);
    }
  *out = std::move(r);
  return Status::ok();
}

Status load_precision_recording(const std::string& path, PrecisionRecording* out) {
  std::string text;
  if (Status s = read_text_file(path, &text); !s) return s;
  if (Status s = parse_precision_recording(text, out); !s) return s.with_context(path);
  return Status::ok();
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
