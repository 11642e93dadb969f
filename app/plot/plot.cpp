#include "app/plot/plot.h"

#include <imgui_internal.h>  // SetItemUsingMouseWheel (Ctrl+wheel zooms), GetCurrentWindow (the plot record)

#include <algorithm>
#include <cmath>

#include "app/i18n/translate.h"
#include "app/plot/plot_primitives.h"
#include "app/text/wrapped_text.h"

namespace whygpu::app::plot {
namespace {

constexpr double kFitPadding = 0.05;  // of the data's span, on each side

std::string legend_text(const Series& s) { return s.recorded ? fill(tr("{0} (recorded)"), {s.label}) : s.label; }

// What plots_drawn_this_frame() returns: a record of this frame's drawing, not of live
// views, so it holds plain values and starts again with every frame.
struct FrameRecord {
  int frame = -1;
  std::vector<DrawnPlot> plots;
};
FrameRecord& frame_record() {
  static FrameRecord record;
  if (record.frame != ImGui::GetFrameCount()) {
    record.frame = ImGui::GetFrameCount();
    record.plots.clear();
  }
  return record;
}

}  // namespace

std::vector<DrawnPlot> plots_drawn_this_frame() { return frame_record().plots; }

bool PlotView::hidden(const std::string& label) const {
  return std::find(hidden_.begin(), hidden_.end(), label) != hidden_.end();
}

void PlotView::toggle(const std::string& label) {
  const auto at = std::find(hidden_.begin(), hidden_.end(), label);
  if (at == hidden_.end()) hidden_.push_back(label);
  else hidden_.erase(at);
}

void PlotView::save_png(const std::string& path) {
  capture_.path = path;
  capture_.pending = true;
  capture_.ok = false;
  capture_.message = Wording::sentence(N_("Saving the plot..."));
}

void PlotView::fit_to(const Chart& chart) {
  Extent x(chart.x.scale), y(chart.y.scale);
  for (const Series& s : chart.series) {
    if (hidden(legend_text(s))) continue;
    const std::size_t n = std::min(s.x.size(), s.y.size());
    for (std::size_t i = 0; i < n; ++i) {
      if (!plottable(chart.x.scale, s.x[i]) || !plottable(chart.y.scale, s.y[i])) continue;
      x.add(s.x[i]);
      y.add(s.y[i]);
    }
  }
  for (const VerticalMark& m : chart.marks) x.add(m.x);
  for (const double v : chart.x_span) x.add(v);
  for (const double v : chart.y_span) y.add(v);
  x_range_ = x.padded(kFitPadding);
  y_range_ = y.padded(kFitPadding);
}

// Where everything goes this frame: y title above the plot, tick labels and x title
// below, then the footnote; the legend at the right or, when it would crowd the plot, in
// columns underneath. Titles, the footnote and legend entries wrap to the widget's width
// rather than run past it (large text in a narrow panel).
struct PlotView::Layout {
  ImVec2 origin, size;
  ImVec2 plot_min, plot_max;
  float scale = 1.0f, line = 0.0f, pad = 0.0f, tick = 0.0f, marker_radius = 0.0f;
  float swatch = 0.0f;
  float y_title_height = 0.0f, x_title_height = 0.0f, footnote_height = 0.0f;
  std::vector<int> listed;          // series shown in the legend
  std::vector<ImVec2> legend_at;    // each entry's top-left corner
  std::vector<ImVec2> legend_size;  // and its size (a long label wraps onto more lines)
  std::vector<Tick> x_ticks, y_ticks;

