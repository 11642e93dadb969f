#include <gtest/gtest.h>

#include <cmath>

#include "compute/kernel_lab/lab_report.h"

namespace whygpu::kernel_lab {
namespace {

TEST(LabReport, RoundTripsThroughText) {
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
  r.expected = 1.25f;
  r.got = std::nanf("");
  r.overrun = 24;
  r.output = "sums";
  r.simulated = true;
  r.order_dependent = true;
  r.time.repeats = 20;
  r.time.median_ms = 0.0123;
  r.gbytes_per_s = 975.6;

  LabReport back;
  ASSERT_TRUE(from_text(to_text(r), &back));
  EXPECT_TRUE(back.compiled);
  EXPECT_EQ(back.target, "sm_90");
  EXPECT_DOUBLE_EQ(back.compile_ms, 97.5);
  ASSERT_EQ(back.diagnostics.size(), 1u);
  EXPECT_EQ(back.diagnostics[0].line, 7);
  EXPECT_EQ(back.diagnostics[0].message, "a | b, with a bar");
  EXPECT_EQ(back.compile_log, r.compile_log);
  EXPECT_EQ(back.run, RunState::Ran);
  EXPECT_EQ(back.message, "a message over two lines");
  EXPECT_EQ(back.launch, r.launch);
  EXPECT_EQ(back.checked, 1000000);
  EXPECT_EQ(back.wrong, 999744);
  EXPECT_EQ(back.first_wrong, 256);
  EXPECT_FLOAT_EQ(back.expected, 1.25f);
  EXPECT_TRUE(std::isnan(back.got));
  EXPECT_EQ(back.overrun, 24);
  EXPECT_EQ(back.output, "sums");
  EXPECT_TRUE(back.simulated);
  EXPECT_TRUE(back.order_dependent);
  EXPECT_EQ(back.time.repeats, 20);
  EXPECT_DOUBLE_EQ(back.time.median_ms, 0.0123);
  EXPECT_DOUBLE_EQ(back.gbytes_per_s, 975.6);
}

TEST(LabReport, TextWithoutAReportIsRefused) {
  LabReport r;
  r.message = "untouched";
  EXPECT_FALSE(from_text("", &r));
  EXPECT_FALSE(from_text("Segmentation fault\nwrong=3\n", &r));
  EXPECT_EQ(r.message, "untouched");
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
