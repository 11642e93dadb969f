#pragma once
// The text a language shows, as the characters the font atlas must hold and the check
// must find a glyph for: every lesson in that language, every demo's captions, and the
// interface's translated strings (handed in by whoever owns the catalogue).
#include <string>
#include <vector>

#include "app/demo/script.h"
#include "app/lesson/lesson.h"
#include "app/lesson/lesson_library.h"

namespace whygpu::app {

// A piece of text a page shows, with the line it comes from (0: the header).
struct ShownText {
  int line = 0;
  std::string text;
};

// What a lesson shows: title, section, headings, paragraphs, bullets, callouts, code, and
// each @predict's question, explanation, unit and choices.
std::vector<ShownText> lesson_shown_text(const Lesson& lesson);
// A script's captions.
std::vector<ShownText> script_shown_text(const Script& script);

// Every character `language` shows, sorted and unique: the library's lessons as shown in
// it (set_language first), the captions of `demo_files` in it (each original's
// translation where current), and `interface_strings`.
std::vector<char32_t> language_glyphs(const LessonLibrary& library, const std::vector<std::string>& demo_files,
                                      const std::vector<std::string>& interface_strings);

}  // namespace whygpu::app
