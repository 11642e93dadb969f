// "The Ferrari and the bus": this machine's CPU cores next to the GPU's arithmetic lanes,
// one dot each, at the same scale. Numbers come from /proc/cpuinfo and the CUDA runtime.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <thread>

#include "app/files/figure_source.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/kernels/reference.h"
#include "app/panels/panel_registry.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app {
namespace {

struct CpuDescription {
  std::string model = "unknown CPU";
  int logical_cores = 1;
  double mhz = 0.0;
};

CpuDescription describe_cpu() {
  CpuDescription cpu;
  cpu.logical_cores = std::max(1u, std::thread::hardware_concurrency());
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
    const std::string value = line.substr(std::min(line.size(), colon + 2));
    if (key == "model name" && cpu.model == "unknown CPU") cpu.model = value;
    if (key == "cpu MHz" && cpu.mhz == 0.0) cpu.mhz = std::atof(value.c_str());
  }
  return cpu;
}

// FP32 lanes ("CUDA cores") per SM, from NVIDIA's architecture documentation.
int fp32_lanes_per_sm(int major, int minor) {
  if (major == 7 || (major == 8 && minor == 0)) return 64;  // Volta, Turing, A100
  if (major == 8 || major == 9 || major >= 10) return 128;  // GA10x, Ada, Hopper, Blackwell
  return 0;
}

// The GPU whose lanes are drawn and counted.
struct GpuLanes {
  std::string name;
  int sm_count = 0;
  int lanes_per_sm = 0;  // 0: not known for its compute capability
};

GpuLanes lanes_of(const GpuInfo& gpu) {
  return {gpu.name, gpu.sm_count, fp32_lanes_per_sm(gpu.compute_major, gpu.compute_minor)};
}

GpuLanes lanes_of(const bench::RunInfo& run) {
  int major = 0, minor = 0;
  std::sscanf(run.gpu_compute_capability.c_str(), "%d.%d", &major, &minor);
  return {run.gpu_name, run.gpu_sm_count, fp32_lanes_per_sm(major, minor)};
}

// An SM's lanes are drawn in rows of this many dots.
constexpr int kLanesPerRow = 16;

// Draws `groups` blocks of `per_group` dots (rows of `per_row` dots inside a block),
// blocks laid out left to right and wrapped to the available width; reserves the space.
void draw_dot_groups(int groups, int per_group, int per_row, float dot, float gap, float group_gap,
                     ImU32 colour) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const int rows = (per_group + per_row - 1) / per_row;
  const float group_w = per_row * (dot + gap) + group_gap;
  const float group_h = rows * (dot + gap) + group_gap;
  const int groups_per_line = std::max(1, static_cast<int>(ImGui::GetContentRegionAvail().x / group_w));
  for (int g = 0; g < groups; ++g) {
    const float gx = origin.x + (g % groups_per_line) * group_w;
    const float gy = origin.y + (g / groups_per_line) * group_h;
    for (int i = 0; i < per_group; ++i) {
      const float x = gx + (i % per_row) * (dot + gap);
      const float y = gy + (i / per_row) * (dot + gap);
      draw->AddRectFilled(ImVec2(x, y), ImVec2(x + dot, y + dot), colour);
    }
  }
  const int lines = (groups + groups_per_line - 1) / groups_per_line;
  ImGui::Dummy(ImVec2(std::min(groups, groups_per_line) * group_w, lines * group_h));
}

class HardwarePanel final : public Panel {
 public:
  HardwarePanel() : cpu_(describe_cpu()), live_gpu_(lanes_of(gpu_info())) {
    if (!gpu_info().available) recording_ = h100_reference();
    if (recording_) recorded_gpu_ = lanes_of(recording_->run);
  }