  float plot_width() const { return plot_max.x - plot_min.x; }
  float plot_height() const { return plot_max.y - plot_min.y; }
  float least_side() const { return std::max(kMinPlotHeight, kMinPlotLines * line); }
  float text_width() const { return size.x; }  // what titles and notes wrap to
  // Where the x title, the footnote and a legend underneath begin.
  float x_title_top() const { return plot_max.y + tick + line + pad; }
  float footnote_top() const { return x_title_top() + x_title_height + pad; }
  float below_legend_top() const { return footnote_top() + footnote_height; }
};

PlotView::Layout PlotView::layout(const Chart& chart, ImVec2 origin, ImVec2 size, float scale,
                                  const std::vector<int>& also_listed) const {
  Layout l;
  l.origin = origin;
  l.scale = scale;
  l.line = ImGui::GetTextLineHeight();
  l.pad = 6.0f * scale;
  l.tick = 5.0f * scale;
  l.marker_radius = 4.0f * scale;
  l.swatch = 30.0f * scale;
  const auto wrapped_height = [&](const std::string& text, float width) {
    return text.empty() ? 0.0f : wrapped_text_size(text, width).y;
  };
  l.y_title_height = std::max(l.line, wrapped_height(chart.y_title, size.x));
  l.x_title_height = std::max(l.line, wrapped_height(chart.x_title, size.x));
  l.footnote_height = chart.footnote.empty() ? 0.0f : wrapped_height(chart.footnote, size.x) + l.pad;

  for (int i = 0; i < static_cast<int>(chart.series.size()); ++i)
    if (chart.series[i].in_legend) l.listed.push_back(i);
  const int entries = static_cast<int>(l.listed.size());
  float entry_width = 0.0f;  // the widest entry on one line
  for (const int i : l.listed)
    entry_width = std::max(entry_width, ImGui::CalcTextSize(legend_text(chart.series[i]).c_str()).x + l.swatch + 2 * l.pad);
  // A legend wider than a third of the box goes underneath: at projector scale a cut
  // legend or a thin plot is worse than a taller widget. Underneath, entries wider than
  // the widget wrap.
  const bool below = chart.legend == LegendPlace::Below || entry_width + l.pad > size.x * 0.34f;
  const float column_width = below ? std::min(entry_width, size.x) : entry_width;
  for (const int i : l.listed) {
    const float text = wrapped_height(legend_text(chart.series[i]), column_width - l.swatch - 2 * l.pad);
    l.legend_size.emplace_back(column_width, std::max(l.line, text) + 4.0f * scale);
  }
  const int columns = below ? std::max(1, static_cast<int>((size.x + 2 * l.pad) / (column_width + 2 * l.pad))) : 1;
  const int rows = (entries + columns - 1) / std::max(1, columns);
  std::vector<float> row_height(rows, 0.0f);
  for (int e = 0; e < entries; ++e) row_height[e % rows] = std::max(row_height[e % rows], l.legend_size[e].y);
  float legend_height = 0.0f;
  for (const float h : row_height) legend_height += h;
  const float legend_width = entries == 0 || below ? 0.0f : entry_width + l.pad;
  const float below_height = below && entries > 0 ? legend_height + l.pad : 0.0f;

  // Below the y title, room for half a line: the top tick's label is centred on the plot's
  // top edge and would otherwise run into the title's last line.
  const float top = l.y_title_height + std::max(l.pad, 0.5f * l.line + 2.0f * scale);
  const float bottom = l.tick + l.line + l.pad + l.x_title_height + l.pad + l.footnote_height + below_height;
  // The plot gets what the caller's box leaves beside one-line titles and footnote and a
  // legend asked to go underneath; what wrapping or moving the legend adds makes the
  // widget taller rather than the plot shorter. And the plot never shrinks below a
  // readable height: the widget grows instead.
  const float planned = 2 * (l.line + l.pad) + l.tick + l.line + l.pad + (chart.footnote.empty() ? 0.0f : l.line + l.pad) +
                        (chart.legend == LegendPlace::Below ? below_height : 0.0f);
  const float plot_height = std::max(l.least_side(), size.y - planned);
  size.y = top + plot_height + bottom;
  l.size = size;
  l.y_ticks = make_ticks(chart.y, y_range_, std::max(2, int(plot_height / (l.line * 2.2f))));
  float widest = 0.0f;
  for (const Tick& t : l.y_ticks)
    if (t.major) widest = std::max(widest, ImGui::CalcTextSize(t.label.c_str()).x);
  const float left = widest + 2 * l.pad;
  float widest_x_label = 0.0f;
  for (const Tick& t : make_ticks(chart.x, x_range_, 8))
    if (t.major) widest_x_label = std::max(widest_x_label, ImGui::CalcTextSize(t.label.c_str()).x);
  // The last x label is centred on the plot's right edge: room for its half.
  const float right = std::max(2 * l.pad, widest_x_label / 2 + 2.0f);
  const float plot_width = std::max(l.least_side(), size.x - left - legend_width - right);
  const float widest_x = std::max(2 * l.line, widest_x_label);
  l.x_ticks = make_ticks(chart.x, x_range_, std::max(2, int(plot_width / (widest_x + 2 * l.pad))));
  l.plot_min = ImVec2(origin.x + left, origin.y + top);
  l.plot_max = ImVec2(l.plot_min.x + plot_width, l.plot_min.y + plot_height);
  float row_top = l.below_legend_top();
  std::vector<float> row_tops;
  for (const float h : row_height) {
    row_tops.push_back(row_top);
    row_top += h;
  }
  for (int i = 0; i < entries; ++i) {
    if (below)
      l.legend_at.emplace_back(origin.x + (i / rows) * (column_width + 2 * l.pad), row_tops[i % rows]);
    else
      l.legend_at.emplace_back(l.plot_max.x + 2 * l.pad, l.plot_min.y + l.pad + i * l.legend_size[i].y);
  }
  // Points whose labels found no room beside them, in columns under everything else.
  float extra_width = 0.0f;
  for (const int i : also_listed)
    extra_width = std::max(extra_width, ImGui::CalcTextSize(legend_text(chart.series[i]).c_str()).x + l.swatch + 2 * l.pad);
  extra_width = std::min(extra_width, size.x);
  const int extra_columns = std::max(1, static_cast<int>((size.x + 2 * l.pad) / (extra_width + 2 * l.pad)));
  const int extra_rows = (static_cast<int>(also_listed.size()) + extra_columns - 1) / extra_columns;
  const float extra_top = below && entries > 0 ? row_top + l.pad : l.below_legend_top();
  for (int k = 0; k < static_cast<int>(also_listed.size()); ++k) {
    const float text = wrapped_height(legend_text(chart.series[also_listed[k]]), extra_width - l.swatch - 2 * l.pad);
    const float height = std::max(l.line, text) + 4.0f * scale;
    l.listed.push_back(also_listed[k]);
    l.legend_size.emplace_back(extra_width, height);
    l.legend_at.emplace_back(origin.x + (k / extra_rows) * (extra_width + 2 * l.pad),
                             extra_top + (k % extra_rows) * height);
  }
  if (!also_listed.empty()) {
    float bottom_edge = l.origin.y + l.size.y;
    for (std::size_t e = entries; e < l.listed.size(); ++e)
      bottom_edge = std::max(bottom_edge, l.legend_at[e].y + l.legend_size[e].y);
    l.size.y = bottom_edge - l.origin.y;
  }
  return l;
}

ImVec2 PlotView::to_screen(const Chart& chart, const Layout& l, double x, double y) const {
  return ImVec2(l.plot_min.x + static_cast<float>(fraction_of(chart.x.scale, x_range_, x)) * l.plot_width(),
                l.plot_max.y - static_cast<float>(fraction_of(chart.y.scale, y_range_, y)) * l.plot_height());
}

bool PlotView::handle_mouse(const Chart& chart, const Layout& l, bool hovered, bool active) {
  // Ctrl+wheel zooms about the pointer, dragging pans, double-click fits, a click on a
  // legend entry hides or shows its series.
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 mouse = io.MousePos;
  const bool in_plot = hovered && mouse.x >= l.plot_min.x && mouse.x <= l.plot_max.x && mouse.y >= l.plot_min.y &&
                       mouse.y <= l.plot_max.y;
  if (in_plot && io.KeyCtrl && io.MouseWheel != 0.0f) {
    const double factor = std::pow(0.8, static_cast<double>(io.MouseWheel));
    x_range_ = zoom(chart.x.scale, x_range_, (mouse.x - l.plot_min.x) / l.plot_width(), factor);
    y_range_ = zoom(chart.y.scale, y_range_, (l.plot_max.y - mouse.y) / l.plot_height(), factor);
    auto_fit_ = false;
  }
  if (ImGui::IsItemActivated()) drag_started_in_plot_ = in_plot;
  if (active && drag_started_in_plot_ && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f * l.scale) &&
      (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f)) {
    x_range_ = pan(chart.x.scale, x_range_, -io.MouseDelta.x / l.plot_width());
    y_range_ = pan(chart.y.scale, y_range_, io.MouseDelta.y / l.plot_height());
    auto_fit_ = false;
  }
  if (in_plot && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    auto_fit_ = true;
    fit_to(chart);
  }
  if (hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && !ImGui::IsMouseDragPastThreshold(ImGuiMouseButton_Left)) {
    for (std::size_t i = 0; i < l.listed.size(); ++i) {
      const ImVec2 at = l.legend_at[i], size = l.legend_size[i];
      if (mouse.x >= at.x && mouse.x < at.x + size.x && mouse.y >= at.y && mouse.y < at.y + size.y) {
        toggle(legend_text(chart.series[l.listed[i]]));
        if (auto_fit_) fit_to(chart);
      }
    }
  }
  return in_plot;
}

