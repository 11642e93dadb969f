// The LSTM lessons' shared workspace without the UI: bad files are refused with a clear
// message and leave the model alone; a short CPU run trains, records the loss and the
// samples, and survives a save and a load.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <thread>

#include "app/lstm/lstm_workspace.h"
#include "app/panels/panel_registry.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app::lstm_ui {
namespace {

std::filesystem::path test_folder() {
  const auto folder = std::filesystem::temp_directory_path() / "whygpu-lstm-workspace-test";
  std::filesystem::create_directories(folder);
  return folder;
}

std::string write_file(const std::string& name, const std::string& bytes) {
  const auto path = test_folder() / name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path.string();
}

// Enough text for 64 streams of 64 characters, with a few words to learn.
std::string small_text() {
  std::string text;
  while (text.size() < 20000) text += "the cat sat on the mat. the dog ate the hat.\n";
  return text;
}

// Polls as the panels do each frame until the background job (and a train_for run) ends.
void poll_until_idle(LstmWorkspace& workspace) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  workspace.poll();
  while (workspace.busy() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    workspace.poll();
  }
  ASSERT_FALSE(workspace.busy()) << "still busy after two minutes: " << workspace.job_description();
}

// A CPU workspace on the small text with a small model.
void open_small(LstmWorkspace& workspace) {
  workspace.set_text_path(write_file("small.txt", small_text()));
  ASSERT_TRUE(workspace.set_device(lstm::Device::kCpu));
  ASSERT_TRUE(workspace.set_hidden(16));
  ASSERT_TRUE(workspace.set_sample_every(2));
  poll_until_idle(workspace);
  ASSERT_NE(workspace.session(), nullptr) << workspace.message();
  EXPECT_FALSE(workspace.message_is_error()) << workspace.message();
}

TEST(LstmWorkspace, BadFilesAreRefusedWithAClearMessageAndTheModelStays) {
  LstmWorkspace workspace("bad-files");
  open_small(workspace);
  const int generation = workspace.generation();

  struct Case {
    std::string path, expected;
  };
  const Case cases[] = {
      {write_file("empty.txt", ""), "is empty"},
      {write_file("bad.txt", "Hello w\xC3\x28orld"), "not valid UTF-8 text: at byte offset 7"},
      {(test_folder() / "missing.txt").string(), "cannot open"},
      {write_file("short.txt", "too short to train on"), "need at least"},
      {test_folder().string(), "is a folder"},  // issue 21: stopped the trainer until a restart
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.path);
    ASSERT_TRUE(workspace.open_text(c.path));
    poll_until_idle(workspace);
    EXPECT_TRUE(workspace.message_is_error());
    EXPECT_NE(workspace.message().find(c.expected), std::string::npos) << workspace.message();
    EXPECT_EQ(workspace.generation(), generation) << "a refused file must not replace the model";
    EXPECT_NE(workspace.session(), nullptr);
  }
  EXPECT_FALSE(workspace.open_text(""));
}

// Issue 21: a text path that is a folder stopped the LSTM trainer until the app restarted.
// A workspace whose very first text is a folder says so, and opens a good text after.
TEST(LstmWorkspace, AFolderAsTheFirstTextIsRefusedAndTheWorkspaceRecovers) {
  LstmWorkspace workspace("folder-first");
  workspace.set_text_path(test_folder().string());
  ASSERT_TRUE(workspace.set_hidden(16));
  poll_until_idle(workspace);
  EXPECT_TRUE(workspace.message_is_error());
  EXPECT_NE(workspace.message().find("is a folder"), std::string::npos) << workspace.message();
  EXPECT_EQ(workspace.session(), nullptr);
  ASSERT_TRUE(workspace.load_model(test_folder().string()));
  poll_until_idle(workspace);
  EXPECT_NE(workspace.message().find("is a folder"), std::string::npos) << workspace.message();

  ASSERT_TRUE(workspace.open_text(write_file("after.txt", small_text())));
  poll_until_idle(workspace);
  EXPECT_FALSE(workspace.message_is_error()) << workspace.message();
  EXPECT_NE(workspace.session(), nullptr);
}

