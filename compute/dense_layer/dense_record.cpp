#include "compute/dense_layer/dense_record.h"

#include "compute/bench/bench_format.h"
#include "compute/bench/json.h"
#include "compute/bench/timing_json.h"
#include "compute/core/text_file.h"

namespace whygpu::dense_layer {
namespace {

using bench::JsonValue;
using bench::timing_from_json;
using bench::timing_to_json;

Status row_from_json(const JsonValue& j, DenseTiming* out) {
  if (!j.is_object()) return Status::error("not an object");
  DenseTiming t;
  t.sizes = {static_cast<int>(j.get_number("out")), static_cast<int>(j.get_number("in")),
             static_cast<int>(j.get_number("batch"))};
  if (Status s = check_sizes(t.sizes); !s) return s;
  if (Status s = timing_from_json(j, "cpu", false, &t.cpu); !s) return s;
  t.cpu_note = j.get_string("cpu_note");
  t.gpu_measured = j.get_bool("gpu_measured");
  t.gpu_note = j.get_string("gpu_note");
  if (t.gpu_measured) {
    for (auto [key, timing] : {std::pair{"product", &t.product}, {"add", &t.add}, {"sigmoid", &t.sigmoid},
                               {"three", &t.three}, {"fused", &t.fused}})
      if (Status s = timing_from_json(j, key, true, timing); !s) return s;
    t.three_error = j.get_number("three_error");
    t.fused_error = j.get_number("fused_error");
  }
  *out = std::move(t);
  return Status::ok();
}

}  // namespace

const DenseTiming* DenseRecording::find(const DenseSizes& sizes) const {
  for (const DenseTiming& row : rows)
    if (row.sizes == sizes) return &row;
  return nullptr;
}

std::string dense_recording_json(const DenseRecording& recording) {
  JsonValue doc = bench::recording_header("whygpu-dense-layer", kDenseFormatVersion, recording.run);
  JsonValue& rows = doc.set("rows", JsonValue::array());
  for (const DenseTiming& t : recording.rows) {
    JsonValue r = JsonValue::object();
    r.set("out", JsonValue::number(t.sizes.out));
    r.set("in", JsonValue::number(t.sizes.in));
    r.set("batch", JsonValue::number(t.sizes.batch));
    if (t.cpu.repeats > 0) r.set("cpu", timing_to_json(t.cpu));
    if (!t.cpu_note.empty()) r.set("cpu_note", JsonValue::string(t.cpu_note));
    r.set("gpu_measured", JsonValue::boolean(t.gpu_measured));
    if (!t.gpu_note.empty()) r.set("gpu_note", JsonValue::string(t.gpu_note));
    if (t.gpu_measured) {
      r.set("product", timing_to_json(t.product));
      r.set("add", timing_to_json(t.add));
      r.set("sigmoid", timing_to_json(t.sigmoid));
      r.set("three", timing_to_json(t.three));
      r.set("fused", timing_to_json(t.fused));
      r.set("three_error", JsonValue::number(t.three_error));
      r.set("fused_error", JsonValue::number(t.fused_error));
    }
    rows.push(std::move(r));
  }
  return doc.dump();
}

Status parse_dense_recording(std::string_view json_text, DenseRecording* out) {
  JsonValue doc;
  if (Status s = bench::parse_document(json_text, "whygpu-dense-layer", kDenseFormatVersion,
                                       "whygpu dense-layer recording", &doc);
      !s)
    return s;
  const JsonValue* rows = doc.find("rows");
  if (!rows || !rows->is_array()) return Status::error("the recording has no \"rows\" array");
  DenseRecording r;
  if (Status s = bench::recording_run(doc, "recording", &r.run); !s) return s;
  for (std::size_t i = 0; i < rows->items().size(); ++i) {
    DenseTiming t;
    if (Status s = row_from_json(rows->items()[i], &t); !s) return s.with_context("row " + std::to_string(i));
    r.rows.push_back(std::move(t));
  }
  *out = std::move(r);
  return Status::ok();
}

Status load_dense_recording(const std::string& path, DenseRecording* out) {
  std::string text;
  if (Status s = read_text_file(path, &text); !s) return s;
  return parse_dense_recording(text, out).with_context(path);
}

}  // namespace whygpu::dense_layer