void PlotView::draw_axes(const Chart& chart, const Layout& l, ImDrawList* draw) const {
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);
  draw->AddRectFilled(l.plot_min, l.plot_max, ImGui::GetColorU32(ImGuiCol_FrameBg));
  // Grid and tick labels (x labels that would overlap the previous one are left out).
  float last_label_right = -1e30f;
  for (const Tick& t : l.x_ticks) {
    const float x = to_screen(chart, l, t.value, y_range_.min).x;
    draw->AddLine(ImVec2(x, l.plot_min.y), ImVec2(x, l.plot_max.y), with_alpha(grid, t.major ? 110 : 40));
    draw->AddLine(ImVec2(x, l.plot_max.y), ImVec2(x, l.plot_max.y + (t.major ? l.tick : l.tick * 0.5f)), grid);
    if (!t.major) continue;
    const float width = ImGui::CalcTextSize(t.label.c_str()).x;
    if (x - width / 2 < last_label_right + l.pad) continue;
    draw->AddText(ImVec2(x - width / 2, l.plot_max.y + l.tick + 2), text, t.label.c_str());
    last_label_right = x + width / 2;
  }
  for (const Tick& t : l.y_ticks) {
    const float y = to_screen(chart, l, x_range_.min, t.value).y;
    draw->AddLine(ImVec2(l.plot_min.x, y), ImVec2(l.plot_max.x, y), with_alpha(grid, t.major ? 110 : 40));
    draw->AddLine(ImVec2(l.plot_min.x - (t.major ? l.tick : l.tick * 0.5f), y), ImVec2(l.plot_min.x, y), grid);
    if (!t.major) continue;
    const ImVec2 extent = ImGui::CalcTextSize(t.label.c_str());
    draw->AddText(ImVec2(l.plot_min.x - l.tick - 2 - extent.x, y - extent.y / 2), text, t.label.c_str());
  }
  add_wrapped_text(draw, l.origin, text, chart.y_title, l.text_width());
  // The x title centred under the plot, kept inside the widget; wrapped when longer than it.
  const float x_title_width = ImGui::CalcTextSize(chart.x_title.c_str()).x;
  const float centred = l.plot_min.x + (l.plot_width() - x_title_width) / 2;
  const float x_title_left = std::max(l.origin.x, std::min(centred, l.origin.x + l.size.x - x_title_width));
  add_wrapped_text(draw, ImVec2(x_title_left, l.x_title_top()), text, chart.x_title, l.text_width());
  if (!chart.footnote.empty())
    add_wrapped_text(draw, ImVec2(l.origin.x, l.footnote_top()), ImGui::GetColorU32(ImGuiCol_TextDisabled), chart.footnote,
                     l.text_width());
}

