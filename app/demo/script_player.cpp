#include "app/demo/script_player.h"

#include <algorithm>

#include "app/files/file_locations.h"
#include "app/i18n/translate.h"
#include "app/lesson/lesson_facts.h"

namespace whygpu::app {
namespace {

using Clock = std::chrono::steady_clock;

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

}  // namespace

ScriptPlayer::ScriptPlayer(Script script) : script_(std::move(script)) {
  step_count_ = 1 + static_cast<int>(std::count_if(script_.actions.begin(), script_.actions.end(),
                                                   [](const ScriptAction& a) { return a.verb == "wait-key"; }));
}

void ScriptPlayer::clear_waits() {
  frames_to_wait_ = 0;
  wait_until_ = {};
  waiting_idle_ = false;
  at_key_stop_ = false;
}

void ScriptPlayer::leave_key_stop() {
  at_key_stop_ = false;
  ++step_;
}

void ScriptPlayer::presenter_space() {
  if (at_key_stop_) {
    leave_key_stop();
    return;
  }
  if (paused_ && wait_until_ != Clock::time_point{}) wait_until_ += Clock::now() - paused_at_;
  paused_ = !paused_;
  paused_at_ = Clock::now();
}

void ScriptPlayer::presenter_right() {
  if (paused_) presenter_space();
  if (at_key_stop_) {
    leave_key_stop();
    return;
  }
  frames_to_wait_ = std::min<long>(frames_to_wait_, 1);  // a screenshot still gets its frame
  wait_until_ = {};
}

void ScriptPlayer::presenter_left() { go_to_step(std::max(1, step_ - 1)); }

void ScriptPlayer::go_to_step(int step) {
  clear_waits();
  paused_ = false;
  pending_screenshot_.clear();
  // Find where the step starts, then replay everything before it as state only.
  int found = 1;
  std::size_t start = 0;
  while (found < step && start < script_.actions.size())
    if (script_.actions[start++].verb == "wait-key") ++found;
  step_ = 1;
  next_ = 0;
  replay_until_ = start;
}

ScriptPlayer::Step ScriptPlayer::advance(ScriptTarget& target) {
  Step step;
  if (paused_ || at_key_stop_) return step;
  if (frames_to_wait_ > 0) {
    --frames_to_wait_;
    if (frames_to_wait_ == 0 && !pending_screenshot_.empty()) step.screenshot = std::exchange(pending_screenshot_, {});
    return step;
  }
  if (wait_until_ != Clock::time_point{}) {
    if (Clock::now() < wait_until_) return step;
    wait_until_ = {};
  }
  while (next_ < script_.actions.size()) {
    const ScriptAction& action = script_.actions[next_];
    auto fail = [&](const std::string& message) {
      step.error = script_.file + ":" + std::to_string(action.line) + ": " + message;
      step.finished = true;
      return step;
    };
    const auto& a = action.args;
    if (action.verb == "wait-idle" && next_ < replay_until_) {  // going back: nothing runs to wait for
      ++next_;
      continue;
    }
    if (action.verb == "wait-idle") {
      if (!waiting_idle_) {
        idle_deadline_ = Clock::now() + seconds(action.seconds);
        waiting_idle_ = true;
      }
      bool busy = false;
      if (const Status s = target.panel_busy(a[0], &busy); !s) return fail(translated(s));
      if (busy) {
        if (Clock::now() > idle_deadline_) return fail("panel '" + a[0] + "' still busy at the time limit");
        return step;  // look again next frame
      }
      // This frame is drawn before the next action, so that the panel takes in what the
      // work produced (and keeps it, when preparing the class) before the script moves
      // on, perhaps to another page.
      waiting_idle_ = false;
      ++next_;
      return step;
    }
    ++next_;
    const bool replaying = next_ <= replay_until_;
    if (replaying || fast_) {
      if (action.verb == "wait-key") {
        // Going back: the view the class had at the stop before this step.
        if (!a.empty() && !fast_)
          if (Status s = target.show_stop_target(a[0]); !s) return fail(translated(s));
        ++step_;
        continue;
      }
      if (action.verb == "wait" || action.verb == "screenshot") continue;
      if (fast_ && action.verb == "caption") continue;
      if (replaying && (action.verb == "press" || action.verb == "predict" || action.verb == "expect-no-errors" ||
                        action.verb == "quit" || action.verb == "class-reveal" || action.verb == "class-vote-again"))
        continue;
    }
    Status status = Status::ok();
    if (action.verb == "lesson") status = target.open_lesson(a[0]);
    else if (action.verb == "next") target.step_lesson(+1);
    else if (action.verb == "previous") target.step_lesson(-1);
    else if (action.verb == "set") status = target.set_panel_param(a[0], a[1], a[2], ValueOrigin::document(script_.document));
    else if (action.verb == "press") status = target.press_panel_button(a[0], a[1]);
    else if (action.verb == "predict") status = target.answer_prediction(a[0]);
    else if (action.verb == "class-reveal") status = target.class_reveal();
    else if (action.verb == "class-vote-again") status = target.class_vote_again();
    else if (action.verb == "font-scale") status = target.set_font_scale(static_cast<float>(action.scale));
    else if (action.verb == "theme") target.set_dark_theme(a[0] == "dark");
    else if (action.verb == "caption") target.set_caption(with_facts(a[0]));
    else if (action.verb == "presenter") target.set_presenter_mode(a[0] == "on");
    else if (action.verb == "scroll-to") status = target.scroll_to_panel(a[0]);
    else if (action.verb == "maximize") status = target.maximize_panel(a[0]);
    else if (action.verb == "restore") status = target.maximize_panel("");
    else if (action.verb == "expect-no-errors") {
      const auto errors = target.current_errors();
      if (!errors.empty()) return fail("expected no errors, the page shows: " + errors.front());
    } else if (action.verb == "quit") {
      next_ = script_.actions.size();
      step.quit = true;
    } else if (action.verb == "wait-key") {
      if (!a.empty()) status = target.show_stop_target(a[0]);
      if (!status) return fail(translated(status));
      if (target.has_presenter() || stop_headless_) {
        at_key_stop_ = true;
        return step;
      }
      ++step_;
    } else if (action.verb == "wait") {
      if (action.seconds > 0) {
        wait_until_ = Clock::now() + seconds(action.seconds);
        return step;
      }
      frames_to_wait_ = action.frames;
      if (frames_to_wait_ > 0) return step;
    } else if (action.verb == "screenshot") {
      // Two frames first, so layout and fonts settle after the actions before it.
      pending_screenshot_ = export_path(a[0]);  // a plain name (parse_script checked it)
      frames_to_wait_ = 2;
      return step;
    }
    if (!status) return fail(translated(status));
  }
  step.finished = true;
  return step;
}

}  // namespace whygpu::app
