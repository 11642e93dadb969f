// The classroom demos in lessons/demos/ are content: a renamed lesson or panel would
// break one only when a teacher plays it in front of a class. These tests read each demo
// the way the player will and check every lesson and panel it names is there.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "app/demo/script.h"
#include "app/lesson/lesson_check.h"
#include "app/lesson/lesson_library.h"
#include "tests/app/source_tree.h"

namespace whygpu::app {
namespace {

using source_tree::lessons_folder;
using source_tree::demo_files;

// A panel named in a script: its id= on the lesson, or its type name.
bool lesson_has_panel(const Lesson& lesson, const std::string& name) {
  for (const LessonBlock& block : lesson.blocks) {
    if (block.kind != LessonBlock::Kind::panel) continue;
    const auto id = block.params.find("id");
    if (block.panel_type == name || (id != block.params.end() && id->second == name)) return true;
  }
  return false;
}

TEST(Demos, AtLeastOneShips) { EXPECT_FALSE(demo_files().empty()) << lessons_folder() << "/demos"; }

TEST(Demos, EveryDemoNamesLessonsAndPanelsThatExist) {
  const LessonLibrary library = LessonLibrary::load(lessons_folder());
  for (const std::string& file : demo_files()) {
    Script script;
    std::string error;
    ASSERT_TRUE(load_script(file, &script, &error)) << error;
    const Lesson* open = nullptr;  // the lesson the demo has open at each action
    for (const ScriptAction& action : script.actions) {
      const std::string where = file + ":" + std::to_string(action.line);
      if (action.verb == "lesson") {
        const int index = library.find(action.args.at(0));
        ASSERT_GE(index, 0) << where << ": no lesson " << action.args.at(0);
        open = &library.lessons()[index];
        EXPECT_TRUE(open->errors.empty()) << where << ": lesson " << open->id << " has errors";
      } else if (action.verb == "set" || action.verb == "press" || action.verb == "wait-idle") {
        ASSERT_NE(open, nullptr) << where << ": no lesson is open yet";
        EXPECT_TRUE(lesson_has_panel(*open, action.args.at(0)))
            << where << ": lesson " << open->id << " has no panel " << action.args.at(0);
      }
    }
  }
}

bool has_problem(const std::vector<std::string>& problems, const std::string& part) {
  for (const std::string& p : problems)
    if (p.find(part) != std::string::npos) return true;
  return false;
}

// A stop's target is checked like the other panel names, and the question it names must
// be on the page; a caption that sends the class to look needs a stop that says where.
TEST(Demos, CheckLessonsChecksWhatAStopNames) {
  const LessonLibrary library = LessonLibrary::load(lessons_folder());
  Script script;
  std::string error;
  ASSERT_TRUE(parse_script("lesson cnn-forward-backward\n"
                           "wait-key cnn-trainer:predict\n"
                           "wait-key cnn-feature-maps\n"
                           "wait-key cnn-traner\n"
                           "wait-key cnn-feature-maps:predict\n"
                           "caption Watch the loss fall.\n"
                           "wait-key\n"
                           "caption The same seed, the same weights.\n"
                           "wait-key\n"
                           "caption Look: the curves.\n"
                           "wait-key cnn-trainer\n",
                           "demo.script", &script, &error))
      << error;
  const std::vector<std::string> problems = script_problems(script, library);
  EXPECT_EQ(problems.size(), 3u) << ::testing::PrintToString(problems);
  EXPECT_TRUE(has_problem(problems, "demo.script:4: no panel 'cnn-traner' on lesson cnn-forward-backward"))
      << ::testing::PrintToString(problems);
  EXPECT_TRUE(has_problem(problems, "demo.script:5: no question is asked before panel 'cnn-feature-maps'"))
      << ::testing::PrintToString(problems);
  EXPECT_TRUE(has_problem(problems, "demo.script:7: the caption tells the class to look ('Watch'), but the stop names "
                                    "nothing to look at"))
      << ::testing::PrintToString(problems);
}

}  // namespace
}  // namespace whygpu::app
