#include "app/i18n/translation_check.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>

#include "app/demo/demo_player.h"
#include "app/i18n/glyph_needs.h"
#include "app/lesson/content_hash.h"
#include "app/lesson/lesson_check.h"
#include "app/lesson/translation.h"
#include "compute/core/text_file.h"
#include "compute/lstm/utf8.h"

namespace fs = std::filesystem;

namespace whygpu::app {
namespace {

std::string out_of_date(const std::string& file, const std::string& recorded, const std::string& hash) {
  return file + ": out of date: it translates " + (recorded.empty() ? "(nothing)" : recorded) +
         ", the original is now " + hash + " (bring it up to date, then record " + hash + ")";
}

bool known_language(const std::string& language) {
  const auto& known = translation_languages();
  return std::find(known.begin(), known.end(), language) != known.end();
}

// The languages' glyph coverages, each font read once.
class Coverages {
 public:
  const GlyphCoverage& of(const std::string& language) {
    auto& coverage = coverages_[language];
    if (!coverage) coverage = std::make_unique<GlyphCoverage>(language);
    return *coverage;
  }

 private:
  std::map<std::string, std::unique_ptr<GlyphCoverage>> coverages_;
};

void check_lessons(const LessonLibrary& library, Coverages& coverages, TranslationCheck* check) {
  std::vector<std::string>& failures = check->failures;
  for (int i = 0; i < static_cast<int>(library.originals().size()); ++i) {
    const Lesson& original = library.originals()[i];
    find_undrawable(lesson_shown_text(original), original.file, "en", coverages.of("en"), &failures);
    for (LanguageCompleteness& language : check->languages) {
      ++language.lessons;
      if (!library.translations(i).count(language.language))
        language.missing.push_back(translation_path(original.file, language.language));
    }
    for (const auto& [language, translation] : library.translations(i)) {
      const std::string& file = translation.lesson.file;
      if (!known_language(language)) {
        failures.push_back(file + ":1: unknown language '" + language + "' (known: fr, it, zh-Hans, zh-Hant)");
        continue;
      }
      failures.insert(failures.end(), translation.mismatches.begin(), translation.mismatches.end());
      for (std::string& problem : lesson_problems(translation.lesson)) failures.push_back(std::move(problem));
      find_undrawable(lesson_shown_text(translation.lesson), file, language, coverages.of(language), &failures);
      auto completeness = std::find_if(check->languages.begin(), check->languages.end(),
                                       [&](const LanguageCompleteness& c) { return c.language == language; });
      if (translation.state == TranslationState::current) ++completeness->lessons_current;
      if (translation.lesson.translates != library.original_hash(i))
        completeness->out_of_date.push_back(out_of_date(file, translation.lesson.translates, library.original_hash(i)));
    }
  }
  for (const LessonError& orphan : library.orphan_translations()) failures.push_back(orphan.to_string());
}

void check_demos(const std::string& demos_folder, Coverages& coverages, TranslationCheck* check) {
  std::vector<std::string>& failures = check->failures;
  for (const std::string& file : demo_files(demos_folder)) {
    std::string bytes, error;
    Script original;
    if (!read_text_file(file, &bytes, kMaxScriptBytes) || !parse_script(bytes, file, &original, &error))
      continue;  // the lesson check reports a script that does not load
    find_undrawable(script_shown_text(original), file, "en", coverages.of("en"), &failures);
    const std::string hash = translation_hash(bytes);
    for (LanguageCompleteness& language : check->languages) {
      ++language.demos;
      const ScriptTranslation translation = read_script_translation(file, bytes, original, language.language);
      const std::string path = translation_path(file, language.language);
      if (translation.state == TranslationState::missing) {
        language.missing.push_back(path);
        continue;
      }
      failures.insert(failures.end(), translation.problems.begin(), translation.problems.end());
      if (translation.state == TranslationState::current) ++language.demos_current;
      if (translation.state == TranslationState::out_of_date)
        language.out_of_date.push_back(out_of_date(path, translation.script.translates, hash));
      find_undrawable(script_shown_text(translation.script), path, language.language, coverages.of(language.language),
                      &failures);
    }
  }
  // A translation whose original is gone, or in a language nobody reads.
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(demos_folder, ec)) {
    const std::string path = entry.path().string();
    const std::string language = language_of_file(path);
    if (entry.path().extension() != ".script" || language.empty()) continue;
    if (!fs::exists(original_of(path), ec))
      failures.push_back(path + ":1: a translation of " + original_of(path) +
                         ", which does not exist (renamed? rename the translation too)");
    else if (!known_language(language))
      failures.push_back(path + ":1: unknown language '" + language + "' (known: fr, it, zh-Hans, zh-Hant)");
  }
}

}  // namespace

void find_undrawable(const std::vector<ShownText>& shown, const std::string& file, const std::string& language,
                     const GlyphCoverage& coverage, std::vector<std::string>* problems) {
  for (const ShownText& text : shown) {
    std::vector<char32_t> missing;
    for (const char32_t c : code_points_of(text.text))
      if (!coverage.can_draw(c) && std::find(missing.begin(), missing.end(), c) == missing.end()) missing.push_back(c);
    if (missing.empty()) continue;
    std::string names;
    for (std::size_t i = 0; i < missing.size() && i < 4; ++i)
      names += (i ? ", " : "") + lstm::describe_code_point(missing[i]);
    if (missing.size() > 4) names += " and " + std::to_string(missing.size() - 4) + " more";
    problems->push_back(file + ":" + std::to_string(text.line) + ": " + names + " cannot be drawn in " + language +
                        " (fonts: " + (coverage.fonts().empty() ? "none" : coverage.fonts()) + ")" +
                        (coverage.problem().empty() ? "" : ": " + coverage.problem()));
  }
}

TranslationCheck check_translations(const LessonLibrary& library, const std::string& demos_folder) {
  TranslationCheck check;
  for (const std::string& language : translation_languages()) check.languages.push_back({language});
  Coverages coverages;
  check_lessons(library, coverages, &check);
  check_demos(demos_folder, coverages, &check);
  return check;
}

}  // namespace whygpu::app
