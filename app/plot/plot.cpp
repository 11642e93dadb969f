#include "app/plot/plot.h"

#include <imgui_internal.h>  // SetItemUsingMouseWheel: Ctrl+wheel zooms instead of scrolling

#include <algorithm>
#include <cmath>

namespace whygpu::app::plot {
namespace {

constexpr double kFitPadding = 0.05;  // of the data's span, on each side

ImU32 with_alpha(ImU32 colour, int alpha) {
  return (colour & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

ImVec2 lerp(ImVec2 a, ImVec2 b, float t) { return ImVec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t); }

// Clips segment a-b to the rectangle (Liang-Barsky); false when nothing is inside.
bool clip_segment(ImVec2& a, ImVec2& b, ImVec2 min, ImVec2 max) {
  float t0 = 0.0f, t1 = 1.0f;
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float p[4] = {-dx, dx, -dy, dy};
  const float q[4] = {a.x - min.x, max.x - a.x, a.y - min.y, max.y - a.y};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0.0f) {
      if (q[i] < 0.0f) return false;
      continue;
    }
    const float t = q[i] / p[i];
    if (p[i] < 0.0f) t0 = std::max(t0, t);
    else t1 = std::min(t1, t);
    if (t0 > t1) return false;
  }
  const ImVec2 start = a;
  a = lerp(start, b, t0);
  b = lerp(start, b, t1);
  return true;
}

// Draws a polyline as dashes of `dash` pixels with `gap` between, the pattern running on
// across corners.
void dashed_polyline(ImDrawList* draw, const std::vector<ImVec2>& points, ImU32 colour,
                     float thickness, float dash, float gap, ImVec2 clip_min, ImVec2 clip_max) {
  bool on = true;
  float remaining = dash;
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    ImVec2 a = points[i], b = points[i + 1];
    if (!clip_segment(a, b, clip_min, clip_max)) continue;
    const float length = std::hypot(b.x - a.x, b.y - a.y);
    float position = 0.0f;
    while (position < length) {
      const float step = std::min(remaining, length - position);
      if (on) draw->AddLine(lerp(a, b, position / length), lerp(a, b, (position + step) / length), colour, thickness);
      position += step;
      remaining -= step;
      if (remaining <= 0.0f) {
        on = !on;
        remaining = on ? dash : gap;
      }
    }
  }
}

void solid_polyline(ImDrawList* draw, const std::vector<ImVec2>& points, ImU32 colour, float thickness,
                    ImVec2 clip_min, ImVec2 clip_max) {
  // Far outside the view (zoomed in a lot) float vertices lose precision: clip each piece.
  const float far = 1e4f;
  const bool near = std::all_of(points.begin(), points.end(), [&](ImVec2 p) {
    return std::fabs(p.x) < far && std::fabs(p.y) < far;
  });
  if (near) {
    draw->AddPolyline(points.data(), static_cast<int>(points.size()), colour, ImDrawFlags_None, thickness);
    return;
  }
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    ImVec2 a = points[i], b = points[i + 1];
    if (clip_segment(a, b, clip_min, clip_max)) draw->AddLine(a, b, colour, thickness);
  }
}

void draw_line(ImDrawList* draw, Line line, const std::vector<ImVec2>& points, ImU32 colour,
               float thickness, float scale, ImVec2 clip_min, ImVec2 clip_max) {
  if (points.size() < 2) return;
  switch (line) {
    case Line::None: return;
    case Line::Solid: solid_polyline(draw, points, colour, thickness, clip_min, clip_max); return;
    case Line::Dashed:
      dashed_polyline(draw, points, colour, thickness, 9.0f * scale, 6.0f * scale, clip_min, clip_max);
      return;
    case Line::Dotted:
      dashed_polyline(draw, points, colour, thickness, 2.5f * scale, 4.0f * scale, clip_min, clip_max);
      return;
  }
}

