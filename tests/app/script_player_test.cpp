// The presenter's pacing of a script, against a target that records what it is asked.
#include <gtest/gtest.h>

#include "app/demo/script_player.h"

namespace whygpu::app {
namespace {

class RecordingTarget final : public ScriptTarget {
 public:
  explicit RecordingTarget(bool presenter) : presenter_(presenter) {}
  Status open_lesson(const std::string& id) override { return log("lesson " + id); }
  void step_lesson(int delta) override { log(delta > 0 ? "next" : "previous"); }
  Status set_panel_param(const std::string& p, const std::string& k, const std::string& v, const ValueOrigin&) override {
    return log("set " + p + " " + k + " " + v);
  }
  Status press_panel_button(const std::string& p, const std::string& b) override { return log("press " + p + " " + b); }
  Status panel_busy(const std::string&, bool* busy) override {
    *busy = false;
    return Status::ok();
  }
  Status set_font_scale(float) override { return log("font-scale"); }
  void set_dark_theme(bool) override {}
  std::vector<std::string> current_errors() const override { return {}; }
  Status answer_prediction(const std::string& value) override { return log("predict " + value); }
  Status class_reveal() override { return log("class-reveal"); }
  Status class_vote_again() override { return log("class-vote-again"); }
  void set_caption(const std::string& text) override { log("caption " + text); }
  void set_presenter_mode(bool on) override { log(on ? "presenter on" : "presenter off"); }
  Status scroll_to_panel(const std::string& p) override { return log("scroll-to " + p); }
  Status maximize_panel(const std::string& p) override { return log("maximize " + p); }
  Status show_stop_target(const std::string& t) override { return log("show " + t); }
  bool has_presenter() const override { return presenter_; }

  std::vector<std::string> actions;

