#pragma once
// A small plot widget for Dear ImGui 1.86 (which has only PlotLines): linear and log axes
// with ticks and labels, several series with a legend (click an entry to hide it),
// markers, dashed series for recorded data, vertical marks (crossovers), point labels,
// a hover read-out, mouse-wheel zoom, drag to pan, double-click to fit, and PNG export
// of the plot's own pixels. Every timing lesson (and the training curves) draws with it.
//
//   plot::Chart chart;
//   chart.x = {plot::ScaleKind::Log, plot::ValueFormat::PowerOfTwo, true};
//   chart.series.push_back({"CPU, one thread", sizes, times, palette().cpu});
//   view_.draw("vector-add", chart, ImVec2(width, height), frame.font_scale);
#include <imgui.h>

#include <string>
#include <vector>

#include "app/plot/plot_math.h"
#include "app/plot/region_capture.h"

namespace whygpu::app::plot {

enum class Marker { None, Circle, Square, Diamond, Triangle, Cross };
enum class Line { None, Solid, Dashed, Dotted };

struct Series {
  std::string label;
  std::vector<double> x, y;  // same length; unplottable points (NaN, <= 0 on log) are gaps
  ImU32 colour = IM_COL32(200, 200, 200, 255);
  Marker marker = Marker::Circle;
  Line line = Line::Solid;
  // Recorded elsewhere (not measured here): hollow markers and "(recorded)" in the
  // legend, so it is never mistaken for live data. Give it a dashed line as well.
  bool recorded = false;
  float thickness = 2.0f;               // line width at font scale 1
  std::vector<std::string> point_notes;  // optional: one more read-out line per point
  bool in_legend = true;                 // false for points already named by a PointLabel
};

// A vertical line across the plot with a label at its top (a crossover size).
struct VerticalMark {
  double x = 0.0;
  std::string label;
  ImU32 colour = IM_COL32(220, 220, 220, 255);
};

// Text placed next to a data point (a kernel's name on the roofline). A label with no room
// beside its point is left out, and `series` (its index in Chart::series, if given) is
// listed under the plot instead, so that the point is still named.
struct PointLabel {
  double x = 0.0, y = 0.0;
  std::string text;
  ImU32 colour = IM_COL32(220, 220, 220, 255);
  int series = -1;
};

enum class LegendPlace { Right, Below };

struct Chart {
  std::string x_title, y_title;
  AxisSpec x, y;
  std::vector<Series> series;
  std::vector<VerticalMark> marks;
  std::vector<PointLabel> labels;
  std::string footnote;  // one muted line under the plot (where recorded data come from)
  // Values the fitted x range always covers (the sizes a sweep will measure), so the axes
  // do not jump as its points arrive.
  std::vector<double> x_span;
  std::vector<double> y_span;  // likewise for y (room above a roofline's roofs)
  std::string empty_message;  // shown in the middle while no series has a point
  LegendPlace legend = LegendPlace::Right;  // Below: in columns, for many series
};

class PlotView {
 public:
  PlotView() = default;
  PlotView(const PlotView&) = delete;
  PlotView& operator=(const PlotView&) = delete;

  // Draws the chart at the cursor in a box of `size` pixels (legend included) and
  // handles the mouse over it. `scale` is the user's font scale (line widths, markers).
  // The box grows taller when the plot inside would be shorter than its least side.
  void draw(const char* id, const Chart& chart, ImVec2 size, float scale);

  // Back to fitting the view to the data (also: double-click on the plot).
  void fit() { auto_fit_ = true; }
  bool fitted() const { return auto_fit_; }

  // Asks for the plot's pixels to be written to `path` as a PNG when this frame is
  // rendered (the plot must be drawn this frame). The outcome: last_png_message().
  void save_png(const std::string& path);
  bool png_pending() const { return capture_.pending; }
  // "Saved the plot to x.png (1200 x 600 pixels)" or why not; empty before any request.
  const Wording& last_png_message() const { return capture_.message; }
  bool last_png_ok() const { return capture_.ok; }

  // The plot area never gets shorter (or narrower) than this many pixels, nor than five
  // lines of its own text (room for three tick labels with a line between each): at
  // large text a plot keeps a readable height without outgrowing a projector's page.
  static constexpr float kMinPlotHeight = 170.0f;
  static constexpr float kMinPlotLines = 5.0f;

 private:
  struct Layout;
  struct PointRef {
    int series = 0;
    int index = 0;
  };
  struct LabelPlaces;
  // `also_listed`: series whose point labels found no room, listed under everything else
  // (the widget grows; the plot area stays as it is without them).
  Layout layout(const Chart& chart, ImVec2 origin, ImVec2 size, float scale, const std::vector<int>& also_listed) const;
  struct MarkPlaces;
  MarkPlaces place_mark_labels(const Chart& chart, const Layout& l) const;
  // Beside their points, clear of the marks' labels (placed first, at the top of their lines).
  LabelPlaces place_point_labels(const Chart& chart, const Layout& l, const MarkPlaces& marks) const;
  ImVec2 to_screen(const Chart& chart, const Layout& l, double x, double y) const;
  bool handle_mouse(const Chart& chart, const Layout& l, bool hovered, bool active);  // true: pointer in the plot
  void draw_axes(const Chart& chart, const Layout& l, ImDrawList* draw) const;
  void draw_marks(const MarkPlaces& marks, const Layout& l, ImDrawList* draw) const;
  void draw_series(const Chart& chart, const Layout& l, ImDrawList* draw, std::vector<ScreenPoint>* points,
                   std::vector<PointRef>* refs) const;
  void draw_point_labels(const LabelPlaces& places, const Layout& l, ImDrawList* draw) const;
  void draw_legend(const Chart& chart, const Layout& l, ImDrawList* draw) const;
  void draw_tooltip(const Chart& chart, const PointRef& point) const;
  void fit_to(const Chart& chart);
  bool hidden(const std::string& label) const;
  void toggle(const std::string& label);

  bool auto_fit_ = true;
  bool drag_started_in_plot_ = false;  // drags that begin on the legend do not pan
  Range x_range_, y_range_;
  std::string view_key_;  // axes and titles: a different view refits
  std::vector<std::string> hidden_;
  RegionCapture capture_;  // the plot's address is stable: panels own their views
};

// Where a plot's data area was drawn in the current frame, the least size it should have,
// and where its point labels went: the layout test checks that no plot is squeezed at
// projector sizes and that labels stay beside their points.
struct DrawnPlot {
  ImVec2 min, max;        // the plot area, screen pixels
  float min_height = 0;   // its least side (kMinPlotHeight, or kMinPlotLines of its text)
  std::string window;     // the ImGui window it was drawn in
  struct Label {
    ImVec2 anchor;    // the point
    ImVec2 min, max;  // the text's box
  };
  std::vector<Label> labels;  // the point labels drawn (those with no room are left out)
  std::vector<ImVec2> points;  // the data points drawn
};
// The plots drawn so far in the current ImGui frame (empty at its start).
std::vector<DrawnPlot> plots_drawn_this_frame();

}  // namespace whygpu::app::plot
