#include "app/i18n/language_text.h"

#include <algorithm>

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

std::vector<char32_t> code_points_of(const std::string& text) {
  std::vector<char32_t> points;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xe ? 3 : (lead >> 3) == 0x1e ? 4 : 0;
    char32_t c = length == 1 ? lead : length == 2 ? lead & 0x1f : length == 3 ? lead & 0x0f : lead & 0x07;
    bool valid = length > 0 && i + length <= text.size();
    for (int k = 1; valid && k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      valid = (next & 0xc0) == 0x80;
      c = (c << 6) | (next & 0x3f);
    }
    if (!valid) {
      points.push_back(0xFFFD);
      ++i;
      continue;
    }
    if (c >= 0x20 && c != 0x7f && !(c >= 0x80 && c < 0xa0)) points.push_back(c);
    i += length;
  }
  return points;
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
