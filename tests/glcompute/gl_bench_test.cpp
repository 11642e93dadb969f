// The OpenGL kernels as benchmark rows: measured, checked, labelled with the renderer,
// a software renderer's rows never marked as GPU results, and sweep jobs that stop on cancel.
#include <gtest/gtest.h>

#include <atomic>

#include "app/glcompute/gl_bench.h"
#include "tests/glcompute/gl_test_support.h"

namespace whygpu::app {
namespace {

using kernels::Measurement;
using kernels::RowState;
using testing::gl_thread;

kernels::BenchOptions quick() {
  kernels::BenchOptions o;
  o.measure.warmup = 1;
  o.measure.repeats = 3;
  o.measure.min_repeats = 1;
  return o;
}

TEST(GlBench, VectorAddRowsAreMeasuredAndLabelledWithTheRenderer) {
  WHYGPU_REQUIRE_GL();
  GlRenderer renderer;
  ASSERT_TRUE(gl_thread().wait_ready(&renderer));
  for (const GlVariant v : {GlVariant{GlKernel::VectorAddFragment, false}, GlVariant{GlKernel::VectorAddFragment, true},
                            GlVariant{GlKernel::VectorAddCompute, false}, GlVariant{GlKernel::VectorAddCompute, true}}) {
    SCOPED_TRACE(gl_variant_key(v));
    std::vector<Measurement> rows;
    const Status s = gl_thread().run([&](GlCompute& gl) { return run_gl_vector_add(gl, v, 100003, quick(), &rows); });
    ASSERT_TRUE(s) << s.message();
    if (!renderer.compute_shaders && v.kernel == GlKernel::VectorAddCompute) {
      ASSERT_EQ(rows.size(), 1u);
      EXPECT_EQ(rows[0].state, RowState::Absent);
      continue;
    }
    ASSERT_EQ(rows.size(), v.with_copies ? 4u : 1u);
    for (const Measurement& r : rows) {
      EXPECT_EQ(r.state, RowState::Measured) << r.note;
      EXPECT_EQ(r.variant, gl_variant_key(v));
      EXPECT_EQ(r.device, renderer.name());
      EXPECT_EQ(r.on_gpu, !renderer.software);
      EXPECT_EQ(r.size, 100003);
      EXPECT_EQ(r.time.repeats, 3);
      EXPECT_GT(r.time.median_ms, 0.0);
      if (renderer.software) {
        EXPECT_NE(r.note.find("not a GPU result"), std::string::npos) << r.note;
      }
    }
    if (v.with_copies) {
      EXPECT_EQ(rows[0].phase, "h2d");
      EXPECT_EQ(rows[3].phase, "total");
      // Each run's total is the sum of its phases, so the means add up exactly. (The medians
      // need not: with three runs on a busy CI machine one slow phase moved the total's
      // median to 1.22 ms while the phases' medians summed to 0.34.)
      const double phases = rows[0].time.mean_ms + rows[1].time.mean_ms + rows[2].time.mean_ms;
      EXPECT_NEAR(rows[3].time.mean_ms, phases, 1e-9 * phases);
    }
  }
}

TEST(GlBench, MatmulRowsAndTheSoftwareLimits) {
  WHYGPU_REQUIRE_GL();
  GlRenderer renderer;
  ASSERT_TRUE(gl_thread().wait_ready(&renderer));
  std::vector<Measurement> rows;
  Status s = gl_thread().run([&](GlCompute& gl) { return run_gl_matmul(gl, GlKernel::MatmulFragment, 97, quick(), &rows); });
  ASSERT_TRUE(s) << s.message();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].state, RowState::Measured) << rows[0].note;
  EXPECT_DOUBLE_EQ(rows[0].flop, 2.0 * 97 * 97 * 97);
  EXPECT_GT(rows[0].gflops(), 0.0);
  if (!renderer.software) return;
  rows.clear();
  s = gl_thread().run([&](GlCompute& gl) {
    return run_gl_matmul(gl, GlKernel::MatmulComputeTiled, 2 * kSoftwareMatmulMaxN, quick(), &rows);
  });
  ASSERT_TRUE(s) << s.message();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].state, RowState::Absent);
  EXPECT_NE(rows[0].note.find("runs on the CPU"), std::string::npos) << rows[0].note;
  rows.clear();
  s = gl_thread().run([&](GlCompute& gl) {
    return run_gl_vector_add(gl, {GlKernel::VectorAddFragment, true}, 2 * kSoftwareVectorAddMaxN, quick(), &rows);
  });
  ASSERT_TRUE(s) << s.message();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].state, RowState::Absent);
  EXPECT_EQ(rows[0].phase, "total");
  EXPECT_NE(rows[0].note.find("skipped above 2^24"), std::string::npos) << rows[0].note;
}

TEST(GlBench, SweepJobsRunOnTheGlThreadAndStopOnCancel) {
  WHYGPU_REQUIRE_GL();
  std::atomic<bool> cancel{false};
  kernels::BenchOptions options = quick();
  options.measure.cancel = &cancel;
  const auto jobs = gl_matmul_jobs(testing::shared_gl_thread(), {GlKernel::MatmulFragment}, {16, 33, 64}, options);
  ASSERT_EQ(jobs.size(), 3u);
  kernels::SweepCallbacks callbacks;
  callbacks.cancel = &cancel;
  callbacks.on_row = [&](const Measurement& r) {
    if (r.size == 33) cancel = true;
  };
  std::vector<Measurement> rows;
  const Status s = kernels::run_sweep(jobs, callbacks, &rows);
  EXPECT_TRUE(is_cancelled(s)) << s.message();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].size, 33);
  EXPECT_EQ(rows[1].state, RowState::Measured) << rows[1].note;
}

}  // namespace
}  // namespace whygpu::app