struct PlotView::MarkPlaces {
  std::vector<const VerticalMark*> marks;
  std::vector<float> x;
  std::vector<Box> boxes;
  std::vector<bool> has_room;
};

PlotView::MarkPlaces PlotView::place_mark_labels(const Chart& chart, const Layout& l) const {
  // Crossovers can be close together: their labels stack downward rather than overlap.
  const Box bounds{l.plot_min.x, l.plot_min.y, l.plot_max.x, l.plot_max.y};
  MarkPlaces places;
  std::vector<LabelRequest> requests;
  for (const VerticalMark& m : chart.marks) {
    if (!plottable(chart.x.scale, m.x)) continue;
    const float x = to_screen(chart, l, m.x, y_range_.min).x;
    const ImVec2 extent = ImGui::CalcTextSize(m.label.c_str());
    requests.push_back({x, l.plot_min.y + l.pad, extent.x, extent.y});
    places.marks.push_back(&m);
    places.x.push_back(x);
  }
  places.boxes = place_labels(requests, bounds, l.pad, LabelShift::DownOnly, &places.has_room);
  return places;
}

void PlotView::draw_marks(const MarkPlaces& places, const Layout& l, ImDrawList* draw) const {
  for (std::size_t i = 0; i < places.marks.size(); ++i)
    dashed_polyline(draw, {ImVec2(places.x[i], l.plot_min.y), ImVec2(places.x[i], l.plot_max.y)},
                    places.marks[i]->colour, 1.5f * l.scale, 6.0f * l.scale, 4.0f * l.scale, l.plot_min, l.plot_max);
  const ImU32 background = with_alpha(ImGui::GetColorU32(ImGuiCol_FrameBg), 220);
  for (std::size_t i = 0; i < places.boxes.size(); ++i) {
    if (!places.has_room[i]) continue;  // its line still shows; the tooltip names the points
    const Box& b = places.boxes[i];
    draw->AddRectFilled(ImVec2(float(b.x0) - 2, float(b.y0) - 1), ImVec2(float(b.x1) + 2, float(b.y1) + 1), background);
    draw->AddText(ImVec2(float(b.x0), float(b.y0)), places.marks[i]->colour, places.marks[i]->label.c_str());
  }
}

