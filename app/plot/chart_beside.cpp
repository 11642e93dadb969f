#include "app/plot/chart_beside.h"

#include <imgui.h>

#include <algorithm>

namespace whygpu::app {

void draw_chart_beside(plot::PlotView& view, const char* id, const plot::Chart& chart, const ChartLayout& layout,
                       float width, float font_scale, const std::function<void(float width)>& beside) {
  const float gap = ImGui::GetStyle().ItemSpacing.x * 2;
  const float side = std::max(layout.min_side * font_scale, width * layout.side_share);
  const bool stacked = width - side - gap < kMinChartWidthEm * ImGui::GetFontSize();
  const float plot_width = stacked ? width : width - side - gap;
  // Not taller than most of the page's view, so the chart can be seen whole with the row
  // of buttons above it (a projector's 720 lines at large text leave about 430 for the
  // page); the plot itself keeps its least side (PlotView::kMinPlotLines) even so.
  const float view_limit = 0.6f * ImGui::GetWindowHeight();
  const float plot_height = std::min(
      std::clamp(plot_width * layout.aspect, layout.min_height * font_scale, layout.max_height * font_scale), view_limit);
  view.draw(id, chart, ImVec2(plot_width, plot_height), font_scale);
  const float column = stacked ? width : side;
  if (!stacked) ImGui::SameLine(0, gap);
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + column);
  beside(column);
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

}  // namespace whygpu::app
