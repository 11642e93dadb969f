#pragma once
// Draws recordings as Nsight Systems does, with Dear ImGui: for each track a title, CPU
// thread lanes (the CUDA calls), GPU stream lanes (kernels, copies, memsets) and a row
// that marks the GPU's idle gaps in red, all on one time axis. Ctrl+wheel zooms about the
// pointer, dragging pans, a double-click fits; hovering an item shows its details and
// joins a launch to the GPU work it queued. The geometry is timeline_layout.h's.
#include <string>
#include <vector>

#include "app/plot/plot_math.h"
#include "app/profile/timeline_layout.h"

struct ImFont;

namespace whygpu::app::timeline {

struct Canvas;  // one frame's drawing state (timeline_view.cpp)

// What a track's title row says besides its title.
struct TrackNote {
  std::string summary;  // "GPU idle 46% of the step (123.6 us of 268.7 us, 20 gaps; ...)"
  std::string origin;   // "recorded on NVIDIA H100 ... not on this computer", or "recorded live on this GPU"
  bool recorded = false;  // drawn faded
};

class TimelineView {
 public:
  // At the cursor, `width` pixels wide; as tall as the tracks need. `title_font` (may be
  // null) for the tracks' titles; `scale` is the user's text scale.
  void draw(const char* id, const std::vector<Track>& tracks, const std::vector<TrackNote>& notes, float width,
            float scale, ImFont* title_font);

  void fit() { auto_fit_ = true; }
  // The time shown, in milliseconds from each track's step begin.
  const plot::Range& view_ms() const { return view_; }

 private:
  float axis_height(float scale) const;
  // Zoom, pan and fit from the mouse over the lanes (the item just drawn); true when the
  // view changed.
  bool handle_input(const std::vector<Track>& tracks, double x0, double x1, float scale);
  void draw_axis(const Canvas& c, double lanes_height, const std::vector<plot::Tick>& ticks) const;

  plot::Range view_{0.0, 1.0};  // milliseconds from each track's step begin
  bool auto_fit_ = true;
  bool dragging_ = false;
};

}  // namespace whygpu::app::timeline
