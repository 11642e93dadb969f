#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "compute/cnn/trainer.h"
#include "tests/cnn/synthetic_data.h"

namespace whygpu::cnn {
namespace {

std::unique_ptr<Trainer> make_cpu(int batch, std::uint64_t seed = 3) {
  TrainerOptions options;
  options.batch_size = batch;
  options.seed = seed;
  options.cpu_threads = 2;
  std::unique_ptr<Trainer> trainer;
  EXPECT_TRUE(create_cpu_trainer(options, &trainer).is_ok());
  return trainer;
}

TEST(CpuTrainer, LearnsBarsQuickly) {
  const Dataset data = testing::bar_dataset(128, 4, 1);
  auto trainer = make_cpu(32);
  ASSERT_TRUE(trainer->set_training_data(data).is_ok());
  std::vector<StepMetrics> metrics;
  ASSERT_TRUE(trainer->train(40, &metrics).is_ok());
  ASSERT_EQ(metrics.size(), 40u);
  const float first = metrics[0].loss;
  const float last = (metrics[36].loss + metrics[37].loss + metrics[38].loss + metrics[39].loss) / 4;
  EXPECT_GT(first, 1.0f);
  EXPECT_LT(last, 0.3f * first);
  Evaluation eval;
  ASSERT_TRUE(trainer->evaluate(data, &eval).is_ok());
  EXPECT_EQ(eval.count, 128);
  EXPECT_GT(eval.accuracy, 0.9);
  int total = 0;
  for (const auto& row : eval.confusion) total = std::accumulate(row.begin(), row.end(), total);
  EXPECT_EQ(total, 128);
  const TrainProgress progress = trainer->progress();
  EXPECT_EQ(progress.steps, 40);
  EXPECT_EQ(progress.images_seen, 40 * 32);
  EXPECT_EQ(progress.epochs_completed, 9);  // 4 batches an epoch
}

TEST(CpuTrainer, SameSeedSameWeights) {
  const Dataset data = testing::noise_dataset(50, 2);
  auto a = make_cpu(16, 9), b = make_cpu(16, 9), c = make_cpu(16, 10);
  for (auto* t : {a.get(), b.get(), c.get()}) {
    ASSERT_TRUE(t->set_training_data(data).is_ok());
    ASSERT_TRUE(t->train(3, nullptr).is_ok());
  }
  std::vector<float> pa, pb, pc;
  a->get_parameters(&pa);
  b->get_parameters(&pb);
  c->get_parameters(&pc);
  EXPECT_EQ(pa, pb);
  EXPECT_NE(pa, pc);
  ASSERT_TRUE(a->reset(9).is_ok());
  a->get_parameters(&pa);
  EXPECT_EQ(pa, initial_parameters(9));
}

TEST(CpuTrainer, InfersOneImageWithEveryLayersActivations) {
  auto trainer = make_cpu(8);
  const Dataset data = testing::bar_dataset(1, 1, 4);
  Inference inference;
  ASSERT_TRUE(trainer->infer(data.image(0), &inference).is_ok());
  float sum = 0;
  for (float p : inference.probabilities) sum += p;
  EXPECT_NEAR(sum, 1.0f, 1e-5f);
  for (int l = 0; l < kLayerCount; ++l)
    EXPECT_EQ(inference.activations[l].size(), static_cast<std::size_t>(kLayerShapes[l].size())) << kLayerShapes[l].name;
  EXPECT_FLOAT_EQ(inference.activations[0][5 * kImageSide + 10], 1.0f);  // the bar, 255/255
  for (int i = 0; i < kClasses; ++i)
    EXPECT_FLOAT_EQ(inference.activations[kLayerCount - 1][i], inference.probabilities[i]);
  EXPECT_EQ(inference.predicted,
            std::max_element(inference.probabilities.begin(), inference.probabilities.end()) - inference.probabilities.begin());
}

TEST(CpuTrainer, RefusesBadSettings) {
  auto trainer = make_cpu(8);
  EXPECT_FALSE(trainer->train(1, nullptr).is_ok()) << "no data yet";
  EXPECT_FALSE(trainer->set_batch_size(0).is_ok());
  EXPECT_FALSE(trainer->set_batch_size(kMaxBatch + 1).is_ok());
  ASSERT_TRUE(trainer->set_training_data(testing::noise_dataset(10, 1)).is_ok());
  EXPECT_FALSE(trainer->set_batch_size(11).is_ok()) << "larger than the data set";
  EXPECT_FALSE(trainer->set_parameters(std::vector<float>(5)).is_ok());
  Dataset empty;
  EXPECT_FALSE(trainer->set_training_data(empty).is_ok());
  Evaluation eval;
  EXPECT_FALSE(trainer->evaluate(empty, &eval).is_ok());
}

}  // namespace
}  // namespace whygpu::cnn
