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

TEST(PanelValueParsers, ReadOneValueAsALessonLineWouldAndLeaveTheTargetOnFailure) {
  int burst = 20;
  EXPECT_TRUE(parse_whole_value("burst", "25", 1, 10000, &burst));
  EXPECT_EQ(burst, 25);
  const Status fraction = parse_whole_value("burst", "2.5", 1, 10000, &burst);
  EXPECT_FALSE(fraction);
  EXPECT_EQ(fraction.message(), "burst must be a whole number from 1 to 10000 (got '2.5')");
  EXPECT_EQ(burst, 25);

  float temperature = 0.8f;
  EXPECT_TRUE(parse_number_value("temperature", "1.5", 0.0, 2.0, &temperature));
  EXPECT_FLOAT_EQ(temperature, 1.5f);
  EXPECT_FALSE(parse_number_value("temperature", "3", 0.0, 2.0, &temperature));
  EXPECT_FLOAT_EQ(temperature, 1.5f);

  bool shown = true;
  EXPECT_TRUE(parse_flag_value("gates", "no", &shown));
  EXPECT_FALSE(shown);
  const Status word = parse_flag_value("gates", "maybe", &shown);
  EXPECT_EQ(word.message(), "gates must be true or false (got 'maybe')");
  EXPECT_FALSE(shown);
}

}  // namespace
}  // namespace whygpu::app
