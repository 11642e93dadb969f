#include "app/lesson/translation.h"

#include <filesystem>
#include <map>
#include <set>

#include "app/i18n/translate.h"
#include "app/lesson/content_hash.h"
#include "compute/core/text_file.h"

namespace fs = std::filesystem;

namespace whygpu::app {
namespace {

bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_alnum(char c) { return is_lower(c) || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

bool looks_like_language(const std::string& code) {
  std::size_t i = 0;
  while (i < code.size() && is_lower(code[i])) ++i;
  if (i < 2 || i > 3) return false;
  if (i == code.size()) return true;
  if (code[i] != '-' || i + 1 == code.size()) return false;
  for (++i; i < code.size(); ++i)
    if (!is_alnum(code[i])) return false;
  return true;
}

std::string at(const std::string& file, int line) { return file + ":" + std::to_string(line) + ": "; }

// A translation's two metadata lines, as a lesson's header or a script writes them
// (`language_as` and `no_translates` word each kind's message): its language must be the
// one its file name gives, and it must say which version of the original it translates.
void metadata_mismatches(const std::string& file, const std::string& language_as, const std::string& language,
                         const std::string& no_translates, const std::string& translates,
                         const std::string& original_file, std::vector<std::string>* problems) {
  const std::string named = language_of_file(file);
  if (language != named)
    problems->push_back(at(file, 1) + language_as + language + "' where the file name says '" + named + "'");
  if (translates.empty())
    problems->push_back(at(file, 1) + no_translates + " (the first 16 hex digits of sha256sum of " + original_file +
                        ")");
}

// The @predict keys whose values are words for the reader; every other value is a setting.
bool is_text_key(const std::string& key) {
  static const std::set<std::string> kTextKeys = {"question", "explain", "unit"};
  return kTextKeys.count(key) > 0;
}

std::size_t choice_count(const std::string& choices) {
  std::size_t items = 1;
  for (const char c : choices) items += c == '|';
  return items;
}

std::string directive_name(const LessonBlock& block) {
  return block.kind == LessonBlock::Kind::panel ? "@panel " + block.panel_type : "@predict";
}

// One @panel or @predict line against the original's.
void compare_directive(const LessonBlock& original, const LessonBlock& translated, const std::string& where,
                       std::vector<std::string>* problems) {
  if (original.kind != translated.kind || original.panel_type != translated.panel_type) {
    problems->push_back(where + directive_name(translated) + " where the original has " + directive_name(original) +
                        " (line " + std::to_string(original.line) + ")");
    return;
  }
  for (const auto& [key, value] : original.params) {
    const auto mine = translated.params.find(key);
    if (mine == translated.params.end()) {
      problems->push_back(where + directive_name(translated) + " lacks the original's " + key + "=");
    } else if (key == "choices") {
      if (choice_count(mine->second) != choice_count(value))
        problems->push_back(where + "@predict has " + std::to_string(choice_count(mine->second)) +
                            " choices, the original " + std::to_string(choice_count(value)));
    } else if (!is_text_key(key) && mine->second != value) {
      problems->push_back(where + directive_name(translated) + " " + key + "=" + mine->second +
                          " differs from the original's " + key + "=" + value);
    }
  }
  for (const auto& [key, value] : translated.params)
    if (!original.params.count(key))
      problems->push_back(where + directive_name(translated) + " has " + key + "=, which the original has not");
}

// Every {fact:NAME} the page shows: in its text and in its questions' words.
std::set<std::string> fact_names(const Lesson& lesson) {
  std::set<std::string> names;
  for (const LessonBlock& block : lesson.blocks) {
    for (const TextSpan& span : block.spans)
      if (span.style == TextSpan::Style::fact) names.insert(span.text);
    for (const auto& [key, value] : block.params)
      for (const FactRef& ref : find_fact_refs(value)) names.insert(ref.name);
  }
  return names;
}

std::string listed(const std::set<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "{fact:" : ", {fact:") + name + "}";
  return text;
}

std::vector<const LessonBlock*> blocks_of(const Lesson& lesson, bool directives) {
  std::vector<const LessonBlock*> blocks;
  for (const LessonBlock& block : lesson.blocks) {
    const bool directive = block.kind == LessonBlock::Kind::panel || block.kind == LessonBlock::Kind::predict;
    if (directives ? directive : block.kind == LessonBlock::Kind::code) blocks.push_back(&block);
  }
  return blocks;
}

}  // namespace

const std::vector<std::string>& translation_languages() {
  static const std::vector<std::string> languages = {"fr", "it", "zh-Hans", "zh-Hant"};
  return languages;
}

std::string language_of_file(const std::string& path) {
  const std::string code = fs::path(path).stem().extension().string();
  return code.size() > 1 && looks_like_language(code.substr(1)) ? code.substr(1) : "";
}

std::string original_of(const std::string& path) {
  const std::string language = language_of_file(path);
  if (language.empty()) return path;
  const fs::path p(path);
  return (p.parent_path() / (p.stem().stem().string() + p.extension().string())).string();
}

std::string translation_path(const std::string& original_path, const std::string& language) {
  const fs::path p(original_path);
  return (p.parent_path() / (p.stem().string() + "." + language + p.extension().string())).string();
}

std::string english_page_note(TranslationState state) {
  switch (state) {
    case TranslationState::current: return "";
    case TranslationState::missing: return tr("This page is in English: it has not been translated into your language yet.");
    case TranslationState::out_of_date:
      return tr("This page is in English: its translation is out of date (the English page changed since).");
    case TranslationState::mismatched:
      return tr("This page is in English: its translation does not match the English page's panels and questions.");
  }
  return "";
}

std::vector<std::string> lesson_mismatches(const Lesson& original, const Lesson& translation) {
  std::vector<std::string> problems;
  const std::string& file = translation.file;
  if (translation.id != original.id)
    problems.push_back(at(file, 1) + "id '" + translation.id + "' differs from the original's '" + original.id + "'");
  metadata_mismatches(file, "language: '", translation.language, "the header has no 'translates:'",
                      translation.translates, original.file, &problems);

  const auto mine = blocks_of(translation, true), theirs = blocks_of(original, true);
  for (std::size_t i = 0; i < std::min(mine.size(), theirs.size()); ++i)
    compare_directive(*theirs[i], *mine[i], at(file, mine[i]->line), &problems);
  if (mine.size() != theirs.size())
    problems.push_back(at(file, 1) + std::to_string(mine.size()) + " @panel and @predict lines, the original " +
                       std::to_string(theirs.size()));

  const std::set<std::string> facts = fact_names(translation), original_facts = fact_names(original);
  std::set<std::string> lacking, extra;
  for (const std::string& name : original_facts)
    if (!facts.count(name)) lacking.insert(name);
  for (const std::string& name : facts)
    if (!original_facts.count(name)) extra.insert(name);
  if (!lacking.empty()) problems.push_back(at(file, 1) + "lacks the original's " + listed(lacking));
  if (!extra.empty()) problems.push_back(at(file, 1) + "names facts the original does not: " + listed(extra));

  const auto code = blocks_of(translation, false), original_code = blocks_of(original, false);
  for (std::size_t i = 0; i < std::min(code.size(), original_code.size()); ++i)
    if (code[i]->code != original_code[i]->code)
      problems.push_back(at(file, code[i]->line) + "code block differs from the original's (line " +
                         std::to_string(original_code[i]->line) + "): code stays as written");
  if (code.size() != original_code.size())
    problems.push_back(at(file, 1) + std::to_string(code.size()) + " code blocks, the original " +
                       std::to_string(original_code.size()));
  return problems;
}

std::vector<std::string> script_mismatches(const Script& original, const Script& translation) {
  std::vector<std::string> problems;
  const std::string& file = translation.file;
  metadata_mismatches(file, "language '", translation.language, "no 'translates HASH' line", translation.translates,
                      original.file, &problems);
  const auto& mine = translation.actions;
  const auto& theirs = original.actions;
  for (std::size_t i = 0; i < std::min(mine.size(), theirs.size()); ++i) {
    const ScriptAction& a = mine[i];
    const ScriptAction& b = theirs[i];
    const bool same = a.verb == b.verb && (a.verb == "caption" ? a.args[0].empty() == b.args[0].empty() : a.args == b.args);
    if (!same) {
      problems.push_back(at(file, a.line) + "'" + a.verb + "' differs from the original's line " +
                         std::to_string(b.line) + " ('" + b.verb + "'): only captions are translated");
      break;  // the lines after it are shifted: one report says where
    }
  }
  if (mine.size() != theirs.size())
    problems.push_back(at(file, 1) + std::to_string(mine.size()) + " actions, the original " +
                       std::to_string(theirs.size()));
  return problems;
}

ScriptTranslation read_script_translation(const std::string& original_path, const std::string& original_bytes,
                                          const Script& original, const std::string& language) {
  ScriptTranslation translation;
  const std::string path = translation_path(original_path, language);
  std::error_code ec;
  if (!fs::exists(path, ec)) return translation;
  std::string error;
  if (!load_script(path, &translation.script, &error)) {
    translation.state = TranslationState::mismatched;
    translation.problems.push_back(error);
    return translation;
  }
  translation.problems = script_mismatches(original, translation.script);
  if (!translation.problems.empty()) translation.state = TranslationState::mismatched;
  else if (translation.script.translates != translation_hash(original_bytes)) translation.state = TranslationState::out_of_date;
  else translation.state = TranslationState::current;
  return translation;
}

std::string script_in_language(const std::string& original_path, const std::string& language,
                               TranslationState* why_english) {
  TranslationState state = TranslationState::current;
  std::string chosen = original_path;
  if (language != "en" && !language.empty()) {
    std::string bytes;
    Script original;
    std::string error;
    if (read_text_file(original_path, &bytes, kMaxScriptBytes) && parse_script(bytes, original_path, &original, &error)) {
      const ScriptTranslation translation = read_script_translation(original_path, bytes, original, language);
      state = translation.state;
      if (state == TranslationState::current) chosen = translation.script.file;
    }
  }
  if (why_english) *why_english = state;
  return chosen;
}

}  // namespace whygpu::app
