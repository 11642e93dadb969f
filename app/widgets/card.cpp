#include "app/widgets/card.h"

#include "app/widgets/ui_style.h"

namespace whygpu::app {

void draw_card(const void* id, float width, ImU32 accent, const std::function<void(float inner_width)>& content) {
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float pad = ImGui::GetStyle().FramePadding.x * 2;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(1);
  ImGui::PushID(id);
  ImGui::BeginGroup();
  ImGui::Indent(pad);
  ImGui::Dummy(ImVec2(0, pad * 0.5f));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width - 2 * pad);
  content(width - 2 * pad);
  ImGui::PopTextWrapPos();
  ImGui::Dummy(ImVec2(0, pad * 0.5f));
  ImGui::Unindent(pad);
  ImGui::EndGroup();
  ImGui::PopID();
  const ImVec2 end(start.x + width, ImGui::GetItemRectMax().y);
  draw->ChannelsSetCurrent(0);
  draw->AddRectFilled(start, end, palette().callout_background, 4.0f);
  draw->AddRectFilled(start, ImVec2(start.x + 4, end.y), accent);
  draw->ChannelsMerge();
  ImGui::Spacing();
}

}  // namespace whygpu::app
