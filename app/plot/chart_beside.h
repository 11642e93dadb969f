#pragma once
// A chart with a column of words beside it: the panels whose result is a plot and a few
// sentences about it (the timing sweeps, the inference batches, transfer learning).
// Side by side while the chart keeps a readable width; on a narrow panel (large text, a
// small projector) the column goes underneath at the panel's full width, so the plot is
// never squeezed to a sliver beside its words.
#include <functional>

#include "app/plot/plot.h"

namespace whygpu::app {

// How the chart and the column share the panel's width (sizes in pixels at text scale
// 1): the column takes side_share of the width and at least min_side; the chart is
// aspect times as high as it is wide, within min_height..max_height.
struct ChartLayout {
  float min_side, side_share, aspect, min_height, max_height;
};

// The chart is never narrower than this many font sizes (ems) beside the column.
inline constexpr float kMinChartWidthEm = 28.0f;

// Draws `chart` at the cursor and, in a column at its right with text wrapped to the
// column, what `beside` draws (it is given the column's width); underneath where the
// chart would be narrower than kMinChartWidthEm. `width` is the panel's content width.
void draw_chart_beside(plot::PlotView& view, const char* id, const plot::Chart& chart, const ChartLayout& layout,
                       float width, float font_scale, const std::function<void(float width)>& beside);

}  // namespace whygpu::app
