#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "compute/lstm/bench.h"
#include "compute/lstm/corpus.h"
#include "compute/lstm/cpu_network.h"
#include "compute/lstm/session.h"
#include "compute/lstm/text_streams.h"
#include "compute/lstm/trainer.h"
#include "tests/lstm/test_support.h"

namespace whygpu::lstm {
namespace {

std::shared_ptr<Corpus> tiny_corpus() {
  std::u32string text;
  for (int i = 0; i < 60; ++i) text += U"the quick brown fox jumps over the lazy dog. ";
  auto corpus = std::make_shared<Corpus>();
  EXPECT_TRUE(corpus_from_text(text, "tiny", corpus.get()));
  return corpus;
}

// A CPU session small enough to train hundreds of steps in milliseconds.
SessionConfig tiny_session_config(int sample_every) {
  SessionConfig config;
  config.device = Device::kCpu;
  config.embed = 8;
  config.hidden = 16;
  config.training = {4, 8};
  config.sample_every = sample_every;
  return config;
}

TEST(TextStreams, ChunksFollowEachStreamAndTargetsAreTheNextCharacters) {
  std::vector<TokenId> text(103);
  for (std::size_t i = 0; i < text.size(); ++i) text[i] = static_cast<TokenId>(i);
  TextStreams streams;
  ASSERT_TRUE(TextStreams::create(text.size(), {4, 5}, &streams));
  EXPECT_EQ(streams.segment(), 25u);
  EXPECT_EQ(streams.chunks_per_pass(), 4);  // (25 - 1) / 5
  std::vector<int> in(20), out(20);
  streams.fill(text.data(), 2, in.data(), out.data());
  EXPECT_EQ(in[0 * 4 + 1], 25 + 10);  // t = 0, stream 1
  EXPECT_EQ(in[4 * 4 + 3], 75 + 14);  // t = 4, stream 3
  for (int i = 0; i < 20; ++i) EXPECT_EQ(out[i], in[i] + 1);
  TextStreams small;
  const Status s = TextStreams::create(20, {4, 5}, &small);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("at least 24"), std::string::npos) << s.message();
}

TEST(CpuTrainer, TrainingOnATinyTextReducesTheLoss) {
  const auto corpus = tiny_corpus();
  const LstmShape shape{corpus->vocabulary.size(), 8, 32};
  TrainerConfig config{shape, {4, 16}, OptimizerConfig{}};
  config.optimizer.learning_rate = 1e-2f;
  std::unique_ptr<Trainer> trainer;
  ASSERT_TRUE(make_cpu_trainer(config, initial_weights(shape, 1),
                               std::shared_ptr<const std::vector<TokenId>>(corpus, &corpus->tokens), &trainer));
  TrainingProgress first, last;
  ASSERT_TRUE(trainer->train(5));
  ASSERT_TRUE(trainer->collect(&first));
  ASSERT_TRUE(trainer->train(150));
  ASSERT_TRUE(trainer->train(20));
  ASSERT_TRUE(trainer->collect(&last));
  EXPECT_EQ(last.steps, 175);
  EXPECT_EQ(last.new_steps, 170);
  EXPECT_GT(first.mean_loss, 2.5);  // about ln(28) = 3.3 at the start
  EXPECT_LT(last.mean_loss, 0.5 * first.mean_loss);
}

// evaluate() reads a text as training does (streams, state carried, one pass), forward
// only: its loss against the double-precision network run chunk by chunk, and training
// after an evaluation goes on exactly as without one.
TEST(CpuTrainer, EvaluatesAHeldOutTextWithoutDisturbingTraining) {
  const auto corpus = tiny_corpus();
  const LstmShape shape{corpus->vocabulary.size(), 8, 24};
  const std::vector<TokenId>& all = corpus->tokens;
  const auto cut = static_cast<std::ptrdiff_t>(held_out_begin(all.size()));
  auto train_text = std::make_shared<const std::vector<TokenId>>(all.begin(), all.begin() + cut);
  const std::vector<TokenId> held_out(all.begin() + cut, all.end());
  const TrainerConfig config{shape, {3, 10}, OptimizerConfig{}};
  std::unique_ptr<Trainer> evaluated, plain;
  ASSERT_TRUE(make_cpu_trainer(config, initial_weights(shape, 4), train_text, &evaluated));
  ASSERT_TRUE(make_cpu_trainer(config, initial_weights(shape, 4), train_text, &plain));
  ASSERT_TRUE(evaluated->train(3));
  double loss = 0.0, again = 0.0;
  ASSERT_TRUE(evaluated->evaluate(held_out, &loss));
  ASSERT_TRUE(evaluated->evaluate(held_out, &again));
  EXPECT_EQ(loss, again);

  ModelWeights w;
  ASSERT_TRUE(evaluated->get_weights(&w));
  TextStreams streams;
  ASSERT_TRUE(TextStreams::create(held_out.size(), config.training, &streams));
  ASSERT_GE(streams.chunks_per_pass(), 2);  // so the carried state matters
  CpuNetwork<double> reference(shape);
  const std::vector<double> params = testing::convert<double>(w.values);
  std::vector<int> inputs(30), targets(30);
  std::vector<double> h(3 * 24, 0.0), c(h), grads(params.size());
  double total = 0.0;
  for (int chunk = 0; chunk < streams.chunks_per_pass(); ++chunk) {
    streams.fill(held_out.data(), chunk, inputs.data(), targets.data());
    reference.forward(params.data(), inputs.data(), 10, 3, h.data(), c.data());
    total += reference.backward(params.data(), targets.data(), grads.data());
    h.assign(reference.hidden_states().end() - 3 * 24, reference.hidden_states().end());
    c.assign(reference.cell_states().end() - 3 * 24, reference.cell_states().end());
  }
  EXPECT_NEAR(loss, total / streams.chunks_per_pass(), 1e-5 * loss);

  ASSERT_TRUE(evaluated->train(4));
  ASSERT_TRUE(plain->train(7));
  ModelWeights after_evaluation, after_plain;
  ASSERT_TRUE(evaluated->get_weights(&after_evaluation));
  ASSERT_TRUE(plain->get_weights(&after_plain));
  EXPECT_LT(testing::relative_error(after_evaluation.values, after_plain.values), 1e-6);

  double unused = 0.0;
  const Status short_text = evaluated->evaluate(std::vector<TokenId>(20, 0), &unused);
  ASSERT_FALSE(short_text);
  EXPECT_NE(short_text.message().find("at least 33"), std::string::npos) << short_text.message();
}

// PyTorch's initialisation (model.h), which BENCH.md shows learning faster per step.
TEST(InitialWeights, FollowPyTorchsInitialisationAndTheSeed) {
  const LstmShape shape{90, 64, 100};
  const ModelWeights w = initial_weights(shape, 9);
  const ParameterLayout p = parameter_layout(shape);
  const double k = 0.1;  // 1 / sqrt(hidden)
  auto stats = [&](std::size_t begin, std::size_t end, double* mean, double* sd, double* largest) {
    double sum = 0.0, squares = 0.0;
    *largest = 0.0;
    for (std::size_t i = begin; i < end; ++i) {
      sum += w.values[i];
      squares += static_cast<double>(w.values[i]) * w.values[i];
      *largest = std::max(*largest, std::abs(static_cast<double>(w.values[i])));
    }
    const double n = static_cast<double>(end - begin);
    *mean = sum / n;
    *sd = std::sqrt(squares / n - *mean * *mean);
  };
  double mean, sd, largest;
  stats(p.embedding, p.input_weights, &mean, &sd, &largest);  // 5760 draws of N(0, 1)
  EXPECT_NEAR(mean, 0.0, 0.05);
  EXPECT_NEAR(sd, 1.0, 0.05);
  EXPECT_GT(largest, 3.0);  // a normal's tail, which no uniform in +-sqrt(3) has
  stats(p.input_weights, p.gate_bias, &mean, &sd, &largest);  // uniform in +-k: sd k / sqrt(3)
  EXPECT_LE(largest, k);
  EXPECT_NEAR(sd, k / std::sqrt(3.0), 0.002);
  stats(p.gate_bias, p.output_weights, &mean, &sd, &largest);  // two uniform draws summed: sd k sqrt(2/3)
  EXPECT_LE(largest, 2 * k);
  EXPECT_NEAR(sd, k * std::sqrt(2.0 / 3.0), 0.01);
  stats(p.output_weights, p.total, &mean, &sd, &largest);  // the dense layer and its bias
  EXPECT_LE(largest, k);
  EXPECT_NEAR(sd, k / std::sqrt(3.0), 0.002);
  stats(p.output_bias, p.total, &mean, &sd, &largest);
  EXPECT_GT(sd, 0.02);  // not zero
  EXPECT_EQ(initial_weights(shape, 9).values, w.values);
  EXPECT_NE(initial_weights(shape, 10).values, w.values);
}

TEST(Bench, HoldsOutTheLastTwentiethOfTheText) {
  EXPECT_EQ(held_out_begin(100), 95u);
  EXPECT_EQ(held_out_begin(10760296), 10760296u - 538014u);
  EXPECT_EQ(held_out_begin(19), 19u);  // nothing to hold out
}

// "After 500 steps" means 500: a fast trainer grows its slices past any goal the UI
// checks once a frame (the H200 reached step 658 in demo 2), so the session cuts the last
// slice to the goal and pauses itself there; a second start with the goal reached does nothing.
TEST(TrainingSession, StopsAtExactlyTheStepItWasStartedFor) {
  const SessionConfig config = tiny_session_config(0);
  std::unique_ptr<TrainingSession> session;
  ASSERT_TRUE(TrainingSession::create(config, tiny_corpus(), nullptr, &session));
  for (const long long goal : {37LL, 301LL}) {
    session->start(goal);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (session->metrics().running && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const SessionMetrics m = session->metrics();
    EXPECT_FALSE(m.running);
    EXPECT_TRUE(m.error.empty()) << m.error.english();
    EXPECT_EQ(m.steps, goal);
    EXPECT_EQ(session->loss_history().back().step, goal);
  }
  session->start(301);
  EXPECT_FALSE(session->metrics().running);
  EXPECT_EQ(session->metrics().steps, 301);
}

TEST(TrainingSession, TrainsOnAWorkerThreadAndPublishesMetricsAndSamples) {
  SessionConfig config = tiny_session_config(20);
  config.sample_length = 30;
  std::unique_ptr<TrainingSession> session;
  ASSERT_TRUE(TrainingSession::create(config, tiny_corpus(), nullptr, &session));
  EXPECT_FALSE(session->metrics().running);
  session->start();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (session->samples().empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  session->pause();
  const SessionMetrics m = session->metrics();
  EXPECT_TRUE(m.error.empty()) << m.error.english();
  EXPECT_GE(m.steps, 20);
  EXPECT_GT(m.characters_per_second, 0.0);
  EXPECT_GT(m.loss, 0.0);
  ASSERT_FALSE(session->samples().empty());
  EXPECT_EQ(session->samples()[0].text.substr(0, 3), "he ");  // the text has no 'T'
  EXPECT_EQ(session->samples()[0].text.size(), 3u + 30u);
  EXPECT_FALSE(session->loss_history().empty());
  // A step-by-step generator from the current weights, used while paused.
  std::unique_ptr<TextGenerator> generator;
  ASSERT_TRUE(session->make_text_generator(Device::kCpu, 3, &generator));
  ASSERT_TRUE(generator->prime(U"the", 1.0f));
  ASSERT_TRUE(generator->step(1.0f));
  EXPECT_EQ(generator->history().size(), 4u);
  EXPECT_EQ(generator->latest()->cell.hidden.size(), 16u);
}

}  // namespace
}  // namespace whygpu::lstm
