#include "app/shell/lesson_list.h"

#include <imgui.h>
#include <imgui_internal.h>  // the table's column widths: TableSetColumnWidth, ResizedColumn

#include <algorithm>
#include <cmath>

#include "app/i18n/translate.h"
#include "app/text/wrapped_text.h"

namespace whygpu::app {

namespace {

// The width of the longest word of a section or lesson title (section titles in the
// strong font), plus what the column takes around the text: the indent and the scroll bar.
float widest_word_room(const LessonLibrary& library, const Fonts& fonts) {
  // A word is a run of Latin-script characters between spaces: Chinese text breaks between
  // any two of its characters (three-byte UTF-8 and up), so it ends a word too; general
  // punctuation (U+2000-U+207F: the French apostrophe of "d’apprentissage") does not.
  const auto widest = [](const std::string& text) {
    float width = 0.0f;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
      const unsigned char c = i < text.size() ? static_cast<unsigned char>(text[i]) : ' ';
      const bool punctuation =
          c == 0xE2 && i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xFE) == 0x80;
      const bool breaks = c == ' ' || (c >= 0xE0 && !punctuation);
      if (punctuation) i += 2;
      if (!breaks) continue;
      if (i > start) width = std::max(width, ImGui::CalcTextSize(text.data() + start, text.data() + i).x);
      if (c >= 0xE0) i += c >= 0xF0 ? 3 : 2;  // past the character's continuation bytes
      start = i + 1;
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
  const float word_room = std::min(widest_word_room(library, fonts), kMaxWordShare * window_width);
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
    ImGui::TextWrapped("%s", library.folder_error().c_str());
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
