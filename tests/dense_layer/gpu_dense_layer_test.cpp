// The dense layer's GPU kernels against float64: the batched product, the bias add and
// the sigmoid as three kernels, and the fused kernel; fresh random inputs, NaN-poisoned
// outputs, sizes that are not multiples of any block.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "compute/dense_layer/dense_bench.h"
#include "compute/kernels/vector_ops.h"
#include "tests/gpu_test_support.h"
#include "tests/kernels/check_support.h"

namespace whygpu::dense_layer {
namespace {

using kernels::DenseKernels;
using kernels::testing::poisoned;
using kernels::testing::random_vector;
using kernels::testing::relative_error;

std::vector<double> reference(const std::vector<float>& w, const std::vector<float>& x, const std::vector<float>& b,
                              int out, int in, int batch) {
  std::vector<double> y(static_cast<std::size_t>(out) * batch);
  for (int s = 0; s < batch; ++s)
    for (int r = 0; r < out; ++r) {
      double z = b[static_cast<std::size_t>(r)];
      for (int k = 0; k < in; ++k)
        z += double(w[static_cast<std::size_t>(r) * in + k]) * x[static_cast<std::size_t>(s) * in + k];
      y[static_cast<std::size_t>(s) * out + r] = kernels::sigmoid_reference(z);
    }
  return y;
}

TEST(GpuDenseLayer, ThreeKernelsAndFusedMatchFloat64) {
  WHYGPU_REQUIRE_GPU();
  for (const DenseSizes& k : {DenseSizes{1, 1, 1}, DenseSizes{65, 63, 1}, DenseSizes{10, 64, 67},
                              DenseSizes{1000, 784, 3}, DenseSizes{129, 1025, 33}}) {
    const std::uint64_t seed = kernels::fresh_seed();
    const auto w = random_vector(static_cast<std::size_t>(k.out) * k.in, seed);
    const auto x = random_vector(static_cast<std::size_t>(k.in) * k.batch, seed + 1);
    const auto b = random_vector(static_cast<std::size_t>(k.out), seed + 2);
    const std::vector<double> ref = reference(w, x, b, k.out, k.in, k.batch);
    for (DenseKernels how : {DenseKernels::Three, DenseKernels::Fused}) {
      auto y = poisoned(ref.size());
      ASSERT_TRUE(kernels::gpu_dense_layer(w.data(), x.data(), b.data(), y.data(), k.out, k.in, k.batch, how));
      EXPECT_LT(relative_error(y, ref), 1e-5) << k.text() << (how == DenseKernels::Fused ? " fused" : " three");
    }
  }
  float v[1] = {};
  EXPECT_FALSE(kernels::gpu_dense_layer(v, v, v, v, 1, 1, 0));
}

TEST(GpuDenseLayer, MeasurementChecksBothAndTimesEachKernel) {
  WHYGPU_REQUIRE_GPU();
  MeasureOptions options;
  options.repeats = 5;
  DenseTiming t;
  ASSERT_TRUE(measure_dense_layer({257, 129, 7}, options, &t));
  ASSERT_TRUE(t.gpu_measured) << t.gpu_note;
  EXPECT_LT(t.three_error, 1e-4);
  EXPECT_LT(t.fused_error, 1e-4);
  for (const TimingStats* s : {&t.product, &t.add, &t.sigmoid, &t.three, &t.fused}) {
    EXPECT_EQ(s->repeats, 5);
    EXPECT_GT(s->median_ms, 0.0);
  }
  // The three back to back include each of them.
  EXPECT_GE(t.three.median_ms, t.product.median_ms);
  EXPECT_GT(t.fused_speedup(), 0.0);
}

}  // namespace
}  // namespace whygpu::dense_layer
