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
  EXPECT_NE(err.find("--hidden must be a whole number from 4 to 1024 (got '99999999')"), std::string::npos) << err;
  EXPECT_EQ(bench({"--chars", "2000000000"}, &err), 2);
  EXPECT_NE(err.find("--chars must be a whole number from 1 to 100000"), std::string::npos) << err;
  EXPECT_EQ(bench({"--vocab", "2000000000"}, &err), 2);
  EXPECT_NE(err.find("--vocab must be a whole number from 1 to 1024"), std::string::npos) << err;
  EXPECT_EQ(bench({"--batch", "100000"}, &err), 2);
  EXPECT_NE(err.find("--batch must be a whole number from 1 to 4096"), std::string::npos) << err;
}

}  // namespace
}  // namespace whygpu::lstm