  // "lanes_per_thread": the GPU's FP32 lanes for each of this CPU's hardware threads
  // (the recorded GPU's when there is none here, as the picture shows).
  bool result(const std::string& name, PanelResult* out) const override {
    if (name != "lanes_per_thread") return false;
    const SourcedFigures<GpuLanes> gpu = shown_gpu();
    if (!gpu) return false;
    const int lanes = gpu.figures->sm_count * gpu.figures->lanes_per_sm;
    if (lanes <= 0) return false;
    const std::string gpu_name =
        gpu.source.faded() ? fill(tr("the recorded {0}"), {gpu.figures->name}) : gpu.figures->name;
    out->value = static_cast<double>(lanes) / cpu_.logical_cores;
    out->text = fill(tr("{0} lanes per CPU thread ({1}: {2} lanes; this CPU: {3} threads)"),
                     {out->value >= 1000 ? with_commas(out->value) : significant_text(out->value, 4), gpu_name, with_commas(lanes),
                      std::to_string(cpu_.logical_cores)});
    return true;
  }

  void draw(const FrameContext& frame) override {
    const GpuInfo& gpu = gpu_info();
    const float column = std::max(200.0f, (frame.content_width - ImGui::GetStyle().ItemSpacing.x) / 2);
    const float dot = dot_size(frame.font_scale, column);
    if (!ImGui::BeginTable("hardware", 2, ImGuiTableFlags_BordersInnerV)) return;
    // Every line wraps at its column's edge: at large text a column is a few words wide.
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TableSetupColumn(tr("cpu"), ImGuiTableColumnFlags_WidthFixed, column);
    ImGui::TableSetupColumn(tr("gpu"), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableNextRow();

    ImGui::TableNextColumn();
    ImGui::PushStyleColor(ImGuiCol_Text, palette().cpu);
    ImGui::TextUnformatted(fill(tr("CPU: {0} hardware threads"), {std::to_string(cpu_.logical_cores)}).c_str());
    ImGui::PopStyleColor();
    wrapped_text_unformatted(cpu_.model);
    if (cpu_.mhz > 0)
      ImGui::TextUnformatted(fill(tr("about {0} GHz each"), {decimal_text(cpu_.mhz / 1000.0, 1)}).c_str());
    ImGui::TextDisabled("%s", tr("one square = one hardware thread (a core runs one, or two)"));
    // A thread's core is drawn big, and grows with the text: each one is a large, complex
    // machine of its own.
    const float core = 8.0f * std::max(2.0f, std::round(2.0f * frame.font_scale));
    draw_dot_groups(cpu_.logical_cores, 1, 1, core, 0, core / 4, palette().cpu);

    ImGui::TableNextColumn();
    if (!gpu.available) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      wrapped_text_unformatted(fill(tr("GPU: none usable here ({0})."), {translated(gpu.unavailable_reason)}));
      ImGui::PopStyleColor();
    }
    const SourcedFigures<GpuLanes> shown = shown_gpu();
    if (!shown)
      ImGui::TextWrapped("%s",
                         tr("On a machine with an NVIDIA GPU this side shows its lanes, typically thousands of them."));
    else if (shown.source.faded())
      draw_recorded_gpu(*shown.figures, shown.source, dot);
    else
      draw_live_gpu(*shown.figures, dot);
    ImGui::PopTextWrapPos();
    ImGui::EndTable();

    ImGui::Spacing();
    ImGui::TextWrapped(
        "%s",
        tr("The CPU spends its chip on making each of a few threads fast (deep pipelines, big caches, branch "
           "prediction). The GPU spends it on many simple lanes that all do the same operation on different data."));
  }

 private:
  // Dots grow with the text, but no larger than lets a large GPU (132 SMs of 128 lanes)
  // fit in about half the page's view: at large text the column is narrow, and 4-pixel
  // dots would stack its SMs a screen and a half high.
  static float dot_size(float font_scale, float column) {
    constexpr int kSms = 132, kRowsPerSm = 128 / kLanesPerRow;
    float dot = std::max(2.0f, std::round(2.0f * font_scale));
    for (; dot > 2.0f; dot -= 1.0f) {
      const float group_w = kLanesPerRow * (dot + 1.0f) + 3 * dot, group_h = kRowsPerSm * (dot + 1.0f) + 3 * dot;
      const int per_line = std::max(1, static_cast<int>(column / group_w));
      if ((kSms + per_line - 1) / per_line * group_h <= 0.5f * ImGui::GetWindowHeight()) break;
    }
    return dot;
  }

