#pragma once
// The arithmetic behind the plot widget, kept free of ImGui so it can be tested: mapping
// values to positions on linear and log axes, choosing and labelling ticks, fitting a
// view to the data, zooming and panning, and finding the point under the mouse.
#include <limits>
#include <string>
#include <vector>

namespace whygpu::app::plot {

enum class ScaleKind { Linear, Log };

// How tick and read-out values are written.
enum class ValueFormat {
  Number,        // 0.25, 150, 12k, 3.5M, 2G
  PowerOfTwo,    // 2¹⁰, 2²⁰ (for sizes that double)
  Milliseconds,  // the value is in ms, written as 80 ns, 15 µs, 3 ms, 2 s
};

// A closed interval of data values; on a log axis both ends are > 0.
struct Range {
  double min = 0.0;
  double max = 1.0;
  bool operator==(const Range&) const = default;
};

struct AxisSpec {
  ScaleKind scale = ScaleKind::Linear;
  ValueFormat format = ValueFormat::Number;
  // On a log axis, place ticks at powers of two instead of powers of ten.
  bool binary_ticks = false;
};

// Whether v can be drawn on the scale (finite, and > 0 on a log axis).
bool plottable(ScaleKind scale, double v);

// Position along the axis: 0 at range.min, 1 at range.max (outside the range beyond that).
double fraction_of(ScaleKind scale, const Range& range, double v);
// The inverse of fraction_of.
double value_at(ScaleKind scale, const Range& range, double fraction);

struct Tick {
  double value = 0.0;
  bool major = true;  // major ticks carry a label and a grid line
  std::string label;  // empty for minor ticks
};

// Ticks inside `range`, with about `max_labels` labelled ones at most (at least 2 when
// the range allows). Linear: 1, 2 or 5 times a power of ten apart. Log: every decade (or
// every few decades when there are many) with minor ticks at 2..9 between; within less
// than a decade, 1-2-5 steps. With binary_ticks, powers of two.
std::vector<Tick> make_ticks(const AxisSpec& axis, const Range& range, int max_labels);

// A value as text. `significant` digits for Number and Milliseconds; ticks use 3, the
// hover read-out more. With the decimal separator of the interface's language (number_text.h).
std::string format_value(double v, ValueFormat format, int significant = 3);

// Gathers the extent of plottable values, then gives a padded range around them.
class Extent {
 public:
  explicit Extent(ScaleKind scale) : scale_(scale) {}
  void add(double v);
  bool empty() const { return lo_ > hi_; }
  // The extent widened by `pad` of its span at each end (in the scale's own space, so a
  // log axis pads by a ratio). A single value gets a span of its own; an empty extent
  // gives 0..1 (linear) or 1..10 (log). A linear extent of values 0 or more starts at 0 or more.
  Range padded(double pad) const;

 private:
  ScaleKind scale_;
  double lo_ = std::numeric_limits<double>::infinity();
  double hi_ = -std::numeric_limits<double>::infinity();
};

// Zooms by `factor` (< 1 closer, > 1 further) keeping the value at `anchor` (a fraction
// of the axis, e.g. under the mouse) where it is. Spans stay within sane limits.
Range zoom(ScaleKind scale, const Range& range, double anchor, double factor);
// Moves the view by `delta` of its span (positive: towards larger values).
Range pan(ScaleKind scale, const Range& range, double delta);

struct ScreenPoint {
  double x = 0.0;
  double y = 0.0;
};
// Index of the point nearest to `at`, if within `radius`; -1 otherwise.
int nearest_point(const std::vector<ScreenPoint>& points, ScreenPoint at, double radius);

// A rectangle in screen pixels.
struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
  bool inside(const Box& o) const { return x0 >= o.x0 && x1 <= o.x1 && y0 >= o.y0 && y1 <= o.y1; }
};

// A text label to place beside a point (anchor: the point; size: the text's).
struct LabelRequest {
  double anchor_x = 0, anchor_y = 0;
  double width = 0, height = 0;
};
enum class LabelShift { UpAndDown, DownOnly };
// How far (in its own heights, from the point to the nearest edge of its text) a point's
// label may be put: further, it reads as another point's.
inline constexpr double kMostLabelDistance = 2.5;
// Places labels, each beside its anchor: to its right when that fits inside `bounds`,
// else to its left, vertically centred on it (DownOnly: its top at the anchor); then moved
// to the nearest place that stays inside `bounds` and covers no label placed before it
// with room (nor, for UpAndDown, another spot's anchor). DownOnly (a mark's label at the top of its
// line) moves down by whole label heights. UpAndDown moves by whole lines up or down and
// in steps sideways away from the point, on either side (the other side costs `gap`
// more), never further than kMostLabelDistance of its heights from the point. `gap`:
// pixels between anchor and text, and kept between labels. A label with no free place
// keeps its first one, and `has_room` (optional) says false for it, so the caller can
// leave it out rather than write it over another: labels of nearby points never pile up.
// `taken` (optional): boxes already drawn there, which no label may cover either (the
// marks' labels, for the points' labels).
std::vector<Box> place_labels(const std::vector<LabelRequest>& labels, const Box& bounds, double gap,
                              LabelShift shift, std::vector<bool>* has_room = nullptr,
                              const std::vector<Box>& taken = {});

// Where two curves cross, for "the GPU overtakes the CPU at n = ...". Both are sampled at
// the same ascending x (NaN where a curve has no point). Returns the x of the last change
// of order between a and b, interpolated between the two samples around it (in log space
// on a log axis), so that beyond it the order no longer changes; NaN when the order never
// changes. *a_ends_above (optional) says which curve is above at the largest x.
double crossover_x(const std::vector<double>& x, const std::vector<double>& a,
                   const std::vector<double>& b, bool log_x, bool log_y, bool* a_ends_above);

}  // namespace whygpu::app::plot
