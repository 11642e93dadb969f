#pragma once
// The geometry of the timeline panel, kept free of ImGui so it can be tested (as
// app/plot/plot_math.h is for the plot): one or more recordings ("tracks") drawn one
// above the other on a shared time axis, each as a title row, its host-thread lanes, its
// GPU-stream lanes and a row that shows where the GPU was busy and where it idled;
// every item as a box to scale; which box lies under the pointer; which boxes a host
// launch and the GPU work it queued share (CUPTI's correlation id); and the figures the
// lesson reads off a pair of recordings (idle shares, how much faster the graph runs).
#include <cstdint>
#include <string>
#include <vector>

#include "app/plot/plot_math.h"
#include "compute/profile/timeline.h"

namespace whygpu::app::timeline {

// One recording as drawn. Its time zero is where its step begins (step_begin_ns), so
// that recordings made at different moments line up at their starts.
struct Track {
  const profile::Timeline* timeline = nullptr;
  std::string title;          // "Our CNN step, eager"
  double title_height = 0.0;  // its title row; 0: Metrics::title_height (the text wraps to the width)
};

// The step a recording holds: from the first host call (or GPU item, if it has no host
// calls) to the end of the last GPU item. This is what one training step costs when the
// host waits for it, launches and gaps included.
std::int64_t step_begin_ns(const profile::Timeline& timeline);
std::int64_t step_end_ns(const profile::Timeline& timeline);
inline std::int64_t step_ns(const profile::Timeline& t) { return step_end_ns(t) - step_begin_ns(t); }

enum class RowKind { Title, Host, Stream, Busy };

struct Row {
  int track = 0;
  RowKind kind = RowKind::Host;
  int lane = -1;       // Host, Stream: the lane's index in the timeline
  std::string label;   // the lane's name ("host: the thread running the work", "stream 13")
  double y0 = 0, y1 = 0;
};

// A host call, kernel, copy or memset as a box. Boxes narrower than Metrics::min_item_width
// are widened to it (centred), so the shortest kernels stay visible and can be hovered.
struct ItemBox {
  int track = 0;
  int item = 0;  // index into that track's timeline->items
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  bool contains(double x, double y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

// A stretch of the busy row: the GPU busy (some item on some stream) or idle (a gap).
struct Span {
  int track = 0;
  bool idle = false;
  std::int64_t ns = 0;  // its length in time
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
};

struct Metrics {
  double row_height = 22;    // one lane
  double title_height = 48;  // a track's title row (title and idle sentence)
  double busy_height = 14;   // the busy/idle row
  double track_gap = 10;     // between two tracks
  double lane_gap = 2;       // between lanes
  double min_item_width = 2;
};

struct Layout {
  std::vector<Row> rows;
  std::vector<ItemBox> items;  // only those that overlap the view
  std::vector<Span> spans;     // likewise
  double height = 0;           // of everything, from y = 0
};

// The rows of every track from y = 0 down, and the boxes of everything that falls inside
// `view_ms` (milliseconds from each track's step begin) when that range spans x0..x1.
Layout layout_tracks(const std::vector<Track>& tracks, const plot::Range& view_ms, double x0, double x1,
                     const Metrics& metrics);

// Screen x of a time (ns from the track's step begin) and back.
double x_of_ns(std::int64_t ns, const plot::Range& view_ms, double x0, double x1);
double ms_at_x(double x, const plot::Range& view_ms, double x0, double x1);

// A view that shows every track's whole step, with a little room at either end.
plot::Range fit_view(const std::vector<Track>& tracks);

// The box under (x, y): the index into layout.items, or -1.
int item_at(const Layout& layout, double x, double y);

// The other boxes that belong with box `index`: for a host call, the GPU items it queued;
// for a GPU item, the host call that queued it (and the other items of the same launch,
// such as every kernel of one graph). Boxes of items outside the view are not there.
std::vector<int> linked_boxes(const Layout& layout, const std::vector<Track>& tracks, int index);

// What a host call did, for its colour: queued GPU work (found by correlation), waited
// for the GPU (a synchronisation), or something else (a query, an attribute).
enum class HostRole { Launch, Wait, Other };
HostRole host_role(const profile::Timeline& timeline, const profile::TimelineItem& call);

// A lane's name as the panel writes it: "CPU thread" (numbered when there are several),
// "GPU stream 13".
std::string lane_label(const profile::Timeline& timeline, int lane);

// The hover read-out of item `index`, a line each: its name; for a kernel its duration,
// grid, block, registers and shared memory; for a copy its bytes and memories; for a host
// call how long it took and what it queued (or that the CPU waited); when it began in the step.
std::vector<std::string> hover_lines(const profile::Timeline& timeline, int index);

// How a recording launched its work, read from its items: as a CUDA graph (its kernels
// ran as graph nodes) or eagerly.
bool launched_as_graph(const profile::Timeline& timeline);

// "GPU idle 46% of the step in eager mode, 1% as a graph" when `same_step` and one of the
// two was launched as a graph; else "GPU idle 46% in A, 87% in B".
std::string idle_comparison(const profile::Timeline& a, const std::string& a_name, const profile::Timeline& b,
                            const std::string& b_name, bool same_step);

// How many times faster the graphed step ran than the eager one (step_ns ratio).
double graph_speedup(const profile::Timeline& eager, const profile::Timeline& graph);

}  // namespace whygpu::app::timeline
