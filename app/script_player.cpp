#include "app/script_player.h"

#include <cstdlib>

namespace whygpu::app {

ScriptPlayer::Step ScriptPlayer::advance(Shell& shell) {
  Step step;
  if (frames_to_wait_ > 0) {
    --frames_to_wait_;
    if (frames_to_wait_ == 0 && !pending_screenshot_.empty()) {
      step.screenshot = pending_screenshot_;
      pending_screenshot_.clear();
    }
    return step;
  }
  while (next_ < script_.actions.size()) {
    const ScriptAction& action = script_.actions[next_];
    const std::string where = script_.file + ":" + std::to_string(action.line) + ": ";
    auto fail = [&](const std::string& message) {
      step.error = where + message;
      step.finished = true;
      return step;
    };
    const auto& a = action.args;
    if (action.verb == "wait-idle") {
      if (!waiting_idle_) {
        const double seconds = a.size() > 1 ? std::atof(a[1].c_str()) : 120.0;
        idle_deadline_ = std::chrono::steady_clock::now() +
                         std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
        waiting_idle_ = true;
      }
      bool busy = false;
      if (const Status s = shell.panel_busy(a[0], &busy); !s) return fail(s.message());
      if (busy) {
        if (std::chrono::steady_clock::now() > idle_deadline_) return fail("panel '" + a[0] + "' still busy at the time limit");
        return step;  // look again next frame
      }
      waiting_idle_ = false;
      ++next_;
      continue;
    }
    ++next_;
    Status status = Status::ok();
    if (action.verb == "lesson") status = shell.open_lesson(a[0]);
    else if (action.verb == "next") shell.step_lesson(+1);
    else if (action.verb == "previous") shell.step_lesson(-1);
    else if (action.verb == "set") status = shell.set_panel_param(a[0], a[1], a[2]);
    else if (action.verb == "press") status = shell.press_panel_button(a[0], a[1]);
    else if (action.verb == "font-scale") shell.set_font_scale(static_cast<float>(std::atof(a[0].c_str())));
    else if (action.verb == "theme") {
      if (a[0] != "dark" && a[0] != "light") return fail("theme wants dark or light");
      shell.set_dark_theme(a[0] == "dark");
    } else if (action.verb == "expect-no-errors") {
      const auto errors = shell.current_errors();
      if (!errors.empty()) return fail("expected no errors, the page shows: " + errors.front());
    } else if (action.verb == "quit") {
      next_ = script_.actions.size();
      step.quit = true;
    } else if (action.verb == "wait") {
      frames_to_wait_ = std::atol(a[0].c_str());
      if (frames_to_wait_ > 0) return step;
    } else if (action.verb == "screenshot") {
      // Two frames first, so layout and fonts settle after the actions before it.
      pending_screenshot_ = a[0];
      frames_to_wait_ = 2;
      return step;
    }
    if (!status) return fail(status.message());
  }
  step.finished = true;
  return step;
}

}  // namespace whygpu::app
