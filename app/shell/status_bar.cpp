#include "app/shell/status_bar.h"

#include <imgui.h>
#include <imgui_internal.h>  // RenderTextEllipsis

#include <algorithm>

#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {
namespace {

std::string gpu_summary(const GpuInfo& gpu) {
  return fill(tr("{0}  |  compute {1}  |  {2} GiB  |  {3} SMs  |  driver CUDA {4}, runtime {5}"),
              {gpu.name, gpu.compute_capability(), decimal_text(gpu.total_memory_bytes / double(1 << 30), 1),
               std::to_string(gpu.sm_count), cuda_version_string(gpu.driver_version),
               cuda_version_string(gpu.runtime_version)});
}

// `text` in at most `width` pixels: whole, or cut with "..." and whole in a tooltip.
void text_within(const std::string& text, float width) {
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  if (size.x <= width) {
    ImGui::TextUnformatted(text.c_str());
    return;
  }
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 end(at.x + width, at.y + size.y);
  ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), at, end, end.x, end.x, text.c_str(), nullptr, &size);
  ImGui::Dummy(ImVec2(width, size.y));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
}

}  // namespace

void draw_status_bar_line(const GpuInfo& gpu, const std::string& presenter, const std::string& vitals,
                          const std::string& message, bool message_is_error, float frame_ms) {
  ImGui::Separator();
  if (!presenter.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().gpu_alt);
    ImGui::TextUnformatted(presenter.c_str());
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::TextDisabled("|");
    ImGui::SameLine();
  }
  const std::string frame_text =
      frame_ms >= 0 ? fill(tr("frame {0} ms ({1} fps)"),
                           {decimal_text(frame_ms, 1), decimal_text(frame_ms > 0 ? 1000.0f / frame_ms : 0.0f, 0)})
                    : "";
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float frame_width = frame_ms >= 0 ? ImGui::CalcTextSize(frame_text.c_str()).x : 0.0f;
  const float room = ImGui::GetContentRegionAvail().x - frame_width - 2 * spacing;

  // The GPU's whole summary where it fits beside the message, else its name alone. Without
  // a GPU the reason is in the tooltip: the panels show recordings, labelled as such.
  const float bar = ImGui::CalcTextSize("|").x + 2 * spacing;  // between the GPU and the message
  const float message_width = message.empty() ? 0.0f : bar + ImGui::CalcTextSize(message.c_str()).x;
  std::string gpu_text = gpu.available ? fill(tr("GPU: {0}"), {gpu_summary(gpu)})
                                       : tr("No NVIDIA GPU here: GPU results are recordings, labelled");
  if (ImGui::CalcTextSize(gpu_text.c_str()).x + message_width > room)
    gpu_text = gpu.available ? fill(tr("GPU: {0}"), {gpu.name}) : tr("No NVIDIA GPU here");
  // The vital signs follow the GPU where the line has room for them.
  if (!vitals.empty() && ImGui::CalcTextSize((gpu_text + "  " + vitals).c_str()).x + message_width <= room)
    gpu_text += "  " + vitals;
  const float gpu_width = std::min(ImGui::CalcTextSize(gpu_text.c_str()).x, room);
  ImGui::PushStyleColor(ImGuiCol_Text, gpu.available ? palette().gpu : palette().warning);
  text_within(gpu_text, gpu_width);
  ImGui::PopStyleColor();
  if (!gpu.available && ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", fill(tr("{0}. GPU results are recordings from another machine, labelled as such; every CPU "
                                    "result is measured live on this computer."),
                                 {translated(gpu.unavailable_reason)})
                                .c_str());

  const float message_room = room - gpu_width - bar;
  if (!message.empty() && message_room > 0) {
    ImGui::SameLine();
    ImGui::TextDisabled("|");
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, message_is_error ? palette().error : ImGui::GetColorU32(ImGuiCol_Text));
    text_within(message, message_room);
    ImGui::PopStyleColor();
  }
  if (frame_ms < 0) return;
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - frame_width);
  ImGui::TextUnformatted(frame_text.c_str());
}

}  // namespace whygpu::app
