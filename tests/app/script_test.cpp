#include <gtest/gtest.h>

#include "app/script.h"

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
  EXPECT_EQ(error, "s:1: 'set' takes 3 argument(s), got 2");
  EXPECT_FALSE(parse_script("wait soon\n", "s", &script, &error));
  EXPECT_NE(error.find("number of frames"), std::string::npos);
}

TEST(Script, MissingFileSaysWhich) {
  Script script;
  std::string error;
  EXPECT_FALSE(load_script("/nonexistent/demo.script", &script, &error));
  EXPECT_NE(error.find("/nonexistent/demo.script"), std::string::npos);
}

}  // namespace
}  // namespace whygpu::app
