// Transfer learning: a base that does not fit is refused with nothing changed; a frozen
// base that knows the task lets a new head learn faster, in less arithmetic, than the
// whole network from scratch.
#include "compute/cnn/transfer.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "compute/cnn/trainer.h"
#include "tests/cnn/synthetic_data.h"

namespace whygpu::cnn {
namespace {

TEST(Transfer, RefusesABaseOfAnotherShape) {
  ConvBase wide;
  wide.features = 2304;  // a network with four times the channels
  wide.params.assign(1034698, 0.5f);
  const Status s = check_base_fits(wide);
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.message().find("2304"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("576"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("Nothing was changed"), std::string::npos) << s.message();
  EXPECT_EQ(wide.params.size(), 1034698u);
  ConvBase short_base;
  short_base.params.assign(1000, 0.0f);
  EXPECT_FALSE(check_base_fits(short_base).is_ok());
  DatasetPair task{testing::bar_dataset(128, 4, 1), testing::bar_dataset(64, 4, 2)};
  TransferResult result;
  EXPECT_FALSE(run_transfer(wide, task, TransferOptions{}, nullptr, &result).is_ok());
  EXPECT_TRUE(result.frozen.empty() && result.scratch.empty());
}

TEST(Transfer, FrozenBaseBeatsScratchOnASmallBudget) {
  // The base learns the bars of 10 rows; the new task is the same pictures with other
  // labels (row order reversed), from 64 labelled images.
  const Dataset source = testing::bar_dataset(320, 10, 1);
  DatasetPair task{testing::bar_dataset(64, 10, 3), testing::bar_dataset(200, 10, 4)};
  for (Dataset* d : {&task.train, &task.test})
    for (auto& label : d->labels) label = static_cast<std::uint8_t>(9 - label);
  TrainerOptions options;
  options.batch_size = 32;
  options.cpu_threads = 2;
  std::unique_ptr<Trainer> trainer;
  ASSERT_TRUE(create_cpu_trainer(options, &trainer).is_ok());
  ASSERT_TRUE(trainer->set_training_data(source).is_ok());
  ASSERT_TRUE(trainer->train(60, nullptr).is_ok());
  ConvBase base;
  ASSERT_TRUE(trainer->get_parameters(&base.params).is_ok());

  TransferOptions o;
  o.labelled = 64;
  o.batch = 32;
  o.epochs = 2;
  o.test_images = 0;
  o.cpu_threads = 2;
  o.learning_rate = 3e-3f;
  int calls = 0;
  TransferResult r;
  const Status s = run_transfer(base, task, o, [&](const TransferPoint&) { ++calls; }, &r);
  ASSERT_TRUE(s.is_ok()) << s.message();
  ASSERT_EQ(r.frozen.size(), 3u);
  ASSERT_EQ(r.scratch.size(), 3u);
  EXPECT_EQ(calls, 6);
  EXPECT_GT(r.frozen.back().accuracy, 0.9);
  EXPECT_GE(r.frozen.back().accuracy, r.scratch.back().accuracy);
  std::printf("    after 2 epochs of 64 images: frozen base %.1f%%, from scratch %.1f%%\n",
              100 * r.frozen.back().accuracy, 100 * r.scratch.back().accuracy);
  EXPECT_LT(r.frozen.back().multiply_adds, 0.5 * r.scratch.back().multiply_adds);
  for (std::size_t i = 1; i < r.frozen.size(); ++i) {
    EXPECT_GE(r.frozen[i].seconds, r.frozen[i - 1].seconds);
    EXPECT_GT(r.scratch[i].multiply_adds, r.scratch[i - 1].multiply_adds);
  }
  std::vector<float> after;
  ASSERT_TRUE(trainer->get_parameters(&after).is_ok());
  EXPECT_EQ(after, base.params) << "the trained network the base came from is untouched";
}

}  // namespace
}  // namespace whygpu::cnn
