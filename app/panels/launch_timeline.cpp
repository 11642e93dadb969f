#include "app/panels/launch_timeline.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/ui_style.h"
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

}  // namespace

void LaunchTimeline::clear() {
  lanes_.clear();
  running_.clear();
  block_count_ = 0;
  peak_running_ = 0;
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
  struct Event {
    double time;
    int change;
  };
  std::vector<Event> events;
  events.reserve(block_count_ * 2);
  for (std::uint64_t b = 0; b < block_count_; ++b) {
    const grid::BlockSummary& s = report.blocks[b];
    const double t0 = static_cast<double>(s.first_start_ns - origin) / span;
    const double t1 = static_cast<double>(s.end_ns - origin) / span;
    if (s.smid < lanes_.size() && block_count_ <= kMaxBars)
      lanes_[s.smid].push_back({static_cast<float>(t0), static_cast<float>(t1), static_cast<std::uint32_t>(b)});
    events.push_back({t0, +1});
    events.push_back({t1, -1});
  }
  std::vector<bool> used(static_cast<std::size_t>(sm_count), false);
  for (const grid::BlockSummary& s : report.blocks)
    if (s.smid < used.size()) used[s.smid] = true;
  sms_used_ = static_cast<int>(std::count(used.begin(), used.end(), true));

  // Most blocks running at once per bucket: sweep the starts and ends in time order
  // (an end before a start at the same instant: a slot is freed, then reused).
  std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
    return a.time != b.time ? a.time < b.time : a.change < b.change;
  });
  running_.assign(kBuckets, 0);
  int current = 0;
  std::size_t next = 0;
  for (int bucket = 0; bucket < kBuckets; ++bucket) {
    const double bucket_end = static_cast<double>(bucket + 1) / kBuckets;
    int most = current;
    while (next < events.size() && (events[next].time < bucket_end || bucket == kBuckets - 1)) {
      current += events[next].change;
      most = std::max(most, current);
      ++next;
    }
    running_[bucket] = most;
    peak_running_ = std::max(peak_running_, most);
  }
}

void LaunchTimeline::draw(float width, float font_scale) const {
  if (empty()) return;
  ImGui::Text("%llu blocks on %d SMs; first thread start to last thread end: %.1f us (kernel %.1f us by CUDA events)",
              static_cast<unsigned long long>(block_count_), sms_used_, span_us_, kernel_ms_ * 1e3);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float label_width = ImGui::CalcTextSize("running 00000").x;
  const float left_pad = label_width + 6.0f * font_scale;
  const float plot_width = std::max(50.0f, width - left_pad);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float x0 = origin.x + left_pad;
  const ImU32 grid_colour = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.35f);
  const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);

  // Blocks running at once.
  const float curve_height = 56.0f * font_scale;
  const float curve_top = origin.y;
  const float curve_bottom = curve_top + curve_height;
  const int scale_max = std::max<int>(peak_running_, static_cast<int>(std::min<std::int64_t>(blocks_per_wave_, 1 << 30)));
  draw->AddRectFilled(ImVec2(x0, curve_top), ImVec2(x0 + plot_width, curve_bottom), ImGui::GetColorU32(ImGuiCol_FrameBg));
  for (int bucket = 0; bucket < kBuckets; ++bucket) {
    if (running_[bucket] == 0) continue;
    const float xa = x0 + plot_width * bucket / kBuckets;
    const float xb = x0 + plot_width * (bucket + 1) / kBuckets;
    const float h = curve_height * running_[bucket] / std::max(1, scale_max);
    draw->AddRectFilled(ImVec2(xa, curve_bottom - h), ImVec2(xb, curve_bottom), palette().gpu);
  }
  if (blocks_per_wave_ > 0 && blocks_per_wave_ <= scale_max) {
    const float y = curve_bottom - curve_height * static_cast<float>(blocks_per_wave_) / std::max(1, scale_max);
    draw->AddLine(ImVec2(x0, y), ImVec2(x0 + plot_width, y), palette().warning, 1.5f * font_scale);
  }
  char label[64];
  std::snprintf(label, sizeof label, "running %d", peak_running_);
  draw->AddText(ImVec2(origin.x, curve_top), text_colour, label);

  // One lane per SM, one bar per block, coloured by block number (dark: first blocks).
  const int sm_count = static_cast<int>(lanes_.size());
  const float lane_height = std::clamp(220.0f * font_scale / std::max(1, sm_count), 1.0f, 12.0f * font_scale);
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
        const float t = block_count_ > 1 ? static_cast<float>(bar.block) / static_cast<float>(block_count_ - 1) : 0.0f;
        draw->AddRectFilled(ImVec2(xa, y), ImVec2(xb, y + std::max(1.0f, lane_height - 1.0f)),
                            to_imgui(grid::ramp_color(t), 170));
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
    draw->AddText(ImVec2(x + 2.0f, axis_y), text_colour, label);
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
      ImGui::Text("%.2f us after the first thread started", fraction * span_us_);
      ImGui::Text("up to %d blocks running at once here", running_[bucket]);
      const int sm = static_cast<int>((mouse.y - lanes_top) / lane_height);
      if (bars && mouse.y >= lanes_top && sm >= 0 && sm < sm_count) {
        std::string blocks;
        int shown = 0, total = 0;
        for (const Bar& bar : lanes_[sm]) {
          if (fraction < bar.start || fraction > bar.end) continue;
          if (shown < 8) {
            blocks += (shown ? ", " : "") + std::to_string(bar.block);
            ++shown;
          }
          ++total;
        }
        ImGui::Text("SM %d: %llu blocks over the launch", sm, static_cast<unsigned long long>(lanes_[sm].size()));
        if (total > shown) blocks += " and " + std::to_string(total - shown) + " more";
        if (total > 0) ImGui::Text("running now: block%s %s", total > 1 ? "s" : "", blocks.c_str());
      }
      ImGui::EndTooltip();
    }
  }
  if (!bars)
    ImGui::TextDisabled("%llu blocks are too many to draw one bar each; the curve above still shows the waves.",
                        static_cast<unsigned long long>(block_count_));
  if (blocks_per_wave_ > 0) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
    ImGui::Text("yellow line: %lld blocks fit on the GPU at once (one wave);",
                static_cast<long long>(blocks_per_wave_));
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::Text("this grid needs %llu wave%s.",
                static_cast<unsigned long long>((block_count_ + blocks_per_wave_ - 1) / blocks_per_wave_),
                block_count_ > static_cast<std::uint64_t>(blocks_per_wave_) ? "s" : "");
  }
}

}  // namespace whygpu::app
