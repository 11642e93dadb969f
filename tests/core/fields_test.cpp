#include "compute/core/fields.h"

#include <gtest/gtest.h>

#include "compute/core/command_line.h"

namespace whygpu {
namespace {

struct Measure {
  int repeats = 20;
};

struct Options {
  int batch = 64;
  std::uint64_t seed = 1;
  double lr = 2e-3;
  bool json = false;
  bool rotate = true;
  std::string mnist = "data/mnist";
  bool mnist_given = false;
  std::string from = "digits";
  bool gpu = true, cpu = true;
  std::vector<int> widths{1};
  std::int64_t n = 4096;
  Measure measure;
  std::string benchmark;
};

const Fields<Options>& fields() {
  static const Fields<Options> table{
      whole_field("batch", &Options::batch, 1, 1024, N_("images in a step")).in_unit("images"),
      whole_field("seed", &Options::seed, 0, 2147483647, N_("initial weights")),
      number_field("lr", &Options::lr, 0, 1, N_("learning rate"), true),
      flag_field("json", &Options::json, N_("print JSON")),
      switch_field<Options>("no-rotate", &Options::rotate, false, N_("one input set")),
      text_field("mnist", &Options::mnist, N_("the digits")).shown_as("DIR").also([](Options& o) {
        o.mnist_given = true;
      }),
      choice_field("from", &Options::from, {"digits", "fashion"}, N_("the base's data")),
      choice_field<Options>("backend", {"gpu", "cpu", "both"}, "both",
                            [](Options& o, const std::string& v) {
                              o.gpu = v != "cpu";
                              o.cpu = v != "gpu";
                            },
                            N_("where to time")),
      whole_list_field("width", &Options::widths, 1, 16, N_("channel multipliers")),
      size_field("n", &Options::n, 1, 1 << 28, N_("elements")),
      whole_field<Options>("repeats", [](Options& o) -> int& { return o.measure.repeats; }, 1, 100000,
                           N_("timed runs")),
  };
  return table;
}

TEST(Fields, DefaultsAreReadFromTheStruct) {
  const auto& specs = fields().specs();
  EXPECT_EQ(specs[0].fallback, "64");
  EXPECT_EQ(specs[2].fallback, "0.002");
  EXPECT_EQ(specs[3].fallback, "false");
  EXPECT_EQ(specs[5].fallback, "data/mnist");
  EXPECT_EQ(specs[7].fallback, "both");
  EXPECT_EQ(specs[8].fallback, "1");
  EXPECT_EQ(specs[10].fallback, "20");
}

TEST(Fields, ApplySetsTheBoundMember) {
  Options o;
  ASSERT_TRUE(fields().apply("batch", "128", &o));
  EXPECT_EQ(o.batch, 128);
  ASSERT_TRUE(fields().apply("seed", "2147483647", &o));
  EXPECT_EQ(o.seed, 2147483647u);
  ASSERT_TRUE(fields().apply("mnist", "/tmp/x", &o));
  EXPECT_EQ(o.mnist, "/tmp/x");
  EXPECT_TRUE(o.mnist_given);
  ASSERT_TRUE(fields().apply("backend", "cpu", &o));
  EXPECT_FALSE(o.gpu);
  EXPECT_TRUE(o.cpu);
  ASSERT_TRUE(fields().apply("width", "1,4,16", &o));
  EXPECT_EQ(o.widths, (std::vector<int>{1, 4, 16}));
  ASSERT_TRUE(fields().apply("n", "2^20", &o));
  EXPECT_EQ(o.n, 1 << 20);
  ASSERT_TRUE(fields().apply("n", "64K", &o));
  EXPECT_EQ(o.n, 64 << 10);
  ASSERT_TRUE(fields().apply("repeats", "7", &o));
  EXPECT_EQ(o.measure.repeats, 7);
  ASSERT_TRUE(fields().apply("no-rotate", "true", &o));
  EXPECT_FALSE(o.rotate);
}

TEST(Fields, RefusesValuesOutOfRangeNamingTheField) {
  Options o;
  Status s = fields().apply("batch", "1025", &o, "--");
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), "--batch must be a whole number from 1 to 1024 (got '1025')");
  EXPECT_EQ(o.batch, 64);
  EXPECT_FALSE(fields().apply("batch", "12abc", &o));
  EXPECT_FALSE(fields().apply("lr", "0", &o));  // above 0, not at it
  EXPECT_TRUE(fields().apply("lr", "1", &o));
  EXPECT_FALSE(fields().apply("from", "cats", &o));
  EXPECT_FALSE(fields().apply("width", "1,,4", &o));
  EXPECT_FALSE(fields().apply("width", "1,17", &o));
  EXPECT_FALSE(fields().apply("n", "2^29", &o));
  EXPECT_FALSE(fields().apply("n", "-1", &o));
  s = fields().apply("bach", "1", &o, "--");
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), "no --bach (did you mean --batch?)");
}