 private:
  Status log(const std::string& what) {
    actions.push_back(what);
    return Status::ok();
  }
  bool presenter_;
};

Script parsed(const std::string& text) {
  Script script;
  std::string error;
  EXPECT_TRUE(parse_script(text, "demo", &script, &error)) << error;
  return script;
}

const char* const kDemo =
    "lesson a\ncaption Guess first\nwait-key\nlesson b\nmaximize p\nwait-key\nlesson c\nrestore\n";

TEST(ScriptPlayer, AKeyStopWaitsForThePresenter) {
  RecordingTarget target(/*presenter=*/true);
  ScriptPlayer player(parsed(kDemo));
  EXPECT_EQ(player.step_count(), 3);
  player.advance(target);
  EXPECT_EQ(target.actions, (std::vector<std::string>{"lesson a", "caption Guess first"}));
  EXPECT_TRUE(player.at_key_stop());
  EXPECT_EQ(player.step(), 1);
  for (int i = 0; i < 5; ++i) player.advance(target);  // nothing moves until a key
  EXPECT_EQ(target.actions.size(), 2u);
  player.presenter_space();
  player.advance(target);
  EXPECT_EQ(target.actions.back(), "maximize p");
  player.presenter_right();
  EXPECT_TRUE(player.advance(target).finished);
  EXPECT_EQ(target.actions.back(), "maximize ");  // restore
}

TEST(ScriptPlayer, HeadlessRunsGoOnAtKeyStops) {
  RecordingTarget target(/*presenter=*/false);
  ScriptPlayer player(parsed(kDemo));
  EXPECT_TRUE(player.advance(target).finished);
  EXPECT_EQ(target.actions.size(), 6u);
}

TEST(ScriptPlayer, LeftGoesBackToTheStartOfTheStepAndPlaysItAgain) {
  RecordingTarget target(/*presenter=*/true);
  ScriptPlayer player(parsed(kDemo));
  player.advance(target);
  player.presenter_space();
  player.advance(target);  // step 2 played, stopped before step 3
  ASSERT_EQ(target.actions.back(), "maximize p");
  EXPECT_EQ(player.step(), 2);
  player.presenter_left();  // back to step 1's start
  EXPECT_EQ(player.step(), 1);
  EXPECT_FALSE(player.at_key_stop());
  player.advance(target);
  EXPECT_EQ(target.actions[target.actions.size() - 2], "lesson a");
  EXPECT_EQ(target.actions.back(), "caption Guess first");
  // Forward to step 3, then back to step 2: step 1's state is replayed first, its presses
  // and waits are not, then step 2 plays.
  player.presenter_right();
  player.advance(target);
  player.presenter_right();
  player.advance(target);
  ASSERT_EQ(player.step(), 3);
  target.actions.clear();
  player.presenter_left();
  player.advance(target);
  EXPECT_EQ(target.actions, (std::vector<std::string>{"lesson a", "caption Guess first", "lesson b", "maximize p"}));
  EXPECT_EQ(player.step(), 2);
  player.presenter_left();  // at step 1 already: step 1 again
  EXPECT_EQ(player.step(), 1);
}

TEST(ScriptPlayer, ClassStepsPlayOnceAndAreNotReplayedGoingBack) {
  RecordingTarget target(/*presenter=*/true);
  ScriptPlayer player(parsed("lesson a\nwait-key\nclass-reveal\nclass-vote-again\nwait-key\nclass-reveal\n"));
  player.advance(target);
  player.presenter_right();
  player.advance(target);
  EXPECT_EQ(target.actions, (std::vector<std::string>{"lesson a", "class-reveal", "class-vote-again"}));
  target.actions.clear();
  player.presenter_right();
  player.advance(target);
  player.presenter_left();  // back to step 2: step 1 replayed as state, then step 2 plays
  player.advance(target);
  EXPECT_EQ(target.actions, (std::vector<std::string>{"class-reveal", "lesson a", "class-reveal", "class-vote-again"}));
}

TEST(ScriptPlayer, SpacePausesAWaitAndRightCutsItShort) {
  RecordingTarget target(/*presenter=*/true);
  ScriptPlayer player(parsed("wait 100\nlesson z\n"));
  player.advance(target);
  player.presenter_space();
  EXPECT_TRUE(player.paused());
  for (int i = 0; i < 200; ++i) player.advance(target);
  EXPECT_TRUE(target.actions.empty());  // paused: the wait did not run out
  player.presenter_right();              // resumes and ends the wait
  EXPECT_FALSE(player.paused());
  player.advance(target);
  player.advance(target);
  EXPECT_EQ(target.actions, (std::vector<std::string>{"lesson z"}));
}

TEST(ScriptPlayer, PreparingSkipsWaitsStopsCaptionsAndScreenshots) {
  RecordingTarget target(/*presenter=*/true);
  ScriptPlayer player(parsed("lesson a\nwait 5s\ncaption Look\nwait-key\nscreenshot x.png\npress p run\nwait 100\n"));
  player.set_fast(true);
  const ScriptPlayer::Step step = player.advance(target);
  EXPECT_TRUE(step.finished);
  EXPECT_TRUE(step.screenshot.empty());
  EXPECT_EQ(target.actions, (std::vector<std::string>{"lesson a", "press p run"}));
}

TEST(ScriptPlayer, AfterWaitIdleThePanelGetsAFrameBeforeTheScriptMovesOn) {
  RecordingTarget target(/*presenter=*/false);
  ScriptPlayer player(parsed("wait-idle p\nlesson next-page\n"));
  EXPECT_FALSE(player.advance(target).finished);
  EXPECT_TRUE(target.actions.empty());  // the work is done, but this frame belongs to the panel
  EXPECT_TRUE(player.advance(target).finished);
  EXPECT_EQ(target.actions, (std::vector<std::string>{"lesson next-page"}));
}

// A stop names what the class looks at: it comes into view at the stop, and again as the
// state a step starts from when the presenter goes back; a UI test stops without a presenter.
TEST(ScriptPlayer, AKeyStopBringsItsTargetIntoView) {
  RecordingTarget target(/*presenter=*/false);
  ScriptPlayer player(parsed("lesson a\nwait-key p:predict\npredict 3\nwait-key p\nlesson b\nwait-key q\n"));
  player.set_stop_headless(true);
  player.advance(target);
  EXPECT_TRUE(player.at_key_stop());
  EXPECT_EQ(target.actions, (std::vector<std::string>{"lesson a", "show p:predict"}));
  player.presenter_right();
  player.advance(target);
  EXPECT_EQ(target.actions.back(), "show p");
  player.presenter_right();
  player.advance(target);
  ASSERT_EQ(player.step(), 3);
  EXPECT_EQ(target.actions.back(), "show q");
  target.actions.clear();
  player.presenter_left();
  player.advance(target);
  EXPECT_EQ(target.actions, (std::vector<std::string>{"lesson a", "show p:predict", "predict 3", "show p"}));
  EXPECT_TRUE(player.at_key_stop());
  EXPECT_EQ(player.step(), 2);
}

}  // namespace
}  // namespace whygpu::app
