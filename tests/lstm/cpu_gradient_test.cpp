// The CPU backward pass against central finite differences of the forward pass, in
// double precision, on every parameter of a small model.
#include <gtest/gtest.h>

#include <cmath>

#include "compute/lstm/cpu_network.h"
#include "tests/lstm/test_support.h"

namespace whygpu::lstm {
namespace {

double loss_of(CpuNetwork<double>& net, const std::vector<double>& params, const SequenceBatch& b,
               const std::vector<double>& h0, const std::vector<double>& c0, std::vector<double>* scratch) {
  net.forward(params.data(), b.inputs.data(), b.length, b.batch, h0.data(), c0.data());
  return net.backward(params.data(), b.targets.data(), scratch->data());
}

TEST(CpuGradient, MatchesFiniteDifferencesOnEveryParameter) {
  const LstmShape shape{7, 5, 6};
  const SequenceBatch b = testing::random_batch(shape, 3, 5, 11);
  const std::vector<double> h0 = testing::convert<double>(b.h0), c0 = testing::convert<double>(b.c0);
  // Larger weights than the initial ones, so the gates leave their linear middle.
  std::vector<double> params = testing::convert<double>(initial_weights(shape, 5).values);
  for (double& p : params) p *= 1.5;
  CpuNetwork<double> net(shape);
  std::vector<double> grads(params.size()), scratch(params.size());
  loss_of(net, params, b, h0, c0, &scratch);
  grads = scratch;

  const double eps = 1e-6;
  std::vector<double> numeric(params.size());
  for (std::size_t i = 0; i < params.size(); ++i) {
    const double keep = params[i];
    params[i] = keep + eps;
    const double up = loss_of(net, params, b, h0, c0, &scratch);
    params[i] = keep - eps;
    const double down = loss_of(net, params, b, h0, c0, &scratch);
    params[i] = keep;
    numeric[i] = (up - down) / (2 * eps);
  }
  EXPECT_LT(testing::relative_error(grads, numeric), 1e-7);
  // Every block of the layout is checked on its own too, so a small block cannot hide.
  const ParameterLayout p = parameter_layout(shape);
  const std::size_t edges[] = {p.embedding, p.input_weights, p.recurrent_weights, p.gate_bias,
                               p.output_weights, p.output_bias, p.total};
  for (int k = 0; k + 1 < 7; ++k) {
    const std::vector<double> a(grads.begin() + static_cast<std::ptrdiff_t>(edges[k]),
                                grads.begin() + static_cast<std::ptrdiff_t>(edges[k + 1]));
    const std::vector<double> n(numeric.begin() + static_cast<std::ptrdiff_t>(edges[k]),
                                numeric.begin() + static_cast<std::ptrdiff_t>(edges[k + 1]));
    EXPECT_LT(testing::relative_error(a, n), 1e-6) << "block " << k;
  }
}

TEST(CpuGradient, FloatNetworkAgreesWithDouble) {
  const LstmShape shape{13, 9, 20};
  const SequenceBatch b = testing::random_batch(shape, 5, 9, 12);
  const ModelWeights w = initial_weights(shape, 6);
  CpuNetwork<float> f(shape);
  CpuNetwork<double> d(shape);
  std::vector<float> gf(w.values.size());
  std::vector<double> gd(w.values.size());
  const std::vector<double> params = testing::convert<double>(w.values);
  f.forward(w.values.data(), b.inputs.data(), b.length, b.batch, b.h0.data(), b.c0.data());
  const std::vector<double> h0 = testing::convert<double>(b.h0), c0 = testing::convert<double>(b.c0);
  d.forward(params.data(), b.inputs.data(), b.length, b.batch, h0.data(), c0.data());
  EXPECT_LT(testing::relative_error(f.hidden_states(), d.hidden_states()), 1e-5);
  const float lf = f.backward(w.values.data(), b.targets.data(), gf.data());
  const double ld = d.backward(params.data(), b.targets.data(), gd.data());
  EXPECT_NEAR(lf, ld, 1e-5 * ld);
  EXPECT_LT(testing::relative_error(gf, gd), 1e-4);
}

}  // namespace
}  // namespace whygpu::lstm
