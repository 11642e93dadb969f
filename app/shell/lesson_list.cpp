#include "app/shell/lesson_list.h"

#include <imgui.h>
#include <imgui_internal.h>  // the table's column widths: TableSetColumnWidth, ResizedColumn

#include <algorithm>
#include <cmath>

#include "app/i18n/translate.h"
#include "app/text/line_breaks.h"
#include "app/text/wrapped_text.h"

namespace whygpu::app {

namespace {

// The width of the longest piece of a section or lesson title that no line may break
// (text/line_breaks.h: a Latin word, one Chinese character, a word held to its colon by
// French's no-break space; section titles in the strong font), plus what the column takes
// around the text: the indent and the scroll bar.
float widest_word_room(const LessonLibrary& library, const Fonts& fonts) {
  const auto widest = [](const std::string& text) {
    float width = 0.0f;
    std::size_t begin = 0;
    std::vector<std::size_t> ends = line_break_opportunities(text);
    ends.push_back(text.size());
    for (const std::size_t end : ends) {
      std::size_t last = end;
      while (last > begin && text[last - 1] == ' ') --last;  // spaces stay at a line's end, undrawn
      width = std::max(width, ImGui::CalcTextSize(text.data() + begin, text.data() + last).x);
      begin = end;
    }
    return width;
  };
  float word = 0.0f;
  ImGui::PushFont(fonts.strong);
  for (const LessonSection& section : library.sections()) word = std::max(word, widest(section.title));
  ImGui::PopFont();
  for (const Lesson& lesson : library.lessons()) word = std::max(word, widest(lesson.title));
  const ImGuiStyle& style = ImGui::GetStyle();
  return word + style.IndentSpacing + style.ScrollbarSize + 2.0f;  // the list's child has no padding
}

}  // namespace

void LessonList::setup_column(Settings& settings, float window_width, const LessonLibrary& library,
                              const Fonts& fonts) {
  const float scale = settings.font_scale;
  // Measured again only when the text size or the titles' language changes, not each frame.
  if (ImGui::GetFontSize() != measured_font_size_ || library.language() != measured_language_) {
    word_room_ = widest_word_room(library, fonts);
    measured_font_size_ = ImGui::GetFontSize();
    measured_language_ = library.language();
  }
  const float word_room = std::min(word_room_, kMaxWordShare * window_width);
  const float limit = std::max(kMaxWindowShare * window_width, word_room);
  const float wanted = std::clamp(settings.sidebar_width * scale, word_room, limit);
  ImGui::TableSetupColumn(tr("lessons"), ImGuiTableColumnFlags_WidthFixed, wanted);
  // The table keeps the width it was first given; a new text size or window size needs
  // it set again. While the user drags the border, the dragged width is theirs.
  const ImGuiTable* table = ImGui::GetCurrentTable();
  const float now = table->Columns[0].WidthRequest;
  if (table->ResizedColumn == 0 || table->LastResizedColumn == 0) {
    settings.sidebar_width = std::clamp(now, word_room, limit) / scale;
    return;
  }
  if (std::fabs(now - wanted) > 0.5f) ImGui::TableSetColumnWidth(0, wanted);
}

int LessonList::draw(const LessonLibrary& library, int current, bool scroll_to_current, const Fonts& fonts) {
  int clicked = -1;
  ImGui::BeginChild("lesson-list");
  if (!library.folder_error().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    wrapped_text_unformatted(translated(library.folder_error()));
    ImGui::PopStyleColor();
  }
  for (const LessonSection& section : library.sections()) {
    ImGui::PushFont(fonts.strong);
    wrapped_text_unformatted(section.title);
    ImGui::PopFont();
    ImGui::Indent();
    for (const int index : section.lessons) {
      const Lesson& lesson = library.lessons()[index];
      const bool broken = !lesson.errors.empty();
      const std::string title = (broken ? "(!) " : "") + lesson.title;
      // A Selectable cuts its label at the column's edge: it gets an empty label and the
      // height of the wrapped title, and the title is written over it.
      const float wrap = ImGui::GetContentRegionAvail().x;
      const float height = wrapped_text_size(title, wrap).y;
      const ImVec2 at = ImGui::GetCursorScreenPos();
      if (ImGui::Selectable(("##" + lesson.id).c_str(), index == current, 0, ImVec2(0, height))) clicked = index;
      if (index == current && scroll_to_current) ImGui::SetScrollHereY();
      const ImU32 colour = broken ? palette().error : ImGui::GetColorU32(ImGuiCol_Text);
      add_wrapped_text(ImGui::GetWindowDrawList(), at, colour, title, wrap);
    }
    ImGui::Unindent();
    ImGui::Spacing();
  }
  ImGui::EndChild();
  return clicked;
}

}  // namespace whygpu::app
