#include "app/lesson/page_view.h"

#include <imgui.h>
#include <imgui_internal.h>  // ErrorCheckEndWindowRecover: unwinding after a failed panel

#include <algorithm>

#include "app/i18n/translate.h"
#include "app/lesson/lesson_facts.h"
#include "app/lesson/panel_directives.h"
#include "app/panels/panel_registry.h"  // PanelType: the waiting card names what the panel shows
#include "app/text/wrapped_text.h"
#include "app/widgets/code_fit.h"
#include "app/widgets/rich_text.h"

namespace whygpu::app {
namespace {

constexpr float kReadableWidthEm = 46.0f;  // text lines longer than this are hard to follow

void wrapped_line(const std::string& text, float width, ImU32 colour) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  wrapped_text_unformatted(text);
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
  const float room = text_width - 2 * ImGui::GetStyle().WindowPadding.x;
  const float scale = code_scale_to_fit(block.code, room);
  // Measured in the page's font scale, so the room is divided by the code's.
  const std::string code = wrap_code_to_width(block.code, room / scale);
  const int lines = static_cast<int>(std::count(code.begin(), code.end(), '\n')) + (code.empty() || code.back() != '\n');
  // One text item: its lines are a font size apart, with no item spacing between them.
  const float height = lines * ImGui::GetFontSize() * scale + 2 * ImGui::GetStyle().WindowPadding.y;
  ImGui::BeginChild(ImGui::GetID(&block), ImVec2(text_width, height), false,
                    ImGuiWindowFlags_AlwaysUseWindowPadding);
  ImGui::SetWindowFontScale(scale);
  ImGui::TextUnformatted(code.c_str());
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopFont();
  ImGui::Spacing();
}

// In place of a panel whose question is not answered yet: a card as tall as its text.
void draw_waiting_card(const std::string& summary, float width) {
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float pad = ImGui::GetStyle().WindowPadding.x;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(1);
  ImGui::Indent(pad);
  ImGui::Dummy(ImVec2(0, pad * 0.5f));
  wrapped_line(tr("Answer the question above (or skip it) to open this panel."), width - 2 * pad, palette().warning);
  wrapped_line(fill(tr("It shows {0}."), {summary}), width - 2 * pad, palette().muted_text);
  ImGui::Dummy(ImVec2(0, pad * 0.5f));
  ImGui::Unindent(pad);
  draw->ChannelsSetCurrent(0);
  draw->AddRectFilled(start, ImVec2(start.x + width, ImGui::GetCursorScreenPos().y), palette().callout_background, 4.0f);
  draw->ChannelsMerge();
}

// A question's key: the lesson's id and which of its @predict it is, the same in every
// language (a translation keeps the original's directives, in order), so that switching
// the language keeps the answer given and a class's vote in progress.
std::string question_key(const Lesson& lesson, int b) {
  int ordinal = 0;
  for (int i = 0; i < b; ++i) ordinal += lesson.blocks[i].kind == LessonBlock::Kind::predict ? 1 : 0;
  return lesson.id + "#" + std::to_string(ordinal);
}

ScreenRect screen_rect(const ImRect& r) { return {r.Min.x, r.Min.y, r.Max.x, r.Max.y}; }

ScreenRect last_item_rect() {
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  return {min.x, min.y, max.x, max.y};
}

constexpr int kViewTargetFrames = 10;  // long enough for a new caption's band and new fonts to settle

}  // namespace

void PageView::bring_into_view(const std::string& panel_id, bool question) {
  view_target_ = {panel_id, question, kViewTargetFrames};
}

void PageView::release_target_on_scrolling() {
  if (view_target_.panel_id.empty()) return;
  ImGuiWindow* page = ImGui::GetCurrentWindow();
  const bool wheel = ImGui::GetIO().MouseWheel != 0.0f && ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows);
  if (wheel || ImGui::GetActiveID() == ImGui::GetWindowScrollbarID(page, ImGuiAxis_Y)) view_target_ = {};
}

void PageView::drawn_at(const std::string& panel_id, bool question, ScreenRect rect) {
  (question ? drawn_.questions : drawn_.panels)[panel_id] = rect;
  if (view_target_.panel_id != panel_id || view_target_.question != question) return;
  const ScreenRect& view = drawn_.visible;
  const bool fits = rect.height() <= view.height();
  if (!fits && view_target_.settling_frames == 0) return;  // grew past the page while held: left where it is
  if (!fits && !question) {
    maximize_request_ = panel_id;
    view_target_ = {};
    return;
  }
  // A little room around it where there is room, so that it does not touch the edge.
  const float margin = std::clamp(view.height() - rect.height(), 0.0f, ImGui::GetStyle().ItemSpacing.y);
  float delta = 0.0f;
  if (!fits) delta = rect.y0 - view.y0;  // a question taller than the page: its top at the top
  else if (rect.y0 < view.y0) delta = rect.y0 - view.y0 - margin;
  else if (rect.y1 > view.y1) {
    delta = rect.y1 - view.y1 + margin;
    // The view's top edge where a block of the page starts, not through a line of text
    // (a heading cut in half at the top of the projector), while the target stays whole.
    const float top = view.y0 + delta;
    const auto start = std::lower_bound(drawn_.block_tops.begin(), drawn_.block_tops.end(), top);
    if (start != drawn_.block_tops.end() && *start <= rect.y0) delta = *start - view.y0;
  }
  if (delta != 0.0f) ImGui::SetScrollY(ImGui::GetScrollY() + delta);
}

