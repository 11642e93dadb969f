#include "app/widgets/table_fit.h"

#include <imgui.h>

#include <algorithm>

namespace whygpu::app {

ColumnNeed column_need(const std::vector<std::string>& cells) {
  ColumnNeed need;
  for (const std::string& cell : cells) {
    need.natural = std::max(need.natural, ImGui::CalcTextSize(cell.c_str()).x);
    std::size_t start = 0;
    while (start < cell.size()) {
      std::size_t end = cell.find(' ', start);
      if (end == std::string::npos) end = cell.size();
      if (end > start)
        need.longest_word = std::max(need.longest_word, ImGui::CalcTextSize(cell.data() + start, cell.data() + end).x);
      start = end + 1;
    }
  }
  // A rounding pixel: ImGui wraps a word that fills its column exactly.
  need.natural += 1.0f;
  need.longest_word += 1.0f;
  return need;
}

std::vector<float> fit_column_widths(const std::vector<ColumnNeed>& columns, float available) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room = available - static_cast<float>(columns.size()) * (2.0f * style.CellPadding.x + 1.0f);
  float natural = 0.0f, spare = 0.0f;
  for (const ColumnNeed& c : columns) {
    natural += c.natural;
    spare += std::max(0.0f, c.natural - c.longest_word);
  }
  const float short_by = natural - room;
  std::vector<float> widths;
  for (const ColumnNeed& c : columns) {
    const float can_give = std::max(0.0f, c.natural - c.longest_word);
    if (short_by <= 0.0f) widths.push_back(c.natural);
    else if (short_by >= spare) widths.push_back(std::min(c.natural, c.longest_word));
    else widths.push_back(c.natural - can_give * short_by / spare);
  }
  return widths;
}

void wrapped_headers_row(const std::vector<std::string>& titles) {
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  ImGui::PushTextWrapPos(0.0f);  // at each cell's edge
  for (int c = 0; c < static_cast<int>(titles.size()); ++c) {
    if (!ImGui::TableSetColumnIndex(c)) continue;
    ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(ImGuiCol_TableHeaderBg));
    ImGui::TextUnformatted(titles[c].c_str());
  }
  ImGui::PopTextWrapPos();
}

}  // namespace whygpu::app
