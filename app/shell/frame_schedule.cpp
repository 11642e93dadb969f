#include "app/shell/frame_schedule.h"

namespace whygpu::app {

FrameSchedule::FrameSchedule(ScriptPlayer* player, std::string final_screenshot, int frames,
                             bool stop_when_done)
    : player_(player),
      final_screenshot_(std::move(final_screenshot)),
      // Without a script the screenshot waits --frames frames; after a script, two frames
      // let the layout settle after its last action.
      settle_frames_(player ? 2 : frames),
      stop_when_done_(stop_when_done),
      script_done_(player == nullptr) {}

FrameSchedule::Frame FrameSchedule::before_frame(ScriptTarget& target) {
  Frame frame;
  if (!script_done_) {
    const ScriptPlayer::Step step = player_->advance(target);
    if (!step.error.empty()) {
      frame.error = step.error;
      script_done_ = true;  // the rest of the script is skipped
      return frame;
    }
    frame.capture = step.screenshot;
    script_done_ = step.finished;
    quit_ = step.quit;
    if (!script_done_) return frame;
  }
  const bool stopping = stop_when_done_ || quit_ || !final_screenshot_.empty();
  if (!stopping) return frame;
  if (final_screenshot_.empty()) {
    frame.last = true;
    return frame;
  }
  if (++frames_since_done_ >= settle_frames_) {
    frame.capture = final_screenshot_;
    frame.last = true;
  }
  return frame;
}

}  // namespace whygpu::app
