#include "app/page_view.h"

#include <imgui.h>
#include <imgui_internal.h>  // ErrorCheckEndWindowRecover: unwinding after a failed panel

#include <algorithm>

#include "app/code_fit.h"
#include "app/rich_text.h"

namespace whygpu::app {
namespace {

constexpr float kReadableWidthEm = 46.0f;  // text lines longer than this are hard to follow

void wrapped_line(const std::string& text, float width, ImU32 colour) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

void draw_callout(const LessonBlock& block, const Fonts& fonts, float text_width) {
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float pad = ImGui::GetStyle().FramePadding.x * 2;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(1);
  ImGui::Indent(pad);
  ImGui::Dummy(ImVec2(0, pad * 0.5f));
  draw_rich_text(block.spans, fonts, fonts.body, text_width - 2 * pad);
  ImGui::Unindent(pad);
  const ImVec2 end(start.x + text_width, ImGui::GetCursorScreenPos().y);
  draw->ChannelsSetCurrent(0);
  draw->AddRectFilled(start, end, palette().callout_background, 4.0f);
  draw->AddRectFilled(start, ImVec2(start.x + 4, end.y), palette().gpu_alt);
  draw->ChannelsMerge();
  ImGui::Spacing();
}

void draw_code(const LessonBlock& block, const Fonts& fonts, float text_width) {
  ImGui::PushFont(fonts.code);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, palette().code_background);
  const int lines = static_cast<int>(std::count(block.code.begin(), block.code.end(), '\n'));
  const float scale = code_scale_to_fit(block.code, text_width - 2 * ImGui::GetStyle().WindowPadding.x);
  const float height = lines * (ImGui::GetTextLineHeight() * scale + ImGui::GetStyle().ItemSpacing.y) +
                       2 * ImGui::GetStyle().WindowPadding.y;
  ImGui::BeginChild(ImGui::GetID(&block), ImVec2(text_width, height), false,
                    ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_AlwaysUseWindowPadding);
  ImGui::SetWindowFontScale(scale);
  ImGui::TextUnformatted(block.code.c_str());
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopFont();
  ImGui::Spacing();
}

}  // namespace

void PageView::draw(const Lesson& lesson, std::vector<PanelSlot>& slots, const std::vector<std::string>& errors,
                    const Fonts& fonts, FrameContext frame) {
  if (std::exchange(scroll_to_top_, false)) ImGui::SetScrollY(0.0f);
  const float text_width = std::min(ImGui::GetContentRegionAvail().x, kReadableWidthEm * fonts.body->FontSize);
  ImGui::PushFont(fonts.heading1);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + text_width);
  ImGui::TextUnformatted(lesson.title.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  wrapped_line(lesson.section, text_width, palette().muted_text);
  ImGui::Spacing();
  for (const std::string& error : errors) wrapped_line("Lesson error: " + error, text_width, palette().error);

  for (int b = 0; b < static_cast<int>(lesson.blocks.size()); ++b) {
    const LessonBlock& block = lesson.blocks[b];
    switch (block.kind) {
      case LessonBlock::Kind::heading1:
        ImGui::Spacing();
        draw_rich_text(block.spans, fonts, fonts.heading1, text_width);
        break;
      case LessonBlock::Kind::heading2:
        ImGui::Spacing();
        draw_rich_text(block.spans, fonts, fonts.heading2, text_width);
        break;
      case LessonBlock::Kind::paragraph:
        draw_rich_text(block.spans, fonts, fonts.body, text_width);
        ImGui::Spacing();
        break;
      case LessonBlock::Kind::bullet: {
        const float indent = fonts.body->FontSize * 1.2f;
        ImGui::TextUnformatted("  \xe2\x80\xa2");  // bullet
        ImGui::SameLine(indent);
        draw_rich_text(block.spans, fonts, fonts.body, text_width - indent);
        break;
      }
      case LessonBlock::Kind::numbered: {
        const float indent = fonts.body->FontSize * 1.6f;
        ImGui::TextUnformatted(("  " + block.number).c_str());
        ImGui::SameLine(indent);
        draw_rich_text(block.spans, fonts, fonts.body, text_width - indent);
        break;
      }
      case LessonBlock::Kind::callout:
        draw_callout(block, fonts, text_width);
        break;
      case LessonBlock::Kind::code:
        draw_code(block, fonts, text_width);
        break;
      case LessonBlock::Kind::panel: {
        auto slot = std::find_if(slots.begin(), slots.end(), [&](const PanelSlot& s) { return s.block == b; });
        if (slot == slots.end() || !slot->panel) break;  // its error is listed at the top
        ImGui::Spacing();
        if (scroll_to_block_ == b) {
          ImGui::SetScrollHereY(0.0f);
          scroll_to_block_ = -1;
        }
        frame.content_width = ImGui::GetContentRegionAvail().x;
        draw_panel_guarded(*slot, frame);
        ImGui::Spacing();
        break;
      }
    }
  }
}

void PageView::draw_alone(PanelSlot& slot, const Fonts&, FrameContext frame) {
  frame.content_width = ImGui::GetContentRegionAvail().x;
  if (slot.panel) draw_panel_guarded(slot, frame);
  else wrapped_line(slot.error, frame.content_width, palette().error);
}

void draw_panel_guarded(PanelSlot& slot, const FrameContext& frame) {
  ImGuiWindow* page = ImGui::GetCurrentWindow();
  ImGui::PushID(slot.id.c_str());
  try {
    slot.panel->draw(frame);
    ImGui::PopID();
  } catch (const std::exception& e) {
    // Close what the panel left open (child windows, tables, pushed styles and IDs, our
    // PushID included) so the page and the rest of the app carry on.
    while (ImGui::GetCurrentWindow() != page) {
      ImGui::ErrorCheckEndWindowRecover(nullptr);
      if (ImGui::GetCurrentWindow()->Flags & ImGuiWindowFlags_ChildWindow) ImGui::EndChild();
      else ImGui::End();
    }
    ImGui::ErrorCheckEndWindowRecover(nullptr);
    slot.error = "panel '" + slot.id + "' stopped: " + e.what();
    slot.panel.reset();
  }
}

}  // namespace whygpu::app
