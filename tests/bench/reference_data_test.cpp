// The recorded reference data: round trip, corrupt files, and the file shipped in assets/.
#include "compute/bench/reference_data.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "compute/bench/bench_format.h"

namespace whygpu::bench {
using namespace whygpu::kernels;
namespace {

RunInfo sample_run() {
  RunInfo run;
  run.date_utc = "2026-11-23T10:00:00Z";
  run.command = "whygpu bench all --json";
  run.cpu_model = "Some CPU";
  run.cpu_threads = 16;
  run.gpu_available = true;
  run.gpu_name = "NVIDIA H100 80GB HBM3";
  run.nvidia_driver = "580.159.04";
  run.cuda_driver = "13.0";
  run.cuda_runtime = "13.0";
  return run;
}

std::vector<Measurement> sample_rows() {
  Measurement a;
  a.benchmark = "matmul";
  a.variant = "cublas-fp32";
  a.label = "cuBLAS FP32";
  a.on_gpu = true;
  a.precision = "fp32";
  a.size = 4096;
  a.state = RowState::Measured;
  a.time = TimingStats::from_samples({2.7, 2.8, 2.9});
  a.flop = 2.0 * 4096.0 * 4096.0 * 4096.0;
  Measurement b = a;
  b.variant = "gpu-naive";
  b.state = RowState::Absent;
  b.note = "no CUDA device";
  b.time = TimingStats{};
  Measurement c = a;
  c.benchmark = "vector-add";
  c.variant = "gpu-with-copies";
  c.phase = "h2d";
  return {a, b, c};
}

TEST(ReferenceData, RoundTripsThroughTheBenchJson) {
  ReferenceData data;
  ASSERT_TRUE(parse_reference_data(dump_json(bench_document(sample_run(), sample_rows())), &data));
  EXPECT_EQ(data.run.gpu_name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(data.run.command, "whygpu bench all --json");
  ASSERT_EQ(data.rows.size(), 3u);
  EXPECT_DOUBLE_EQ(data.rows[0].time.median_ms, 2.8);
  EXPECT_EQ(data.rows[0].time.repeats, 3);
  EXPECT_NEAR(data.rows[0].gflops(), sample_rows()[0].gflops(), 1e-9);
  EXPECT_EQ(data.rows[1].state, RowState::Absent);
  EXPECT_EQ(data.rows[2].phase, "h2d");
  EXPECT_EQ(data.run.recorded_label(/*sentence_start=*/true),
            "Recorded on NVIDIA H100 80GB HBM3 (driver 580.159.04) on 2026-11-23, not on this "
            "computer");
  EXPECT_EQ(data.find("matmul", "cublas-fp32").size(), 1u);
  EXPECT_TRUE(data.find("matmul", "gpu-naive").empty());  // absent rows are not data
  EXPECT_EQ(data.find("vector-add", "gpu-with-copies", "h2d").size(), 1u);
}

TEST(ReferenceData, CorruptFilesGiveClearErrors) {
  const Json good = bench_document(sample_run(), sample_rows());
  struct Case {
    std::string text;
    const char* says;
  };
  Json wrong_format = good;
  wrong_format["format"] = "other";
  Json newer = good;
  newer["format_version"] = kBenchFormatVersion + 1;
  Json no_results = good;
  no_results["results"] = 3;
  Json bad_row = good;
  bad_row["results"] = Json::array({{{"benchmark", "matmul"}}});
  Json bad_state = good;
  bad_state["results"][1]["state"] = "asleep";
  const Case cases[] = {
      {"", "JSON"},
      {"{\"format\": ", "JSON"},
      {"[1, 2]", "not a whygpu bench file"},
      {dump_json(wrong_format), "not a whygpu bench file"},
      {dump_json(newer), "version"},
      {dump_json(no_results), "field 'results': expected an array, got a number"},
      {dump_json(bad_row), "field 'results[0].variant': missing"},
      {dump_json(bad_state), "field 'results[1].state': not a state (measured, absent, failed)"},
  };
  for (const auto& c : cases) {
    ReferenceData data;
    const Status s = parse_reference_data(c.text, &data);
    ASSERT_FALSE(s) << c.says;
    EXPECT_NE(s.message().find(c.says), std::string::npos) << s.message();
  }
  ReferenceData data;
  const Status missing = load_reference_data("/nonexistent/whygpu.json", &data);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.message().find("cannot open"), std::string::npos);
}

TEST(RunInfo, DriverVersionFromEitherKernelModuleLine) {
  EXPECT_EQ(driver_version_from_line(
                "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  Thu Oct  2 2025"),
            "580.159.04");
  EXPECT_EQ(driver_version_from_line("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  "
                                     "580.159.04  Release Build  (dvs-builder@U22)"),
            "580.159.04");
  EXPECT_EQ(driver_version_from_line("something else"), "");
}

// The H100 run recorded in the repository loads, says where it comes from, and holds the
// ladder the lessons show.
TEST(ReferenceData, ShippedH100FileLoads) {
  const char* source = std::getenv("WHYGPU_SOURCE_DIR");
  if (!source) GTEST_SKIP() << "WHYGPU_SOURCE_DIR is not set (CTest sets it)";
  const std::string path = std::string(source) + "/" + kH100ReferencePath;
  if (!std::ifstream(path)) GTEST_SKIP() << path << " not recorded yet";
  ReferenceData data;
  ASSERT_TRUE(load_reference_data(path, &data)) << load_reference_data(path, &data).message();
  EXPECT_NE(data.run.recorded_label(/*sentence_start=*/true).find("H100"), std::string::npos) << data.run.recorded_label(/*sentence_start=*/true);
  EXPECT_FALSE(data.run.nvidia_driver.empty());
  EXPECT_FALSE(data.run.date_utc.empty());
  for (const char* v : {"cpu-blocked", "cpu-openblas", "gpu-naive", "gpu-register-tiled",
                        "cublas-fp32", "cublas-bf16"})
    EXPECT_FALSE(data.find("matmul", v).empty()) << v;
  EXPECT_FALSE(data.find("vector-add", "gpu").empty());
  EXPECT_FALSE(data.find("vector-add", "gpu-with-copies", "h2d").empty());
  EXPECT_FALSE(data.find("copy", "h2d-pinned").empty());
}

}  // namespace
}  // namespace whygpu::bench
