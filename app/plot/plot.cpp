#include "app/plot/plot.h"

#include <imgui_internal.h>  // SetItemUsingMouseWheel (Ctrl+wheel zooms), GetCurrentWindow (the plot record)

#include <algorithm>
#include <cmath>

#include "app/plot/plot_primitives.h"

namespace whygpu::app::plot {
namespace {

constexpr double kFitPadding = 0.05;  // of the data's span, on each side

std::string legend_text(const Series& s) { return s.recorded ? s.label + " (recorded)" : s.label; }

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
  capture_.message = "Saving the plot...";
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
// columns underneath.
struct PlotView::Layout {
  ImVec2 origin, size;
  ImVec2 plot_min, plot_max;
  float scale = 1.0f, line = 0.0f, pad = 0.0f, tick = 0.0f, marker_radius = 0.0f;
  float swatch = 0.0f, entry_width = 0.0f, entry_height = 0.0f, footnote_height = 0.0f;
  std::vector<int> listed;          // series shown in the legend
  std::vector<ImVec2> legend_at;    // each entry's top-left corner
  std::vector<Tick> x_ticks, y_ticks;

  float plot_width() const { return plot_max.x - plot_min.x; }
  float plot_height() const { return plot_max.y - plot_min.y; }
};

PlotView::Layout PlotView::layout(const Chart& chart, ImVec2 origin, ImVec2 size, float scale) const {
  Layout l;
  l.origin = origin;
  l.scale = scale;
  l.line = ImGui::GetTextLineHeight();
  l.pad = 6.0f * scale;
  l.tick = 5.0f * scale;
  l.marker_radius = 4.0f * scale;
  l.swatch = 30.0f * scale;
  l.entry_height = l.line + 4.0f * scale;
  for (int i = 0; i < static_cast<int>(chart.series.size()); ++i)
    if (chart.series[i].in_legend) l.listed.push_back(i);
  const int entries = static_cast<int>(l.listed.size());
  for (const int i : l.listed)
    l.entry_width = std::max(l.entry_width,
                             ImGui::CalcTextSize(legend_text(chart.series[i]).c_str()).x + l.swatch + 2 * l.pad);
  // A legend wider than a third of the box goes underneath: at projector scale a cut
  // legend or a thin plot is worse than a taller widget.
  const bool below = chart.legend == LegendPlace::Below || l.entry_width + l.pad > size.x * 0.34f;
  const float legend_width = entries == 0 || below ? 0.0f : l.entry_width + l.pad;
  const int columns = std::max(1, static_cast<int>(size.x / (l.entry_width + 2 * l.pad)));
  const int rows = below ? (entries + columns - 1) / columns : entries;
  const float legend_height = below && entries > 0 ? rows * l.entry_height + l.pad : 0.0f;
  l.footnote_height = chart.footnote.empty() ? 0.0f : l.line + l.pad;
  const float top = l.line + l.pad;
  const float bottom = l.tick + 2 * l.line + 2 * l.pad + l.footnote_height + legend_height;
  // The plot itself never shrinks below a readable height: the widget grows instead.
  const float plot_height = std::max(kMinPlotHeight * scale, size.y - top - bottom);
  size.y = top + plot_height + bottom;
  l.size = size;
  l.y_ticks = make_ticks(chart.y, y_range_, std::max(2, int(plot_height / (l.line * 2.2f))));
  float widest = 0.0f;
  for (const Tick& t : l.y_ticks)
    if (t.major) widest = std::max(widest, ImGui::CalcTextSize(t.label.c_str()).x);
  const float left = widest + 2 * l.pad;
  const float plot_width = std::max(kMinPlotHeight * scale, size.x - left - legend_width - 2 * l.pad);
  float widest_x = 2 * l.line;
  for (const Tick& t : make_ticks(chart.x, x_range_, 8))
    if (t.major) widest_x = std::max(widest_x, ImGui::CalcTextSize(t.label.c_str()).x);
  l.x_ticks = make_ticks(chart.x, x_range_, std::max(2, int(plot_width / (widest_x + 2 * l.pad))));
  l.plot_min = ImVec2(origin.x + left, origin.y + top);
  l.plot_max = ImVec2(l.plot_min.x + plot_width, l.plot_min.y + plot_height);
  for (int i = 0; i < entries; ++i) {
    if (below)
      l.legend_at.emplace_back(origin.x + (i / rows) * (l.entry_width + 2 * l.pad),
                               l.plot_max.y + l.tick + 2 * l.line + 2 * l.pad + l.footnote_height + (i % rows) * l.entry_height);
    else
      l.legend_at.emplace_back(l.plot_max.x + 2 * l.pad, l.plot_min.y + l.pad + i * l.entry_height);
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
      const ImVec2 at = l.legend_at[i];
      if (mouse.x >= at.x && mouse.x < at.x + l.entry_width && mouse.y >= at.y && mouse.y < at.y + l.entry_height) {
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
  draw->AddText(l.origin, text, chart.y_title.c_str());
  const float x_title_width = ImGui::CalcTextSize(chart.x_title.c_str()).x;
  draw->AddText(ImVec2(l.plot_min.x + (l.plot_width() - x_title_width) / 2, l.plot_max.y + l.tick + l.line + l.pad),
                text, chart.x_title.c_str());
  if (!chart.footnote.empty())
    draw->AddText(ImVec2(l.origin.x, l.plot_max.y + l.tick + 2 * l.line + 2 * l.pad),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled), chart.footnote.c_str());
}

void PlotView::draw_marks(const Chart& chart, const Layout& l, ImDrawList* draw) const {
  // Crossovers can be close together: their labels stack downward rather than overlap.
  const Box bounds{l.plot_min.x, l.plot_min.y, l.plot_max.x, l.plot_max.y};
  std::vector<LabelRequest> requests;
  std::vector<const VerticalMark*> shown;
  for (const VerticalMark& m : chart.marks) {
    if (!plottable(chart.x.scale, m.x)) continue;
    const float x = to_screen(chart, l, m.x, y_range_.min).x;
    dashed_polyline(draw, {ImVec2(x, l.plot_min.y), ImVec2(x, l.plot_max.y)}, m.colour, 1.5f * l.scale,
                    6.0f * l.scale, 4.0f * l.scale, l.plot_min, l.plot_max);
    const ImVec2 extent = ImGui::CalcTextSize(m.label.c_str());
    requests.push_back({x, l.plot_min.y + l.pad, extent.x, extent.y});
    shown.push_back(&m);
  }
  const std::vector<Box> boxes = place_labels(requests, bounds, l.pad, LabelShift::DownOnly);
  const ImU32 background = with_alpha(ImGui::GetColorU32(ImGuiCol_FrameBg), 220);
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const Box& b = boxes[i];
    draw->AddRectFilled(ImVec2(float(b.x0) - 2, float(b.y0) - 1), ImVec2(float(b.x1) + 2, float(b.y1) + 1), background);
    draw->AddText(ImVec2(float(b.x0), float(b.y0)), shown[i]->colour, shown[i]->label.c_str());
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

void PlotView::draw_point_labels(const Chart& chart, const Layout& l, ImDrawList* draw) const {
  const Box bounds{l.plot_min.x, l.plot_min.y, l.plot_max.x, l.plot_max.y};
  std::vector<LabelRequest> requests;
  std::vector<const PointLabel*> shown;
  for (const PointLabel& label : chart.labels) {
    if (!plottable(chart.x.scale, label.x) || !plottable(chart.y.scale, label.y)) continue;
    const ImVec2 p = to_screen(chart, l, label.x, label.y);
    const ImVec2 extent = ImGui::CalcTextSize(label.text.c_str());
    requests.push_back({p.x, p.y, extent.x, extent.y});
    shown.push_back(&label);
  }
  const std::vector<Box> boxes = place_labels(requests, bounds, l.pad, LabelShift::UpAndDown);
  const ImU32 background = with_alpha(ImGui::GetColorU32(ImGuiCol_FrameBg), 200);  // roofs behind stay visible
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const Box& b = boxes[i];
    draw->AddRectFilled(ImVec2(float(b.x0) - 2, float(b.y0)), ImVec2(float(b.x1) + 2, float(b.y1)), background);
    // A label moved away from its point gets a thin line back to it.
    const ImVec2 anchor(float(requests[i].anchor_x), float(requests[i].anchor_y));
    if (anchor.y < b.y0 || anchor.y > b.y1) {
      const float x = b.x0 > anchor.x ? float(b.x0) : float(b.x1);
      draw->AddLine(anchor, ImVec2(x, float(b.y0 + b.y1) / 2), with_alpha(shown[i]->colour, 120), 1.0f);
    }
    draw->AddText(ImVec2(float(b.x0), float(b.y0)), shown[i]->colour, shown[i]->text.c_str());
  }
}

void PlotView::draw_legend(const Chart& chart, const Layout& l, ImDrawList* draw) const {
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (std::size_t entry = 0; entry < l.listed.size(); ++entry) {
    const Series& s = chart.series[l.listed[entry]];
    const bool off = hidden(legend_text(s));
    const ImVec2 at = l.legend_at[entry];
    const float mid = at.y + l.line / 2;
    const ImU32 colour = off ? with_alpha(s.colour, 70) : s.colour;
    draw->PushClipRect(at, ImVec2(std::min(at.x + l.entry_width, l.origin.x + l.size.x), at.y + l.entry_height), true);
    const std::vector<ImVec2> sample{ImVec2(at.x, mid), ImVec2(at.x + l.swatch, mid)};
    draw_line(draw, s.line, sample, colour, s.thickness * l.scale, l.scale, ImVec2(at.x - 1, at.y),
              ImVec2(at.x + l.swatch + 1, at.y + l.line));
    draw_marker(draw, ImVec2(at.x + l.swatch / 2, mid), s.marker, l.marker_radius, colour, s.recorded, 1.5f * l.scale);
    draw->AddText(ImVec2(at.x + l.swatch + l.pad, at.y), off ? muted : text, legend_text(s).c_str());
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
  if (s.recorded) ImGui::TextDisabled("recorded elsewhere, not measured on this computer");
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
  const Layout l = layout(chart, ImGui::GetCursorScreenPos(), size, scale);
  frame_record().plots.push_back({l.plot_min, l.plot_max, kMinPlotHeight * scale, ImGui::GetCurrentWindow()->Name});
  ImGui::InvisibleButton("plot", l.size);
  const bool hovered = ImGui::IsItemHovered();
  if (hovered && ImGui::GetIO().KeyCtrl) ImGui::SetItemUsingMouseWheel();
  const bool in_plot = handle_mouse(chart, l, hovered, ImGui::IsItemActive());

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw_axes(chart, l, draw);
  draw->PushClipRect(l.plot_min, l.plot_max, true);  // data stays inside the plot
  draw_marks(chart, l, draw);
  std::vector<ScreenPoint> points;
  std::vector<PointRef> refs;
  draw_series(chart, l, draw, &points, &refs);
  draw_point_labels(chart, l, draw);
  const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  if (points.empty() && !chart.empty_message.empty()) {
    const ImVec2 extent = ImGui::CalcTextSize(chart.empty_message.c_str());
    draw->AddText(ImVec2((l.plot_min.x + l.plot_max.x - extent.x) / 2, (l.plot_min.y + l.plot_max.y - extent.y) / 2),
                  muted, chart.empty_message.c_str());
  }
  // Hover: ring the nearest point and show its values.
  int nearest = -1;
  if (in_plot && !ImGui::IsMouseDragging(ImGuiMouseButton_Left))
    nearest = nearest_point(points, {ImGui::GetIO().MousePos.x, ImGui::GetIO().MousePos.y}, 12.0 * scale);
  if (nearest >= 0 && !capture_.pending)
    draw->AddCircle(ImVec2(float(points[nearest].x), float(points[nearest].y)), l.marker_radius * 2.0f,
                    ImGui::GetColorU32(ImGuiCol_Text), 20, 1.5f * scale);
  if (!auto_fit_ || hovered) {
    const char* hint = auto_fit_ ? "Ctrl+wheel: zoom   drag: pan" : "double-click: fit to the data";
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
