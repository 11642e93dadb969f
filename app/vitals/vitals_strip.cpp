#include "app/vitals/vitals_strip.h"

#include <imgui.h>

#include "app/ui_style.h"
#include "app/vitals/app_vitals.h"
#include "app/vitals/vitals_figures.h"

namespace whygpu::app {

void draw_vitals_strip() {
  const vitals::VitalsSampler* sampler = app_vitals().sampler;
  if (!sampler) return;
  const std::optional<vitals::VitalsSample> latest = sampler->latest();
  if (!latest) return;
  ImGui::SameLine();
  ImGui::TextDisabled("|");
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, palette().gpu);
  ImGui::TextUnformatted(vitals_view::strip_text(latest->gpu).c_str());
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::Text("%s, read through NVML every quarter of a second:", sampler->gpu_name().c_str());
    ImGui::TextUnformatted("board power, SM clock, memory clock, share of time a kernel ran,\n"
                           "GPU memory in use of all there is, temperature");
    if (const std::string error = sampler->last_error(); !error.empty()) ImGui::TextDisabled("%s", error.c_str());
    ImGui::EndTooltip();
  }
}

}  // namespace whygpu::app
