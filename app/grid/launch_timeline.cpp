#include "app/grid/launch_timeline.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/grid/block_rounds.h"
#include "compute/grid/cell_colours.h"

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
std::uint32_t round_colour(std::uint32_t round) {
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

// Where the parts of the drawing go this frame.
struct LaunchTimeline::Frame {
  ImDrawList* draw = nullptr;
  ImVec2 origin;
  float x0 = 0, plot_width = 0, scale = 1;
  float curve_top = 0, curve_bottom = 0, lanes_top = 0, lanes_bottom = 0, lane_height = 0;
  bool recorded = false, bars = false;
  float x_of(float fraction) const { return x0 + plot_width * fraction; }
};

void LaunchTimeline::draw(float width, float font_scale) const {
  if (empty()) return;
  Frame f;
  f.recorded = !recorded_label_.empty();
  if (f.recorded) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    wrapped_text_unformatted(fill(tr("No GPU here: this launch as {0}."), {recorded_label_}));
    ImGui::PopStyleColor();
  }
  ImGui::TextUnformatted(
      fill(tr("{0} blocks on {1} SMs; first thread start to last thread end: {2} us (kernel {3} us by CUDA events)"),
           {std::to_string(static_cast<unsigned long long>(block_count_)), std::to_string(sms_used_),
            decimal_text(span_us_, 1), decimal_text(kernel_ms_ * 1e3, 1)})
          .c_str());
  f.draw = ImGui::GetWindowDrawList();
  f.scale = font_scale;
  const float left_pad = ImGui::CalcTextSize(running_label().c_str()).x + 6.0f * font_scale;
  f.plot_width = std::max(50.0f, width - left_pad);
  f.origin = ImGui::GetCursorScreenPos();
  f.x0 = f.origin.x + left_pad;
  f.curve_top = f.origin.y;
  f.curve_bottom = f.curve_top + 48.0f * font_scale;
  const int sm_count = static_cast<int>(lanes_.size());
  f.lane_height = std::clamp(180.0f * font_scale / std::max(1, sm_count), 1.0f, 12.0f * font_scale);
  f.lanes_top = f.curve_bottom + 6.0f * font_scale;
  f.lanes_bottom = f.lanes_top + f.lane_height * sm_count;
  f.bars = block_count_ <= kMaxBars;

  draw_running_curve(f);
  draw_sm_lanes(f);
  const float axis_y = draw_time_axis(f);
  const float total_height = axis_y + ImGui::GetTextLineHeightWithSpacing() - f.origin.y;
  ImGui::InvisibleButton("timeline", ImVec2(left_pad + f.plot_width, total_height));
  if (ImGui::IsItemHovered()) draw_hover(f);
  draw_legend(f.bars);
}

std::string LaunchTimeline::running_label() const {
  return fill(tr("running {0}"), {decimal_text(peak_running_, 0)});
}

// Blocks running at once, averaged over each time bucket; the yellow line where one wave
// fills the GPU.
void LaunchTimeline::draw_running_curve(const Frame& f) const {
  // A recording is drawn faded, as recorded curves are everywhere in the app.
  const ImU32 curve_colour = f.recorded ? (palette().gpu & 0x00ffffffu) | (120u << 24) : palette().gpu;
  const float curve_height = f.curve_bottom - f.curve_top;
  const float scale_max =
      std::max(1.0f, std::max(peak_running_, static_cast<float>(std::min<std::int64_t>(blocks_per_wave_, 1 << 30))));
  f.draw->AddRectFilled(ImVec2(f.x0, f.curve_top), ImVec2(f.x_of(1.0f), f.curve_bottom),
                        ImGui::GetColorU32(ImGuiCol_FrameBg));
  for (int bucket = 0; bucket < kBuckets; ++bucket) {
    if (running_[bucket] <= 0.0f) continue;
    const float h = curve_height * running_[bucket] / scale_max;
    f.draw->AddRectFilled(ImVec2(f.x_of(static_cast<float>(bucket) / kBuckets), f.curve_bottom - h),
                          ImVec2(f.x_of(static_cast<float>(bucket + 1) / kBuckets), f.curve_bottom), curve_colour);
  }
  if (blocks_per_wave_ > 0 && blocks_per_wave_ <= scale_max) {
    const float y = f.curve_bottom - curve_height * static_cast<float>(blocks_per_wave_) / scale_max;
    f.draw->AddLine(ImVec2(f.x0, y), ImVec2(f.x_of(1.0f), y), palette().warning, 1.5f * f.scale);
  }
  f.draw->AddText(ImVec2(f.origin.x, f.curve_top), ImGui::GetColorU32(ImGuiCol_Text), running_label().c_str());
}

