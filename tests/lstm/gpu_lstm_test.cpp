// The GPU trainer and generator against the CPU reference in double precision: the same
// weights and batch, fresh random inputs, odd sizes (a batch that is not a multiple of
// the 4 rows a cluster takes), outputs poisoned with NaN before each run (the trainer
// fills its work buffers with NaN when made; the generator's results start as NaN).
#include <gtest/gtest.h>

#include <cmath>

#include <chrono>
#include <thread>

#include "compute/lstm/cpu_network.h"
#include "compute/lstm/session.h"
#include "compute/lstm/generator.h"
#include "compute/lstm/trainer.h"
#include "tests/gpu_test_support.h"
#include "tests/lstm/test_support.h"

namespace whygpu::lstm {
namespace {

struct Case {
  int hidden;
  GpuRecurrence recurrence;
};

class GpuAgreement : public ::testing::TestWithParam<Case> {};

TEST_P(GpuAgreement, ForwardGradientsAndOneAdamStepMatchTheCpu) {
  WHYGPU_REQUIRE_GPU();
  const Case c = GetParam();
  const LstmShape shape{37, 11, c.hidden};
  const int batch = 5, length = 7;
  const SequenceBatch b = testing::random_batch(shape, batch, length, 1000 + c.hidden);
  ModelWeights w = initial_weights(shape, 77 + c.hidden);
  for (float& v : w.values) v *= 1.5f;  // gates away from their linear middle

  TrainerConfig config{shape, {batch, length}, OptimizerConfig{}};
  config.optimizer.clip_norm = 0.05f;  // below the gradient norm, so clipping is tested
  std::unique_ptr<Trainer> gpu;
  Status made = make_gpu_trainer(config, w, nullptr, GpuTrainerOptions{c.recurrence, true}, &gpu);
  if (!made && c.recurrence == GpuRecurrence::kPersistentCluster && gpu_info().compute_major < 9)
    GTEST_SKIP() << made.message();
  ASSERT_TRUE(made) << made.message();

  ForwardBackwardResult out;
  out.gradients.assign(w.values.size(), NAN);
  ASSERT_TRUE(gpu->forward_backward(b, &out));

  CpuNetwork<double> ref(shape);
  const std::vector<double> params = testing::convert<double>(w.values);
  const std::vector<double> h0 = testing::convert<double>(b.h0), c0 = testing::convert<double>(b.c0);
  ref.forward(params.data(), b.inputs.data(), length, batch, h0.data(), c0.data());
  std::vector<double> grads(params.size());
  const double loss = ref.backward(params.data(), b.targets.data(), grads.data());

  EXPECT_NEAR(out.loss, loss, 1e-5 * loss);
  EXPECT_LT(testing::relative_error(out.hidden_states, ref.hidden_states()), 1e-5);
  EXPECT_LT(testing::relative_error(out.cell_states, ref.cell_states()), 1e-5);
  EXPECT_LT(testing::relative_error(out.gradients, grads), 1e-4);
  const ParameterLayout p = parameter_layout(shape);
  const std::size_t edges[] = {p.embedding, p.input_weights, p.recurrent_weights, p.gate_bias,
                               p.output_weights, p.output_bias, p.total};
  for (int k = 0; k + 1 < 7; ++k) {
    const std::vector<float> g(out.gradients.begin() + static_cast<std::ptrdiff_t>(edges[k]),
                               out.gradients.begin() + static_cast<std::ptrdiff_t>(edges[k + 1]));
    const std::vector<double> r(grads.begin() + static_cast<std::ptrdiff_t>(edges[k]),
                                grads.begin() + static_cast<std::ptrdiff_t>(edges[k + 1]));
    EXPECT_LT(testing::relative_error(g, r), 1e-4) << "parameter block " << k;
  }

  // One Adam step from zero moments: w -= lr * g' / (|g'| + eps) with g' the clipped
  // gradient. Where the gradient is nearly zero its sign is not well determined, so those
  // elements only have to stay within one step size.
  ASSERT_TRUE(gpu->apply_gradients());
  ModelWeights after;
  ASSERT_TRUE(gpu->get_weights(&after));
  double norm = 0.0, largest = 0.0;
  for (double g : grads) {
    norm += g * g;
    largest = std::max(largest, std::abs(g));
  }
  norm = std::sqrt(norm);
  ASSERT_GT(norm, config.optimizer.clip_norm);
  const double scale = config.optimizer.clip_norm / norm, lr = config.optimizer.learning_rate;
  std::vector<double> step_gpu, step_ref;
  for (std::size_t i = 0; i < params.size(); ++i) {
    const double g = grads[i] * scale;
    const double moved = static_cast<double>(after.values[i]) - w.values[i];
    ASSERT_LE(std::abs(moved), lr * 1.001 + 1e-6) << "parameter " << i;
    if (std::abs(grads[i]) > 1e-3 * largest) {
      step_gpu.push_back(moved);
      step_ref.push_back(-lr * g / (std::abs(g) + config.optimizer.epsilon));
    }
  }
  ASSERT_GT(step_ref.size(), params.size() / 4);
  EXPECT_LT(testing::relative_error(step_gpu, step_ref), 1e-3);
}

INSTANTIATE_TEST_SUITE_P(Lstm, GpuAgreement,
                         ::testing::Values(Case{32, GpuRecurrence::kPersistentCluster},
                                           Case{64, GpuRecurrence::kPersistentCluster},
                                           Case{128, GpuRecurrence::kPersistentCluster},
                                           Case{256, GpuRecurrence::kPersistentCluster},
                                           Case{20, GpuRecurrence::kPerStep},
                                           Case{128, GpuRecurrence::kPerStep}),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.recurrence == GpuRecurrence::kPerStep ? "PerStep" : "Cluster") +
                                  std::to_string(info.param.hidden);
                         });

