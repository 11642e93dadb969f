#include "app/grid/launch_timeline.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/flow_layout.h"
#include "app/i18n/translate.h"
#include "app/number_text.h"
#include "app/ui_style.h"
#include "compute/grid/block_rounds.h"
#include "compute/grid/cell_colors.h"

namespace whygpu::app {
namespace {

// More bars than this are not drawn one by one (the frame would slow down); the
// running-block curve still shows the waves.
constexpr std::uint64_t kMaxBars = 50000;

ImU32 to_imgui(std::uint32_t rgba, int alpha) {
  return IM_COL32(rgba & 0xffu, (rgba >> 8) & 0xffu, (rgba >> 16) & 0xffu, alpha);
}

// A round tick step (1, 2 or 5 times a power of ten) giving about `count` ticks.
double tick_step(double span, int count) {
  const double raw = span / std::max(1, count);
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * power >= raw) return m * power;
  return 10.0 * power;
}

// Rounds alternate between clearly different colours, so neighbouring waves stand apart.
std::uint32_t round_color(std::uint32_t round) {
  static const std::uint32_t colours[] = {grid::pack_rgba(0.20f, 0.55f, 0.95f), grid::pack_rgba(0.95f, 0.60f, 0.15f),
                                          grid::pack_rgba(0.35f, 0.80f, 0.35f), grid::pack_rgba(0.85f, 0.30f, 0.65f),
                                          grid::pack_rgba(0.95f, 0.90f, 0.30f), grid::pack_rgba(0.55f, 0.40f, 0.90f)};
  return colours[round % (sizeof colours / sizeof colours[0])];
}

}  // namespace

void LaunchTimeline::clear() {
  lanes_.clear();
  running_.clear();
  block_count_ = 0;
  peak_running_ = 0.0f;
  rounds_ = 0;
  recorded_label_.clear();
}

void LaunchTimeline::set_launch(const grid::LaunchReport& report, int sm_count, std::int64_t blocks_per_wave) {
  clear();
  if (!report.drawn || report.blocks.empty() || sm_count <= 0) return;
  block_count_ = report.blocks.size();
  blocks_per_wave_ = blocks_per_wave;
  kernel_ms_ = report.kernel_ms;
  const std::uint64_t origin = report.first_start_ns;
  const double span = static_cast<double>(std::max<std::uint64_t>(1, report.last_end_ns - origin));
  span_us_ = span / 1e3;

  lanes_.assign(static_cast<std::size_t>(sm_count), {});
  std::vector<std::vector<std::uint64_t>> blocks_of_sm(static_cast<std::size_t>(sm_count));
  for (std::uint64_t b = 0; b < block_count_; ++b)
    if (report.blocks[b].smid < blocks_of_sm.size()) blocks_of_sm[report.blocks[b].smid].push_back(b);
  sms_used_ = static_cast<int>(std::count_if(blocks_of_sm.begin(), blocks_of_sm.end(),
                                             [](const auto& blocks) { return !blocks.empty(); }));

  const std::vector<std::uint32_t> turns = grid::block_turns(report.blocks, sm_count);
  for (std::size_t sm = 0; sm < blocks_of_sm.size(); ++sm)
    for (std::uint64_t b : blocks_of_sm[sm]) {
      const grid::BlockSummary& s = report.blocks[b];
      rounds_ = std::max(rounds_, turns[b] + 1);
      lanes_[sm].push_back({static_cast<float>(static_cast<double>(s.first_start_ns - origin) / span),
                            static_cast<float>(static_cast<double>(s.end_ns - origin) / span),
                            static_cast<std::uint32_t>(b), turns[b]});
    }

  // Blocks running, averaged over each time bucket (a maximum would hide the dips
  // between waves).
  std::vector<double> busy(kBuckets, 0.0);
  const double bucket_width = 1.0 / kBuckets;
  for (const std::vector<Bar>& lane : lanes_)
    for (const Bar& bar : lane) {
      const int first = std::clamp(static_cast<int>(bar.start / bucket_width), 0, kBuckets - 1);
      const int last = std::clamp(static_cast<int>(bar.end / bucket_width), 0, kBuckets - 1);
      for (int k = first; k <= last; ++k) {
        const double a = std::max<double>(bar.start, k * bucket_width);
        const double b = std::min<double>(bar.end, (k + 1) * bucket_width);
        if (b > a) busy[k] += (b - a) / bucket_width;
      }
    }
  running_.assign(kBuckets, 0.0f);
  for (int k = 0; k < kBuckets; ++k) {
    running_[k] = static_cast<float>(busy[k]);
    peak_running_ = std::max(peak_running_, running_[k]);
  }
}

