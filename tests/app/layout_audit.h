#pragma once
// Finds what a frame drew cut off or squeezed, for the projector-size UI test. Call
// find_layout_problems() right after ImGui::Render(), while the frame's draw data and
// windows are still there (run_headless's after_render).
//
// It looks at what was drawn, not at what the code meant:
// - text cut by its clip rectangle: a glyph quad in the draw data that reaches past its
//   command's ClipRect (ImGui leaves out glyphs wholly outside, so a cut line shows as the
//   one glyph that straddles the edge);
// - a window whose items reach past its right edge, or past its bottom when it cannot
//   scroll (the cursor's extent, DC.CursorMaxPos): a button or a field cut off;
// - a table cell whose content is wider than its column;
// - a word broken across lines: wrapped text in a table column narrower than its longest
//   word ("8 <- the limit" a letter a line), or placed where less than a word's room is left;
// - text drawn over other text in one window (a point label over another, two hints);
// - a plot whose data area is shorter than its readable minimum (plot::PlotView), and a
//   point label placed far from its point.
#include <string>
#include <vector>

namespace whygpu::app {

struct LayoutProblem {
  std::string window;  // the ImGui window's name, e.g. "whygpu/body_.../page_..."
  std::string what;    // "text 'Load the' cut at the right by 31 px"
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // where, in screen pixels
};

std::string to_string(const LayoutProblem& problem);

std::vector<LayoutProblem> find_layout_problems();

}  // namespace whygpu::app
