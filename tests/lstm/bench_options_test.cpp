#include "compute/lstm/bench.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace whygpu::lstm {
namespace {

// Runs `whygpu bench lstm` with `args`; returns its exit code, *err what it printed to stderr.
int bench(const std::vector<std::string>& args, std::string* err) {
  ::testing::internal::CaptureStderr();
  const int code = run_lstm_bench(args);
  *err = ::testing::internal::GetCapturedStderr();
  return code;
}

// Issue 21: --hidden 99999999 allocated the weights before checking the shape and aborted;
// --chars 2000000000 generated for hours. Both are refused before anything is made.
TEST(LstmBench, RefusesImpossibleSizesBeforeAllocating) {
  std::string err;
  EXPECT_EQ(bench({"--hidden", "99999999"}, &err), 2);
  EXPECT_NE(err.find("hidden size 99999999 is outside 4..1024"), std::string::npos) << err;
  EXPECT_EQ(bench({"--chars", "2000000000"}, &err), 2);
  EXPECT_NE(err.find("--chars 2000000000 is more than the 100000"), std::string::npos) << err;
  EXPECT_EQ(bench({"--vocab", "2000000000"}, &err), 2);
  EXPECT_NE(err.find("vocabulary size 2000000000"), std::string::npos) << err;
  EXPECT_EQ(bench({"--batch", "100000"}, &err), 2);
  EXPECT_NE(err.find("batch 100000 is outside"), std::string::npos) << err;
}

}  // namespace
}  // namespace whygpu::lstm