void LaunchTimeline::draw(float width, float font_scale) const {
  if (empty()) return;
  const bool recorded = !recorded_label_.empty();
  if (recorded) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    ImGui::TextWrapped("%s", fill(tr("No GPU here: this launch as {0}."), {recorded_label_}).c_str());
    ImGui::PopStyleColor();
  }
  // A recording is drawn faded, as recorded curves are everywhere in the app.
  const int bar_alpha = recorded ? 120 : 200;
  const ImU32 curve_colour = recorded ? (palette().gpu & 0x00ffffffu) | (120u << 24) : palette().gpu;
  ImGui::TextUnformatted(
      fill(tr("{0} blocks on {1} SMs; first thread start to last thread end: {2} us (kernel {3} us by CUDA events)"),
           {std::to_string(static_cast<unsigned long long>(block_count_)), std::to_string(sms_used_),
            decimal_text(span_us_, 1), decimal_text(kernel_ms_ * 1e3, 1)})
          .c_str());
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float label_width = ImGui::CalcTextSize("running 00000").x;
  const float left_pad = label_width + 6.0f * font_scale;
  const float plot_width = std::max(50.0f, width - left_pad);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float x0 = origin.x + left_pad;
  const ImU32 grid_colour = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.35f);
  const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);

  // Blocks running at once.
  const float curve_height = 48.0f * font_scale;
  const float curve_top = origin.y;
  const float curve_bottom = curve_top + curve_height;
  const float scale_max = std::max(1.0f, std::max(peak_running_, static_cast<float>(std::min<std::int64_t>(blocks_per_wave_, 1 << 30))));
  draw->AddRectFilled(ImVec2(x0, curve_top), ImVec2(x0 + plot_width, curve_bottom), ImGui::GetColorU32(ImGuiCol_FrameBg));
  for (int bucket = 0; bucket < kBuckets; ++bucket) {
    if (running_[bucket] <= 0.0f) continue;
    const float xa = x0 + plot_width * bucket / kBuckets;
    const float xb = x0 + plot_width * (bucket + 1) / kBuckets;
    const float h = curve_height * running_[bucket] / scale_max;
    draw->AddRectFilled(ImVec2(xa, curve_bottom - h), ImVec2(xb, curve_bottom), curve_colour);
  }
  if (blocks_per_wave_ > 0 && blocks_per_wave_ <= scale_max) {
    const float y = curve_bottom - curve_height * static_cast<float>(blocks_per_wave_) / scale_max;
    draw->AddLine(ImVec2(x0, y), ImVec2(x0 + plot_width, y), palette().warning, 1.5f * font_scale);
  }
  char label[64];
  std::snprintf(label, sizeof label, "running %.0f", peak_running_);
  draw->AddText(ImVec2(origin.x, curve_top), text_colour, label);

  // One lane per SM, one bar per block, coloured by block number (dark: first blocks).
  const int sm_count = static_cast<int>(lanes_.size());
  const float lane_height = std::clamp(180.0f * font_scale / std::max(1, sm_count), 1.0f, 12.0f * font_scale);
  const float lanes_top = curve_bottom + 6.0f * font_scale;
  const float lanes_bottom = lanes_top + lane_height * sm_count;
  draw->AddRectFilled(ImVec2(x0, lanes_top), ImVec2(x0 + plot_width, lanes_bottom), ImGui::GetColorU32(ImGuiCol_FrameBg));
  const bool bars = block_count_ <= kMaxBars;
  if (bars) {
    for (int sm = 0; sm < sm_count; ++sm) {
      const float y = lanes_top + lane_height * sm;
      for (const Bar& bar : lanes_[sm]) {
        const float xa = x0 + plot_width * bar.start;
        const float xb = std::max(xa + 1.0f, x0 + plot_width * bar.end);
        draw->AddRectFilled(ImVec2(xa, y), ImVec2(xb, y + std::max(1.0f, lane_height - 1.0f)),
                            to_imgui(round_color(bar.round), bar_alpha));
      }
    }
  }
  draw->AddText(ImVec2(origin.x, lanes_top), text_colour, "SM 0");
  std::snprintf(label, sizeof label, "SM %d", sm_count - 1);
  draw->AddText(ImVec2(origin.x, lanes_bottom - ImGui::GetTextLineHeight()), text_colour, label);

  // Time axis in microseconds.
  const double step = tick_step(span_us_, 8);
  const float axis_y = lanes_bottom + 2.0f * font_scale;
  for (double t = 0.0; t <= span_us_ + 1e-9; t += step) {
    const float x = x0 + plot_width * static_cast<float>(t / span_us_);
    draw->AddLine(ImVec2(x, curve_top), ImVec2(x, lanes_bottom), grid_colour);
    std::snprintf(label, sizeof label, "%g us", t);
    // Beside its tick, or ending at it where the label would pass the right edge.
    const float width = ImGui::CalcTextSize(label).x;
    const float left = x + 2.0f + width > x0 + plot_width ? x - 2.0f - width : x + 2.0f;
    draw->AddText(ImVec2(left, axis_y), text_colour, label);
  }
  const float total_height = axis_y + ImGui::GetTextLineHeightWithSpacing() - origin.y;
  ImGui::InvisibleButton("timeline", ImVec2(left_pad + plot_width, total_height));

  if (ImGui::IsItemHovered()) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const float fraction = (mouse.x - x0) / plot_width;
    if (fraction >= 0.0f && fraction <= 1.0f) {
      draw->AddLine(ImVec2(mouse.x, curve_top), ImVec2(mouse.x, lanes_bottom), text_colour);
      const int bucket = std::clamp(static_cast<int>(fraction * kBuckets), 0, kBuckets - 1);
      ImGui::BeginTooltip();
      ImGui::TextUnformatted(
          fill(tr("{0} us after the first thread started"), {decimal_text(fraction * span_us_, 2)}).c_str());
      ImGui::TextUnformatted(
          fill(tr("about {0} blocks running at once here"), {decimal_text(running_[bucket], 0)}).c_str());
      const int sm = static_cast<int>((mouse.y - lanes_top) / lane_height);
      if (bars && mouse.y >= lanes_top && sm >= 0 && sm < sm_count) {
        std::string blocks;
        int shown = 0, total = 0;
        for (const Bar& bar : lanes_[sm]) {
          if (fraction < bar.start || fraction > bar.end) continue;
          if (shown < 8) {
            blocks += (shown ? ", " : "") + std::to_string(bar.block) + " (round " + std::to_string(bar.round + 1) + ")";
            ++shown;
          }
          ++total;
        }
        ImGui::TextUnformatted(
            fill(tr("SM {0}: {1} blocks over the launch"),
                 {std::to_string(sm), std::to_string(static_cast<unsigned long long>(lanes_[sm].size()))})
                .c_str());
        if (total > shown) blocks = fill(tr("{0} and {1} more"), {blocks, std::to_string(total - shown)});
        if (total > 0)
          ImGui::TextUnformatted(fill(tr_n("running now: block {0}", "running now: blocks {0}", total), {blocks}).c_str());
      }
      ImGui::EndTooltip();
    }
  }
  if (bars && rounds_ > 0) {
    ImGui::TextUnformatted(tr("Bar colour: the block's turn in its place on the SM:"));
    // Each word on this line while it fits, else at the start of the next: never a word
    // wrapped a letter a line into the last bit of room.
    static const char* const kTurns[6] = {N_("first"),  N_("second"), N_("third"),
                                          N_("fourth"), N_("fifth"),  N_("sixth")};
    for (std::uint32_t r = 0; r < std::min<std::uint32_t>(rounds_, 6); ++r) {
      same_line_if_fits(text_width(tr(kTurns[r])));
      ImGui::PushStyleColor(ImGuiCol_Text, to_imgui(round_color(r), 255));
      ImGui::TextUnformatted(tr(kTurns[r]));
      ImGui::PopStyleColor();
    }
    if (rounds_ > 1) {
      const std::string rounds =
          fill(rounds_ > 6 ? tr("({0} rounds, colours repeat: the waves)") : tr("({0} rounds: the waves)"),
               {std::to_string(rounds_)});
      same_line_if_fits(text_width(rounds.c_str()));
      ImGui::TextUnformatted(rounds.c_str());
    }
  }
  if (!bars)
    ImGui::TextDisabled("%s",
                        fill(tr("{0} blocks are too many to draw one bar each; the curve above still shows the waves."),
                             {std::to_string(static_cast<unsigned long long>(block_count_))})
                            .c_str());
  if (blocks_per_wave_ > 0) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
    ImGui::TextUnformatted(fill(tr("yellow line: {0} blocks fit on the GPU at once (one wave);"),
                                {std::to_string(static_cast<long long>(blocks_per_wave_))})
                               .c_str());
    ImGui::PopStyleColor();
    const unsigned long long wave_count = (block_count_ + blocks_per_wave_ - 1) / blocks_per_wave_;
    const std::string waves =
        fill(tr_n("this grid needs {0} wave.", "this grid needs {0} waves.", wave_count), {std::to_string(wave_count)});
    same_line_if_fits(text_width(waves.c_str()));
    ImGui::TextUnformatted(waves.c_str());
  }
}

}  // namespace whygpu::app
