#include "app/grid/occupancy_view.h"

#include <imgui.h>

#include <limits>
#include <string>

#include "app/ui_style.h"

namespace whygpu::app {
namespace {

std::string kib(std::int64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, bytes % 1024 == 0 ? "%.0f KiB" : "%.1f KiB", static_cast<double>(bytes) / 1024.0);
  return text;
}

std::string blocks_text(std::int64_t blocks) {
  if (blocks == std::numeric_limits<std::int64_t>::max()) return "no limit";
  return std::to_string(blocks);
}

void row(const char* what, const std::string& block, const std::string& sm, std::int64_t fit, bool binding) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(what);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(block.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(sm.c_str());
  ImGui::TableNextColumn();
  if (binding) ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
  ImGui::Text("%s%s", blocks_text(fit).c_str(), binding ? "  <- the limit" : "");
  if (binding) ImGui::PopStyleColor();
}

}  // namespace

void draw_occupancy(const grid::OccupancyReport& r, float font_scale) {
  if (!r.runtime_error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    ImGui::TextWrapped("cudaOccupancyMaxActiveBlocksPerMultiprocessor: %s", r.runtime_error.c_str());
    ImGui::PopStyleColor();
    return;
  }
  if (!r.launchable) {
    ImGui::TextWrapped("A block of %lld threads cannot run at all (see the error above), so it has no occupancy.",
                       static_cast<long long>(r.threads_per_block));
    return;
  }
  const grid::OccupancyInputs& in = r.inputs;
  const grid::OccupancyLimits& m = r.model;
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("occupancy", 4, flags)) {
    ImGui::TableSetupColumn("resource");
    ImGui::TableSetupColumn("one block needs", ImGuiTableColumnFlags_WidthFixed, 190.0f * font_scale);
    ImGui::TableSetupColumn("one SM has", ImGuiTableColumnFlags_WidthFixed, 150.0f * font_scale);
    ImGui::TableSetupColumn("blocks that fit");
    ImGui::TableHeadersRow();
    const std::int64_t warps = m.warps_per_block;
    row("threads", std::to_string(r.threads_per_block) + " (" + std::to_string(warps) + " warp" + (warps > 1 ? "s" : "") + ")",
        std::to_string(in.max_threads_per_sm), m.by_threads, m.limited_by == "threads per SM");
    row("block slots", "1", std::to_string(in.max_blocks_per_sm), m.by_block_slots, m.limited_by == "blocks per SM");
    row("registers",
        std::to_string(r.registers_per_thread) + " a thread = " + std::to_string(r.registers_per_thread * r.threads_per_block),
        std::to_string(in.registers_per_sm), m.by_registers, m.limited_by == "registers");
    row("shared memory",
        kib(r.static_shared_bytes + r.dynamic_shared_bytes) + " + " + kib(in.reserved_shared_bytes_per_block) + " reserved",
        kib(in.shared_bytes_per_sm), m.by_shared_memory, m.limited_by == "shared memory");
    ImGui::EndTable();
  }
  ImGui::Text("cudaOccupancyMaxActiveBlocksPerMultiprocessor: %lld blocks per SM = %lld of %lld warps:",
              static_cast<long long>(r.active_blocks_per_sm), static_cast<long long>(r.active_blocks_per_sm * m.warps_per_block),
              static_cast<long long>(in.max_threads_per_sm / in.warp_size));
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, palette().gpu);
  ImGui::Text("theoretical occupancy %.0f%%", r.occupancy * 100.0);
  ImGui::PopStyleColor();
  if (r.active_blocks_per_sm != m.blocks_per_sm)
    ImGui::TextWrapped("(The simple model above expects %lld; the runtime knows more, and its answer is the one used.)",
                       static_cast<long long>(m.blocks_per_sm));
  ImGui::Text("%lld SMs x %lld blocks = %lld blocks at once; this grid: %lld wave%s.",
              static_cast<long long>(r.sm_count), static_cast<long long>(r.active_blocks_per_sm),
              static_cast<long long>(r.blocks_per_wave), static_cast<long long>(r.waves), r.waves == 1 ? "" : "s");
}

}  // namespace whygpu::app
