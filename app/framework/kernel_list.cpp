#include "app/framework/kernel_list.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {
namespace {

using framework::KernelLibrary;

std::string shortened(const std::string& name, std::size_t most) {
  return name.size() <= most ? name : name.substr(0, most - 3) + "...";
}

std::string dims(const int d[3]) {
  char text[48];
  if (d[2] > 1) std::snprintf(text, sizeof text, "%d,%d,%d", d[0], d[1], d[2]);
  else if (d[1] > 1) std::snprintf(text, sizeof text, "%d,%d", d[0], d[1]);
  else std::snprintf(text, sizeof text, "%d", d[0]);
  return text;
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
                      bool faded, float scale, ImFont* code) {
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
             {framework::library_label(s.library), std::to_string(s.kernels),
              decimal_text(total > 0 ? 100.0 * static_cast<double>(s.total_ns) / static_cast<double>(total) : 0.0, 0)})
            .c_str());
    ImGui::PopStyleColor();
  }

  ImGui::BeginChild("kernels", ImVec2(width, list_height), false);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
  if (ImGui::BeginTable("list", 4, flags)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(tr("kernel"), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(tr("grid"), ImGuiTableColumnFlags_WidthFixed, 70.0f * scale);
    ImGui::TableSetupColumn(tr("block"), ImGuiTableColumnFlags_WidthFixed, 50.0f * scale);
    ImGui::TableSetupColumn("µs", ImGuiTableColumnFlags_WidthFixed, 45.0f * scale);
    ImGui::TableHeadersRow();
    const std::size_t most = static_cast<std::size_t>(std::max(12.0f, (width - 180.0f * scale) / (7.5f * scale)));
    for (const auto& r : rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (code) ImGui::PushFont(code);
      ImGui::PushStyleColor(ImGuiCol_Text, dimmed(library_colour(r.library), faded));
      ImGui::TextUnformatted(shortened(r.name, most).c_str());
      ImGui::PopStyleColor();
      if (code) ImGui::PopFont();
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\n%s", framework::library_label(r.library), r.full_name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(dims(r.grid).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(dims(r.block).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.1f", static_cast<double>(r.duration_ns) / 1e3);
    }
    ImGui::EndTable();
  }
  ImGui::EndChild();
  ImGui::PopID();
}

}  // namespace whygpu::app
