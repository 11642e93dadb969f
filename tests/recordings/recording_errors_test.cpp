// A damaged or foreign recording is refused with a message that names the file, the
// field and the problem, and a whole number out of range is refused rather than cast;
// every recording shipped in assets/reference/ still loads.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "compute/bench/reference_data.h"
#include "compute/cnn/data_parallel_scaling.h"
#include "compute/cnn/inference_sweep.h"
#include "compute/core/text_file.h"
#include "compute/dense_layer/dense_recording.h"
#include "compute/host_program/host_recording.h"
#include "compute/pipeline/pipeline_recording.h"
#include "compute/precision/precision_recording.h"
#include "compute/profile/timeline_json.h"
#include "compute/vitals/vitals_trace.h"

namespace whygpu {
namespace {

std::string source_dir() {
  const char* dir = std::getenv("WHYGPU_SOURCE_DIR");
  return dir ? dir : ".";
}

std::string shipped(const std::string& relative) { return source_dir() + "/" + relative; }

std::string read(const std::string& path) {
  std::string text;
  EXPECT_TRUE(read_text_file(path, &text)) << path;
  return text;
}

std::string temp_file(const std::string& name, const std::string& text) {
  const auto folder = std::filesystem::temp_directory_path() / "whygpu-recording-errors-test";
  std::filesystem::create_directories(folder);
  const std::string path = (folder / name).string();
  std::ofstream(path) << text;
  return path;
}

// `text` with the first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(RecordingErrors, NameTheFileTheFieldAndTheProblem) {
  const std::string dense = read(shipped(dense_layer::kDenseReferencePath));
  // The first row's CPU timing, its median a string.
  const std::string path = temp_file("dense-string.json", replaced(dense, "\"median_ms\": ", "\"median_ms\": \"fast\", \"was\": "));
  dense_layer::DenseRecording r;
  const Status s = bench::load_recording(path, dense_layer::kDenseRecording, &r);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), path + ": field 'rows[0].cpu.median_ms': expected a number, got a string");
}

TEST(RecordingErrors, AMissingFieldIsNamed) {
  const std::string timeline = read(shipped("assets/reference/timelines/vector-add.json"));
  const std::string path = temp_file("timeline-missing.json", replaced(timeline, "\"end_ns\"", "\"finish_ns\""));
  profile::Timeline t;
  const Status s = profile::load_timeline(path, &t);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), path + ": field 'items[0].end_ns': missing");
}

TEST(RecordingErrors, AWholeNumberOutOfRangeIsRefusedNotCast) {
  const std::string dense = read(shipped(dense_layer::kDenseReferencePath));
  const std::string path = temp_file("dense-huge.json", replaced(dense, "\"batch\": 1,", "\"batch\": 1e300,"));
  dense_layer::DenseRecording r;
  const Status s = bench::load_recording(path, dense_layer::kDenseRecording, &r);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("field 'rows[0].batch': expected a whole number"), std::string::npos) << s.message();
  const std::string half = temp_file("dense-half.json", replaced(dense, "\"batch\": 1,", "\"batch\": 1.5,"));
  EXPECT_FALSE(bench::load_recording(half, dense_layer::kDenseRecording, &r));
}

TEST(RecordingErrors, DeepNestingAndHugeNumbersAreRefused) {
  profile::Timeline t;
  const Status deep = profile::load_timeline(temp_file("deep.json", std::string(100000, '[')), &t);
  ASSERT_FALSE(deep);
  EXPECT_NE(deep.message().find("deep.json"), std::string::npos) << deep.message();
  const std::string timeline = read(shipped("assets/reference/timelines/vector-add.json"));
  EXPECT_FALSE(profile::load_timeline(temp_file("huge.json", replaced(timeline, "\"start_ns\": ", "\"start_ns\": 1e999, \"x\": ")), &t));
}

TEST(RecordingErrors, EveryShippedRecordingLoads) {
  bench::ReferenceData bench_data;
  EXPECT_TRUE(bench::load_reference_data(shipped(bench::kH100ReferencePath), &bench_data));
  EXPECT_TRUE(bench::load_reference_data(shipped(bench::kH100OpenGlReferencePath), &bench_data));
  dense_layer::DenseRecording dense;
  EXPECT_TRUE(bench::load_recording(shipped(dense_layer::kDenseReferencePath), dense_layer::kDenseRecording, &dense));
  pipeline::PipelineRecording pipeline;
  EXPECT_TRUE(bench::load_recording(shipped(pipeline::kPipelineReferencePath), pipeline::kPipelineRecording, &pipeline));
  host_program::HostRecording host;
  EXPECT_TRUE(bench::load_recording(shipped(host_program::kHostReferencePath), host_program::kHostRecording, &host));
  precision::PrecisionRecording precision;
  EXPECT_TRUE(bench::load_recording(shipped(precision::kPrecisionRecordingPath), precision::kPrecisionRecording, &precision));
  cnn::InferenceRecording inference;
  EXPECT_TRUE(bench::load_recording(shipped(cnn::kInferenceRecordingPath), cnn::kInferenceRecording, &inference));
  cnn::DataParallelRecording data_parallel;
  EXPECT_TRUE(bench::load_recording(shipped(cnn::kDataParallelReferencePath), cnn::kDataParallelRecording, &data_parallel));
  vitals::VitalsTrace trace;
  EXPECT_TRUE(vitals::load_trace(shipped("assets/reference/vitals/h100-vitals.json"), &trace));
  for (const auto& entry : std::filesystem::directory_iterator(shipped("assets/reference/timelines"))) {
    profile::Timeline t;
    const Status s = profile::load_timeline(entry.path().string(), &t);
    EXPECT_TRUE(s) << s.message();
  }
}

}  // namespace
}  // namespace whygpu
