#include <gtest/gtest.h>

#include "app/cli/cli_options.h"

namespace whygpu::app {
namespace {

TEST(CliOptions, HeadlessScreenshotOfALesson) {
  const CliParse p = parse_cli({"--headless", "--lesson", "cpu-vs-gpu", "--size", "1920x1080", "--screenshot", "o.png"});
  ASSERT_TRUE(p.error.empty()) << p.error;
  EXPECT_TRUE(p.options.headless);
  EXPECT_EQ(p.options.lesson, "cpu-vs-gpu");
  EXPECT_EQ(p.options.width, 1920);
  EXPECT_EQ(p.options.height, 1080);
  EXPECT_EQ(p.options.screenshot, "o.png");
}

TEST(CliOptions, ErrorsAreClear) {
  EXPECT_EQ(parse_cli({"--frobnicate"}).error, "unknown option --frobnicate (whygpu --help lists the options)");
  EXPECT_NE(parse_cli({"--lesons", "x"}).error.find("(did you mean --lessons?)"), std::string::npos);
  EXPECT_NE(parse_cli({"--size", "big"}).error.find("WIDTHxHEIGHT"), std::string::npos);
  EXPECT_NE(parse_cli({"--size", "10x10"}).error.find("WIDTHxHEIGHT"), std::string::npos);
  EXPECT_NE(parse_cli({"--lesson"}).error.find("needs a value"), std::string::npos);
  EXPECT_NE(parse_cli({"--font-scale", "9"}).error.find("0.75 to 3"), std::string::npos);
  EXPECT_NE(parse_cli({"--theme", "pink"}).error.find("one of dark, light"), std::string::npos);
  EXPECT_NE(parse_cli({"--headless"}).error.find("--screenshot"), std::string::npos);
}

TEST(CliOptions, ClassSessionOnTheDefaultRouteOrANamedInterface) {
  const CliParse plain = parse_cli({"--class"});
  ASSERT_TRUE(plain.error.empty()) << plain.error;
  EXPECT_TRUE(plain.options.class_session);
  EXPECT_EQ(plain.options.class_interface, "");
  const CliParse named = parse_cli({"--class=wlan0", "--lesson", "x"});
  ASSERT_TRUE(named.error.empty()) << named.error;
  EXPECT_EQ(named.options.class_interface, "wlan0");
  EXPECT_EQ(named.options.lesson, "x") << "--class takes no following argument as its interface";
  EXPECT_FALSE(parse_cli({"--class=eth0/../x"}).error.empty()) << "an interface name has no '/'";
  EXPECT_FALSE(parse_cli({}).options.class_session);
}

TEST(CliOptions, HeadlessFramesArePacedLikeADisplayUnlessAsked) {
  EXPECT_EQ(parse_cli({"--headless", "--fps", "60"}).options.fps, 60);
  EXPECT_EQ(parse_cli({"--headless"}).options.fps, 60);  // paced like a display unless asked
  EXPECT_EQ(parse_cli({"--headless", "--fps", "0"}).options.fps, 0);
  EXPECT_NE(parse_cli({"--fps", "-1"}).error.find("--fps must be a whole number from 0 to 1000"), std::string::npos);
  EXPECT_NE(parse_cli({"--frames", "0"}).error.find("--frames must be a whole number from 1"), std::string::npos);
  EXPECT_NE(parse_cli({"--fps", "fast"}).error.find("--fps must be"), std::string::npos);
}

TEST(CliOptions, OptionalValues) {
  EXPECT_TRUE(parse_cli({"--list-panels"}).options.list_panels);
  EXPECT_FALSE(parse_cli({"--list-panels"}).options.list_panels_markdown);
  EXPECT_TRUE(parse_cli({"--list-panels=markdown"}).options.list_panels_markdown);
  EXPECT_NE(parse_cli({"--list-panels=html"}).error.find("=markdown"), std::string::npos);
  const CliParse prepare = parse_cli({"--prepare", "ladder", "--headless"});
  ASSERT_TRUE(prepare.error.empty()) << prepare.error;
  EXPECT_TRUE(prepare.options.prepare);
  EXPECT_EQ(prepare.options.prepare_demo, "ladder");
  EXPECT_EQ(parse_cli({"--prepare", "--headless"}).options.prepare_demo, "");
}

TEST(CliOptions, BenchTakesTheRest) {
  const CliParse p = parse_cli({"bench", "matmul", "--sizes", "1024"});
  ASSERT_TRUE(p.error.empty());
  EXPECT_TRUE(p.options.bench);
  EXPECT_FALSE(p.options.kernel_lab);
  ASSERT_EQ(p.options.tool_args.size(), 3u);
  EXPECT_EQ(p.options.tool_args[0], "matmul");
}

TEST(CliOptions, KernelLabTakesTheRest) {
  const CliParse p = parse_cli({"kernel-lab", "--exercise", "add", "--headless"});
  ASSERT_TRUE(p.error.empty());
  EXPECT_TRUE(p.options.kernel_lab);
  EXPECT_FALSE(p.options.bench);
  EXPECT_FALSE(p.options.headless);  // its arguments are the tool's, not the app's
  ASSERT_EQ(p.options.tool_args.size(), 3u);
  EXPECT_EQ(p.options.tool_args[2], "--headless");
}

}  // namespace
}  // namespace whygpu::app