// One lane per SM, one bar per block, coloured by the block's turn on its SM.
void LaunchTimeline::draw_sm_lanes(const Frame& f) const {
  const int bar_alpha = f.recorded ? 120 : 200;
  const int sm_count = static_cast<int>(lanes_.size());
  f.draw->AddRectFilled(ImVec2(f.x0, f.lanes_top), ImVec2(f.x_of(1.0f), f.lanes_bottom),
                        ImGui::GetColorU32(ImGuiCol_FrameBg));
  if (f.bars)
    for (int sm = 0; sm < sm_count; ++sm) {
      const float y = f.lanes_top + f.lane_height * sm;
      for (const Bar& bar : lanes_[sm]) {
        const float xa = f.x_of(bar.start);
        const float xb = std::max(xa + 1.0f, f.x_of(bar.end));
        f.draw->AddRectFilled(ImVec2(xa, y), ImVec2(xb, y + std::max(1.0f, f.lane_height - 1.0f)),
                              to_imgui(round_colour(bar.round), bar_alpha));
      }
    }
  const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);
  f.draw->AddText(ImVec2(f.origin.x, f.lanes_top), text_colour, "SM 0");
  const std::string last = "SM " + std::to_string(sm_count - 1);
  f.draw->AddText(ImVec2(f.origin.x, f.lanes_bottom - ImGui::GetTextLineHeight()), text_colour, last.c_str());
}

// The time axis in microseconds with its grid; returns where its labels are.
float LaunchTimeline::draw_time_axis(const Frame& f) const {
  const ImU32 grid_colour = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.35f);
  const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);
  // As many ticks as labels of "0000 us" fit, with room between them (fewer at large text).
  const float label_room = ImGui::CalcTextSize("0000 us").x * 1.6f;
  const double step = tick_step(span_us_, std::clamp(static_cast<int>(f.plot_width / label_room), 2, 8));
  const float axis_y = f.lanes_bottom + 2.0f * f.scale;
  float last_right = -1e30f;
  for (double t = 0.0; t <= span_us_ + 1e-9; t += step) {
    const float x = f.x_of(static_cast<float>(t / span_us_));
    f.draw->AddLine(ImVec2(x, f.curve_top), ImVec2(x, f.lanes_bottom), grid_colour);
    const std::string label = significant_text(t, 6) + " us";
    // Beside its tick, or ending at it where the label would pass the right edge; left
    // out where it would run into the previous one.
    const float width = ImGui::CalcTextSize(label.c_str()).x;
    const float left = x + 2.0f + width > f.x_of(1.0f) ? x - 2.0f - width : x + 2.0f;
    if (left < last_right + 4.0f * f.scale) continue;
    f.draw->AddText(ImVec2(left, axis_y), text_colour, label.c_str());
    last_right = left + width;
  }
  return axis_y;
}

// Under the pointer: the time, the blocks running then, and on an SM's lane its blocks.
void LaunchTimeline::draw_hover(const Frame& f) const {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const float fraction = (mouse.x - f.x0) / f.plot_width;
  if (fraction < 0.0f || fraction > 1.0f) return;
  f.draw->AddLine(ImVec2(mouse.x, f.curve_top), ImVec2(mouse.x, f.lanes_bottom), ImGui::GetColorU32(ImGuiCol_Text));
  const int bucket = std::clamp(static_cast<int>(fraction * kBuckets), 0, kBuckets - 1);
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(
      fill(tr("{0} us after the first thread started"), {decimal_text(fraction * span_us_, 2)}).c_str());
  ImGui::TextUnformatted(fill(tr("about {0} blocks running at once here"), {decimal_text(running_[bucket], 0)}).c_str());
  const int sm_count = static_cast<int>(lanes_.size());
  const int sm = static_cast<int>((mouse.y - f.lanes_top) / f.lane_height);
  if (f.bars && mouse.y >= f.lanes_top && sm >= 0 && sm < sm_count) {
    std::string blocks;
    int shown = 0, total = 0;
    for (const Bar& bar : lanes_[sm]) {
      if (fraction < bar.start || fraction > bar.end) continue;
      if (shown < 8) {
        blocks += (shown ? ", " : "") +
                  fill(tr("{0} (round {1})"), {std::to_string(bar.block), std::to_string(bar.round + 1)});
        ++shown;
      }
      ++total;
    }
    ImGui::TextUnformatted(fill(tr("SM {0}: {1} blocks over the launch"),
                                {std::to_string(sm), std::to_string(static_cast<unsigned long long>(lanes_[sm].size()))})
                               .c_str());
    if (total > shown) blocks = fill(tr("{0} and {1} more"), {blocks, std::to_string(total - shown)});
    if (total > 0)
      ImGui::TextUnformatted(fill(tr_n("running now: block {0}", "running now: blocks {0}", total), {blocks}).c_str());
  }
  ImGui::EndTooltip();
}

// What the colours and the yellow line mean, and how many waves the grid needs.
void LaunchTimeline::draw_legend(bool bars) const {
  if (bars && rounds_ > 0) {
    ImGui::TextUnformatted(tr("Bar colour: the block's turn in its place on the SM:"));
    // Each word on this line while it fits, else at the start of the next: never a word
    // wrapped a letter a line into the last bit of room.
    static const char* const kTurns[6] = {N_("first"),  N_("second"), N_("third"),
                                          N_("fourth"), N_("fifth"),  N_("sixth")};
    for (std::uint32_t r = 0; r < std::min<std::uint32_t>(rounds_, 6); ++r) {
      same_line_if_fits(text_width(tr(kTurns[r])));
      ImGui::PushStyleColor(ImGuiCol_Text, to_imgui(round_colour(r), 255));
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