void draw_marker(ImDrawList* draw, ImVec2 c, Marker marker, float r, ImU32 colour, bool hollow, float thickness) {
  switch (marker) {
    case Marker::None: return;
    case Marker::Circle:
      if (hollow) draw->AddCircle(c, r, colour, 16, thickness);
      else draw->AddCircleFilled(c, r, colour, 16);
      return;
    case Marker::Square: {
      const float s = r * 0.85f;
      if (hollow) draw->AddRect(ImVec2(c.x - s, c.y - s), ImVec2(c.x + s, c.y + s), colour, 0.0f, 0, thickness);
      else draw->AddRectFilled(ImVec2(c.x - s, c.y - s), ImVec2(c.x + s, c.y + s), colour);
      return;
    }
    case Marker::Diamond: {
      const float s = r * 1.15f;
      const ImVec2 p[4] = {{c.x, c.y - s}, {c.x + s, c.y}, {c.x, c.y + s}, {c.x - s, c.y}};
      if (hollow) draw->AddPolyline(p, 4, colour, ImDrawFlags_Closed, thickness);
      else draw->AddConvexPolyFilled(p, 4, colour);
      return;
    }
    case Marker::Triangle: {
      const float s = r * 1.2f;
      const ImVec2 a(c.x, c.y - s), b(c.x + s * 0.9f, c.y + s * 0.6f), d(c.x - s * 0.9f, c.y + s * 0.6f);
      if (hollow) draw->AddTriangle(a, b, d, colour, thickness);
      else draw->AddTriangleFilled(a, b, d, colour);
      return;
    }
    case Marker::Cross: {
      const float s = r * 0.9f;
      draw->AddLine(ImVec2(c.x - s, c.y - s), ImVec2(c.x + s, c.y + s), colour, thickness + 0.5f);
      draw->AddLine(ImVec2(c.x - s, c.y + s), ImVec2(c.x + s, c.y - s), colour, thickness + 0.5f);
      return;
    }
  }
}

std::string legend_text(const Series& s) { return s.recorded ? s.label + " (recorded)" : s.label; }

// Widest label among ticks, in pixels.
float widest_label(const std::vector<Tick>& ticks) {
  float widest = 0.0f;
  for (const Tick& t : ticks)
    if (t.major) widest = std::max(widest, ImGui::CalcTextSize(t.label.c_str()).x);
  return widest;
}

struct HoverPoint {
  int series = 0;
  int index = 0;
};

}  // namespace

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

