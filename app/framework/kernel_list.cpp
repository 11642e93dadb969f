#include "app/framework/kernel_list.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/widgets/table_fit.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {
namespace {

using framework::KernelLibrary;

// The longest start of `name` that, with "…", fits `width` pixels in the current font:
// a kernel's C++ name can be hundreds of characters (the tooltip has it whole). Found by
// halving (a prefix's width grows with its length): each list row is drawn every frame.
std::string shortened(const std::string& name, float width) {
  if (ImGui::CalcTextSize(name.c_str()).x <= width) return name;
  const char* ellipsis = "…";
  const float room = width - ImGui::CalcTextSize(ellipsis).x;
  std::size_t fits = 0, too_long = name.size();
  while (too_long - fits > 1) {
    const std::size_t middle = (fits + too_long) / 2;
    if (ImGui::CalcTextSize(name.c_str(), name.c_str() + middle).x <= room) fits = middle;
    else too_long = middle;
  }
  while (fits > 0 && (name[fits] & 0xC0) == 0x80) --fits;  // not inside a UTF-8 character
  return name.substr(0, fits) + ellipsis;
}

// A launch's grid or block as CUDA's dim3 reads: 8×2×9 (commas read as thousands).
std::string dims(const int d[3]) {
  if (d[2] > 1) return std::to_string(d[0]) + "×" + std::to_string(d[1]) + "×" + std::to_string(d[2]);
  if (d[1] > 1) return std::to_string(d[0]) + "×" + std::to_string(d[1]);
  return std::to_string(d[0]);
}

unsigned dimmed(unsigned colour, bool faded) { return faded ? (colour & 0x00ffffffu) | 0xb0000000u : colour; }

}  // namespace

unsigned library_colour(KernelLibrary library) {
  switch (library) {
    case KernelLibrary::Ours: return palette().gpu;
    case KernelLibrary::Cudnn: return IM_COL32(90, 140, 230, 255);
    case KernelLibrary::Cublas: return IM_COL32(190, 100, 210, 255);
    case KernelLibrary::PyTorch: return IM_COL32(230, 120, 60, 255);
    case KernelLibrary::Other: return palette().muted_text;
  }
  return palette().muted_text;
}

void draw_kernel_list(const char* id, const std::vector<framework::KernelRow>& rows, float width, float list_height,
                      bool faded, ImFont* code) {
  ImGui::PushID(id);
  std::int64_t total = 0;
  for (const auto& r : rows) total += r.duration_ns;
  const std::vector<framework::LibraryShare> shares = framework::library_shares(rows);
  ImGui::TextUnformatted(
      fill(tr("{0} kernels, {1} µs of kernel time"),
           {std::to_string(static_cast<int>(rows.size())), decimal_text(static_cast<double>(total) / 1e3, 1)})
          .c_str());

  // The step's kernel time split by library, as one bar.
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetTextLineHeight();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  float x = p.x;
  for (const auto& s : shares) {
    const float w = total > 0 ? width * static_cast<float>(s.total_ns) / static_cast<float>(total) : 0.0f;
    draw->AddRectFilled(ImVec2(x, p.y), ImVec2(x + w, p.y + h), dimmed(library_colour(s.library), faded));
    x += w;
  }
  ImGui::Dummy(ImVec2(width, h));
  for (const auto& s : shares) {
    ImGui::PushStyleColor(ImGuiCol_Text, dimmed(library_colour(s.library), faded));
    ImGui::TextUnformatted(
        fill(tr("{0}: {1} kernels, {2}%"),
             {tr(framework::library_label(s.library)), std::to_string(s.kernels),
              decimal_text(total > 0 ? 100.0 * static_cast<double>(s.total_ns) / static_cast<double>(total) : 0.0, 0)})
            .c_str());
    ImGui::PopStyleColor();
  }

  ImGui::BeginChild("kernels", ImVec2(width, list_height), false);
  // Grid, block and time as wide as their widest cell; the names take the rest, each cut
  // with "…" where it is longer.
  const std::vector<std::string> headers = {tr("kernel"), tr("grid"), tr("block"), "µs"};
  std::vector<std::vector<std::string>> cells(3);
  for (int c = 0; c < 3; ++c) cells[c].push_back(headers[c + 1]);
  for (const auto& r : rows) {
    cells[0].push_back(dims(r.grid));
    cells[1].push_back(dims(r.block));
    cells[2].push_back(decimal_text(static_cast<double>(r.duration_ns) / 1e3, 1));
  }
  std::vector<ColumnNeed> needs;
  for (const auto& column : cells) needs.push_back(column_need(column));
  const float scrollbar = ImGui::GetStyle().ScrollbarSize;
  const std::vector<float> widths = fit_column_widths(needs, 0.6f * (width - scrollbar));
  float numbers = 0.0f;
  for (float w : widths) numbers += w + 2 * ImGui::GetStyle().CellPadding.x;
  const float name_width = std::max(4.0f * ImGui::GetFontSize(),
                                    width - scrollbar - numbers - 2 * ImGui::GetStyle().CellPadding.x - 2.0f);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
  if (ImGui::BeginTable("list", 4, flags)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(headers[0].c_str(), ImGuiTableColumnFlags_WidthFixed, name_width);
    for (int c = 0; c < 3; ++c)
      ImGui::TableSetupColumn(headers[c + 1].c_str(), ImGuiTableColumnFlags_WidthFixed, widths[c]);
    wrapped_headers_row(headers);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& r = rows[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (code) ImGui::PushFont(code);
      ImGui::PushStyleColor(ImGuiCol_Text, dimmed(library_colour(r.library), faded));
      ImGui::TextUnformatted(shortened(r.name, name_width).c_str());
      ImGui::PopStyleColor();
      if (code) ImGui::PopFont();
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\n%s", tr(framework::library_label(r.library)), r.full_name.c_str());
      for (const auto& column : cells) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(column[i + 1].c_str());
      }
    }
    ImGui::EndTable();
  }
  ImGui::EndChild();
  ImGui::PopID();
}

}  // namespace whygpu::app
