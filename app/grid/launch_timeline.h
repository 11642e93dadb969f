#pragma once
// The launch as it happened: one lane per SM, one bar per block from its first thread's
// start to its last thread's end (%globaltimer), and above them how many blocks were
// running at each moment. When a grid has more blocks than the GPU holds at once, a
// block waits for a running one to finish and takes its place: the launch runs in
// waves. Bars are coloured by that order: the first block in its place on the SM, the
// second, and so on, so the waves show as bands of colour.
#include <cstdint>
#include <string>
#include <vector>

#include "compute/grid/grid_launcher.h"

namespace whygpu::app {

class LaunchTimeline {
 public:
  // Prepares the bars and the running-block curve; once per launch, not per frame.
  void set_launch(const grid::LaunchReport& report, int sm_count, std::int64_t blocks_per_wave);
  void clear();
  bool empty() const { return block_count_ == 0; }
  // The launch was recorded on another computer: drawn faded under this label
  // ("recorded on NVIDIA H100 ... not on this computer"). Cleared by set_launch.
  void set_recorded(std::string label) { recorded_label_ = std::move(label); }

  // Draws at the ImGui cursor across `width` pixels.
  void draw(float width, float font_scale) const;

 private:
  struct Frame;
  std::string running_label() const;
  void draw_running_curve(const Frame& f) const;
  void draw_sm_lanes(const Frame& f) const;
  float draw_time_axis(const Frame& f) const;
  void draw_hover(const Frame& f) const;
  void draw_legend(bool bars) const;

  struct Bar {
    float start;  // fraction of the time span
    float end;
    std::uint32_t block;
    std::uint32_t round;  // its turn on the SM (grid::block_turns)
  };
  static constexpr int kBuckets = 400;

  std::vector<std::vector<Bar>> lanes_;  // one per SM, in start order
  std::vector<float> running_;           // blocks running, averaged over each time bucket
  std::uint64_t block_count_ = 0;
  std::int64_t blocks_per_wave_ = 0;
  float peak_running_ = 0.0f;
  std::uint32_t rounds_ = 0;             // most blocks that ran one after another in one place
  double span_us_ = 0.0;
  double kernel_ms_ = 0.0;
  int sms_used_ = 0;
  std::string recorded_label_;
};

}  // namespace whygpu::app