// Training over a text (the device-side chunk gathering, state carried between chunks,
// the reset at a new pass, the graph replays) follows the CPU trainer, and so does the
// evaluation of a held-out text between two training steps, which must leave the
// training streams' carried state as it was.
TEST(GpuTrainer, TrainingOnATextFollowsTheCpuTrainer) {
  WHYGPU_REQUIRE_GPU();
  const LstmShape shape{23, 10, 64};
  auto text = std::make_shared<std::vector<TokenId>>();
  std::vector<TokenId> held_out;
  SplitMix64 random(5);
  for (int i = 0; i < 6 * 25; ++i) text->push_back(static_cast<TokenId>(random.next() % 23));  // 2 chunks a pass
  for (int i = 0; i < 6 * 40; ++i) held_out.push_back(static_cast<TokenId>(random.next() % 23));  // 3 chunks
  const TrainerConfig config{shape, {6, 12}, OptimizerConfig{}};
  const ModelWeights w = initial_weights(shape, 8);
  for (GpuRecurrence r : {GpuRecurrence::kAuto, GpuRecurrence::kPerStep}) {
    for (bool graph : {true, false}) {
      std::unique_ptr<Trainer> gpu, cpu;
      ASSERT_TRUE(make_gpu_trainer(config, w, text, GpuTrainerOptions{r, graph}, &gpu));
      ASSERT_TRUE(make_cpu_trainer(config, w, text, &cpu));
      TrainingProgress pg, pc;
      ASSERT_TRUE(gpu->train(3));  // mid-pass: the next step carries the state
      ASSERT_TRUE(cpu->train(3));
      double loss_gpu = NAN, loss_cpu = NAN;
      ASSERT_TRUE(gpu->evaluate(held_out, &loss_gpu));
      ASSERT_TRUE(cpu->evaluate(held_out, &loss_cpu));
      EXPECT_NEAR(loss_gpu, loss_cpu, 1e-4 * loss_cpu) << gpu->description().english();
      ASSERT_TRUE(gpu->train(2));
      ASSERT_TRUE(cpu->train(2));
      ASSERT_TRUE(gpu->collect(&pg));
      ASSERT_TRUE(cpu->collect(&pc));
      EXPECT_EQ(pg.steps, 5);
      EXPECT_EQ(pg.new_steps, 5);
      EXPECT_NEAR(pg.mean_loss, pc.mean_loss, 1e-4 * pc.mean_loss) << gpu->description().english();
      EXPECT_NEAR(pg.gradient_norm, pc.gradient_norm, 1e-3 * pc.gradient_norm) << gpu->description().english();
      ModelWeights wg, wc;
      ASSERT_TRUE(gpu->get_weights(&wg));
      ASSERT_TRUE(cpu->get_weights(&wc));
      EXPECT_LT(testing::relative_error(wg.values, wc.values), 1e-4) << gpu->description().english();
    }
  }
}

