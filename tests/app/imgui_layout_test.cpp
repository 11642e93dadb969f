#include "app/shell/imgui_layout.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>

#include "compute/core/text_file.h"
#include "tests/cnn/temp_dir.h"
#include "tests/core/file_size_limit.h"
#include "tests/core/special_files.h"

namespace whygpu::app {
namespace {

class ImGuiLayout : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
  }
  void TearDown() override { ImGui::DestroyContext(); }
};

TEST_F(ImGuiLayout, RoundTripsThroughTheAtomicSave) {
  cnn::testing::TempDir dir;
  const std::string path = dir.file("imgui.ini");
  EXPECT_TRUE(load_imgui_layout(path)) << "a first start has no layout yet";
  ASSERT_TRUE(write_file_atomically(path, "[Window][Lessons]\nPos=12,34\nSize=300,200\nCollapsed=0\n\n"));
  ASSERT_TRUE(load_imgui_layout(path));
  ASSERT_TRUE(save_imgui_layout(dir.file("saved.ini")));
  std::string saved;
  ASSERT_TRUE(read_text_file(dir.file("saved.ini"), &saved));
  EXPECT_NE(saved.find("[Window][Lessons]\nPos=12,34\nSize=300,200"), std::string::npos) << saved;
  EXPECT_FALSE(ImGui::GetIO().WantSaveIniSettings);
  EXPECT_TRUE(save_imgui_layout_if_asked(dir.file("never.ini")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("never.ini"))) << "nothing asked for a save";
}

// Issue 21: imgui.ini was written in place by ImGui itself.
TEST_F(ImGuiLayout, AFailingSaveLeavesTheOldFileIntact) {
  cnn::testing::TempDir dir;
  const std::string path = dir.file("imgui.ini");
  const std::string old = "[Window][Lessons]\nPos=1,2\nSize=30,20\nCollapsed=0\n\n";
  ASSERT_TRUE(write_file_atomically(path, old));
  std::string many;
  for (int i = 0; i < 100; ++i)
    many += "[Window][W" + std::to_string(i) + "]\nPos=5,6\nSize=70,80\nCollapsed=0\n\n";
  ImGui::LoadIniSettingsFromMemory(many.data(), many.size());
  Status s = Status::ok();
  {
    testing::FileSizeLimit limit(old.size());
    s = save_imgui_layout(path);
  }
  EXPECT_FALSE(s);
  std::string now;
  ASSERT_TRUE(read_text_file(path, &now));
  EXPECT_EQ(now, old);
}

TEST_F(ImGuiLayout, AFolderIsReportedNotFatal) {
  cnn::testing::TempDir dir;
  EXPECT_FALSE(load_imgui_layout(dir.path()));
}

// A FIFO as imgui.ini kept the app from ever opening its window.
TEST_F(ImGuiLayout, AFifoIsRefusedAtOnce) {
  cnn::testing::TempDir dir;
  const std::string fifo = dir.file("imgui.ini");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  Status s = Status::ok();
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { s = load_imgui_layout(fifo); }));
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(fifo + ": is a named pipe (FIFO)"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace whygpu::app
