#include "app/i18n/language.h"

#include <libintl.h>

#include <algorithm>
#include <clocale>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

#include "compute/core/text_file.h"

// glibc's catalog generation counter: gettext reloads what it cached when it changes.
extern "C" int _nl_msg_cat_cntr;

namespace whygpu::app {
namespace {

constexpr const char* kPseudo = "en@pseudo";

std::string g_current = "en";

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace

const std::vector<Language>& languages() {
  // French writes a narrow no-break space between thousands (U+202F, in the UI font's
  // ranges), Italian a point; both a decimal comma. Chinese writes numbers as English does.
  static const std::vector<Language> list = {
      {"en", "", "English", ".", ",", false},
      {"fr", "fr", "Français", ",", "\u202f", false},
      {"it", "it", "Italiano", ",", ".", false},
      {"zh-Hans", "zh_CN", "简体中文", ".", ",", false},
      {"zh-Hant", "zh_TW", "繁體中文", ".", ",", false},
      {kPseudo, kPseudo, "Ƥšéûđö-Éñğļîšĥ", ".", ",", true},
  };
  return list;
}

const Language* find_language(std::string_view code) {
  const std::string wanted = lower(code);
  for (const Language& language : languages()) {
    std::string written = lower(language.code);
    std::string dashed = wanted;
    for (char& c : dashed)
      if (c == '_') c = '-';
    if (wanted == written || dashed == written || (*language.catalog && wanted == lower(language.catalog)))
      return &language;
  }
  return nullptr;
}

std::string language_of_locale(std::string_view locale_name) {
  if (locale_name.empty()) return "";
  const std::string name = lower(locale_name.substr(0, locale_name.find_first_of(".")));
  if (name == "c" || name == "posix") return "en";
  if (name == lower(kPseudo)) return kPseudo;
  const std::string base = name.substr(0, name.find_first_of("_-@"));
  if (base == "zh") {
    // Traditional characters: Taiwan, Hong Kong, Macau, or the script written out.
    for (const char* traditional : {"tw", "hk", "mo", "hant"})
      if (name.find(traditional, 2) != std::string::npos) return "zh-Hant";
    return "zh-Hans";
  }
  const Language* language = find_language(base);
  return language ? language->code : "";
}

std::string language_from_environment() {
  if (const char* list = std::getenv("LANGUAGE"); list && *list) {
    std::string_view rest(list);
    while (!rest.empty()) {
      const std::size_t colon = rest.find(':');
      if (std::string code = language_of_locale(rest.substr(0, colon)); !code.empty()) return code;
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
  }
  for (const char* variable : {"LC_ALL", "LC_MESSAGES", "LANG"})
    if (const char* value = std::getenv(variable); value && *value) {
      std::string code = language_of_locale(value);
      return code.empty() ? "en" : code;
    }
  return "en";
}

void start_translations(const std::string& locale_folder, const std::string& code) {
  const char* messages = std::setlocale(LC_MESSAGES, "");
  if (!messages || std::strcmp(messages, "C") == 0 || std::strcmp(messages, "POSIX") == 0)
    std::setlocale(LC_MESSAGES, "C.UTF-8");  // in glibc itself since 2.35: always there
  bindtextdomain(kTextDomain, locale_folder.c_str());
  bind_textdomain_codeset(kTextDomain, "UTF-8");  // whatever LC_CTYPE says: ImGui draws UTF-8
  const std::string wanted = find_language(code) ? code : language_from_environment();
  if (!use_language(wanted)) use_language("en");
}

Status use_language(const std::string& code) {
  const Language* language = find_language(code);
  if (!language) {
    std::string known;
    for (const Language& l : languages()) known += std::string(known.empty() ? "" : ", ") + l.code;
    return Status::error("no language '" + code + "' (known: " + known + ")");
  }
  // English is the source: a LANGUAGE with no catalog gives the msgid, even where the
  // user's locale is French.
  setenv("LANGUAGE", *language->catalog ? language->catalog : "en", 1);
  ++_nl_msg_cat_cntr;
  g_current = language->code;
  return Status::ok();
}

const std::string& current_language() { return g_current; }

std::optional<std::vector<std::string>> mo_translations(const std::string& path) {
  std::string bytes;
  if (!read_text_file(path, &bytes, std::size_t{64} << 20) || bytes.size() < 28) return std::nullopt;
  const auto word = [&](std::uint64_t at, bool swapped) -> std::uint32_t {
    std::uint32_t value = 0;
    std::memcpy(&value, bytes.data() + at, 4);
    return swapped ? __builtin_bswap32(value) : value;
  };
  const std::uint32_t magic = word(0, false);
  if (magic != 0x950412deu && magic != 0xde120495u) return std::nullopt;
  const bool swapped = magic == 0xde120495u;
  const std::uint64_t count = word(8, swapped), originals = word(12, swapped), translations = word(16, swapped);
  if (originals + count * 8 > bytes.size() || translations + count * 8 > bytes.size()) return std::nullopt;
  std::vector<std::string> texts;
  for (std::uint64_t i = 0; i < count; ++i) {
    if (word(originals + i * 8, swapped) == 0) continue;  // the header's msgid is ""
    const std::uint64_t length = word(translations + i * 8, swapped), at = word(translations + i * 8 + 4, swapped);
    if (at + length > bytes.size()) return std::nullopt;
    texts.emplace_back(bytes.data() + at, length);
  }
  return texts;
}

int mo_message_count(const std::string& path) {
  const auto texts = mo_translations(path);
  return texts ? static_cast<int>(texts->size()) : -1;
}

std::string catalog_path(const std::string& locale_folder, const char* catalog) {
  return locale_folder + "/" + catalog + "/LC_MESSAGES/" + kTextDomain + ".mo";
}

std::vector<std::string> interface_translations(const std::string& locale_folder, const std::string& code) {
  const Language* language = find_language(code);
  if (!language || !*language->catalog) return {};
  // Plural forms are stored one after another, NUL between them: the characters are the same.
  return mo_translations(catalog_path(locale_folder, language->catalog)).value_or(std::vector<std::string>{});
}

CatalogCount catalog_count(const std::string& locale_folder, const Language& language) {
  const auto mo = [&](const char* catalog) { return catalog_path(locale_folder, catalog); };
  const int total = mo_message_count(mo(kPseudo));
  if (total < 0) return {};
  if (!*language.catalog) return {total, total};  // English: the source
  const int translated = mo_message_count(mo(language.catalog));
  return {translated < 0 ? 0 : translated, total};
}

std::string language_list(const std::string& locale_folder) {
  std::string text;
  for (const Language& language : languages()) {
    const CatalogCount count = catalog_count(locale_folder, language);
    text += std::string(language.code) + "\t" + language.name + "\t" + std::to_string(count.translated) + "/" +
            std::to_string(count.total) + (language.for_testing ? "\t(for testing)" : "") + "\n";
  }
  return text;
}

}  // namespace whygpu::app
