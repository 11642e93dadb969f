#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "app/kernels/sweep_csv.h"
#include "compute/core/text_file.h"
#include "tests/cnn/temp_dir.h"
#include "tests/core/file_size_limit.h"

namespace whygpu::app {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

kernels::Measurement row(const std::string& variant, std::int64_t size, double ms) {
  kernels::Measurement r;
  r.benchmark = "vector-add";
  r.variant = variant;
  r.device = "Some CPU, 4 threads";  // a comma: must be quoted
  r.precision = "fp32";
  r.size = size;
  r.state = kernels::RowState::Measured;
  r.time = TimingStats::from_samples({ms, ms * 1.1, ms * 0.9});
  r.flop = static_cast<double>(size);
  r.bytes = 12.0 * size;
  return r;
}

TEST(SweepCsv, WritesTheBenchFormatWithOneLinePerRow) {
  const auto path = std::filesystem::temp_directory_path() / "whygpu-csv-test" / "sub" / "sweep.csv";
  std::filesystem::remove_all(path.parent_path());
  std::vector<kernels::Measurement> rows{row("cpu", 1024, 0.002), row("cpu-threads", 1024, 0.01)};
  rows[1].note = "said \"hi\"";
  ASSERT_TRUE(write_sweep_csv(path.string(), "whygpu app: test --sizes 1024", 4, rows));
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const auto lines = lines_of(text.str());
  ASSERT_EQ(lines.size(), 4u + 1u + 2u);  // run description, header, rows
  EXPECT_EQ(lines[0].rfind("# whygpu bench, ", 0), 0u);
  EXPECT_EQ(lines[1], "# command: whygpu app: test --sizes 1024");
  EXPECT_EQ(lines[4],
            "benchmark,variant,phase,on_gpu,device,precision,size,state,median_ms,mean_ms,min_ms,max_ms,"
            "p10_ms,p90_ms,repeats,flop,bytes,gflops,gbytes_per_s,note");
  EXPECT_EQ(lines[5].rfind("vector-add,cpu,,0,\"Some CPU, 4 threads\",fp32,1024,measured,0.002,", 0), 0u) << lines[5];
  EXPECT_NE(lines[6].find(",\"said \"\"hi\"\"\""), std::string::npos) << lines[6];
  // Same text as sweep_csv() gives, apart from the date line.
  const auto direct = lines_of(sweep_csv("whygpu app: test --sizes 1024", 4, rows));
  ASSERT_EQ(direct.size(), lines.size());
  for (std::size_t i = 1; i < lines.size(); ++i) EXPECT_EQ(direct[i], lines[i]);
}

TEST(SweepCsv, RefusesNothingToSaveAndUnwritablePaths) {
  const Status empty = write_sweep_csv("/tmp/whygpu-never.csv", "x", 0, {});
  EXPECT_FALSE(empty);
  EXPECT_NE(empty.message().find("run the sweep first"), std::string::npos);
  const Status bad = write_sweep_csv("/proc/whygpu-cannot/x.csv", "x", 0, {row("cpu", 1, 1)});
  EXPECT_FALSE(bad);
  EXPECT_NE(bad.message().find("/proc/whygpu-cannot/x.csv"), std::string::npos) << bad.message();
  EXPECT_FALSE(write_sweep_csv("", "x", 0, {row("cpu", 1, 1)}));
}

// Issue 21: the CSV was written in place; a failing save now leaves the old file whole.
TEST(SweepCsv, AFailingSaveLeavesTheOldFileIntact) {
  cnn::testing::TempDir dir;
  const std::string path = dir.file("sweep.csv");
  ASSERT_TRUE(write_sweep_csv(path, "x", 0, {row("cpu", 1, 1)}));
  std::string old;
  ASSERT_TRUE(read_text_file(path, &old));
  std::vector<kernels::Measurement> many(200, row("cpu", 1, 1));
  Status s = Status::ok();
  {
    testing::FileSizeLimit limit(old.size());
    s = write_sweep_csv(path, "x", 0, many);
  }
  EXPECT_FALSE(s);
  std::string now;
  ASSERT_TRUE(read_text_file(path, &now));
  EXPECT_EQ(now, old);
}

TEST(SweepCsv, DefaultPathNamesTheSweepAndTheDate) {
  const std::string path = default_export_path("vector-add-sweep", "csv", 0);
  EXPECT_TRUE(std::regex_match(path, std::regex(R"(whygpu-vector-add-sweep-19\d\d-\d\d-\d\d-\d{6}\.csv)"))) << path;
  EXPECT_NE(default_export_path("matmul-sweep", "png", 86400 * 365), path);
}

}  // namespace
}  // namespace whygpu::app