  // The GPU whose lanes the picture and the result show, decided here for both: this
  // computer's when it has one, else the recorded run's; none without either (nor from a
  // recording without a GPU, or of one whose lanes per SM are not known).
  SourcedFigures<GpuLanes> shown_gpu() const {
    if (gpu_info().available) return {&live_gpu_, FigureSource::this_computer()};
    if (recording_ && recording_->run.gpu_available && recorded_gpu_.sm_count > 0 && recorded_gpu_.lanes_per_sm > 0)
      return {&recorded_gpu_, FigureSource::recorded(recording_->run)};
    return {};
  }

  static void draw_live_gpu(const GpuLanes& lanes, float dot) {
    const GpuInfo& gpu = gpu_info();
    const int per_sm = lanes.lanes_per_sm;
    ImGui::PushStyleColor(ImGuiCol_Text, palette().gpu);
    if (per_sm > 0)
      ImGui::TextUnformatted(
          fill(tr("GPU: {0} FP32 lanes ({1} SMs x {2})"),
               {with_commas(lanes.sm_count * per_sm), std::to_string(lanes.sm_count), std::to_string(per_sm)})
              .c_str());
    else
      ImGui::TextUnformatted(fill(tr("GPU: {0} SMs (lanes per SM unknown for compute {1})"),
                                  {std::to_string(lanes.sm_count), gpu.compute_capability()})
                                 .c_str());
    ImGui::PopStyleColor();
    wrapped_text_unformatted(lanes.name);
    if (gpu.sm_clock_khz > 0)
      ImGui::TextUnformatted(fill(tr("about {0} GHz each"), {decimal_text(gpu.sm_clock_khz / 1e6, 2)}).c_str());
    ImGui::TextDisabled("%s", tr("one dot = one lane; one block of dots = one SM"));
    if (per_sm > 0)
      draw_dot_groups(lanes.sm_count, per_sm, kLanesPerRow, dot, 1.0f, 3 * dot, palette().gpu);
    else
      draw_dot_groups(lanes.sm_count, 1, 1, 8 * dot, 0, 2 * dot, palette().gpu);
  }

  // Without a GPU here the bus is still shown: the GPU of the recorded H100 run, faded
  // and labelled as recorded, so the scale of the comparison survives on any computer.
  static void draw_recorded_gpu(const GpuLanes& lanes, const FigureSource& source, float dot) {
    wrapped_text_unformatted(fill(tr("For comparison, {0}: {1} FP32 lanes ({2} SMs x {3})."),
                                  {lanes.name, with_commas(lanes.sm_count * lanes.lanes_per_sm),
                                   std::to_string(lanes.sm_count), std::to_string(lanes.lanes_per_sm)}));
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    wrapped_text_unformatted(fill(tr("Faded: {0}."), {source.where()}));
    ImGui::PopStyleColor();
    const ImVec4 faded = ImGui::ColorConvertU32ToFloat4(palette().gpu);
    draw_dot_groups(lanes.sm_count, lanes.lanes_per_sm, kLanesPerRow, dot, 1.0f, 3 * dot,
                    ImGui::ColorConvertFloat4ToU32(ImVec4(faded.x, faded.y, faded.z, 0.45f)));
  }

  CpuDescription cpu_;
  GpuLanes live_gpu_;
  const bench::ReferenceData* recording_ = nullptr;  // only where this computer has no GPU
  GpuLanes recorded_gpu_;
};

}  // namespace

const PanelType& hardware_panel_type() {
  static const PanelType type = {
      "hardware", N_("this machine's CPU cores against the GPU's lanes, drawn to scale"), {}, {},
      [](const PanelParams&, std::string*) -> std::unique_ptr<Panel> { return std::make_unique<HardwarePanel>(); },
      {},
      {{"lanes_per_thread", "lanes", "the GPU's FP32 lanes for each hardware thread of this CPU"}}};
  return type;
}

}  // namespace whygpu::app
