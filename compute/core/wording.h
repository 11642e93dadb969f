#pragma once
// A message that compute/ makes for the user, in a form the interface can translate: its
// English pattern, marked N_() where it is written so that xgettext finds it, and the
// values that fill its "{0}" .. "{9}". compute/ stays free of gettext; the interface looks
// the pattern up in the language's catalog and fills it (app/i18n/translate.h,
// translated()); logs, JSON and the CLI keep english().
//
//   report.message = Wording::sentence(N_("thread {0} of block {1} divided an integer by zero"), {thread, block});
//
// Any text becomes a value, shown as it is: a name, an index, a whole number, or a runtime's
// own error text, which no catalog holds. A number with a fraction is a Wording::number(),
// written in the C locale here and with the language's decimal separator by the interface
// ("0,0062 ms" in French). A value may itself be a sentence, translated in its turn: "the
// simulator refused {0}: {1}", where {1} is the broken limit's own sentence.
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "compute/core/translation_marker.h"  // N_(), for the patterns

namespace whygpu {

// `pattern` with each "{0}" .. "{9}" replaced by values[0] .. values[9]; a placeholder
// beyond the values, and any other brace, is kept as written. Safe for any pattern: a
// catalog's or a recording's text goes through here, never through printf.
std::string fill_placeholders(std::string_view pattern, const std::vector<std::string_view>& values);

struct Wording {
  std::string pattern;          // a sentence's English pattern, or a value's text
  std::vector<Wording> values;  // what fills a sentence's placeholders
  bool is_sentence = false;     // true: the pattern is looked up in the catalog
  bool is_number = false;       // true: the pattern is a number in the C locale ("0.0062", "2.5 s")

  Wording() = default;
  Wording(std::string value) : pattern(std::move(value)) {}  // NOLINT: a value, shown as it is
  Wording(const char* value) : pattern(value) {}             // NOLINT
  // A sentence: `english_pattern` marked N_() where it is written (or read back from a
  // report), filled with `values_in`.
  static Wording sentence(std::string english_pattern, std::vector<Wording> values_in = {});
  // A number as printf writes it in the C locale ("%.4f", "%g"), its unit after it if any.
  static Wording number(std::string c_locale_text);

  // The text, each sentence's pattern first passed through `in_language` (the interface
  // gives its catalog's lookup) and each number through `number_in_language` (its
  // decimal separator), when given; app/i18n/translate.h, translated().
  std::string filled(const char* (*in_language)(const char*),
                     std::string (*number_in_language)(std::string) = nullptr) const;
  std::string english() const;
  bool empty() const { return pattern.empty(); }
};

// The sentence among `patterns` that `english` was filled from, its values as they are
// written there; else `english` itself, a value. For text a file keeps in English (a
// recording's step output, a measurement's note) that a page shows in its language: the
// patterns are the N_() ones the text was made from, their placeholders {0}, {1} .. in
// order, none empty. A value ends where the literal after it first appears: fit for
// numbers, names and a runtime's words, which do not hold that literal.
Wording recognised_sentence(std::string_view english, std::initializer_list<const char*> patterns);

inline bool operator==(const Wording& a, const Wording& b) {
  return a.is_sentence == b.is_sentence && a.is_number == b.is_number && a.pattern == b.pattern &&
         a.values == b.values;
}

}  // namespace whygpu
