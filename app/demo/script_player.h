#pragma once
// Plays a Script against a ScriptTarget, a few actions per frame, in a window or headless.
// A presenter paces it: `wait-key` stops it until Space or Right, Space pauses it
// elsewhere, Left goes back one step. A step is what lies between two key stops, so a
// demo with 16 `wait-key` lines has 17 steps.
#include <chrono>
#include <cstddef>
#include <string>
#include <utility>

#include "app/demo/script.h"
#include "app/demo/script_target.h"

namespace whygpu::app {

class ScriptPlayer {
 public:
  explicit ScriptPlayer(Script script);

  // Preparing the class: waits, key stops, captions and screenshots are skipped; only
  // what the script measures runs (its wait-idle lines still wait for the work).
  void set_fast(bool fast) { fast_ = fast; }
  // Stop at key stops even where nobody presents: a UI test looks at what the class sees
  // at each stop, then goes on with presenter_right().
  void set_stop_headless(bool stop) { stop_headless_ = stop; }

  struct Step {
    std::string screenshot;  // take a PNG of the frame about to be drawn
    bool finished = false;   // the script ended (or said quit)
    bool quit = false;       // it said quit: a window closes too
    std::string error;       // "file:line: what went wrong": stop and report
  };

  // Call once per frame before drawing: runs actions until one needs frames to pass.
  Step advance(ScriptTarget& target);

  // The presenter's keys. Space: go on from a key stop, else pause or resume. Right: go
  // on from a key stop, or cut the current wait short. Left: back to the start of the
  // step before the one on screen. Going back replays the script up to there without its
  // presses and waits (the pages, settings, caption and maximised panel come back as they
  // were; nothing is measured again), then plays that step.
  void presenter_space();
  void presenter_right();
  void presenter_left();

  int step() const { return step_; }  // the step on screen, from 1
  int step_count() const { return step_count_; }
  bool paused() const { return paused_; }
  bool at_key_stop() const { return at_key_stop_; }
  const std::string& file() const { return script_.file; }

 private:
  void go_to_step(int step);
  void leave_key_stop();
  void clear_waits();

  Script script_;
  std::size_t next_ = 0;
  int step_ = 1;
  int step_count_ = 1;
  bool paused_ = false;
  bool fast_ = false;
  bool stop_headless_ = false;
  std::size_t replay_until_ = 0;  // actions before this index re-establish state only
  bool at_key_stop_ = false;
  long frames_to_wait_ = 0;
  std::chrono::steady_clock::time_point wait_until_{};
  std::chrono::steady_clock::time_point paused_at_{};
  std::string pending_screenshot_;
  bool waiting_idle_ = false;
  std::chrono::steady_clock::time_point idle_deadline_;
};

}  // namespace whygpu::app