void PlotView::draw_series(const Chart& chart, const Layout& l, ImDrawList* draw, std::vector<ScreenPoint>* points,
                           std::vector<PointRef>* refs) const {
  for (int si = 0; si < static_cast<int>(chart.series.size()); ++si) {
    const Series& s = chart.series[si];
    if (hidden(legend_text(s))) continue;
    const float thickness = s.thickness * l.scale;
    const std::size_t n = std::min(s.x.size(), s.y.size());
    std::vector<ImVec2> run, markers;
    auto flush = [&] {
      draw_line(draw, s.line, run, s.colour, thickness, l.scale, l.plot_min, l.plot_max);
      run.clear();
    };
    for (std::size_t i = 0; i < n; ++i) {
      if (!plottable(chart.x.scale, s.x[i]) || !plottable(chart.y.scale, s.y[i])) {
        flush();  // a gap in the data is a gap in the line
        continue;
      }
      const ImVec2 p = to_screen(chart, l, s.x[i], s.y[i]);
      run.push_back(p);
      markers.push_back(p);
      points->push_back({p.x, p.y});
      refs->push_back({si, static_cast<int>(i)});
    }
    flush();
    for (const ImVec2& p : markers)
      if (p.x >= l.plot_min.x - l.marker_radius && p.x <= l.plot_max.x + l.marker_radius)
        draw_marker(draw, p, s.marker, l.marker_radius, s.colour, s.recorded, 1.5f * l.scale);
  }
}

struct PlotView::LabelPlaces {
  std::vector<const PointLabel*> labels;
  std::vector<LabelRequest> requests;
  std::vector<Box> boxes;
  std::vector<bool> has_room;
};

PlotView::LabelPlaces PlotView::place_point_labels(const Chart& chart, const Layout& l,
                                                    const MarkPlaces& marks) const {
  LabelPlaces places;
  const Box bounds{l.plot_min.x, l.plot_min.y, l.plot_max.x, l.plot_max.y};
  for (const PointLabel& label : chart.labels) {
    if (!plottable(chart.x.scale, label.x) || !plottable(chart.y.scale, label.y)) continue;
    const ImVec2 p = to_screen(chart, l, label.x, label.y);
    const ImVec2 extent = ImGui::CalcTextSize(label.text.c_str());
    places.requests.push_back({p.x, p.y, extent.x, extent.y});
    places.labels.push_back(&label);
  }
  // The marks' labels are drawn too: a point's label goes elsewhere than over them, and
  // over no data point (a label's own point and other labelled points are kept clear by
  // place_labels itself).
  std::vector<Box> taken;
  for (std::size_t i = 0; i < marks.boxes.size(); ++i)
    if (marks.has_room[i]) taken.push_back(marks.boxes[i]);
  const double r = l.marker_radius;
  for (const Series& s : chart.series) {
    if (hidden(legend_text(s))) continue;
    for (std::size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i) {
      if (!plottable(chart.x.scale, s.x[i]) || !plottable(chart.y.scale, s.y[i])) continue;
      const ImVec2 p = to_screen(chart, l, s.x[i], s.y[i]);
      const bool labelled = std::any_of(places.requests.begin(), places.requests.end(), [&](const LabelRequest& q) {
        return std::fabs(q.anchor_x - p.x) < 1.0 && std::fabs(q.anchor_y - p.y) < 1.0;
      });
      if (!labelled) taken.push_back({p.x - r, p.y - r, p.x + r, p.y + r});
    }
  }
  places.boxes = place_labels(places.requests, bounds, l.pad, LabelShift::UpAndDown, &places.has_room, taken);
  return places;
}

