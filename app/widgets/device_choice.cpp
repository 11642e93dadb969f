#include "app/widgets/device_choice.h"

#include <imgui.h>

#include "app/i18n/translate.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app {
namespace {

bool coloured_radio(const char* label, bool active, unsigned colour) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  const bool clicked = ImGui::RadioButton(label, active);
  ImGui::PopStyleColor();
  return clicked;
}

}  // namespace

std::optional<ComputeDevice> draw_device_choice(ComputeDevice chosen) {
  std::optional<ComputeDevice> clicked;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Train on:"));
  same_line_if_fits(check_width(tr("CPU")));
  if (coloured_radio("CPU", chosen == ComputeDevice::kCpu, palette().cpu)) clicked = ComputeDevice::kCpu;
  same_line_if_fits(check_width(tr("GPU")));
  const bool gpu = gpu_info().available;
  ImGui::BeginDisabled(!gpu);
  if (coloured_radio("GPU", chosen == ComputeDevice::kGpu, palette().gpu)) clicked = ComputeDevice::kGpu;
  ImGui::EndDisabled();
  if (gpu) return clicked;
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", fill(tr("no CUDA device: {0}"), {translated(gpu_info().unavailable_reason)}).c_str());
  same_line_if_fits(text_width(tr("(no GPU here)")));
  ImGui::TextDisabled("%s", tr("(no GPU here)"));
  return clicked;
}

}  // namespace whygpu::app
