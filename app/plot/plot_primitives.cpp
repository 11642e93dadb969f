#include "app/plot/plot_primitives.h"

#include <algorithm>
#include <cmath>

namespace whygpu::app::plot {
namespace {

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

}  // namespace

ImU32 with_alpha(ImU32 colour, int alpha) {
  return (colour & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
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

}  // namespace whygpu::app::plot
