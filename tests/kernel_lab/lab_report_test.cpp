#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "compute/kernel_lab/lab_report.h"

namespace whygpu::kernel_lab {
namespace {

TEST(LabReport, RoundTripsThroughItsLine) {
  LabReport r;
  r.compiled = true;
  r.target = "sm_90";
  r.compile_ms = 97.5;
  r.diagnostics = {{7, "warning", "a | b, with a bar"}};
  r.compile_log = "my_kernel.cu(7): warning: a | b, with a bar\n  line two\n";
  r.run = RunState::Ran;
  r.message = "a message\nover two lines";
  r.launch = "my_kernel<<<3907, 256>>>";
  r.checked = 1000000;
  r.wrong = 999744;
  r.first_wrong = 256;
  r.expected = -std::numeric_limits<float>::infinity();
  r.got = std::nanf("");
  r.overrun = 24;
  r.output = "sums";
  r.simulated = true;
  r.order_dependent = true;
  r.time.repeats = 20;
  r.time.median_ms = 0.0123;
  r.gbytes_per_s = 975.6;

  const std::string line = to_text(r);
  // A line of its own, whatever the kernel printed before it.
  EXPECT_EQ(std::count(line.begin(), line.end(), '\n'), 2) << line;
  EXPECT_EQ(line.front(), '\n');
  LabReport back;
  ASSERT_TRUE(from_text(line, &back));
  EXPECT_TRUE(back.compiled);
  EXPECT_EQ(back.target, "sm_90");
  EXPECT_DOUBLE_EQ(back.compile_ms, 97.5);
  ASSERT_EQ(back.diagnostics.size(), 1u);
  EXPECT_EQ(back.diagnostics[0].line, 7);
  EXPECT_EQ(back.diagnostics[0].message, "a | b, with a bar");
  EXPECT_EQ(back.compile_log, r.compile_log);
  EXPECT_EQ(back.run, RunState::Ran);
  EXPECT_TRUE(back.message == r.message) << back.message.english();
  EXPECT_EQ(back.launch, r.launch);
  EXPECT_EQ(back.checked, 1000000);
  EXPECT_EQ(back.wrong, 999744);
  EXPECT_EQ(back.first_wrong, 256);
  EXPECT_TRUE(std::isinf(back.expected) && back.expected < 0);
  EXPECT_TRUE(std::isnan(back.got));
  EXPECT_EQ(back.overrun, 24);
  EXPECT_EQ(back.output, "sums");
  EXPECT_TRUE(back.simulated);
  EXPECT_TRUE(back.order_dependent);
  EXPECT_EQ(back.time.repeats, 20);
  EXPECT_DOUBLE_EQ(back.time.median_ms, 0.0123);
  EXPECT_DOUBLE_EQ(back.gbytes_per_s, 975.6);
}

// The simulator's verdict travels from the child as a sentence and its values, for the
// app to word in its language; the line keeps the English for a log.
TEST(LabReport, AMessageTravelsAsItsSentencesAndValues) {
  LabReport r;
  r.run = RunState::Refused;
  r.message = Wording::sentence("the simulator refused {0}: {1}",
                                {"k<<<1, 2000>>>", Wording::sentence("a block holds at most {0} threads", {"1024"})});
  const std::string line = to_text(r);
  EXPECT_NE(line.find("\"message\":\"the simulator refused k<<<1, 2000>>>: a block holds at most 1024 threads\""),
            std::string::npos)
      << line;
  LabReport back;
  ASSERT_TRUE(from_text(line, &back));
  EXPECT_TRUE(back.message == r.message) << back.message.english();
  ASSERT_EQ(back.message.values.size(), 2u);
  EXPECT_FALSE(back.message.values[0].is_sentence);
  EXPECT_TRUE(back.message.values[1].is_sentence);
  // A number stays a number, for the app to write with its language's separator.
  r.message = Wording::sentence("{0} were up", {Wording::number("2.5 s")});
  ASSERT_TRUE(from_text(to_text(r), &back));
  ASSERT_EQ(back.message.values.size(), 1u);
  EXPECT_TRUE(back.message.values[0].is_number);
  EXPECT_EQ(back.message.english(), "2.5 s were up");
  // A plain text (a runtime's own error) stays plain; one nested deeper than whygpu
  // writes is refused.
  r.message = std::string("cudaErrorInvalidValue: invalid argument");
  ASSERT_TRUE(from_text(to_text(r), &back));
  EXPECT_FALSE(back.message.is_sentence);
  EXPECT_EQ(back.message.english(), "cudaErrorInvalidValue: invalid argument");
  r.message = Wording::sentence("{0}", {Wording::sentence("{0}", {Wording::sentence("{0}", {Wording::sentence("x")})})});
  EXPECT_FALSE(from_text(to_text(r), &back));
}

TEST(LabReport, TextWithoutAReportIsRefused) {
  LabReport r;
  r.message = "untouched";
  EXPECT_FALSE(from_text("", &r));
  EXPECT_FALSE(from_text("Segmentation fault\nwrong=3\n", &r));
  // JSON of another kind, and a report line cut short by a child that died while printing.
  EXPECT_FALSE(from_text("{\"wrong\": 3, \"run\": \"ran\"}\n", &r));
  LabReport ran;
  ran.run = RunState::Ran;
  const std::string line = to_text(ran);
  EXPECT_FALSE(from_text(line.substr(0, line.size() / 2), &r));
  EXPECT_EQ(r.message.english(), "untouched");
}

// A kernel's printf reaches the same output before the report: the report is what counts.
TEST(LabReport, TheLastReportLineCountsNotWhatTheKernelPrinted) {
  LabReport fake, real;
  fake.run = RunState::Failed;
  fake.message = "printed by the kernel";
  real.run = RunState::Ran;
  real.checked = 1000;
  LabReport back;
  ASSERT_TRUE(from_text("wrong=5\n" + to_text(fake) + "{not json" + to_text(real), &back));
  EXPECT_EQ(back.run, RunState::Ran);
  EXPECT_EQ(back.checked, 1000);
  EXPECT_TRUE(back.message.empty());
}

TEST(LabReport, EnginesHaveKeys) {
  for (Engine e : {Engine::Auto, Engine::Gpu, Engine::Simulator}) {
    Engine back = Engine::Auto;
    ASSERT_TRUE(engine_from_key(engine_key(e), &back));
    EXPECT_EQ(back, e);
  }
  Engine unchanged = Engine::Gpu;
  EXPECT_FALSE(engine_from_key("cpu", &unchanged));
  EXPECT_EQ(unchanged, Engine::Gpu);
}

}  // namespace
}  // namespace whygpu::kernel_lab