void PlotView::draw_point_labels(const LabelPlaces& places, const Layout& l, ImDrawList* draw) const {
  const ImU32 background = with_alpha(ImGui::GetColorU32(ImGuiCol_FrameBg), 200);  // roofs behind stay visible
  for (std::size_t i = 0; i < places.boxes.size(); ++i) {
    if (!places.has_room[i]) continue;  // a label over another reads as neither; the legend names the point
    const Box& b = places.boxes[i];
    const PointLabel& label = *places.labels[i];
    draw->AddRectFilled(ImVec2(float(b.x0) - 2, float(b.y0)), ImVec2(float(b.x1) + 2, float(b.y1)), background);
    // A label moved away from its point gets a thin line back to it.
    const ImVec2 anchor(float(places.requests[i].anchor_x), float(places.requests[i].anchor_y));
    const double beside = std::min(std::fabs(b.x0 - anchor.x), std::fabs(b.x1 - anchor.x));
    if (anchor.y < b.y0 || anchor.y > b.y1 || beside > 2 * l.pad) {
      const float x = b.x0 > anchor.x ? float(b.x0) : float(b.x1);
      draw->AddLine(anchor, ImVec2(x, float(b.y0 + b.y1) / 2), with_alpha(label.colour, 160), std::max(1.0f, l.scale));
    }
    draw->AddText(ImVec2(float(b.x0), float(b.y0)), label.colour, label.text.c_str());
    frame_record().plots.back().labels.push_back({anchor, ImVec2(float(b.x0), float(b.y0)), ImVec2(float(b.x1), float(b.y1))});
  }
}

void PlotView::draw_legend(const Chart& chart, const Layout& l, ImDrawList* draw) const {
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (std::size_t entry = 0; entry < l.listed.size(); ++entry) {
    const Series& s = chart.series[l.listed[entry]];
    const bool off = hidden(legend_text(s));
    const ImVec2 at = l.legend_at[entry], size = l.legend_size[entry];
    const float mid = at.y + l.line / 2;
    const ImU32 colour = off ? with_alpha(s.colour, 70) : s.colour;
    draw->PushClipRect(at, ImVec2(at.x + size.x, at.y + size.y), true);
    const std::vector<ImVec2> sample{ImVec2(at.x, mid), ImVec2(at.x + l.swatch, mid)};
    draw_line(draw, s.line, sample, colour, s.thickness * l.scale, l.scale, ImVec2(at.x - 1, at.y),
              ImVec2(at.x + l.swatch + 1, at.y + l.line));
    draw_marker(draw, ImVec2(at.x + l.swatch / 2, mid), s.marker, l.marker_radius, colour, s.recorded, 1.5f * l.scale);
    add_wrapped_text(draw, ImVec2(at.x + l.swatch + l.pad, at.y), off ? muted : text, legend_text(s),
                     size.x - l.swatch - 2 * l.pad);
    draw->PopClipRect();
  }
}

void PlotView::draw_tooltip(const Chart& chart, const PointRef& point) const {
  const Series& s = chart.series[point.series];
  const int i = point.index;
  ImGui::BeginTooltip();
  ImGui::PushStyleColor(ImGuiCol_Text, s.colour);
  ImGui::TextUnformatted(legend_text(s).c_str());
  ImGui::PopStyleColor();
  ImGui::Text("%s: %s", chart.x_title.c_str(), format_value(s.x[i], chart.x.format, 6).c_str());
  ImGui::Text("%s: %s", chart.y_title.c_str(), format_value(s.y[i], chart.y.format, 4).c_str());
  if (i < static_cast<int>(s.point_notes.size()) && !s.point_notes[i].empty())
    ImGui::TextUnformatted(s.point_notes[i].c_str());
  if (s.recorded) ImGui::TextDisabled("%s", tr("recorded elsewhere, not measured on this computer"));
  ImGui::EndTooltip();
}

