#pragma once
// What `whygpu --check-lessons` says about translations (lessons/FORMAT.md,
// "Translations"), for every lesson and demo in every language of translation_languages():
// translations that do not match their original, have no original, or show a character
// their language's fonts cannot draw are failures; missing and out-of-date ones are
// counted per language, for --check-lessons --translations to list.
#include <string>
#include <vector>

#include "app/i18n/language_fonts.h"
#include "app/i18n/language_text.h"
#include "app/lesson/lesson_library.h"

namespace whygpu::app {

struct LanguageCompleteness {
  std::string language;
  int lessons = 0, lessons_current = 0;
  int demos = 0, demos_current = 0;
  std::vector<std::string> missing;      // the translation files not written yet
  std::vector<std::string> out_of_date;  // "FILE: out of date: ...", with the hash it should record
};

struct TranslationCheck {
  std::vector<std::string> failures;            // "file:line: ..."
  std::vector<LanguageCompleteness> languages;  // in the order of translation_languages()
};

// Checks the library's lessons and their translations, and the demos in `demos_folder`
// (originals and *.LANG.script beside them). English originals are checked for
// undrawable characters too, with the fonts of English.
TranslationCheck check_translations(const LessonLibrary& library, const std::string& demos_folder);

// Each character of `shown` that `coverage` cannot draw, as "file:line: ...".
void find_undrawable(const std::vector<ShownText>& shown, const std::string& file, const std::string& language,
                     const GlyphCoverage& coverage, std::vector<std::string>* problems);

}  // namespace whygpu::app
