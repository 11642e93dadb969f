#include "compute/cnn/training_session.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/cnn/synthetic_data.h"
#include "tests/cnn/temp_dir.h"

namespace whygpu::cnn {
namespace {

std::shared_ptr<const DatasetPair> bars() {
  auto pair = std::make_shared<DatasetPair>();
  pair->train = testing::bar_dataset(96, 4, 1);
  pair->test = testing::bar_dataset(40, 4, 2);
  return pair;
}

std::unique_ptr<TrainingSession> cpu_session(int batch = 16) {
  TrainerOptions options;
  options.batch_size = batch;
  options.cpu_threads = 2;
  std::unique_ptr<TrainingSession> session;
  const Status s = TrainingSession::create(Backend::kCpu, options, bars(), &session);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return session;
}

// Polls (the UI's way) until pred holds or a few seconds pass.
template <typename Pred>
bool eventually(Pred pred) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    if (pred()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

TEST(TrainingSession, StepsPausesAndResets) {
  auto session = cpu_session();
  ASSERT_TRUE(session);
  EXPECT_EQ(session->snapshot().state, SessionSnapshot::State::kPaused);
  session->step(3);
  session->wait_until_idle();
  ASSERT_TRUE(eventually([&] { return session->snapshot().progress.steps == 3; }));
  EXPECT_EQ(session->snapshot().progress.steps, 3) << "single steps stop where asked";
  EXPECT_EQ(session->snapshot().state, SessionSnapshot::State::kPaused);

  session->play();
  session->wait_until_idle();  // returns once play() is carried out, while training goes on
  EXPECT_EQ(session->snapshot().state, SessionSnapshot::State::kRunning);
  ASSERT_TRUE(eventually([&] { return session->snapshot().progress.epochs_completed >= 2; }));
  session->pause();
  session->wait_until_idle();
  const SessionSnapshot paused = session->snapshot();
  EXPECT_EQ(paused.state, SessionSnapshot::State::kPaused);
  EXPECT_FALSE(paused.train_loss.empty());
  EXPECT_FALSE(paused.test_accuracy.empty()) << "evaluated after each epoch";
  ASSERT_TRUE(paused.last_test.has_value());
  EXPECT_EQ(paused.last_test->count, 40);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(session->snapshot().progress.steps, paused.progress.steps) << "paused means no more steps";

  session->reset(9);
  session->wait_until_idle();
  const SessionSnapshot fresh = session->snapshot();
  EXPECT_EQ(fresh.progress.steps, 0);
  EXPECT_TRUE(fresh.train_loss.empty());
  std::vector<float> params;
  session->latest_parameters(&params);
  EXPECT_EQ(params, initial_parameters(9));
}

TEST(StepsForEpochs, EndsExactlyAtAnEpochsEnd) {
  TrainProgress p;
  p.epoch_size = 8000;
  EXPECT_EQ(steps_for_epochs(p, 64, 1), 125);
  EXPECT_EQ(steps_for_epochs(p, 64, 3), 375);
  p.epoch_position = 64;  // one batch into the epoch
  EXPECT_EQ(steps_for_epochs(p, 64, 1), 124);
  EXPECT_EQ(steps_for_epochs(p, 64, 2), 249);
  // 8000 / 256 = 31 batches; the 64 images left over wait for a later shuffle, so after
  // 31 batches the epoch is finished and the next call starts a whole new one.
  p.epoch_position = 31 * 256;
  EXPECT_EQ(steps_for_epochs(p, 256, 1), 31);
  EXPECT_EQ(steps_for_epochs(p, 256, 0), 0);
}

// However fast the trainer, a session asked for one epoch trains exactly that epoch,
// counts it at once, tests it, and stops (on an H100 one epoch takes about 20 ms and
// a timed chunk of steps used to run through many).
TEST(TrainingSession, TrainsExactlyTheEpochsAskedAndTestsEach) {
  auto session = cpu_session(40);  // 96 images: 2 batches an epoch, 16 left over
  ASSERT_TRUE(session);
  session->train_epochs(2);
  ASSERT_TRUE(eventually([&] { return session->snapshot().test_accuracy.size() >= 2; }));
  session->wait_until_idle();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const SessionSnapshot done = session->snapshot();
  EXPECT_EQ(done.state, SessionSnapshot::State::kPaused);
  EXPECT_EQ(done.progress.steps, 4);
  EXPECT_EQ(done.progress.epochs_completed, 2) << "counted as soon as its last batch is trained";
  EXPECT_EQ(done.progress.epoch_position, 0) << "and nothing of the next epoch yet";
  ASSERT_EQ(done.test_accuracy.size(), 2u);
  EXPECT_DOUBLE_EQ(done.test_accuracy[0].epoch, 1.0);
  EXPECT_DOUBLE_EQ(done.test_accuracy[1].epoch, 2.0);
}

// The race's lanes test at the same amounts of work: with test_every the session stops
// at the first step past each point itself, and stamps each test with the clock, however
// seldom anyone looks (a GPU trains past several points between two frames).
TEST(TrainingSession, TestsEveryFractionOfAnEpochOnTheWayAndStampsEachTest) {
  auto session = cpu_session(8);  // 96 images: 12 batches an epoch
  ASSERT_TRUE(session);
  const double before = steady_clock_seconds();
  session->train_epochs(2, 0.25);
  ASSERT_TRUE(eventually([&] { return session->snapshot().test_accuracy.size() >= 8; }));
  session->wait_until_idle();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const SessionSnapshot done = session->snapshot();
  EXPECT_EQ(done.progress.steps, 24);
  const std::vector<double> expected = {0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0};
  ASSERT_EQ(done.test_accuracy.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_DOUBLE_EQ(done.test_accuracy[i].epoch, expected[i]) << i;
    EXPECT_GE(done.test_accuracy[i].clock_seconds, i ? done.test_accuracy[i - 1].clock_seconds : before) << i;
  }
  EXPECT_LE(done.test_accuracy.back().clock_seconds, steady_clock_seconds());
}

// A test point that would fall within half a test of an epoch's end is the epoch's own
// test; points that are not whole steps are taken at the first step past them.
TEST(TrainingSession, ATestNearAnEpochsEndIsThatEpochsTest) {
  auto session = cpu_session(8);  // 12 batches an epoch: steps of 1/12 epoch
  ASSERT_TRUE(session);
  session->train_epochs(1, 0.3);
  ASSERT_TRUE(eventually([&] { return !session->snapshot().test_accuracy.empty() &&
                                      session->snapshot().test_accuracy.back().epoch >= 1.0; }));
  const SessionSnapshot done = session->snapshot();
  // 0.3 -> step 4 (0.333), 0.6 -> step 8 (0.667); 0.9 lies within 0.15 of the end.
  ASSERT_EQ(done.test_accuracy.size(), 3u);
  EXPECT_NEAR(done.test_accuracy[0].epoch, 4.0 / 12, 1e-9);
  EXPECT_NEAR(done.test_accuracy[1].epoch, 8.0 / 12, 1e-9);
  EXPECT_DOUBLE_EQ(done.test_accuracy[2].epoch, 1.0);
}

TEST(TrainingSession, LiveSettingsInferenceAndWeights) {
  auto session = cpu_session();
  ASSERT_TRUE(session);
  session->set_batch_size(24);
  session->set_learning_rate(2e-3f);
  session->set_batch_size(5000);  // larger than the data: refused with a message
  session->step(2);
  session->wait_until_idle();
  SessionSnapshot s = session->snapshot();
  EXPECT_EQ(s.batch_size, 24);
  EXPECT_FLOAT_EQ(s.learning_rate, 2e-3f);
  EXPECT_TRUE(s.message_is_error);
  EXPECT_NE(s.message.english().find("5000"), std::string::npos) << s.message.english();
  ASSERT_TRUE(eventually([&] { return session->snapshot().progress.images_seen == 48; }));

  Inference inference;
  EXPECT_EQ(session->latest_inference(&inference), 0);
  std::array<std::uint8_t, kImagePixels> image{};
  const Dataset one = testing::bar_dataset(1, 1, 3);
  std::copy(one.pixels.begin(), one.pixels.end(), image.begin());
  session->infer(image);
  session->wait_until_idle();
  EXPECT_EQ(session->latest_inference(&inference), 1);
  EXPECT_EQ(inference.activations[1].size(), 32u * 26 * 26);

  testing::TempDir dir;
  std::vector<float> trained;
  session->latest_parameters(&trained);
  session->save_weights(dir.file("w.bin"));
  session->reset(4);
  session->load_weights(dir.file("w.bin"));
  session->wait_until_idle();
  std::vector<float> loaded;
  session->latest_parameters(&loaded);
  EXPECT_EQ(loaded, trained);
  EXPECT_FALSE(session->snapshot().message_is_error) << session->snapshot().message.english();
  session->load_weights(dir.file("missing.bin"));
  session->wait_until_idle();
  EXPECT_TRUE(session->snapshot().message_is_error);
  EXPECT_FALSE(session->with_device_display([](auto&, const float*, void*) {})) << "a CPU session has no device buffers";
}

TEST(TrainingSession, SwitchesDataSets) {
  auto session = cpu_session();
  ASSERT_TRUE(session);
  session->step(2);
  auto other = std::make_shared<DatasetPair>();
  other->train = testing::noise_dataset(50, 4);
  other->train.name = "noise training set";
  other->test = testing::noise_dataset(10, 5);
  session->set_data(other);
  session->wait_until_idle();
  const SessionSnapshot s = session->snapshot();
  EXPECT_EQ(s.data_name.english(), "noise training set");
  EXPECT_EQ(s.progress.steps, 0);
  EXPECT_EQ(s.progress.epoch_size, 50);
}

}  // namespace
}  // namespace whygpu::cnn
