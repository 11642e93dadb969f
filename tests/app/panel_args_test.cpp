#include <gtest/gtest.h>

#include "app/panel.h"

namespace whygpu::app {
namespace {

TEST(PanelArgs, TypedGettersRangeCheckAndKeepTheFirstError) {
  PanelArgs args({{"n", "1000"}, {"big", "99999999999"}, {"scale", "0.5"}, {"on", "yes"}, {"mode", "warp"}},
                 "l.lesson:3");
  EXPECT_EQ(args.get_int("n", 1, 1, 1 << 20), 1000);
  EXPECT_EQ(args.get_int("missing", 7, 1, 10), 7);
  EXPECT_DOUBLE_EQ(args.get_double("scale", 1.0, 0.0, 1.0), 0.5);
  EXPECT_TRUE(args.get_bool("on", false));
  EXPECT_EQ(args.get_choice("mode", "block", {"block", "warp"}), "warp");
  EXPECT_TRUE(args.error().empty());
  EXPECT_EQ(args.get_int("big", 5, 1, 100), 5);
  EXPECT_EQ(args.error(), "l.lesson:3: big must be a whole number from 1 to 100 (got '99999999999')");
  EXPECT_EQ(args.get_choice("mode", "block", {"block", "thread"}), "block");
  EXPECT_EQ(args.error().find("mode"), std::string::npos);  // still the first error
}

}  // namespace
}  // namespace whygpu::app