TEST(LstmWorkspace, TrainsRecordsSamplesAndSurvivesSaveAndLoad) {
  LstmWorkspace workspace("train-save-load");
  open_small(workspace);
  ASSERT_EQ(workspace.samples().size(), 1u) << "the untrained model's sample";
  EXPECT_EQ(workspace.samples()[0].step, 0);
  EXPECT_FALSE(workspace.samples()[0].text.empty());

  ASSERT_TRUE(workspace.train_for(6, 0));
  poll_until_idle(workspace);
  const lstm::SessionMetrics trained = workspace.session()->metrics();
  EXPECT_FALSE(trained.running);
  EXPECT_GE(trained.steps, 6);
  ASSERT_FALSE(workspace.loss_curve().empty());
  EXPECT_LT(workspace.loss_curve().back().loss, workspace.loss_curve().front().loss) << "six steps of Adam should help";
  workspace.poll();  // a sample published just before the goal was seen
  ASSERT_GE(workspace.samples().size(), 2u) << "step 0, then one every 2 steps";
  EXPECT_GT(workspace.samples().back().step, 0);

  const std::string model = (test_folder() / "small.model").string();
  std::filesystem::remove(model);
  ASSERT_TRUE(workspace.save_model(model));
  EXPECT_FALSE(workspace.message_is_error());
  EXPECT_NE(workspace.message().find("Saved"), std::string::npos) << workspace.message();

  // A new model with another size, then the saved one back: its shape and steps win.
  ASSERT_TRUE(workspace.set_hidden(32));
  ASSERT_TRUE(workspace.new_model());
  poll_until_idle(workspace);
  EXPECT_EQ(workspace.session()->metrics().steps, 0);
  EXPECT_EQ(workspace.session()->shape().hidden, 32);
  EXPECT_TRUE(workspace.loss_curve().empty()) << "a new model starts a new curve";

  ASSERT_TRUE(workspace.load_model(model));
  poll_until_idle(workspace);
  ASSERT_FALSE(workspace.message_is_error()) << workspace.message();
  EXPECT_EQ(workspace.session()->shape().hidden, 16);
  // At least the steps seen when the goal was met (pausing lets the slice under way end).
  EXPECT_GE(workspace.session()->metrics().steps, trained.steps);

  ASSERT_TRUE(workspace.load_model(write_file("not-a-model.model", "hello")));
  poll_until_idle(workspace);
  EXPECT_TRUE(workspace.message_is_error());
  EXPECT_EQ(workspace.session()->shape().hidden, 16) << "a bad model file leaves the loaded one";
}

// The example model in assets/models/ loads on the default text and writes mostly
// letters and spaces; an untrained model over the text's 98 characters writes about a
// third of them.
TEST(LstmWorkspace, TheShippedExampleModelLoadsAndWritesText) {
  ASSERT_TRUE(example_model_exists()) << example_model_path() << " ships with whygpu";
  if (!std::filesystem::exists(default_text_path()))
    GTEST_SKIP() << default_text_path() << " missing: run scripts/setup.sh";
  LstmWorkspace workspace("example");
  ASSERT_TRUE(workspace.set_device(lstm::Device::kCpu));
  poll_until_idle(workspace);  // the default text and a fresh model
  ASSERT_NE(workspace.session(), nullptr) << workspace.message();
  ASSERT_TRUE(workspace.load_model(example_model_path()));
  poll_until_idle(workspace);
  ASSERT_FALSE(workspace.message_is_error()) << workspace.message();
  EXPECT_EQ(workspace.session()->shape().hidden, 128);
  EXPECT_GT(workspace.session()->metrics().steps, 1000);
  ASSERT_FALSE(workspace.samples().empty());
  const std::string& text = workspace.samples().back().text;
  const auto plain = std::count_if(text.begin(), text.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == ' '; });
  EXPECT_GT(static_cast<double>(plain) / text.size(), 0.75) << text;
}

TEST(LstmWorkspace, GpuChoiceWithoutADeviceSaysSo) {
  LstmWorkspace workspace("no-gpu");
  if (gpu_info().available) GTEST_SKIP() << "this machine has a GPU";
  const Status s = workspace.set_device(lstm::Device::kGpu);
  EXPECT_FALSE(s);
  EXPECT_NE(s.message().find("no CUDA device"), std::string::npos) << s.message();
}

// A lesson's lstm-trainer line sets only what it gives: the workspace keeps its own
// choices for the rest. (The table's defaults once overrode them: a GPU machine's
// workspace, which trains on the GPU, was moved to the table's "cpu" by a line that
// named no device, and the class watched the LSTM train on the CPU.)
TEST(LstmTrainerPanel, ALessonLineChangesOnlyTheChoicesItGives) {
  const PanelType* type = find_panel_type("lstm-trainer");
  ASSERT_NE(type, nullptr);
  const auto make = [&](const std::map<std::string, std::string>& given) {
    std::vector<Wording> problems;
    const PanelParams params = PanelParams::check(type->params, type->name, given, &problems);
    EXPECT_TRUE(problems.empty());
    std::string error;
    std::unique_ptr<Panel> panel = type->make(params, &error);
    EXPECT_NE(panel, nullptr) << error;
    return panel;
  };
  const std::shared_ptr<LstmWorkspace> workspace = LstmWorkspace::get("given-only");
  ASSERT_TRUE(workspace->fresh());
  ASSERT_TRUE(workspace->set_hidden(16));
  ASSERT_TRUE(workspace->set_sample_every(7));
  const lstm::Device device = workspace->choices().device;

  auto panel = make({{"session", "given-only"}, {"steps", "10"}});
  EXPECT_EQ(workspace->choices().hidden, 16);
  EXPECT_EQ(workspace->choices().sample_every, 7);
  EXPECT_EQ(workspace->choices().device, device);

  panel = make({{"session", "given-only"}, {"hidden", "32"}});
  EXPECT_EQ(workspace->choices().hidden, 32);
  EXPECT_EQ(workspace->choices().sample_every, 7);
}

}  // namespace
}  // namespace whygpu::app::lstm_ui
