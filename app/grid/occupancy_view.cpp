#include "app/grid/occupancy_view.h"

#include <imgui.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/table_fit.h"
#include "app/widgets/ui_style.h"
#include "compute/grid/cell_colours.h"

namespace whygpu::app {
namespace {

std::string kib(std::int64_t bytes) {
  return decimal_text(static_cast<double>(bytes) / 1024.0, bytes % 1024 == 0 ? 0 : 1) + " KiB";
}

std::string blocks_text(std::int64_t blocks) {
  if (blocks == std::numeric_limits<std::int64_t>::max()) return tr("no limit");
  return std::to_string(blocks);
}

struct Row {
  std::string what;
  std::string block, sm;
  std::int64_t fit;
  bool binding;  // the resource that sets the answer
  std::string fit_text() const { return blocks_text(fit) + (binding ? tr("  <- the limit") : ""); }
};

// The four resources, one a row. Columns are sized to their text and, in a narrow panel,
// wrap by word (table_fit.h): never a letter a line.
void draw_table(const Row (&rows)[4]) {
  const std::vector<std::string> headers = {tr("resource"), tr("one block needs"), tr("one SM has"),
                                            tr("blocks that fit")};
  std::vector<std::vector<std::string>> cells(4);
  for (int c = 0; c < 4; ++c) cells[c].push_back(headers[c]);
  for (const Row& row : rows) {
    cells[0].push_back(row.what);
    cells[1].push_back(row.block);
    cells[2].push_back(row.sm);
    cells[3].push_back(row.fit_text());
  }
  std::vector<ColumnNeed> needs;
  for (const auto& column : cells) needs.push_back(column_need(column));
  const std::vector<float> widths = fit_column_widths(needs, ImGui::GetContentRegionAvail().x);
  if (!ImGui::BeginTable("occupancy", 4, ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit)) return;
  for (int c = 0; c < 4; ++c) ImGui::TableSetupColumn(headers[c].c_str(), ImGuiTableColumnFlags_WidthFixed, widths[c]);
  wrapped_headers_row(headers);
  ImGui::PushTextWrapPos(0.0f);  // at each cell's edge
  for (const Row& row : rows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.what.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.block.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.sm.c_str());
    ImGui::TableNextColumn();
    if (row.binding) ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
    ImGui::TextUnformatted(row.fit_text().c_str());
    if (row.binding) ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTable();
}

// One SM as a row of warp slots (max threads / warp size), the resident blocks' warps
// coloured block by block, the free slots dark; under it one bar per resource, filled to
// what those blocks take of the SM's amount.
void draw_sm_picture(const grid::OccupancyReport& r, float font_scale) {
  const grid::OccupancyInputs& in = r.inputs;
  const grid::OccupancyLimits& m = r.model;
  const std::int64_t slots = in.warp_size > 0 ? in.max_threads_per_sm / in.warp_size : 0;
  const std::int64_t blocks = r.active_blocks_per_sm;
  if (slots <= 0 || slots > 256 || m.warps_per_block <= 0) return;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float width = std::min(ImGui::GetContentRegionAvail().x, 760.0f * font_scale);
  const float gap = std::max(1.0f, font_scale);
  const float cell = std::max(3.0f, (width - gap * static_cast<float>(slots)) / static_cast<float>(slots));
  const float height = 18.0f * font_scale;
  ImGui::TextUnformatted(tr("One SM, its warp slots: each resident block's warps in one colour, free slots dark"));
  ImVec2 at = ImGui::GetCursorScreenPos();
  for (std::int64_t s = 0; s < slots; ++s) {
    const std::int64_t block = s / m.warps_per_block;
    const ImVec2 a(at.x + static_cast<float>(s) * (cell + gap), at.y);
    const ImU32 colour = block < blocks ? grid::category_colour(static_cast<std::uint64_t>(block))
                                        : ImGui::GetColorU32(ImGuiCol_FrameBg);
    draw->AddRectFilled(a, ImVec2(a.x + cell, a.y + height), colour);
  }
  ImGui::Dummy(ImVec2(static_cast<float>(slots) * (cell + gap), height));
  // Each resource's use by the resident blocks, as a share of the SM's.
  // `limit` is how the model names the resource when it is the one that binds.
  struct Use { const char* limit; const char* what; double used, has; std::string text; };
  const std::int64_t regs_per_block = r.registers_per_thread * r.threads_per_block;
  const std::int64_t shared_per_block = r.static_shared_bytes + r.dynamic_shared_bytes + in.reserved_shared_bytes_per_block;
  const auto of = [](const std::string& used, const std::string& has) { return fill(tr("{0} of {1}"), {used, has}); };
  const Use uses[] = {
      {"threads per SM", tr("threads"), double(blocks * r.threads_per_block), double(in.max_threads_per_sm),
       of(std::to_string(blocks * r.threads_per_block), std::to_string(in.max_threads_per_sm))},
      {"blocks per SM", tr("block slots"), double(blocks), double(in.max_blocks_per_sm),
       of(std::to_string(blocks), std::to_string(in.max_blocks_per_sm))},
      {"registers", tr("registers"), double(blocks * regs_per_block), double(in.registers_per_sm),
       of(std::to_string(blocks * regs_per_block), std::to_string(in.registers_per_sm))},
      {"shared memory", tr("shared memory"), double(blocks * shared_per_block), double(in.shared_bytes_per_sm),
       of(kib(blocks * shared_per_block), kib(in.shared_bytes_per_sm))},
  };
  // Each bar leaves room beside it for its figures, which go under it when even a short
  // bar leaves too little.
  const float label = ImGui::CalcTextSize((std::string(tr("shared memory")) + "  ").c_str()).x;
  float figures = 0.0f;
  for (const Use& u : uses) figures = std::max(figures, text_width((u.text + " (100%)").c_str()));
  const float room = width - label - figures - ImGui::GetStyle().ItemSpacing.x;
  const float bar = std::max(60.0f * font_scale, std::min(room, 420.0f * font_scale));
  for (const Use& u : uses) {
    ImGui::TextUnformatted(u.what);
    ImGui::SameLine(label);
    at = ImGui::GetCursorScreenPos();
    const float line = ImGui::GetTextLineHeight();
    const float fraction = u.has > 0 ? static_cast<float>(std::min(1.0, u.used / u.has)) : 0.0f;
    const bool binding = m.limited_by == u.limit;
    draw->AddRectFilled(at, ImVec2(at.x + bar, at.y + line), ImGui::GetColorU32(ImGuiCol_FrameBg));
    draw->AddRectFilled(at, ImVec2(at.x + bar * fraction, at.y + line), binding ? palette().warning : palette().gpu);
    ImGui::Dummy(ImVec2(bar, line));
    const std::string figure = u.text + " (" + decimal_text(100.0 * fraction, 0) + "%)";
    same_line_if_fits(text_width(figure.c_str()));
    ImGui::TextUnformatted(figure.c_str());
  }
}

}  // namespace

void draw_occupancy(const grid::OccupancyReport& r, const OccupancySource& source, float font_scale) {
  if (!r.runtime_error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    wrapped_text_unformatted(fill(tr("cudaOccupancyMaxActiveBlocksPerMultiprocessor: {0}"), {r.runtime_error}));
    ImGui::PopStyleColor();
    return;
  }
  if (source.limits.faded()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    ImGui::TextWrapped(
        "%s", fill(tr("No GPU here: worked out from the limits of the GPU {0}."), {source.limits.where()}).c_str());
    ImGui::PopStyleColor();
  }
  if (!r.launchable) {
    ImGui::TextWrapped(
        "%s", fill(tr("A block of {0} threads cannot run at all (see the error above), so it has no occupancy."),
                   {std::to_string(static_cast<long long>(r.threads_per_block))})
                  .c_str());
    return;
  }
  const grid::OccupancyInputs& in = r.inputs;
  const grid::OccupancyLimits& m = r.model;
  const std::int64_t warps = m.warps_per_block;
  const Row rows[] = {
      {tr("threads"),
       fill(tr_n("{0} ({1} warp)", "{0} ({1} warps)", static_cast<unsigned long>(warps)),
            {std::to_string(r.threads_per_block), std::to_string(warps)}),
       std::to_string(in.max_threads_per_sm), m.by_threads, m.limited_by == "threads per SM"},
      {tr("block slots"), "1", std::to_string(in.max_blocks_per_sm), m.by_block_slots, m.limited_by == "blocks per SM"},
      {tr("registers"),
       fill(tr("{0} a thread = {1}"), {std::to_string(r.registers_per_thread),
                                       std::to_string(r.registers_per_thread * r.threads_per_block)}),
       std::to_string(in.registers_per_sm), m.by_registers, m.limited_by == "registers"},
      {tr("shared memory"),
       fill(tr("{0} + {1} reserved"), {kib(r.static_shared_bytes + r.dynamic_shared_bytes),
                                       kib(in.reserved_shared_bytes_per_block)}),
       kib(in.shared_bytes_per_sm), m.by_shared_memory, m.limited_by == "shared memory"},
  };
  draw_table(rows);
  if (!source.limits.faded())
    ImGui::TextUnformatted(
        fill(tr("cudaOccupancyMaxActiveBlocksPerMultiprocessor: {0} blocks per SM = {1} of {2} warps:"),
             {std::to_string(static_cast<long long>(r.active_blocks_per_sm)),
              std::to_string(static_cast<long long>(r.active_blocks_per_sm * m.warps_per_block)),
              std::to_string(static_cast<long long>(in.max_threads_per_sm / in.warp_size))})
            .c_str());
  else
    ImGui::TextUnformatted(fill(tr("The smallest of the four: {0} blocks per SM = {1} of {2} warps:"),
                                {std::to_string(static_cast<long long>(r.active_blocks_per_sm)),
                                 std::to_string(static_cast<long long>(r.active_blocks_per_sm * m.warps_per_block)),
                                 std::to_string(static_cast<long long>(in.max_threads_per_sm / in.warp_size))})
                               .c_str());
  const std::string occupancy = fill(tr("theoretical occupancy {0}%"), {decimal_text(r.occupancy * 100.0, 0)});
  same_line_if_fits(text_width(occupancy.c_str()));  // on a line of its own rather than a letter a line
  ImGui::PushStyleColor(ImGuiCol_Text, palette().gpu);
  ImGui::TextUnformatted(occupancy.c_str());
  ImGui::PopStyleColor();
  if (!source.limits.faded() && r.active_blocks_per_sm != m.blocks_per_sm)
    ImGui::TextWrapped(
        "%s", fill(tr("(The simple model above expects {0}; the runtime knows more, and its answer is the one used.)"),
                   {std::to_string(static_cast<long long>(m.blocks_per_sm))})
                  .c_str());
  if (const grid::OccupancyReport* rec = source.recorded_runtime; rec && rec->launchable) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    ImGui::TextWrapped(
        "%s", fill(tr("The recorded GPU's runtime answered {0} blocks per SM for this launch (occupancy {1}%), {2}."),
                   {std::to_string(static_cast<long long>(rec->active_blocks_per_sm)),
                    decimal_text(rec->occupancy * 100.0, 0), source.limits.where()})
                  .c_str());
    ImGui::PopStyleColor();
  }
  ImGui::TextUnformatted(fill(tr_n("{0} SMs x {1} blocks = {2} blocks at once; this grid: {3} wave.",
                                   "{0} SMs x {1} blocks = {2} blocks at once; this grid: {3} waves.",
                                   static_cast<unsigned long>(r.waves)),
                              {std::to_string(static_cast<long long>(r.sm_count)),
                               std::to_string(static_cast<long long>(r.active_blocks_per_sm)),
                               std::to_string(static_cast<long long>(r.blocks_per_wave)),
                               std::to_string(static_cast<long long>(r.waves))})
                             .c_str());
  ImGui::Spacing();
  draw_sm_picture(r, font_scale);
}

}  // namespace whygpu::app