void PlotView::draw(const char* id, const Chart& chart, ImVec2 size, float scale) {
  ImGui::PushID(id);
  size.x = std::max(size.x, 240.0f * scale);
  const std::string key = chart.x_title + "|" + chart.y_title + "|" + std::to_string(int(chart.x.scale)) +
                          std::to_string(int(chart.y.scale));
  if (key != view_key_) {
    view_key_ = key;
    auto_fit_ = true;
  }
  if (auto_fit_) fit_to(chart);
  // Point labels are placed first: those with no room beside their points name their
  // series in the legend instead, which makes the widget taller, not the plot smaller.
  Layout l = layout(chart, ImGui::GetCursorScreenPos(), size, scale, {});
  const MarkPlaces marks = place_mark_labels(chart, l);
  LabelPlaces places = place_point_labels(chart, l, marks);
  std::vector<int> unlabelled;
  for (std::size_t i = 0; i < places.labels.size(); ++i) {
    const int series = places.labels[i]->series;
    if (!places.has_room[i] && series >= 0 && series < static_cast<int>(chart.series.size()) &&
        !chart.series[series].in_legend)
      unlabelled.push_back(series);
  }
  if (!unlabelled.empty()) l = layout(chart, ImGui::GetCursorScreenPos(), size, scale, unlabelled);
  frame_record().plots.push_back({l.plot_min, l.plot_max, l.least_side(), ImGui::GetCurrentWindow()->Name});
  ImGui::InvisibleButton("plot", l.size);
  const bool hovered = ImGui::IsItemHovered();
  if (hovered && ImGui::GetIO().KeyCtrl) ImGui::SetItemUsingMouseWheel();
  const bool in_plot = handle_mouse(chart, l, hovered, ImGui::IsItemActive());

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw_axes(chart, l, draw);
  draw->PushClipRect(l.plot_min, l.plot_max, true);  // data stays inside the plot
  draw_marks(marks, l, draw);
  std::vector<ScreenPoint> points;
  std::vector<PointRef> refs;
  draw_series(chart, l, draw, &points, &refs);
  for (const ScreenPoint& p : points) frame_record().plots.back().points.push_back(ImVec2(p.x, p.y));
  draw_point_labels(places, l, draw);
  const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  if (points.empty() && !chart.empty_message.empty()) {
    const float wrap = l.plot_width() - 2 * l.pad;
    const ImVec2 extent = wrapped_text_size(chart.empty_message, wrap);
    add_wrapped_text(draw, ImVec2((l.plot_min.x + l.plot_max.x - extent.x) / 2, (l.plot_min.y + l.plot_max.y - extent.y) / 2),
                     muted, chart.empty_message, wrap);
  }
  // Hover: ring the nearest point and show its values.
  int nearest = -1;
  if (in_plot && !ImGui::IsMouseDragging(ImGuiMouseButton_Left))
    nearest = nearest_point(points, {ImGui::GetIO().MousePos.x, ImGui::GetIO().MousePos.y}, 12.0 * scale);
  if (nearest >= 0 && !capture_.pending)
    draw->AddCircle(ImVec2(float(points[nearest].x), float(points[nearest].y)), l.marker_radius * 2.0f,
                    ImGui::GetColorU32(ImGuiCol_Text), 20, 1.5f * scale);
  if (!auto_fit_ || hovered) {
    const char* hint = auto_fit_ ? tr("Ctrl+wheel: zoom   drag: pan") : tr("double-click: fit to the data");
    const ImVec2 extent = ImGui::CalcTextSize(hint);
    draw->AddText(ImVec2(l.plot_max.x - extent.x - l.pad, l.plot_max.y - extent.y - l.pad), muted, hint);
  }
  draw->PopClipRect();
  draw->AddRect(l.plot_min, l.plot_max, ImGui::GetColorU32(ImGuiCol_Border));
  draw_legend(chart, l, draw);
  if (capture_.pending)
    queue_region_capture(draw, &capture_, l.origin, ImVec2(l.origin.x + l.size.x, l.origin.y + l.size.y));
  if (nearest >= 0) draw_tooltip(chart, refs[nearest]);
  ImGui::PopID();
}

}  // namespace whygpu::app::plot
