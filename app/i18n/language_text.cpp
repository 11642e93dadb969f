#include "app/i18n/language_text.h"

#include <algorithm>

#include "app/i18n/glyph_needs.h"
#include "app/lesson/translation.h"

namespace whygpu::app {
namespace {

void add_spans(const LessonBlock& block, std::vector<ShownText>* out) {
  std::string text;
  for (const TextSpan& span : block.spans) text += span.text;
  if (!text.empty()) out->push_back({block.line, text});
}

}  // namespace

std::vector<ShownText> lesson_shown_text(const Lesson& lesson) {
  std::vector<ShownText> shown = {{0, lesson.title}, {0, lesson.section}};
  for (const LessonBlock& block : lesson.blocks) {
    add_spans(block, &shown);
    if (!block.code.empty()) shown.push_back({block.line, block.code});
    if (block.kind != LessonBlock::Kind::predict) continue;
    for (const char* key : {"question", "explain", "unit", "choices"})
      if (const auto text = block.params.find(key); text != block.params.end())
        shown.push_back({block.line, text->second});
  }
  return shown;
}

std::vector<ShownText> script_shown_text(const Script& script) {
  std::vector<ShownText> shown;
  for (const ScriptAction& action : script.actions)
    if (action.verb == "caption" && !action.args.empty() && !action.args[0].empty())
      shown.push_back({action.line, action.args[0]});
  return shown;
}

std::vector<char32_t> language_glyphs(const LessonLibrary& library, const std::vector<std::string>& demo_files,
                                      const std::vector<std::string>& interface_strings) {
  std::vector<char32_t> glyphs;
  auto add = [&](const std::string& text) {
    const std::vector<char32_t> points = code_points_of(text);
    glyphs.insert(glyphs.end(), points.begin(), points.end());
  };
  for (const Lesson& lesson : library.lessons())
    for (const ShownText& shown : lesson_shown_text(lesson)) add(shown.text);
  for (const std::string& file : demo_files) {
    Script script;
    std::string error;
    if (load_script(script_in_language(file, library.language(), nullptr), &script, &error))
      for (const ShownText& shown : script_shown_text(script)) add(shown.text);
  }
  for (const std::string& text : interface_strings) add(text);
  std::sort(glyphs.begin(), glyphs.end());
  glyphs.erase(std::unique(glyphs.begin(), glyphs.end()), glyphs.end());
  return glyphs;
}

}  // namespace whygpu::app
