#pragma once
// Plays a Script against the Shell, a few actions per frame, in a window or headless.
#include <chrono>
#include <string>

#include "app/script.h"
#include "app/shell.h"

namespace whygpu::app {

class ScriptPlayer {
 public:
  explicit ScriptPlayer(Script script) : script_(std::move(script)) {}

  struct Step {
    std::string screenshot;  // take a PNG of the frame about to be drawn
    bool finished = false;   // the script ended (or said quit)
    bool quit = false;       // it said quit: a window closes too
    std::string error;       // "file:line: what went wrong": stop and report
  };

  // Call once per frame before drawing: runs actions until one needs frames to pass.
  Step advance(Shell& shell);

 private:
  Script script_;
  std::size_t next_ = 0;
  long frames_to_wait_ = 0;
  std::string pending_screenshot_;
  bool waiting_idle_ = false;
  std::chrono::steady_clock::time_point idle_deadline_;
};

}  // namespace whygpu::app