TEST(GpuTrainer, PersistentKernelRefusesSizesItIsNotBuiltFor) {
  WHYGPU_REQUIRE_GPU();
  const LstmShape shape{10, 4, 20};
  std::unique_ptr<Trainer> gpu;
  const Status s = make_gpu_trainer({shape, {3, 4}, OptimizerConfig{}}, initial_weights(shape, 1), nullptr,
                                    GpuTrainerOptions{GpuRecurrence::kPersistentCluster, true}, &gpu);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("persistent"), std::string::npos) << s.message();
}

// Two generation steps (the state carries over) against the CPU reference in double.
TEST(GpuGenerator, StepsMatchTheCpuReference) {
  WHYGPU_REQUIRE_GPU();
  for (int hidden : {20, 128}) {
    const LstmShape shape{37, 11, hidden};
    const ModelWeights w = initial_weights(shape, 40 + hidden);
    std::unique_ptr<Generator> gpu;
    ASSERT_TRUE(make_gpu_generator(w, &gpu));
    CpuNetwork<double> ref(shape);
    const std::vector<double> params = testing::convert<double>(w.values);
    std::vector<double> h(static_cast<std::size_t>(hidden), 0.0), c(h);
    for (int token : {5, 36, 0}) {
      CellTrace trace;
      trace.gates.assign(4 * static_cast<std::size_t>(hidden), NAN);
      ASSERT_TRUE(gpu->step(token, &trace));
      ref.forward(params.data(), &token, 1, 1, h.data(), c.data());
      h.assign(ref.hidden_states().begin() + hidden, ref.hidden_states().end());
      c.assign(ref.cell_states().begin() + hidden, ref.cell_states().end());
      EXPECT_LT(testing::relative_error(trace.gates, ref.gate_activations()), 1e-5) << hidden;
      EXPECT_LT(testing::relative_error(trace.hidden, h), 1e-5) << hidden;
      EXPECT_LT(testing::relative_error(trace.cell, c), 1e-5) << hidden;
      EXPECT_LT(testing::relative_error(trace.logits, ref.logits()), 1e-5) << hidden;
    }
    ASSERT_TRUE(gpu->reset());
    CellTrace again;
    ASSERT_TRUE(gpu->step(5, &again));
    ref.forward(params.data(), std::vector<int>{5}.data(), 1, 1, std::vector<double>(hidden, 0.0).data(),
                std::vector<double>(hidden, 0.0).data());
    EXPECT_LT(testing::relative_error(again.hidden, std::vector<double>(ref.hidden_states().begin() + hidden,
                                                                        ref.hidden_states().end())), 1e-5);
  }
}

// The session as the UI uses it, on the GPU: a worker thread trains, the loss falls,
// samples appear, and a step-by-step generator runs on the GPU while training is paused.
TEST(GpuSession, TrainsOnAWorkerThreadAndGeneratesStepByStep) {
  WHYGPU_REQUIRE_GPU();
  std::u32string text;
  for (int i = 0; i < 80; ++i) text += U"The quick brown fox jumps over the lazy dog. ";
  auto corpus = std::make_shared<Corpus>();
  ASSERT_TRUE(corpus_from_text(text, "tiny", corpus.get()));
  SessionConfig config;
  config.hidden = 64;
  config.embed = 16;
  config.training = {8, 16};
  config.optimizer.learning_rate = 1e-2f;
  config.sample_every = 200;
  config.sample_length = 40;
  std::unique_ptr<TrainingSession> session;
  const Status made = TrainingSession::create(config, corpus, nullptr, &session);
  ASSERT_TRUE(made) << made.message();
  session->start();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (session->samples().size() < 2 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  session->pause();
  const SessionMetrics m = session->metrics();
  EXPECT_TRUE(m.error.empty()) << m.error.english();
  ASSERT_GE(session->samples().size(), 2u);
  EXPECT_EQ(session->samples()[0].text.substr(0, 4), "The ");
  const std::vector<LossPoint> history = session->loss_history();
  ASSERT_GE(history.size(), 2u);
  EXPECT_LT(history.back().loss, 0.5 * history.front().loss) << m.trainer.english();
  std::unique_ptr<TextGenerator> generator;
  ASSERT_TRUE(session->make_text_generator(Device::kGpu, 1, &generator));
  ASSERT_TRUE(generator->prime(U"The quick", 0.0f));
  std::string continuation;
  ASSERT_TRUE(generator->generate(20, 0.0f, &continuation));
  EXPECT_EQ(continuation.size(), 20u);  // the tiny text is ASCII
  EXPECT_EQ(generator->history().size(), 9u + 20u);
  EXPECT_EQ(generator->generator().description().find("CPU"), std::string::npos);
}

}  // namespace
}  // namespace whygpu::lstm
