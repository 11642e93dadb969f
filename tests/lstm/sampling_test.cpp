#include "compute/lstm/sampling.h"

#include <gtest/gtest.h>

#include <numeric>

#include "compute/core/split_mix.h"
#include "compute/lstm/text_generator.h"

namespace whygpu::lstm {
namespace {

TEST(Sampling, TemperatureTowardsZeroIsArgmax) {
  const std::vector<float> logits = {0.3f, 2.0f, 1.99f, -4.0f};
  std::vector<float> p;
  softmax_at_temperature(logits, 0.0f, &p);
  EXPECT_EQ(p, (std::vector<float>{0, 1, 0, 0}));
  SplitMix64 random(1);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(draw(p, random.uniform()), 1);
  softmax_at_temperature(logits, 0.01f, &p);  // just above the greedy limit: nearly one-hot
  EXPECT_GT(p[1], 0.5f);
  EXPECT_GT(p[1], p[2]);
}

TEST(Sampling, SoftmaxSumsToOneAndTemperatureSharpens) {
  const std::vector<float> logits = {1.0f, 2.0f, 3.0f};
  std::vector<float> warm, cool;
  softmax_at_temperature(logits, 2.0f, &warm);
  softmax_at_temperature(logits, 0.5f, &cool);
  EXPECT_NEAR(std::accumulate(warm.begin(), warm.end(), 0.0f), 1.0f, 1e-6f);
  EXPECT_NEAR(std::accumulate(cool.begin(), cool.end(), 0.0f), 1.0f, 1e-6f);
  EXPECT_GT(cool[2], warm[2]);
  EXPECT_LT(cool[0], warm[0]);
}

TEST(Sampling, DrawFollowsTheProbabilities) {
  const std::vector<float> p = {0.2f, 0.0f, 0.8f};
  SplitMix64 random(2);
  int counts[3] = {0, 0, 0};
  for (int i = 0; i < 10000; ++i) ++counts[draw(p, random.uniform())];
  EXPECT_EQ(counts[1], 0);
  EXPECT_NEAR(counts[0] / 10000.0, 0.2, 0.02);
  EXPECT_EQ(draw(p, 0.9999999), 2);
}

TEST(TextGenerator, PrimeStepAndHistory) {
  Vocabulary v;
  ASSERT_TRUE(Vocabulary::from_text(U"abc \n", &v));
  std::unique_ptr<Generator> g;
  ASSERT_TRUE(make_cpu_generator(initial_weights({v.size(), 4, 8}, 3), &g));
  TextGenerator text(std::move(g), v, 9);
  ASSERT_TRUE(text.prime(U"ab", 0.0f));
  ASSERT_EQ(text.history().size(), 2u);
  EXPECT_TRUE(text.history()[0].primed);
  EXPECT_EQ(text.history()[1].input_char, U'b');
  // At temperature 0 the drawn character is the argmax of the logits.
  const GenerationStep& last = *text.latest();
  int best = 0;
  for (int i = 1; i < v.size(); ++i)
    if (last.cell.logits[static_cast<std::size_t>(i)] > last.cell.logits[static_cast<std::size_t>(best)]) best = i;
  EXPECT_EQ(last.drawn, best);
  ASSERT_TRUE(text.step(1.0f));
  EXPECT_FALSE(text.latest()->primed);
  EXPECT_EQ(text.latest()->input_char, last.drawn_char);
  EXPECT_EQ(text.latest()->index, 2);
  EXPECT_EQ(text.latest()->cell.gates.size(), 32u);
  EXPECT_FALSE(text.prime(U"abz", 1.0f));  // 'z' is not in the vocabulary
  ASSERT_TRUE(text.prime(U"", 1.0f));         // an empty prime starts at a line break
  EXPECT_EQ(text.history()[0].input_char, U'\n');
}

TEST(TextGenerator, EmptyPrimeWithoutLineBreaksStartsAtTheFirstCharacter) {
  Vocabulary v;
  ASSERT_TRUE(Vocabulary::from_text(U"zyx", &v));
  std::unique_ptr<Generator> g;
  ASSERT_TRUE(make_cpu_generator(initial_weights({v.size(), 2, 4}, 3), &g));
  TextGenerator text(std::move(g), v, 1);
  ASSERT_TRUE(text.step(0.5f));  // stepping before any prime primes with nothing
  EXPECT_EQ(text.history()[0].input_char, U'x');
}

}  // namespace
}  // namespace whygpu::lstm