PredictionBox* PageView::box(const Lesson& lesson, int b) {
  const std::string key = question_key(lesson, b);
  const auto found = boxes_.find(key);
  if (found != boxes_.end() && found->second.language == lesson.language) return &found->second.box;
  Prediction prediction;
  if (!parse_prediction(lesson.blocks[b].params, &prediction)) return nullptr;
  for (std::string* text : {&prediction.question, &prediction.explain, &prediction.unit}) *text = with_facts(*text);
  for (std::string& choice : prediction.choices) choice = with_facts(choice);
  if (found != boxes_.end()) {  // the same question, now in another language: its answer stays
    found->second.box.reword(prediction);
    found->second.language = lesson.language;
    return &found->second.box;
  }
  return &boxes_.emplace(key, AskedBox{PredictionBox(std::move(prediction)), lesson.language}).first->second.box;
}

Status PageView::answer_prediction(const Lesson& lesson, const std::string& value) {
  for (int b = 0; b < static_cast<int>(lesson.blocks.size()); ++b) {
    if (lesson.blocks[b].kind != LessonBlock::Kind::predict) continue;
    PredictionBox* p = box(lesson, b);
    if (!p || p->answered()) continue;
    // The class answers this one on its phones: the demo moves on to its answer.
    if (const std::string key = question_key(lesson, b); class_ && class_->asks(key)) class_->settle(key);
    return p->answer(value);
  }
  // A demo skips past a question the teacher may already have answered by hand.
  if (value == "skip") return Status::ok();
  return Status::error(tr("no unanswered @predict on this lesson"));
}

bool PageView::question_waits(const Lesson& lesson, int b) {
  PredictionBox* question = box(lesson, b);
  if (!question) return false;
  const std::string key = question_key(lesson, b);
  return class_ && class_->asks(key) ? class_->holds_panel(key) : !question->answered();
}

bool PageView::has_question_before(const Lesson& lesson, int panel) const {
  for (int b = 0; b < static_cast<int>(lesson.blocks.size()); ++b)
    if (lesson.blocks[b].kind == LessonBlock::Kind::predict && predicted_panel_block(lesson, b) == panel) return true;
  return false;
}

bool PageView::panel_waits(const Lesson& lesson, int panel) {
  for (int b = 0; b < static_cast<int>(lesson.blocks.size()); ++b)
    if (lesson.blocks[b].kind == LessonBlock::Kind::predict && predicted_panel_block(lesson, b) == panel &&
        question_waits(lesson, b))
      return true;
  return false;
}