std::optional<int> parse(const std::vector<std::string>& args, Options* o) {
  static const CommandAbout about{"whygpu test", N_("a test command\n"), ""};
  return parse_options(about, fields(), args, o);
}

TEST(CommandLine, TakesBothValueFormsAndFlags) {
  Options o;
  EXPECT_EQ(parse({"--batch", "8", "--seed=9", "--json", "--backend=gpu"}, &o), std::nullopt);
  EXPECT_EQ(o.batch, 8);
  EXPECT_EQ(o.seed, 9u);
  EXPECT_TRUE(o.json);
  EXPECT_FALSE(o.cpu);
}

TEST(CommandLine, HelpAnywhereEvenAsAValue) {
  Options o;
  testing::internal::CaptureStdout();
  EXPECT_EQ(parse({"--batch", "--help"}, &o), 0);
  const std::string help = testing::internal::GetCapturedStdout();
  EXPECT_NE(help.find("usage: whygpu test [options]"), std::string::npos) << help;
  EXPECT_NE(help.find("--batch N"), std::string::npos) << help;
  EXPECT_NE(help.find("(1 to 1024 images; default 64)"), std::string::npos) << help;
  EXPECT_NE(help.find("--backend gpu|cpu|both"), std::string::npos) << help;
  EXPECT_NE(help.find("--mnist DIR"), std::string::npos) << help;
  EXPECT_NE(help.find("--check-options"), std::string::npos) << help;
}

TEST(CommandLine, ErrorsNameTheOption) {
  Options o;
  testing::internal::CaptureStderr();
  EXPECT_EQ(parse({"--batchh", "8"}, &o), 2);
  EXPECT_EQ(parse({"--batch"}, &o), 2);
  EXPECT_EQ(parse({"--batch", "0"}, &o), 2);
  EXPECT_EQ(parse({"--json=maybe"}, &o), 2);
  EXPECT_EQ(parse({"stray"}, &o), 2);
  const std::string errors = testing::internal::GetCapturedStderr();
  EXPECT_NE(errors.find("unknown option --batchh (did you mean --batch?)"), std::string::npos) << errors;
  EXPECT_NE(errors.find("--batch needs a value (N)"), std::string::npos) << errors;
  EXPECT_NE(errors.find("--batch must be a whole number from 1 to 1024 (got '0')"), std::string::npos) << errors;
  EXPECT_NE(errors.find("--json must be true or false (got 'maybe')"), std::string::npos) << errors;
  EXPECT_NE(errors.find("unexpected argument 'stray'"), std::string::npos) << errors;
}

TEST(CommandLine, CheckOptionsParsesAndStops) {
  Options o;
  EXPECT_EQ(parse({"--batch", "8", "--check-options"}, &o), 0);
  EXPECT_EQ(o.batch, 8);
  testing::internal::CaptureStderr();
  EXPECT_EQ(parse({"--check-options", "--batch", "9999"}, &o), 2);
  testing::internal::GetCapturedStderr();
}

TEST(CommandLine, OptionListGivesAValidAndAnInvalidValue) {
  const std::string list = option_list(fields().specs());
  EXPECT_NE(list.find("--batch\t64\t1025\n"), std::string::npos) << list;
  EXPECT_NE(list.find("--json\t\t\n"), std::string::npos) << list;
  EXPECT_NE(list.find("--from\tdigits\tno-such-choice\n"), std::string::npos) << list;
  EXPECT_NE(list.find("--check-options\t\t\n"), std::string::npos) << list;
}

TEST(CommandLine, OperandsWhereTheCommandTakesThem) {
  static const CommandAbout about{"whygpu test", "", "BENCHMARK"};
  Options o;
  const auto operand = [](Options& opts, const std::string& word) {
    if (!opts.benchmark.empty()) return Status::error("unexpected argument " + word);
    opts.benchmark = word;
    return Status::ok();
  };
  EXPECT_EQ(parse_options<Options>(about, fields(), {"--json", "matmul", "--batch", "2"}, &o, operand), std::nullopt);
  EXPECT_EQ(o.benchmark, "matmul");
  EXPECT_EQ(o.batch, 2);
}

}  // namespace
}  // namespace whygpu
