// The GPU back end against the CPU one: the kernels of one step against the float64 CPU
// reference on fresh random inputs with poisoned outputs, and the graph-driven GpuTrainer
// against the float CPU trainer over several steps, epochs and setting changes.
#include "compute/cnn/gpu_trainer.h"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "compute/cnn/cpu_network.h"
#include "tests/cnn/synthetic_data.h"
#include "tests/cnn/block_error.h"
#include "tests/gpu_test_support.h"

namespace whygpu::cnn {
namespace {

using testing::all_finite;
using testing::relative_error;

TEST(GpuStep, MatchesTheFloat64CpuReference) {
  WHYGPU_REQUIRE_GPU();
  ThreadPool pool(2);
  for (int batch : {1, 37, 64}) {
    SCOPED_TRACE("batch " + std::to_string(batch));
    std::mt19937 rng(1000 + batch);
    std::vector<float> params = initial_parameters(rng());
    std::uniform_real_distribution<float> small(-0.05f, 0.05f);
    for (const ParamBlock& block : kParamBlocks)
      if (block.is_bias)
        for (int i = 0; i < block.count; ++i) params[block.offset + i] = small(rng);
    std::vector<std::uint8_t> images(static_cast<std::size_t>(batch) * kImagePixels), labels(batch);
    for (auto& p : images) p = static_cast<std::uint8_t>(rng() % 256);
    for (auto& l : labels) l = static_cast<std::uint8_t>(rng() % kClasses);
    AdamConfig adam;
    adam.learning_rate = 2e-3f;

    GpuStepCheck gpu;
    const Status s = run_gpu_step_check(params, images, labels, adam, &gpu);
    ASSERT_TRUE(s.is_ok()) << s.message();
    ASSERT_TRUE(all_finite(gpu.probabilities) && all_finite(gpu.gradients) && all_finite(gpu.updated))
        << "an output was left unwritten (NaN poison) or overflowed";

    CpuWorkspace<double> ws;
    ws.resize(batch, true);
    for (std::size_t i = 0; i < images.size(); ++i) ws.x[i] = images[i] / 255.0;
    std::vector<double> p64(params.begin(), params.end()), g64(kParameterCount);
    cpu_forward(p64.data(), ws, batch, pool);
    const BatchLoss loss = cpu_loss_and_logit_gradient(ws, labels.data(), batch);
    cpu_backward(p64.data(), ws, batch, g64.data(), pool);
    std::vector<double> m(kParameterCount, 0.0), v(kParameterCount, 0.0), updated = p64;
    cpu_adam(updated.data(), g64.data(), m.data(), v.data(), 1, adam, pool);

    EXPECT_LT(relative_error(gpu.probabilities, ws.probs, 0, ws.probs.size()), 1e-5);
    EXPECT_NEAR(gpu.mean_loss, loss.loss_sum / batch, 1e-5 * loss.loss_sum / batch);
    EXPECT_EQ(gpu.correct, loss.correct);
    for (const ParamBlock& block : kParamBlocks)
      EXPECT_LT(relative_error(gpu.gradients, g64, block.offset, block.offset + block.count), 1e-4) << block.name;
    // Adam's first step moves each weight by about lr * sign(g): compare the moves.
    std::vector<double> gpu_move(kParameterCount), cpu_move(kParameterCount);
    for (int i = 0; i < kParameterCount; ++i) {
      gpu_move[i] = double(gpu.updated[i]) - params[i];
      cpu_move[i] = updated[i] - p64[i];
    }
    EXPECT_LT(relative_error(gpu_move, cpu_move, 0, kParameterCount), 1e-3);
  }
}

std::unique_ptr<Trainer> cpu_trainer(const TrainerOptions& options) {
  std::unique_ptr<Trainer> t;
  EXPECT_TRUE(create_cpu_trainer(options, &t).is_ok());
  return t;
}

std::unique_ptr<GpuTrainer> gpu_trainer(const TrainerOptions& options) {
  std::unique_ptr<GpuTrainer> t;
  const Status s = create_gpu_trainer(options, &t);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return t;
}

void expect_same_training(Trainer& cpu, Trainer& gpu, const std::vector<float>& start, int steps,
                          double tolerance) {
  std::vector<StepMetrics> mc, mg;
  ASSERT_TRUE(cpu.train(steps, &mc).is_ok());
  const Status s = gpu.train(steps, &mg);
  ASSERT_TRUE(s.is_ok()) << s.message();
  ASSERT_EQ(mg.size(), static_cast<std::size_t>(steps));
  for (int i = 0; i < steps; ++i) {
    EXPECT_NEAR(mg[i].loss, mc[i].loss, 1e-3 * mc[i].loss) << "step " << i;
    EXPECT_NEAR(mg[i].accuracy, mc[i].accuracy, 1.5f / cpu.batch_size()) << "step " << i;
  }
  std::vector<float> pc, pg;
  ASSERT_TRUE(cpu.get_parameters(&pc).is_ok());
  ASSERT_TRUE(gpu.get_parameters(&pg).is_ok());
  std::vector<double> dc(kParameterCount), dg(kParameterCount);
  for (int i = 0; i < kParameterCount; ++i) {
    dc[i] = double(pc[i]) - start[i];
    dg[i] = double(pg[i]) - start[i];
  }
  EXPECT_LT(relative_error(dg, dc, 0, kParameterCount), tolerance) << "weight changes differ";
  const TrainProgress a = cpu.progress(), b = gpu.progress();
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_EQ(a.epochs_completed, b.epochs_completed);
  EXPECT_EQ(a.epoch_position, b.epoch_position);
}

TEST(GpuTrainer, TrainsLikeTheCpuTrainerThroughEpochsAndSettingChanges) {
  WHYGPU_REQUIRE_GPU();
  TrainerOptions options;
  options.seed = 77;
  options.batch_size = 32;
  options.cpu_threads = 2;
  auto cpu = cpu_trainer(options);
  auto gpu = gpu_trainer(options);
  ASSERT_TRUE(gpu);
  const Dataset data = testing::bar_dataset(100, 10, 5);
  ASSERT_TRUE(cpu->set_training_data(data).is_ok());
  ASSERT_TRUE(gpu->set_training_data(data).is_ok());
  const std::vector<float> start = initial_parameters(77);
  std::vector<float> gpu_start;
  ASSERT_TRUE(gpu->get_parameters(&gpu_start).is_ok());
  EXPECT_EQ(gpu_start, start) << "same seed, identical initial weights";
  // 100 images, batch 32: 3 steps an epoch, so step 4 starts a reshuffled epoch.
  expect_same_training(*cpu, *gpu, start, 5, 2e-3);
  ASSERT_TRUE(cpu->set_batch_size(20).is_ok());
  ASSERT_TRUE(gpu->set_batch_size(20).is_ok());
  cpu->set_learning_rate(3e-3f);
  gpu->set_learning_rate(3e-3f);
  expect_same_training(*cpu, *gpu, start, 6, 5e-3);
}

TEST(GpuTrainer, GathersAugmentedBatchesLikeTheCpu) {
  WHYGPU_REQUIRE_GPU();
  std::mt19937 rng(21);
  for (int count : {1, 7, 300}) {
    std::vector<std::uint8_t> images(static_cast<std::size_t>(count) * kImagePixels);
    for (auto& p : images) p = static_cast<std::uint8_t>(rng() % 256);
    for (const AugmentState& state : {AugmentState{0.0f, 0.0f, 5u}, AugmentState{12.0f, 2.0f, 5u},
                                      AugmentState{180.0f, 0.0f, 6u}, AugmentState{0.0f, 3.5f, 7u}}) {
      SCOPED_TRACE(std::to_string(count) + " images, " + std::to_string(state.max_degrees) + " degrees");
      const int step = 1234;
      std::vector<float> x;
      const Status s = run_gpu_gather_check(images, state, step, &x);
      ASSERT_TRUE(s.is_ok()) << s.message();
      double worst = 0;
      for (int i = 0; i < count; ++i) {
        const AugmentTransform t = augment_transform(state, step, i);
        for (int p = 0; p < kImagePixels; ++p) {
          const float expected = state.max_degrees > 0 || state.max_shift > 0
                                     ? augmented_pixel(images.data() + i * kImagePixels, t, p % kImageSide, p / kImageSide)
                                     : images[i * kImagePixels + p] / 255.0f;
          ASSERT_TRUE(std::isfinite(x[i * kImagePixels + p])) << "unwritten (NaN poison)";
          worst = std::max(worst, std::fabs(double(x[i * kImagePixels + p]) - expected));
        }
      }
      EXPECT_LT(worst, 2e-4) << "GPU sinf/cosf against the CPU's move a coordinate by an ulp at most";
    }
  }
}

TEST(GpuTrainer, TrainsWithAugmentationLikeTheCpuTrainer) {
  WHYGPU_REQUIRE_GPU();
  TrainerOptions options;
  options.seed = 31;
  options.batch_size = 32;
  options.cpu_threads = 2;
  auto cpu = cpu_trainer(options);
  auto gpu = gpu_trainer(options);
  ASSERT_TRUE(gpu);
  const Dataset data = testing::bar_dataset(100, 10, 6);
  ASSERT_TRUE(cpu->set_training_data(data).is_ok());
  ASSERT_TRUE(gpu->set_training_data(data).is_ok());
  cpu->set_augmentation(kDefaultAugmentation);
  gpu->set_augmentation(kDefaultAugmentation);
  EXPECT_TRUE(gpu->augmentation().enabled());
  expect_same_training(*cpu, *gpu, initial_parameters(31), 7, 5e-3);
  // Off again from the next step, for both.
  cpu->set_augmentation(Augmentation{});
  gpu->set_augmentation(Augmentation{});
  expect_same_training(*cpu, *gpu, initial_parameters(31), 3, 5e-3);
}

TEST(GpuTrainer, EvaluatesAndInfersLikeTheCpuTrainer) {
  WHYGPU_REQUIRE_GPU();
  TrainerOptions options;
  options.seed = 5;
  options.cpu_threads = 2;
  auto cpu = cpu_trainer(options);
  auto gpu = gpu_trainer(options);
  ASSERT_TRUE(gpu);
  const Dataset data = testing::noise_dataset(300, 8);  // more than one 256-image chunk
  Evaluation ec, eg;
  ASSERT_TRUE(cpu->evaluate(data, &ec).is_ok());
  const Status s = gpu->evaluate(data, &eg);
  ASSERT_TRUE(s.is_ok()) << s.message();
  EXPECT_EQ(eg.count, 300);
  EXPECT_NEAR(eg.mean_loss, ec.mean_loss, 1e-5 * ec.mean_loss);
  int same = 0;
  for (int i = 0; i < 300; ++i) same += eg.predicted[i] == ec.predicted[i];
  EXPECT_GE(same, 299);
  EXPECT_LT(relative_error(eg.confidence, ec.confidence, 0, 300), 1e-5);

  EXPECT_EQ(gpu->device_activations()[0].data, nullptr) << "nothing inferred yet";
  Inference ic, ig;
  ASSERT_TRUE(cpu->infer(data.image(17), &ic).is_ok());
  ASSERT_TRUE(gpu->infer(data.image(17), &ig).is_ok());
  EXPECT_EQ(ig.predicted, ic.predicted);
  const auto views = gpu->device_activations();
  for (int l = 0; l < kLayerCount; ++l) {
    SCOPED_TRACE(kLayerShapes[l].name);
    ASSERT_EQ(ig.activations[l].size(), ic.activations[l].size());
    EXPECT_LT(relative_error(ig.activations[l], ic.activations[l], 0, ic.activations[l].size()), 1e-5);
    ASSERT_NE(views[l].data, nullptr);
    EXPECT_EQ(views[l].channels * views[l].height * views[l].width, kLayerShapes[l].size());
    std::vector<float> copy(kLayerShapes[l].size());
    ASSERT_EQ(cudaMemcpy(copy.data(), views[l].data, copy.size() * sizeof(float), cudaMemcpyDeviceToHost),
              cudaSuccess);
    EXPECT_EQ(copy, ig.activations[l]) << "device views hold what infer returned";
  }
}

TEST(GpuTrainer, LearnsBarsAndTimesItsSteps) {
  WHYGPU_REQUIRE_GPU();
  TrainerOptions options;
  options.batch_size = 32;
  auto gpu = gpu_trainer(options);
  ASSERT_TRUE(gpu);
  EXPECT_FALSE(gpu->train(1, nullptr).is_ok()) << "no data yet";
  const Dataset data = testing::bar_dataset(128, 4, 1);
  ASSERT_TRUE(gpu->set_training_data(data).is_ok());
  std::vector<StepMetrics> metrics;
  ASSERT_TRUE(gpu->train(40, &metrics).is_ok());
  EXPECT_LT((metrics[38].loss + metrics[39].loss) / 2, 0.3f * metrics[0].loss);
  StepTiming timing;
  const Status s = gpu->time_steps(5, 20, &timing);
  ASSERT_TRUE(s.is_ok()) << s.message();
  EXPECT_GT(timing.median_ms, 0.0);
  EXPECT_GE(timing.median_ms, timing.min_ms);
  EXPECT_EQ(gpu->progress().steps, 40 + 5 + 40);
}

}  // namespace
}  // namespace whygpu::cnn
