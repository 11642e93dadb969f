#pragma once
// Translated lessons and demo scripts (lessons/FORMAT.md, "Translations"): which files are
// translations, whether one still matches its English original, and which file to show or
// play in a language. The app, --check-lessons and the tests share these answers.
#include <string>
#include <vector>

#include "app/demo/script.h"
#include "app/lesson/lesson.h"

namespace whygpu::app {

// The languages lessons are translated into, beside English ("en"), in report order.
const std::vector<std::string>& translation_languages();

// The language code a file's name carries before its extension: "fr" for
// "02-vector-add-crossover.fr.lesson", "zh-Hant" for "x.zh-Hant.script", "" for an
// original. A code is two or three lowercase letters, then optionally "-" and a script or
// region ("zh-Hans"); an unknown one still makes the file a translation, which
// --check-lessons reports.
std::string language_of_file(const std::string& path);

// "lessons/a/02-x.fr.lesson" -> "lessons/a/02-x.lesson"; an original is returned as it is.
std::string original_of(const std::string& path);
// "lessons/a/02-x.lesson", "fr" -> "lessons/a/02-x.fr.lesson".
std::string translation_path(const std::string& original_path, const std::string& language);

// How a translation stands against its original; anything but `current` means the
// original is shown (or played) in its place.
enum class TranslationState { current, missing, out_of_date, mismatched };

// The note a page in English carries when another language was asked for: why (empty for
// `current`). The interface's translation catalogue translates these sentences.
std::string english_page_note(TranslationState state);

// What differs between a translation's directives and its original's, each as
// "file:line: ...": the id, the language in its header against its file name, the @panel
// and @predict lines (types, keys and values, but for the text of question, explain, unit
// and choices, of which the count must match), the set of {fact:...} names, and the code
// blocks. Empty when the translation only translates.
std::vector<std::string> lesson_mismatches(const Lesson& original, const Lesson& translation);

// The same for a demo script: the same actions with the same arguments but for caption
// texts (a caption hiding the band stays empty), and its `language` against its file name.
std::vector<std::string> script_mismatches(const Script& original, const Script& translation);

// A translation read beside its original, with how it stands and what differs.
struct ScriptTranslation {
  Script script;
  TranslationState state = TranslationState::missing;
  std::vector<std::string> problems;  // a read or parse error, or its mismatches
};
// The translation of the demo script `original_path` into `language`: state `missing`
// when there is no such file. `original_bytes` is the original's text (its hash decides
// whether the translation is out of date).
ScriptTranslation read_script_translation(const std::string& original_path, const std::string& original_bytes,
                                          const Script& original, const std::string& language);

// The demo script to play in `language` ("en" or any other): the translation where it is
// current, else the original. `why_english` (may be null) says why the original was chosen.
std::string script_in_language(const std::string& original_path, const std::string& language,
                               TranslationState* why_english);

}  // namespace whygpu::app
