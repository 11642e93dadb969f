// The graph-driven MixedTrainer: FP32 at width 1 trains like cnn::GpuTrainer (same
// weights, batches and formulas, other kernels), every precision learns, the precision
// changes between steps, FP16's loss scale backs off and grows again on the device, and
// augmentation runs inside the graph.
#include <gtest/gtest.h>

#include <cmath>

#include "compute/cnn/gpu_trainer.h"
#include "compute/precision/mixed_trainer.h"
#include "tests/cnn/synthetic_data.h"
#include "tests/gpu_test_support.h"

namespace whygpu::precision {
namespace {

std::unique_ptr<MixedTrainer> make(const MixedOptions& options) {
  std::unique_ptr<MixedTrainer> t;
  const Status s = create_mixed_trainer(options, &t);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return t;
}

TEST(MixedTrainer, Fp32AtWidthOneTrainsLikeTheGpuTrainer) {
  WHYGPU_REQUIRE_GPU();
  MixedOptions options;
  options.seed = 77;
  options.batch_size = 32;
  auto mixed = make(options);
  ASSERT_TRUE(mixed);
  cnn::TrainerOptions reference_options;
  reference_options.seed = 77;
  reference_options.batch_size = 32;
  std::unique_ptr<cnn::GpuTrainer> reference;
  ASSERT_TRUE(cnn::create_gpu_trainer(reference_options, &reference).is_ok());
  const cnn::Dataset data = cnn::testing::bar_dataset(100, 10, 5);
  ASSERT_TRUE(mixed->set_training_data(data).is_ok());
  ASSERT_TRUE(reference->set_training_data(data).is_ok());
  std::vector<MixedStepMetrics> a;
  std::vector<cnn::StepMetrics> b;
  const Status s = mixed->train(7, &a);  // 3 steps an epoch: crosses two reshuffles
  ASSERT_TRUE(s.is_ok()) << s.message();
  ASSERT_TRUE(reference->train(7, &b).is_ok());
  ASSERT_EQ(a.size(), 7u);
  for (int i = 0; i < 7; ++i) {
    EXPECT_NEAR(a[i].loss, b[i].loss, 2e-3 * b[i].loss) << "step " << i;
    EXPECT_FALSE(a[i].skipped);
    EXPECT_EQ(a[i].loss_scale, 1.0f);
  }
  std::vector<float> pa, pb;
  ASSERT_TRUE(mixed->get_parameters(&pa).is_ok());
  ASSERT_TRUE(reference->get_parameters(&pb).is_ok());
  const std::vector<float> start = cnn::initial_parameters(77);
  double diff = 0, norm = 0;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    diff += (double(pa[i]) - pb[i]) * (double(pa[i]) - pb[i]);
    norm += (double(pb[i]) - start[i]) * (double(pb[i]) - start[i]);
  }
  EXPECT_LT(std::sqrt(diff / norm), 5e-3) << "weight changes differ";
}

TEST(MixedTrainer, EveryPrecisionLearnsAndTheyAgreeOnTheTestSet) {
  WHYGPU_REQUIRE_GPU();
  const cnn::Dataset data = cnn::testing::bar_dataset(256, 10, 1);
  const cnn::Dataset test = cnn::testing::bar_dataset(200, 10, 2);
  for (Precision p : kAllPrecisions) {
    SCOPED_TRACE(format_info(p).key);
    MixedOptions options;
    options.precision = p;
    options.batch_size = 32;
    options.adam.learning_rate = 2e-3f;
    auto trainer = make(options);
    ASSERT_TRUE(trainer);
    ASSERT_TRUE(trainer->set_training_data(data).is_ok());
    std::vector<MixedStepMetrics> m;
    ASSERT_TRUE(trainer->train(60, &m).is_ok());
    EXPECT_LT((m[56].loss + m[57].loss + m[58].loss + m[59].loss) / 4, 0.3f * m[0].loss);
    cnn::Evaluation eval;
    ASSERT_TRUE(trainer->evaluate(test, &eval).is_ok());
    EXPECT_GT(eval.accuracy, 0.9);
    EXPECT_EQ(trainer->steps(), 60);
  }
}

TEST(MixedTrainer, PrecisionChangesBetweenStepsKeepTheWeights) {
  WHYGPU_REQUIRE_GPU();
  MixedOptions options;
  options.batch_size = 16;
  auto trainer = make(options);
  ASSERT_TRUE(trainer);
  ASSERT_TRUE(trainer->set_training_data(cnn::testing::bar_dataset(64, 4, 3)).is_ok());
  std::vector<MixedStepMetrics> m;
  ASSERT_TRUE(trainer->train(10, &m).is_ok());
  const float before = m.back().loss;
  for (Precision p : {Precision::bf16, Precision::fp16, Precision::tf32, Precision::fp32}) {
    ASSERT_TRUE(trainer->set_precision(p).is_ok());
    EXPECT_EQ(trainer->precision(), p);
    ASSERT_TRUE(trainer->train(5, &m).is_ok());
    EXPECT_LT(m.back().loss, 2.0f * before) << format_info(p).key << ": training went on from the same weights";
    if (p == Precision::fp16) {
      EXPECT_GT(m.front().loss_scale, 1.0f) << "an FP16 start takes the initial scale";
      EXPECT_LE(m.front().loss_scale, 65536.0f);
    } else {
      EXPECT_EQ(m.back().loss_scale, 1.0f);
    }
  }
  EXPECT_EQ(trainer->steps(), 30);
}

TEST(MixedTrainer, Fp16LossScaleBacksOffThenGrows) {
  WHYGPU_REQUIRE_GPU();
  MixedOptions options;
  options.precision = Precision::fp16;
  options.batch_size = 32;
  options.loss_scale.initial = std::ldexp(1.0f, 40);
  options.loss_scale.growth_interval = 5;
  auto trainer = make(options);
  ASSERT_TRUE(trainer);
  ASSERT_TRUE(trainer->set_training_data(cnn::testing::bar_dataset(128, 4, 1)).is_ok());
  std::vector<MixedStepMetrics> m;
  ASSERT_TRUE(trainer->train(80, &m).is_ok());
  EXPECT_TRUE(m[0].skipped) << "2^40 overflows FP16 at once";
  int skipped = 0, first_good = -1;
  bool grew = false;
  for (int i = 0; i < 80; ++i) {
    skipped += m[i].skipped;
    if (!m[i].skipped && first_good < 0) first_good = i;
    if (i > 0 && m[i].loss_scale > m[i - 1].loss_scale) grew = true;
    if (i > 0 && m[i - 1].skipped) {
      EXPECT_EQ(m[i].loss_scale, m[i - 1].loss_scale / 2) << "step " << i;
    }
  }
  ASSERT_GT(first_good, 0);
  EXPECT_TRUE(grew) << "five good steps in a row double the scale";
  LossScaleState state;
  ASSERT_TRUE(trainer->loss_scale(&state).is_ok());
  EXPECT_EQ(state.skipped_steps, skipped);
  EXPECT_LT(state.scale, options.loss_scale.initial);
  EXPECT_LT(m[79].loss, 0.5f * m[first_good].loss) << "it learned despite the skipped steps";
  std::printf("    %d of 80 steps skipped; scale went from 2^40 to %g\n", skipped, state.scale);
}

TEST(MixedTrainer, WideNetworksAugmentationAndTiming) {
  WHYGPU_REQUIRE_GPU();
  for (int width : {4, 16}) {
    MixedOptions options;
    options.width = width;
    options.precision = Precision::bf16;
    options.batch_size = 16;
    auto trainer = make(options);
    ASSERT_TRUE(trainer);
    EXPECT_EQ(trainer->shape().width, width);
    ASSERT_TRUE(trainer->set_training_data(cnn::testing::bar_dataset(64, 4, 3)).is_ok());
    trainer->set_augmentation(cnn::kDefaultAugmentation);
    std::vector<MixedStepMetrics> m;
    ASSERT_TRUE(trainer->train(30, &m).is_ok());
    for (const MixedStepMetrics& s : m) ASSERT_TRUE(std::isfinite(s.loss));
    EXPECT_LT(m[29].loss, m[0].loss);
    cnn::StepTiming timing;
    const Status s = trainer->time_steps(3, 10, &timing);
    ASSERT_TRUE(s.is_ok()) << s.message();
    EXPECT_GT(timing.median_ms, 0.0);
    EXPECT_LE(timing.min_ms, timing.median_ms);
  }
  std::unique_ptr<MixedTrainer> none;
  MixedOptions bad;
  bad.width = 17;
  EXPECT_FALSE(create_mixed_trainer(bad, &none).is_ok());
}

}  // namespace
}  // namespace whygpu::precision