void PlotView::draw(const char* id, const Chart& chart, ImVec2 size, float scale) {
  ImGui::PushID(id);
  const ImGuiIO& io = ImGui::GetIO();
  size.x = std::max(size.x, 240.0f * scale);
  size.y = std::max(size.y, 160.0f * scale);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("plot", size);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  if (hovered && io.KeyCtrl) ImGui::SetItemUsingMouseWheel();
  ImDrawList* draw = ImGui::GetWindowDrawList();

  const std::string key = chart.x_title + "|" + chart.y_title + "|" + std::to_string(int(chart.x.scale)) +
                          std::to_string(int(chart.y.scale));
  if (key != view_key_) {
    view_key_ = key;
    auto_fit_ = true;
  }
  if (auto_fit_) fit_to(chart);

  // Layout: y title above the plot, tick labels and x title below, the legend on the
  // right or, for many series, in columns under everything else.
  const float line = ImGui::GetTextLineHeight();
  const float pad = 6.0f * scale;
  const float swatch = 30.0f * scale;
  const float entry_height = line + 4.0f * scale;
  std::vector<int> listed;  // indices of the series in the legend
  for (int i = 0; i < static_cast<int>(chart.series.size()); ++i)
    if (chart.series[i].in_legend) listed.push_back(i);
  const int entries = static_cast<int>(listed.size());
  float entry_width = 0.0f;
  for (const int i : listed)
    entry_width = std::max(entry_width, ImGui::CalcTextSize(legend_text(chart.series[i]).c_str()).x + swatch + 2 * pad);
  const bool legend_below = chart.legend == LegendPlace::Below;
  const float legend_width = entries == 0 || legend_below ? 0.0f : std::min(entry_width + pad, size.x * 0.38f);
  const int legend_columns = std::max(1, static_cast<int>(size.x / (entry_width + 2 * pad)));
  const int legend_rows = legend_below ? (entries + legend_columns - 1) / legend_columns : entries;
  const float legend_height = legend_below && entries > 0 ? legend_rows * entry_height + pad : 0.0f;
  const float top = line + pad;
  const float footnote_height = chart.footnote.empty() ? 0.0f : line + pad;
  const float bottom = 2 * line + 2 * pad + footnote_height + legend_height;
  const float plot_height = std::max(40.0f, size.y - top - bottom);
  const std::vector<Tick> y_ticks = make_ticks(chart.y, y_range_, std::max(2, int(plot_height / (line * 2.2f))));
  const float left = widest_label(y_ticks) + 2 * pad;
  const float plot_width = std::max(40.0f, size.x - left - legend_width - 2 * pad);
  const std::vector<Tick> probe = make_ticks(chart.x, x_range_, 8);
  const float label_room = std::max(widest_label(probe), 2 * line) + 2 * pad;
  const std::vector<Tick> x_ticks = make_ticks(chart.x, x_range_, std::max(2, int(plot_width / label_room)));
  const ImVec2 plot_min(origin.x + left, origin.y + top);
  const ImVec2 plot_max(plot_min.x + plot_width, plot_min.y + plot_height);
  const float tick = 5.0f * scale;
  // Each legend entry's top-left corner (column by column when below).
  std::vector<ImVec2> legend_at;
  for (int i = 0; i < entries; ++i) {
    if (legend_below)
      legend_at.emplace_back(origin.x + (i / legend_rows) * (entry_width + 2 * pad),
                             plot_max.y + tick + 2 * line + 2 * pad + footnote_height + (i % legend_rows) * entry_height);
    else
      legend_at.emplace_back(plot_max.x + 2 * pad, plot_min.y + pad + i * entry_height);
  }

  auto to_screen = [&](double x, double y) {
    return ImVec2(plot_min.x + static_cast<float>(fraction_of(chart.x.scale, x_range_, x)) * plot_width,
                  plot_max.y - static_cast<float>(fraction_of(chart.y.scale, y_range_, y)) * plot_height);
  };

  // Mouse: Ctrl+wheel zooms about the pointer, dragging pans, double-click fits.
  const ImVec2 mouse = io.MousePos;
  const bool in_plot = hovered && mouse.x >= plot_min.x && mouse.x <= plot_max.x && mouse.y >= plot_min.y &&
                       mouse.y <= plot_max.y;
  if (in_plot && io.KeyCtrl && io.MouseWheel != 0.0f) {
    const double factor = std::pow(0.8, static_cast<double>(io.MouseWheel));
    x_range_ = zoom(chart.x.scale, x_range_, (mouse.x - plot_min.x) / plot_width, factor);
    y_range_ = zoom(chart.y.scale, y_range_, (plot_max.y - mouse.y) / plot_height, factor);
    auto_fit_ = false;
  }
  if (ImGui::IsItemActivated()) drag_started_in_plot_ = in_plot;
  if (active && drag_started_in_plot_ && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f * scale) &&
      (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f)) {
    x_range_ = pan(chart.x.scale, x_range_, -io.MouseDelta.x / plot_width);
    y_range_ = pan(chart.y.scale, y_range_, io.MouseDelta.y / plot_height);
    auto_fit_ = false;
  }
  if (in_plot && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    auto_fit_ = true;
    fit_to(chart);
  }
  if (hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && !ImGui::IsMouseDragPastThreshold(ImGuiMouseButton_Left)) {
    for (int i = 0; i < entries; ++i) {
      const ImVec2 at = legend_at[i];
      if (mouse.x >= at.x && mouse.x < at.x + entry_width && mouse.y >= at.y && mouse.y < at.y + entry_height) {
        toggle(legend_text(chart.series[listed[i]]));
        if (auto_fit_) fit_to(chart);
      }
    }
  }

  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);
  const ImU32 background = ImGui::GetColorU32(ImGuiCol_FrameBg);
  draw->AddRectFilled(plot_min, plot_max, background);

  // Grid and tick labels (x labels that would overlap the previous one are left out).
  float last_label_right = -1e30f;
  for (const Tick& t : x_ticks) {
    const float x = to_screen(t.value, y_range_.min).x;
    draw->AddLine(ImVec2(x, plot_min.y), ImVec2(x, plot_max.y), with_alpha(grid, t.major ? 110 : 40));
    draw->AddLine(ImVec2(x, plot_max.y), ImVec2(x, plot_max.y + (t.major ? tick : tick * 0.5f)), grid);
    if (!t.major) continue;
    const float width = ImGui::CalcTextSize(t.label.c_str()).x;
    if (x - width / 2 < last_label_right + pad) continue;
    draw->AddText(ImVec2(x - width / 2, plot_max.y + tick + 2), text, t.label.c_str());
    last_label_right = x + width / 2;
  }
  for (const Tick& t : y_ticks) {
    const float y = to_screen(x_range_.min, t.value).y;
    draw->AddLine(ImVec2(plot_min.x, y), ImVec2(plot_max.x, y), with_alpha(grid, t.major ? 110 : 40));
    draw->AddLine(ImVec2(plot_min.x - (t.major ? tick : tick * 0.5f), y), ImVec2(plot_min.x, y), grid);
    if (!t.major) continue;
    const ImVec2 extent = ImGui::CalcTextSize(t.label.c_str());
    draw->AddText(ImVec2(plot_min.x - tick - 2 - extent.x, y - extent.y / 2), text, t.label.c_str());
  }
  draw->AddText(ImVec2(origin.x, origin.y), text, chart.y_title.c_str());
  const float x_title_width = ImGui::CalcTextSize(chart.x_title.c_str()).x;
  draw->AddText(ImVec2(plot_min.x + (plot_width - x_title_width) / 2, plot_max.y + tick + line + pad), text,
                chart.x_title.c_str());
  if (!chart.footnote.empty())
    draw->AddText(ImVec2(origin.x, plot_max.y + tick + 2 * line + 2 * pad), muted, chart.footnote.c_str());

  // Data, clipped to the plot area.
  draw->PushClipRect(plot_min, plot_max, true);
  std::vector<ImVec4> placed_labels;  // (x0, y0, x1, y1) of the marks' labels drawn so far
  for (const VerticalMark& m : chart.marks) {
    if (!plottable(chart.x.scale, m.x)) continue;
    const float x = to_screen(m.x, y_range_.min).x;
    dashed_polyline(draw, {ImVec2(x, plot_min.y), ImVec2(x, plot_max.y)}, m.colour, 1.5f * scale, 6.0f * scale,
                    4.0f * scale, plot_min, plot_max);
    const ImVec2 extent = ImGui::CalcTextSize(m.label.c_str());
    const float label_x = x + extent.x + 2 * pad < plot_max.x ? x + pad : x - pad - extent.x;
    // Crossovers can be close together: a label that would cover another goes a line lower.
    float label_y = plot_min.y + pad;
    for (bool moved = true; moved;) {
      moved = false;
      for (const ImVec4& r : placed_labels)
        if (label_x - 2 < r.z && label_x + extent.x + 2 > r.x && label_y - 1 < r.w && label_y + extent.y + 1 > r.y) {
          label_y = r.w + 2;
          moved = true;
        }
    }
    placed_labels.emplace_back(label_x - 2, label_y - 1, label_x + extent.x + 2, label_y + extent.y + 1);
    draw->AddRectFilled(ImVec2(label_x - 2, label_y - 1), ImVec2(label_x + extent.x + 2, label_y + extent.y + 1),
                        with_alpha(background, 220));
    draw->AddText(ImVec2(label_x, label_y), m.colour, m.label.c_str());
  }
  const float marker_radius = 4.0f * scale;
  std::vector<ScreenPoint> hover_points;
  std::vector<HoverPoint> hover_index;
  for (int si = 0; si < static_cast<int>(chart.series.size()); ++si) {
    const Series& s = chart.series[si];
    if (hidden(legend_text(s))) continue;
    const float thickness = s.thickness * scale;
    const std::size_t n = std::min(s.x.size(), s.y.size());
    std::vector<ImVec2> run;
    std::vector<ImVec2> markers;
    auto flush = [&] {
      draw_line(draw, s.line, run, s.colour, thickness, scale, plot_min, plot_max);
      run.clear();
    };
    for (std::size_t i = 0; i < n; ++i) {
      if (!plottable(chart.x.scale, s.x[i]) || !plottable(chart.y.scale, s.y[i])) {
        flush();  // a gap in the data is a gap in the line
        continue;
      }
      const ImVec2 p = to_screen(s.x[i], s.y[i]);
      run.push_back(p);
      markers.push_back(p);
      hover_points.push_back({p.x, p.y});
      hover_index.push_back({si, static_cast<int>(i)});
    }
    flush();
    for (const ImVec2& p : markers)
      if (p.x >= plot_min.x - marker_radius && p.x <= plot_max.x + marker_radius)
        draw_marker(draw, p, s.marker, marker_radius, s.colour, s.recorded, 1.5f * scale);
  }
  // Point labels beside their points; one that would cover an earlier label moves down
  // (or up) by a line until it is clear.
  std::vector<ImRect> taken;
  for (const PointLabel& l : chart.labels) {
    if (!plottable(chart.x.scale, l.x) || !plottable(chart.y.scale, l.y)) continue;
    const ImVec2 p = to_screen(l.x, l.y);
    const ImVec2 extent = ImGui::CalcTextSize(l.text.c_str());
    const float x = p.x + pad + extent.x < plot_max.x ? p.x + pad : p.x - pad - extent.x;
    ImRect box(ImVec2(x, p.y - extent.y / 2), ImVec2(x + extent.x, p.y + extent.y / 2));
    for (const float shift : {0.0f, 1.0f, -1.0f, 2.0f, -2.0f}) {
      ImRect moved = box;
      moved.Translate(ImVec2(0, shift * extent.y));
      const bool inside = moved.Min.y >= plot_min.y && moved.Max.y <= plot_max.y;
      const bool clear = inside && std::none_of(taken.begin(), taken.end(), [&](const ImRect& t) { return t.Overlaps(moved); });
      if (clear) {
        box = moved;
        break;
      }
    }
    taken.push_back(box);
    draw->AddText(box.Min, l.colour, l.text.c_str());
  }

  if (hover_points.empty() && !chart.empty_message.empty()) {
    const ImVec2 extent = ImGui::CalcTextSize(chart.empty_message.c_str());
    draw->AddText(ImVec2((plot_min.x + plot_max.x - extent.x) / 2, (plot_min.y + plot_max.y - extent.y) / 2), muted,
                  chart.empty_message.c_str());
  }

  // Hover: ring the nearest point and show its values.
  int nearest = -1;
  if (in_plot && !ImGui::IsMouseDragging(ImGuiMouseButton_Left))
    nearest = nearest_point(hover_points, {mouse.x, mouse.y}, 12.0 * scale);
  if (nearest >= 0 && !capture_.pending) {
    const ImVec2 p(static_cast<float>(hover_points[nearest].x), static_cast<float>(hover_points[nearest].y));
    draw->AddCircle(p, marker_radius * 2.0f, text, 20, 1.5f * scale);
  }
  if (!auto_fit_ || hovered) {
    const char* hint = auto_fit_ ? "Ctrl+wheel: zoom   drag: pan" : "double-click: fit to the data";
    const ImVec2 extent = ImGui::CalcTextSize(hint);
    draw->AddText(ImVec2(plot_max.x - extent.x - pad, plot_max.y - extent.y - pad), muted, hint);
  }
  draw->PopClipRect();
  draw->AddRect(plot_min, plot_max, grid);

  // Legend: one entry per series; a click hides or shows it.
  for (int entry = 0; entry < entries; ++entry) {
    const Series& s = chart.series[listed[entry]];
    const bool off = hidden(legend_text(s));
    const ImVec2 at = legend_at[entry];
    const float mid = at.y + line / 2;
    const ImU32 colour = off ? with_alpha(s.colour, 70) : s.colour;
    draw->PushClipRect(at, ImVec2(std::min(at.x + entry_width, origin.x + size.x), at.y + entry_height), true);
    const std::vector<ImVec2> sample{ImVec2(at.x, mid), ImVec2(at.x + swatch, mid)};
    draw_line(draw, s.line, sample, colour, s.thickness * scale, scale, ImVec2(at.x - 1, at.y), ImVec2(at.x + swatch + 1, at.y + line));
    draw_marker(draw, ImVec2(at.x + swatch / 2, mid), s.marker, marker_radius, colour, s.recorded, 1.5f * scale);
    draw->AddText(ImVec2(at.x + swatch + pad, at.y), off ? muted : text, legend_text(s).c_str());
    draw->PopClipRect();
  }

  if (capture_.pending) queue_region_capture(draw, &capture_, origin, ImVec2(origin.x + size.x, origin.y + size.y));

  if (nearest >= 0) {
    const Series& s = chart.series[hover_index[nearest].series];
    const int i = hover_index[nearest].index;
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
  ImGui::PopID();
}

}  // namespace whygpu::app::plot
