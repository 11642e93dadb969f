#pragma once
// Decides, frame by frame, what the script does, when to capture a PNG and when to stop:
// the same rules for a window and for a headless run.
#include <string>

#include "app/demo/script_player.h"
#include "app/demo/script_target.h"

namespace whygpu::app {

class FrameSchedule {
 public:
  // `final_screenshot`: captured once the script is done (or after `frames` frames
  // without a script). `stop_when_done`: headless runs stop then; a window stays open
  // for the user unless the script said quit or a final screenshot was asked for.
  FrameSchedule(ScriptPlayer* player, std::string final_screenshot, int frames, bool stop_when_done);

  struct Frame {
    std::string capture;  // write this PNG after rendering the frame
    bool last = false;    // stop after this frame
    std::string error;    // the script failed here; its remaining actions are skipped
  };
  Frame before_frame(ScriptTarget& target);

 private:
  ScriptPlayer* player_;
  std::string final_screenshot_;
  int settle_frames_;
  bool stop_when_done_;
  bool script_done_ = false;
  bool quit_ = false;
  int frames_since_done_ = 0;
};

}  // namespace whygpu::app