void PageView::draw(const Lesson& lesson, std::vector<PanelSlot>& slots, const std::vector<std::string>& errors,
                    const std::string& language_note, const Fonts& fonts, FrameContext frame) {
  if (std::exchange(scroll_to_top_, false)) ImGui::SetScrollY(0.0f);
  hovered_panel_.clear();
  drawn_ = {};
  drawn_.visible = screen_rect(ImGui::GetCurrentWindow()->InnerClipRect);
  release_target_on_scrolling();
  if (view_target_.settling_frames > 0) --view_target_.settling_frames;
  const float text_width = std::min(ImGui::GetContentRegionAvail().x, kReadableWidthEm * fonts.body->FontSize);
  drawn_.block_tops.push_back(ImGui::GetCursorScreenPos().y);
  ImGui::PushFont(fonts.heading1);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + text_width);
  wrapped_text_unformatted(lesson.title);
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  drawn_.block_tops.push_back(ImGui::GetCursorScreenPos().y);
  wrapped_line(lesson.section, text_width, palette().muted_text);
  if (!language_note.empty()) wrapped_line(language_note, text_width, palette().warning);
  ImGui::Spacing();
  for (const std::string& error : errors)
    wrapped_line(fill(tr("Lesson error: {0}"), {error}), text_width, palette().error);

  // Panels wait, greyed out, until each question asked before them is answered or skipped.
  std::map<int, std::vector<int>> questions_of;  // panel block -> its @predict blocks
  for (int b = 0; b < static_cast<int>(lesson.blocks.size()); ++b)
    if (lesson.blocks[b].kind == LessonBlock::Kind::predict)
      if (const int panel = predicted_panel_block(lesson, b); panel >= 0) questions_of[panel].push_back(b);
  auto slot_at = [&](int b) {
    auto s = std::find_if(slots.begin(), slots.end(), [&](const PanelSlot& slot) { return slot.block == b; });
    return s == slots.end() ? nullptr : &*s;
  };

  for (int b = 0; b < static_cast<int>(lesson.blocks.size()); ++b) {
    const LessonBlock& block = lesson.blocks[b];
    drawn_.block_tops.push_back(ImGui::GetCursorScreenPos().y);
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
        ImGui::TextUnformatted(tr("  \xe2\x80\xa2"));  // bullet
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
      case LessonBlock::Kind::predict: {
        PredictionBox* question = box(lesson, b);
        if (!question) break;  // its error is listed at the top
        const PanelSlot* panel = slot_at(predicted_panel_block(lesson, b));
        const Panel* measuring = panel ? panel->panel.get() : nullptr;
        const ImVec2 top = ImGui::GetCursorScreenPos();
        if (!(class_ && class_->draw_question(question_key(lesson, b), question->prediction(), measuring, fonts, text_width,
                                              drawn_.visible.height())))
          question->draw(measuring, fonts, text_width);
        if (panel) drawn_at(panel->id, true, {top.x, top.y, top.x + text_width, ImGui::GetItemRectMax().y});
        break;
      }
      case LessonBlock::Kind::panel: {
        auto slot = std::find_if(slots.begin(), slots.end(), [&](const PanelSlot& s) { return s.block == b; });
        if (slot == slots.end() || !slot->panel) break;  // its error is listed at the top
        draw_panel_block(lesson, *slot, b, questions_of[b], frame);
        break;
      }
    }
  }
}

void PageView::draw_panel_block(const Lesson& lesson, PanelSlot& slot, int b, const std::vector<int>& questions,
                                FrameContext frame) {
  ImGui::Spacing();
  if (scroll_to_block_ == b) {
    ImGui::SetScrollHereY(0.0f);
    scroll_to_block_ = -1;
  }
  bool waiting = false;  // preparing the class: nobody is there to answer
  for (const int q : questions) waiting = waiting || (question_waits(lesson, q) && !frame.preparing);
  // A small button above the panel's right edge: one panel can fill the projector's
  // whole window (so can the F key over it); not while it waits for its question,
  // since the panel alone would give the answer away.
  const float above_panel = ImGui::GetCursorScreenPos().y;
  if (!waiting) {
    const std::string label = tr_id("maximize (F)");
    const float button_width =
        ImGui::CalcTextSize(label.c_str(), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, ImGui::GetContentRegionAvail().x - button_width));
    ImGui::PushID(slot.id.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    if (ImGui::SmallButton(label.c_str())) maximize_request_ = slot.id;
    ImGui::PopStyleColor();
    ImGui::PopID();
  }
  frame.content_width = ImGui::GetContentRegionAvail().x;
  // What a stop brought into view starts at the button above the panel.
  frame.visible_height =
      ImGui::GetCurrentWindow()->InnerClipRect.GetHeight() - (ImGui::GetCursorScreenPos().y - above_panel);
  ImGui::BeginGroup();
  if (waiting) {
    // The panel opens once the question is answered: its measurement (or a recording
    // of one) must not give the answer away first.
    draw_waiting_card(slot.type ? tr(slot.type->summary) : slot.type_name, frame.content_width);
  } else {
    draw_panel_guarded(slot, frame);
  }
  ImGui::EndGroup();
  if (!waiting && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem)) hovered_panel_ = slot.id;
  drawn_at(slot.id, false, last_item_rect());
  ImGui::Spacing();
}

void PageView::draw_alone(PanelSlot& slot, const Fonts&, FrameContext frame) {
  drawn_ = {};
  drawn_.visible = screen_rect(ImGui::GetCurrentWindow()->InnerClipRect);
  if (view_target_.settling_frames > 0) --view_target_.settling_frames;
  if (ImGui::SmallButton(tr_id("back to the page (Esc)").c_str())) restore_request_ = true;
  frame.content_width = ImGui::GetContentRegionAvail().x;
  frame.visible_height = ImGui::GetCurrentWindow()->InnerClipRect.GetHeight();
  ImGui::BeginGroup();
  if (slot.panel) draw_panel_guarded(slot, frame);
  else wrapped_line(shown_problems(slot), frame.content_width, palette().error);
  ImGui::EndGroup();
  drawn_.panels[slot.id] = last_item_rect();
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
    slot.problems.push_back(Wording::sentence(N_("panel '{0}' stopped: {1}"), {slot.id, std::string(e.what())}));
    slot.panel.reset();
  }
}

}  // namespace whygpu::app
