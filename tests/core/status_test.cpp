#include "compute/core/status.h"

#include <gtest/gtest.h>

namespace whygpu {

TEST(Status, OkIsTrueAndHasNoMessage) {
  const Status s = Status::ok();
  EXPECT_TRUE(s.is_ok());
  EXPECT_TRUE(static_cast<bool>(s));
  EXPECT_TRUE(s.message().empty());
}

TEST(Status, ErrorKeepsMessageAndGainsContext) {
  const Status s = Status::error("out of memory").with_context("matmul 4096");
  EXPECT_FALSE(s.is_ok());
  EXPECT_EQ(s.message(), "matmul 4096: out of memory");
}

TEST(Status, ContextLeavesSuccessAlone) {
  EXPECT_TRUE(Status::ok().with_context("anything").is_ok());
}

}  // namespace whygpu
