// Data-parallel training (data_parallel_trainer.h) against the single-GPU trainer: one
// rank must give GpuTrainer's weights bit for bit (same kernels in the same order; NCCL's
// average over one rank leaves every value as it is), and N ranks with slices of B/N the
// gradient and weights of one GPU with the whole batch B, up to float rounding: with
// NCCL's all-reduce overlapped with the backward pass (in buckets, a layer each), with one
// all-reduce after it, and with our one-shot kernel over peer access after it. Skips
// without a GPU or without NCCL; the N-rank tests skip with fewer than two GPUs.
#include "compute/cnn/data_parallel_trainer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "compute/cnn/epoch_sampler.h"
#include "compute/cnn/gpu_trainer.h"
#include "tests/cnn/block_error.h"
#include "tests/cnn/synthetic_data.h"
#include "tests/gpu_test_support.h"

namespace whygpu::cnn {
namespace {

// Creates the trainer, or skips the test when NCCL is missing (a test that needs it
// cannot say anything then); any other failure fails.
#define CREATE_OR_SKIP(options, trainer)                                                             \
  do {                                                                                               \
    const Status created = create_data_parallel_trainer((options), &(trainer));                      \
    if (!created && created.message().find("NCCL is not installed") != std::string::npos)            \
      GTEST_SKIP() << created.message();                                                             \
    ASSERT_TRUE(created) << created.message();                                                       \
  } while (0)

using testing::relative_error;

void check_one_rank_against_single_gpu(AllReduceWay way) {
  const Dataset data = testing::bar_dataset(500, 10, 41);
  const int batch = 48, steps = 25;  // 10 batches an epoch: the run crosses two reshuffles
  DataParallelOptions options;
  options.gpus = 1;
  options.batch_per_gpu = batch;
  options.seed = 5;
  options.all_reduce = way;
  std::unique_ptr<DataParallelTrainer> parallel;
  CREATE_OR_SKIP(options, parallel);
  TrainerOptions single_options;
  single_options.seed = options.seed;
  single_options.batch_size = batch;
  std::unique_ptr<GpuTrainer> single;
  ASSERT_TRUE(create_gpu_trainer(single_options, &single));

  ASSERT_TRUE(parallel->set_training_data(data));
  ASSERT_TRUE(single->set_training_data(data));
  std::vector<StepMetrics> parallel_metrics, single_metrics;
  const Status trained = parallel->train(steps, &parallel_metrics);
  ASSERT_TRUE(trained) << trained.message();
  ASSERT_TRUE(single->train(steps, &single_metrics));

  std::vector<float> a, b;
  ASSERT_TRUE(parallel->get_parameters(0, &a));
  ASSERT_TRUE(single->get_parameters(&b));
  ASSERT_EQ(a.size(), b.size());
  int differing = 0;
  for (std::size_t i = 0; i < a.size(); ++i) differing += std::memcmp(&a[i], &b[i], sizeof(float)) != 0;
  EXPECT_EQ(differing, 0) << "of " << a.size() << " weights differ after " << steps << " steps";
  ASSERT_EQ(parallel_metrics.size(), single_metrics.size());
  for (int s = 0; s < steps; ++s) {
    EXPECT_EQ(parallel_metrics[s].loss, single_metrics[s].loss) << "step " << s + 1;
    EXPECT_EQ(parallel_metrics[s].accuracy, single_metrics[s].accuracy) << "step " << s + 1;
  }
  // The training did something: the loss fell on the bars.
  EXPECT_LT(parallel_metrics.back().loss, parallel_metrics.front().loss);
}

TEST(DataParallel, OneRankGivesTheSingleGpuTrainersWeightsBitForBit) {
  WHYGPU_REQUIRE_GPU();
  check_one_rank_against_single_gpu(AllReduceWay::kAfterBackward);
}

TEST(DataParallel, OneRankOverlappedGivesTheSingleGpuTrainersWeightsBitForBit) {
  WHYGPU_REQUIRE_GPU();
  check_one_rank_against_single_gpu(AllReduceWay::kOverlapped);
}

void check_many_ranks_against_whole_batch(int gpus, AllReduceWay way) {
  const Dataset data = testing::noise_dataset(700, 17);
  const int slice = 19;  // odd, so the slices' offsets in the batch order are odd too
  const int batch = gpus * slice;
  DataParallelOptions options;
  options.gpus = gpus;
  options.batch_per_gpu = slice;
  options.seed = 9;
  options.all_reduce = way;
  std::unique_ptr<DataParallelTrainer> parallel;
  CREATE_OR_SKIP(options, parallel);
  ASSERT_TRUE(parallel->set_training_data(data));
  std::vector<StepMetrics> first;
  ASSERT_TRUE(parallel->train(1, &first));

  // One GPU, the first batch whole: the step check's kernels on the same images.
  EpochSampler sampler(data.count, batch_order_seed(options.seed));
  int start = 0;
  sampler.next_batch(batch, &start);
  std::vector<std::uint8_t> images, labels;
  for (int i = 0; i < batch; ++i) {
    const int index = sampler.order()[start + i];
    images.insert(images.end(), data.pixels.begin() + std::size_t(index) * kImagePixels,
                  data.pixels.begin() + std::size_t(index + 1) * kImagePixels);
    labels.push_back(data.labels[index]);
  }
  GpuStepCheck whole;
  const Status checked = run_gpu_step_check(initial_parameters(options.seed), images, labels, options.adam, &whole);
  ASSERT_TRUE(checked) << checked.message();

  EXPECT_NEAR(first[0].loss, whole.mean_loss, 1e-5 * whole.mean_loss);
  EXPECT_FLOAT_EQ(first[0].accuracy, static_cast<float>(whole.correct) / batch);
  std::vector<float> grads0;
  ASSERT_TRUE(parallel->get_gradients(0, &grads0));
  for (const ParamBlock& block : kParamBlocks)
    EXPECT_LT(relative_error(grads0, whole.gradients, block.offset, block.offset + block.count), 1e-4) << block.name;
  std::vector<float> params0;
  ASSERT_TRUE(parallel->get_parameters(0, &params0));
  EXPECT_LT(relative_error(params0, whole.updated, 0, kParameterCount), 1e-4);

  // The replicas hold one model: every rank's gradients and weights equal rank 0's.
  for (int rank = 1; rank < gpus; ++rank) {
    std::vector<float> grads, params;
    ASSERT_TRUE(parallel->get_gradients(rank, &grads));
    ASSERT_TRUE(parallel->get_parameters(rank, &params));
    EXPECT_EQ(grads, grads0) << "rank " << rank;
    EXPECT_EQ(params, params0) << "rank " << rank;
  }

  // And over more steps, one GPU with the whole batch stays close. Not within 1e-4: the
  // ranks sum the gradient in another order, and Adam divides each update by the root of
  // the gradient's square, so a weight whose gradient is near zero moves by about the
  // learning rate whichever way rounding tips it. On two H200s (2026-11-24) the first
  // step matched to 1e-4 and eight steps differed by 1.9e-2 (relative, all weights).
  TrainerOptions single_options;
  single_options.seed = options.seed;
  single_options.batch_size = batch;
  std::unique_ptr<GpuTrainer> single;
  ASSERT_TRUE(create_gpu_trainer(single_options, &single));
  ASSERT_TRUE(single->set_training_data(data));
  ASSERT_TRUE(single->train(8, nullptr));
  ASSERT_TRUE(parallel->train(7, nullptr));
  std::vector<float> single_params;
  ASSERT_TRUE(single->get_parameters(&single_params));
  ASSERT_TRUE(parallel->get_parameters(gpus - 1, &params0));
  const double drift = relative_error(params0, single_params, 0, kParameterCount);
  std::printf("[          ] %d GPUs against one after 8 steps: weights %.3g apart (relative)\n", gpus, drift);
  EXPECT_LT(drift, 5e-2);
}

TEST(DataParallel, ManyRanksMatchOneGpuWithTheWholeBatch) {
  WHYGPU_REQUIRE_GPU();
  const int gpus = std::min(cuda_device_count(), 8);
  if (gpus < 2) GTEST_SKIP() << "needs 2 or more GPUs; this machine has " << gpus;
  check_many_ranks_against_whole_batch(gpus, AllReduceWay::kAfterBackward);
}

// The bucketed all-reduce must wait for each layer's gradients: were a bucket averaged
// before the backward pass wrote it, the ranks' gradients would hold one slice's values
// or the last step's, far from the whole batch's.
TEST(DataParallel, ManyRanksOverlappedMatchOneGpuWithTheWholeBatch) {
  WHYGPU_REQUIRE_GPU();
  const int gpus = std::min(cuda_device_count(), 8);
  if (gpus < 2) GTEST_SKIP() << "needs 2 or more GPUs; this machine has " << gpus;
  check_many_ranks_against_whole_batch(gpus, AllReduceWay::kOverlapped);
}

// The one-shot kernel must wait for every GPU's gradients, and let no GPU write its
// average before all have read its gradients: either mistake leaves one slice's values,
// or a mix, far from the whole batch's. It adds the GPUs' values in rank order on every
// GPU, so the ranks hold the same bits.
TEST(DataParallel, ManyRanksOneShotMatchOneGpuWithTheWholeBatch) {
  WHYGPU_REQUIRE_GPU();
  const int gpus = std::min(cuda_device_count(), 8);
  if (gpus < 2) GTEST_SKIP() << "needs 2 or more GPUs; this machine has " << gpus;
  check_many_ranks_against_whole_batch(gpus, AllReduceWay::kPeerOneShot);
}

// `steps` steps with NCCL's all-reduce after the backward pass ([0]) and another way
// ([1]) on the same data: the weights and the last step's averaged gradients of the last GPU.
struct TrainedTwoWays {
  std::vector<float> weights[2], gradients[2];
};
void train_two_ways(int gpus, int steps, AllReduceWay other, TrainedTwoWays* out) {
  const Dataset data = testing::noise_dataset(600, 23);
  const AllReduceWay ways[2] = {AllReduceWay::kAfterBackward, other};
  for (int w = 0; w < 2; ++w) {
    DataParallelOptions options;
    options.gpus = gpus;
    options.batch_per_gpu = 37;
    options.seed = 4;
    options.all_reduce = ways[w];
    std::unique_ptr<DataParallelTrainer> parallel;
    CREATE_OR_SKIP(options, parallel);
    ASSERT_TRUE(parallel->set_training_data(data));
    const Status trained = parallel->train(steps, nullptr);
    ASSERT_TRUE(trained) << trained.message();
    ASSERT_TRUE(parallel->get_parameters(gpus - 1, &out->weights[w]));
    ASSERT_TRUE(parallel->get_gradients(gpus - 1, &out->gradients[w]));
  }
}

// The two ways' last gradients, layer block by layer block, to rounding.
void expect_gradients_agree(const TrainedTwoWays& t, int gpus) {
  for (const ParamBlock& block : kParamBlocks)
    EXPECT_LT(relative_error(t.gradients[1], t.gradients[0], block.offset, block.offset + block.count), 1e-5)
        << block.name << " on " << gpus << " GPUs";
}

// After one step, from the same weights, every way averages the same gradients to
// rounding, on any number of GPUs: the overlapped buckets and the one-shot kernel only cut
// or order the sums differently.
void expect_the_same_first_gradients(AllReduceWay other) {
  const int gpus = std::min(cuda_device_count(), 8);
  TrainedTwoWays t;
  train_two_ways(gpus, 1, other, &t);
  if (::testing::Test::IsSkipped() || ::testing::Test::HasFatalFailure()) return;
  expect_gradients_agree(t, gpus);
}

TEST(DataParallel, OverlappedAndAfterBackwardAllReduceAverageTheSameGradients) {
  WHYGPU_REQUIRE_GPU();
  expect_the_same_first_gradients(AllReduceWay::kOverlapped);
}

TEST(DataParallel, OneShotAndNcclAllReduceAverageTheSameGradients) {
  WHYGPU_REQUIRE_GPU();
  expect_the_same_first_gradients(AllReduceWay::kPeerOneShot);
}

// Over several steps the ways train the same model. On two GPUs the sums are exact in any
// order (a + b = b + a), so even the last step's gradients agree to rounding. With more,
// NCCL's ring adds a value's terms in an order that depends on where the buffer is cut,
// and Adam's first steps move each weight by about the learning rate whatever the size of
// its gradient, so a rounding apart in a near-zero gradient can become a whole step: the
// weights stay within 1e-4, the gradients of step 6 drift further (3e-3 on four H200s).
void expect_the_same_model(AllReduceWay other) {
  const int gpus = std::min(cuda_device_count(), 8);
  TrainedTwoWays t;
  train_two_ways(gpus, 6, other, &t);
  if (::testing::Test::IsSkipped() || ::testing::Test::HasFatalFailure()) return;
  if (gpus <= 2) expect_gradients_agree(t, gpus);
  EXPECT_LT(relative_error(t.weights[1], t.weights[0], 0, kParameterCount), 1e-4) << gpus << " GPUs";
}

TEST(DataParallel, OverlappedAndAfterBackwardAllReduceTrainTheSameModel) {
  WHYGPU_REQUIRE_GPU();
  expect_the_same_model(AllReduceWay::kOverlapped);
}

TEST(DataParallel, OneShotAndNcclAllReduceTrainTheSameModel) {
  WHYGPU_REQUIRE_GPU();
  expect_the_same_model(AllReduceWay::kPeerOneShot);
}

TEST(DataParallel, TimesEveryPhaseOfAStep) {
  WHYGPU_REQUIRE_GPU();
  DataParallelOptions options;
  options.gpus = cuda_device_count();
  options.batch_per_gpu = 32;
  std::unique_ptr<DataParallelTrainer> parallel;
  CREATE_OR_SKIP(options, parallel);
  ASSERT_TRUE(parallel->set_training_data(testing::noise_dataset(400, 3)));
  DataParallelTiming t;
  const Status timed = parallel->time_steps(3, 9, &t);
  ASSERT_TRUE(timed) << timed.message();
  EXPECT_EQ(t.gpus, options.gpus);
  EXPECT_EQ(t.repeats, 9);
  EXPECT_EQ(t.all_reduce, AllReduceWay::kAfterBackward);  // the default
  EXPECT_GT(t.compute_ms, 0.0);
  EXPECT_GE(t.all_reduce_ms, 0.0);
  EXPECT_GT(t.step_ms, 0.0);
  EXPECT_GT(t.back_to_back_ms, 0.0);
  ASSERT_EQ(t.median_step.size(), static_cast<std::size_t>(options.gpus));
  EXPECT_DOUBLE_EQ(t.median_step[0].update_end_ms, t.step_ms);  // GPU 0's median step is the median
  for (const ReplicaPhases& p : t.median_step) {
    EXPECT_GT(p.compute_end_ms, 0.0);
    EXPECT_GE(p.all_reduce_end_ms, p.compute_end_ms);
    EXPECT_GE(p.update_end_ms, p.all_reduce_end_ms);
  }
  EXPECT_GT(t.images_per_second(), 0.0);
}

TEST(DataParallel, RefusesMoreGpusThanTheMachineHas) {
  WHYGPU_REQUIRE_GPU();
  DataParallelOptions options;
  options.gpus = cuda_device_count() + 1;
  std::unique_ptr<DataParallelTrainer> parallel;
  const Status s = create_data_parallel_trainer(options, &parallel);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("this machine has " + std::to_string(cuda_device_count())), std::string::npos)
      << s.message();
}

}  // namespace
}  // namespace whygpu::cnn
