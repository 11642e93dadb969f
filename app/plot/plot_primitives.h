#pragma once
// The drawing pieces the plot widget is made of: lines (solid, dashed, dotted) clipped to
// the plot, and markers. Plain ImDrawList calls; the plot decides where.
#include <imgui.h>

#include <vector>

#include "app/plot/plot.h"

namespace whygpu::app::plot {

ImU32 with_alpha(ImU32 colour, int alpha);

// A polyline in the style of `line`, clipped to clip_min..clip_max. `scale`: the user's
// font scale (dash lengths).
void draw_line(ImDrawList* draw, Line line, const std::vector<ImVec2>& points, ImU32 colour, float thickness,
               float scale, ImVec2 clip_min, ImVec2 clip_max);

// Dashes of `dash` pixels with `gap` between, the pattern running on across corners.
void dashed_polyline(ImDrawList* draw, const std::vector<ImVec2>& points, ImU32 colour, float thickness, float dash,
                     float gap, ImVec2 clip_min, ImVec2 clip_max);

// A marker of radius r centred on c; hollow ones (recorded data) are outlines.
void draw_marker(ImDrawList* draw, ImVec2 c, Marker marker, float r, ImU32 colour, bool hollow, float thickness);

}  // namespace whygpu::app::plot
