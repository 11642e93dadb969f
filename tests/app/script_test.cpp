#include <gtest/gtest.h>

#include "app/demo/script.h"
#include "tests/cnn/temp_dir.h"
#include "tests/core/special_files.h"

namespace whygpu::app {
namespace {

TEST(Script, ParsesActionsAndQuotedArguments) {
  Script script;
  std::string error;
  ASSERT_TRUE(parse_script("# demo\nlesson cpu-vs-gpu\n\nset grid block_x 256\npress \"my panel\" run\nwait 3\n"
                           "wait-idle grid 10\nscreenshot out.png\nquit\n",
                           "demo.script", &script, &error))
      << error;
  ASSERT_EQ(script.actions.size(), 7u);
  EXPECT_EQ(script.actions[0].verb, "lesson");
  EXPECT_EQ(script.actions[0].line, 2);
  EXPECT_EQ(script.actions[2].args[0], "my panel");
  EXPECT_EQ(script.actions[4].args.size(), 2u);
}

TEST(Script, RejectsUnknownVerbsAndWrongArgumentCounts) {
  Script script;
  std::string error;
  EXPECT_FALSE(parse_script("lesson a\njump b\n", "s", &script, &error));
  EXPECT_EQ(error, "s:2: unknown action 'jump'");
  EXPECT_FALSE(parse_script("set a b\n", "s", &script, &error));
  EXPECT_EQ(error, "s:1: 'set' takes 3 argument(s), got 2 (set PANEL KEY VALUE)");
  EXPECT_FALSE(parse_script("wait soon\n", "s", &script, &error));
  EXPECT_EQ(error, "s:1: wait wants frames (0 to 1000000) or seconds such as 2s (up to 3600s)");
}

TEST(Script, NumbersAreCheckedBeforeTheScriptStarts) {
  Script script;
  std::string error;
  ASSERT_TRUE(parse_script("wait 2s\nwait 30\nwait-idle p 5\nfont-scale 1.5\n", "s", &script, &error)) << error;
  EXPECT_DOUBLE_EQ(script.actions[0].seconds, 2.0);
  EXPECT_EQ(script.actions[1].frames, 30);
  EXPECT_DOUBLE_EQ(script.actions[2].seconds, 5.0);
  EXPECT_DOUBLE_EQ(script.actions[3].scale, 1.5);
  for (const char* bad : {"wait-idle p 1e10\n", "wait-idle p nan\n", "wait-idle p -3\n", "font-scale nan\n",
                          "font-scale 9\n", "wait 1e9s\n", "wait -1\n", "theme blue\n"}) {
    EXPECT_FALSE(parse_script(bad, "s", &script, &error)) << bad;
    EXPECT_EQ(error.rfind("s:1: ", 0), 0u) << error;
  }
}

// A teacher's stop names what the class is to look at: a panel, or the question asked
// before it; the player brings it into view (lessons/FORMAT.md, "Scripts").
TEST(Script, AKeyStopMayNameWhatTheClassLooksAt) {
  Script script;
  std::string error;
  ASSERT_TRUE(parse_script("wait-key\nwait-key thread-grid\nwait-key thread-grid:predict\n", "s", &script, &error))
      << error;
  EXPECT_TRUE(script.actions[0].args.empty());
  EXPECT_EQ(script.actions[1].args.at(0), "thread-grid");
  EXPECT_EQ(script.actions[2].args.at(0), "thread-grid:predict");
  for (const char* bad : {"wait-key grid:legend\n", "wait-key :predict\n", "wait-key a b\n"}) {
    EXPECT_FALSE(parse_script(bad, "s", &script, &error)) << bad;
    EXPECT_EQ(error.rfind("s:1: ", 0), 0u) << error;
  }
  EXPECT_FALSE(parse_script("wait-key grid:legend\n", "s", &script, &error));
  EXPECT_EQ(error, "s:1: wait-key's target is PANEL or PANEL:predict, the question asked before the panel (got "
                   "'grid:legend')");
}

TEST(Script, ACaptionIsTheRestOfTheLine) {
  Script script;
  std::string error;
  ASSERT_TRUE(parse_script("caption   Which is faster, and by how much?  \ncaption\n", "s", &script, &error));
  EXPECT_EQ(script.actions[0].args[0], "Which is faster, and by how much?");
  EXPECT_EQ(script.actions[1].args[0], "");
}

// A script is a document: it names its pictures, the user's export folder holds them
// (a demo shared by a colleague must not overwrite ~/.bashrc with a PNG).
TEST(Script, AScreenshotIsAPlainPngNameInTheExportFolder) {
  Script script;
  std::string error;
  for (const char* bad : {"screenshot /home/me/.bashrc.png\n", "screenshot ../up.png\n", "screenshot out/x.png\n",
                          "screenshot .hidden.png\n", "screenshot notes.txt\n"}) {
    EXPECT_FALSE(parse_script(bad, "demo.script", &script, &error)) << bad;
    EXPECT_NE(error.find("demo.script:1: screenshot saves into your export folder"), std::string::npos) << error;
  }
  EXPECT_TRUE(parse_script("screenshot stop-01.png\n", "demo.script", &script, &error)) << error;
}

TEST(Script, AFolderIsNotAScript) {
  Script script;
  std::string error;
  EXPECT_FALSE(load_script("/tmp", &script, &error));
  EXPECT_EQ(error, "cannot read script /tmp: is a folder, not a file");
}

TEST(Script, MissingFileSaysWhich) {
  Script script;
  std::string error;
  EXPECT_FALSE(load_script("/nonexistent/demo.script", &script, &error));
  EXPECT_NE(error.find("/nonexistent/demo.script"), std::string::npos);
}

TEST(Script, AFifoIsRefusedAtOnce) {
  cnn::testing::TempDir dir;
  const std::string fifo = dir.file("demo.script");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  Script script;
  std::string error;
  bool loaded = true;
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { loaded = load_script(fifo, &script, &error); }));
  EXPECT_FALSE(loaded);
  EXPECT_NE(error.find(fifo + ": is a named pipe (FIFO)"), std::string::npos) << error;
}

}  // namespace
}  // namespace whygpu::app
