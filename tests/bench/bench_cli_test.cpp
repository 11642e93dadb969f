// Argument parsing of `whygpu bench`, its outputs, and the summary ratios.
#include "compute/bench/bench_cli.h"

#include <gtest/gtest.h>

#include "compute/core/gpu_info.h"

#include <sstream>

#include "compute/bench/bench_format.h"
#include "compute/bench/json.h"
#include "compute/core/text_file.h"
#include "tests/cnn/temp_dir.h"
#include "tests/core/file_size_limit.h"

namespace whygpu::bench {
using namespace whygpu::kernels;
namespace {

TEST(ParseSizeText, AcceptsTheDocumentedForms) {
  std::int64_t v = 0;
  ASSERT_TRUE(parse_size_text("4096", &v));
  EXPECT_EQ(v, 4096);
  ASSERT_TRUE(parse_size_text("2^28", &v));
  EXPECT_EQ(v, std::int64_t{1} << 28);
  ASSERT_TRUE(parse_size_text("64K", &v));
  EXPECT_EQ(v, 64 * 1024);
  ASSERT_TRUE(parse_size_text("256M", &v));
  EXPECT_EQ(v, std::int64_t{256} << 20);
  ASSERT_TRUE(parse_size_text("1G", &v));
  EXPECT_EQ(v, std::int64_t{1} << 30);
}

TEST(ParseSizeText, RejectsZeroNegativeAndGarbageClearly) {
  std::int64_t v = 0;
  for (const char* bad : {"0", "-5", "", "abc", "12x", "3^4", "2^", "2^99", "0K", "99999999999G"}) {
    const Status s = parse_size_text(bad, &v);
    EXPECT_FALSE(s) << bad;
    EXPECT_FALSE(s.message().empty());
  }
  EXPECT_NE(parse_size_text("-5", &v).message().find("negative"), std::string::npos);
  EXPECT_NE(parse_size_text("0", &v).message().find("at least 1"), std::string::npos);
}

TEST(ParseBenchArgs, FullRequest) {
  BenchRequest r;
  ASSERT_TRUE(parse_bench_args({"matmul", "--sizes", "31,2^10", "--variants",
                                "cpu-naive,cublas-bf16", "--repeats", "7", "--warmup", "0",
                                "--budget", "0.5", "--threads", "3", "--json", "--tune",
                                "--no-rotate", "--quiet", "--output", "x.json", "--sgemm-shape",
                                "some/shape"},
                               &r));
  EXPECT_EQ(r.benchmark, "matmul");
  EXPECT_EQ(r.sizes, (std::vector<std::int64_t>{31, 1024}));
  EXPECT_EQ(r.variants, (std::vector<std::string>{"cpu-naive", "cublas-bf16"}));
  EXPECT_EQ(r.options.measure.repeats, 7);
  EXPECT_EQ(r.options.measure.warmup, 0);
  EXPECT_DOUBLE_EQ(r.options.measure.budget_seconds, 0.5);
  EXPECT_EQ(r.options.cpu_threads, 3);
  EXPECT_EQ(r.format, OutputFormat::Json);
  EXPECT_TRUE(r.tune);
  EXPECT_FALSE(r.options.rotate_inputs);
  EXPECT_FALSE(r.progress);
  EXPECT_EQ(r.output_path, "x.json");
  EXPECT_EQ(r.sgemm_shape, "some/shape");
}

TEST(ParseBenchArgs, ErrorsSayWhatIsWrong) {
  struct Case {
    std::vector<std::string> args;
    const char* says;
  };
  const Case cases[] = {
      {{}, "which benchmark"},
      {{"sort"}, "unknown benchmark sort"},
      {{"matmul", "--frobnicate"}, "unknown option --frobnicate"},
      {{"matmul", "--sizes"}, "needs a value"},
      {{"matmul", "--sizes", "0"}, "at least 1"},
      {{"matmul", "--sizes", "-1"}, "negative"},
      {{"matmul", "--variants", "gpu-magic"}, "unknown matmul variant gpu-magic"},
      {{"copy", "--tune"}, "matmul only"},
      {{"all", "--sizes", "4"}, "one benchmark at a time"},
      {{"matmul", "--repeats", "0"}, "--repeats"},
      {{"matmul", "--budget", "soon"}, "--budget"},
      {{"matmul", "extra", "words"}, "unexpected argument"},
  };
  for (const auto& c : cases) {
    BenchRequest r;
    const Status s = parse_bench_args(c.args, &r);
    ASSERT_FALSE(s) << c.says;
    EXPECT_NE(s.message().find(c.says), std::string::npos) << s.message();
  }
}

TEST(RunKernelBench, BadArgumentsExitWithTwo) {
  EXPECT_EQ(run_kernel_bench({"matmul", "--nope"}), 2);
  EXPECT_EQ(run_kernel_bench({"vector-add", "--sizes", "0"}), 2);
  EXPECT_EQ(run_kernel_bench({"--help"}), 0);
  EXPECT_EQ(run_kernel_bench({"all", "--list"}), 0);
}

TEST(RunBenchRequest, UnknownSgemmShapeExitsWithTwo) {
  BenchRequest r;
  ASSERT_TRUE(parse_bench_args({"matmul", "--sgemm-shape", "1x1x1", "--quiet"}, &r));
  std::ostringstream out, err;
  EXPECT_EQ(run_bench_request(r, "t", out, err), 2);
  // A build without CUDA has no shapes at all, and says why.
  const char* expected = built_with_cuda() ? "no tile shape 1x1x1 for gpu-register-tiled" : "has no CUDA support";
  EXPECT_NE(err.str().find(expected), std::string::npos) << err.str();
}

TEST(RunBenchRequest, JsonOutputParsesAndHasEveryRow) {
  BenchRequest r;
  ASSERT_TRUE(parse_bench_args({"matmul", "--sizes", "16,33", "--variants",
                                "cpu-naive,cpu-blocked,cpu-openblas,cublas-fp32", "--repeats",
                                "2", "--warmup", "1", "--json"},
                               &r));
  std::ostringstream out, err;
  const int code = run_bench_request(r, "test command", out, err);
  EXPECT_EQ(code, 0) << err.str();
  Json doc;
  ASSERT_TRUE(parse_json(out.str(), &doc)) << out.str();
  EXPECT_EQ(doc["format"], "whygpu-bench");
  EXPECT_EQ(doc["run"]["command"], "test command");
  ASSERT_EQ(doc["results"].size(), 8u);
  EXPECT_NE(err.str().find("[1/8] matmul cpu-naive n=16"), std::string::npos) << err.str();
}

TEST(RunBenchRequest, TableAndCsvShowRows) {
  BenchRequest r;
  ASSERT_TRUE(parse_bench_args({"vector-add", "--sizes", "2^10", "--variants", "cpu,gpu",
                                "--repeats", "2", "--quiet"},
                               &r));
  std::ostringstream table, err;
  EXPECT_EQ(run_bench_request(r, "t", table, err), 0);
  EXPECT_NE(table.str().find("median ms"), std::string::npos);
  EXPECT_NE(table.str().find("2^10"), std::string::npos);
  EXPECT_TRUE(err.str().empty()) << err.str();
  r.format = OutputFormat::Csv;
  std::ostringstream csv;
  EXPECT_EQ(run_bench_request(r, "t", csv, err), 0);
  EXPECT_NE(csv.str().find("benchmark,variant,phase"), std::string::npos);
  EXPECT_NE(csv.str().find("vector-add,cpu,,0,"), std::string::npos);
}

// Issue 21: --output was written in place; a failing save now leaves the old file whole.
TEST(RunBenchRequest, AFailingOutputSaveLeavesTheOldFileIntact) {
  cnn::testing::TempDir dir;
  const std::string path = dir.file("bench.csv");
  ASSERT_TRUE(write_file_atomically(path, "old results\n"));
  BenchRequest r;
  ASSERT_TRUE(parse_bench_args({"vector-add", "--sizes", "2^10", "--variants", "cpu", "--repeats", "2", "--quiet",
                                "--csv", "--output", path},
                               &r));
  std::ostringstream out, err;
  int code = 0;
  {
    testing::FileSizeLimit limit(12);
    code = run_bench_request(r, "t", out, err);
  }
  EXPECT_EQ(code, 1);
  EXPECT_NE(err.str().find("bench.csv"), std::string::npos) << err.str();
  std::string now;
  ASSERT_TRUE(read_text_file(path, &now));
  EXPECT_EQ(now, "old results\n");
  EXPECT_EQ(run_bench_request(r, "t", out, err), 0) << err.str();
  ASSERT_TRUE(read_text_file(path, &now));
  EXPECT_NE(now.find("vector-add,cpu,,0,"), std::string::npos) << now;
}

Measurement row(const char* benchmark, const char* variant, std::int64_t size, double ms,
                double flop, double bytes, bool gpu = true, const char* precision = "fp32") {
  Measurement m;
  m.benchmark = benchmark;
  m.variant = variant;
  m.precision = precision;
  m.on_gpu = gpu;
  m.size = size;
  m.state = RowState::Measured;
  m.time = TimingStats::from_samples({ms});
  m.flop = flop;
  m.bytes = bytes;
  return m;
}

TEST(Summarize, StatesTheThreeRatiosAtTheLargestCommonSize) {
  const double n = 1 << 28, f = 2.0 * 4096.0 * 4096.0 * 4096.0;
  const std::vector<Measurement> rows = {
      row("vector-add", "gpu", 1 << 28, 1.0, n, 12.0 * n),
      row("vector-add", "d2d-copy", 1 << 28, 8.0 / 12.0, 0.0, 8.0 * n),  // same GB/s
      row("matmul", "gpu-tiled", 4096, 10.0, f, 0.0),
      row("matmul", "gpu-register-tiled", 4096, 3.0, f, 0.0),
      row("matmul", "cublas-fp32", 4096, 2.4, f, 0.0),
      row("matmul", "cpu-blocked", 4096, 200.0, f, 0.0, false),
      row("matmul", "cpu-openblas", 4096, 100.0, f, 0.0, false),
  };
  const auto lines = summarize(rows);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[0].find("= 100.0% of a device-to-device copy"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("(gpu-register-tiled)"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("80.0% of cuBLAS FP32"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("50.0% of OpenBLAS"), std::string::npos) << lines[2];
}

// One line per size and precision: FP32 against cuBLAS FP32 (the Tensor Core rungs do not
// count there), each 16-bit rung against cuBLAS in its own precision, tuned shapes included.
TEST(Summarize, StatesOurBestAgainstCublasAtEverySizeAndPrecision) {
  auto f = [](double n) { return 2.0 * n * n * n; };
  const std::vector<Measurement> rows = {
      row("matmul", "gpu-register-tiled", 1000, 0.1, f(1000), 0.0),
      row("matmul", "cublas-fp32", 1000, 0.05, f(1000), 0.0),
      row("matmul", "gpu-register-tiled", 4096, 3.0, f(4096), 0.0),
      row("matmul", "gpu-register-tiled@async-t/x", 4096, 2.5, f(4096), 0.0),
      row("matmul", "cublas-fp32", 4096, 2.4, f(4096), 0.0),
      row("matmul", "gpu-tc-wgmma-bf16", 4096, 0.2, f(4096), 0.0, true, "bf16"),
      row("matmul", "gpu-tc-mma-bf16", 4096, 0.4, f(4096), 0.0, true, "bf16"),
      row("matmul", "gpu-tc-wmma-fp16", 4096, 0.8, f(4096), 0.0, true, "fp16"),
      row("matmul", "cublas-bf16", 4096, 0.16, f(4096), 0.0, true, "bf16"),
      row("matmul", "cublas-fp16", 4096, 0.16, f(4096), 0.0, true, "fp16"),
  };
  const auto lines = summarize(rows);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_NE(lines[0].find("n=1000: best hand-written GPU kernel (gpu-register-tiled)"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("50.0% of cuBLAS FP32"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("(gpu-register-tiled@async-t/x)"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("96.0% of cuBLAS FP32"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("FP16 Tensor Core kernel (gpu-tc-wmma-fp16)"), std::string::npos) << lines[2];
  EXPECT_NE(lines[2].find("20.0% of cuBLAS FP16"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("BF16 Tensor Core kernel (gpu-tc-wgmma-bf16)"), std::string::npos) << lines[3];
  EXPECT_NE(lines[3].find("80.0% of cuBLAS BF16"), std::string::npos) << lines[3];
}

}  // namespace
}  // namespace whygpu::bench
