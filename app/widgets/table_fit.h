#pragma once
// Column widths for a table of wrapped text that has to stay readable in a narrow panel
// (large text on a projector): every column as wide as its widest cell when they all fit;
// otherwise the wide columns give up room in proportion to what they can spare, and none
// gets narrower than its longest word, so cells wrap by word, never a letter a line.
//
//   const std::vector<float> widths = fit_column_widths(
//       {column_need({"resource", "threads", "shared memory"}), column_need({...})},
//       ImGui::GetContentRegionAvail().x);
//   ImGui::TableSetupColumn("resource", ImGuiTableColumnFlags_WidthFixed, widths[0]);
//
// Widths are of the text, without the table's cell padding (fit_column_widths subtracts it).
#include <string>
#include <vector>

namespace whygpu::app {

struct ColumnNeed {
  float natural = 0.0f;       // the widest cell on one line
  float longest_word = 0.0f;  // the widest word of any cell: the least the column may have
};

// The need of a column whose header and cells are `cells`, in the current font.
ColumnNeed column_need(const std::vector<std::string>& cells);

// Text widths for the columns of a table `available` pixels wide (the current style's
// cell padding and borders come off first). When even the longest words do not fit, each
// column gets its longest word and the table is wider than `available`.
std::vector<float> fit_column_widths(const std::vector<ColumnNeed>& columns, float available);

// A header row whose titles wrap by word at their columns' edges, on the header colour.
// ImGui's TableHeadersRow draws each title on one line and cuts it where the column is
// narrower: "one SM…" at a projector's text x2. Call after BeginTable and the columns'
// setup, instead of TableHeadersRow.
void wrapped_headers_row(const std::vector<std::string>& titles);

}  // namespace whygpu::app
