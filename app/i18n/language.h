#pragma once
// Which language the interface speaks, and switching it while the app runs.
//
// The languages are listed once, here (language.cpp). Each has the code the app uses
// everywhere (--language, the settings, translated lesson files: "fr", "zh-Hans") and the
// name of its gettext catalog (po/<catalog>.po, <locale folder>/<catalog>/LC_MESSAGES/
// whygpu.mo). The catalogs of Chinese are named by the locales that use them, zh_CN and
// zh_TW, not by script: a desktop matches a .desktop file's Name[zh_CN] and gettext its
// folders against the user's locale (LANG=zh_TW.UTF-8), and neither would find "zh_Hant".
//
// How a switch works on glibc (tested on 2.36 with only C and C.UTF-8 locales present):
// gettext takes the language from $LANGUAGE, unless the LC_MESSAGES locale is "C", and
// then reloads its catalogs when _nl_msg_cat_cntr changes. So start_translations() sets
// LC_MESSAGES alone from the environment (LC_NUMERIC stays "C": files and logs keep their
// decimal point), falling back to C.UTF-8 where that locale is "C" or is not installed;
// use_language() sets LANGUAGE to the catalog's name and bumps the counter.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::app {

inline constexpr const char* kTextDomain = "whygpu";

struct Language {
  const char* code;     // "en", "fr", "it", "zh-Hans", "zh-Hant", "en@pseudo"
  const char* catalog;  // "fr", "zh_CN", ...: the .po and the locale folder; "" for English, the source
  const char* name;     // in the language itself: "Français", "简体中文"
  // Decimal comma and digit grouping, for numbers in the interface (app/i18n/number_text.h).
  const char* decimal_point;
  const char* thousands_separator;
  bool for_testing;  // the pseudo-language: --language and --list-languages, not the View menu
};

// English first, then the translations, then the pseudo-language.
const std::vector<Language>& languages();

// By code ("zh-Hant"), also written with an underscore or by its catalog's name
// ("zh_Hant", "zh_TW"); null when unknown.
const Language* find_language(std::string_view code);

// The code a locale name asks for ("fr_FR.UTF-8" -> "fr", "zh_TW" and "zh_HK" -> "zh-Hant",
// "zh_CN" and "zh" -> "zh-Hans", "C" -> "en"), or "" when it names none of ours.
std::string language_of_locale(std::string_view locale_name);

// The language the environment asks for, as gettext reads it: the first of $LANGUAGE's
// colon-separated list that we have, else $LC_ALL, $LC_MESSAGES, $LANG (the first set);
// "en" when none names one of ours.
std::string language_from_environment();

// Once, before any other thread starts (setenv is not safe beside getenv elsewhere; later
// switches only replace LANGUAGE's value): binds the text domain to `locale_folder`
// (file_locations.h) in UTF-8, sets LC_MESSAGES as above and uses `code` ("" or unknown:
// the environment's).
void start_translations(const std::string& locale_folder, const std::string& code);

// Switches the interface to `code`; the next tr() call answers in it. An unknown code is
// an error naming the known ones, and the language stays as it was.
Status use_language(const std::string& code);

// The code in use ("en" before start_translations).
const std::string& current_language();

// How much of a catalog is translated: messages with a translation, of all the
// interface's messages (those of the pseudo-language's catalog, which the build makes from
// the template and so holds every one). Both 0 where a catalog is missing.
struct CatalogCount {
  int translated = 0;
  int total = 0;
};
CatalogCount catalog_count(const std::string& locale_folder, const Language& language);

// The translations a compiled catalog holds, one per message (a message's plural forms
// together, NUL between them), its header left out; nullopt when the file is missing or
// is not a catalog.
std::optional<std::vector<std::string>> mo_translations(const std::string& path);

// Messages in a compiled catalog (.mo), its header left out; -1 when the file is missing
// or is not a catalog.
int mo_message_count(const std::string& path);

// The compiled catalog of `catalog` ("fr", "zh_TW") under `locale_folder`.
std::string catalog_path(const std::string& locale_folder, const char* catalog);

// The interface's text in the language `code`, as its catalog translates it: what the
// font atlas must be able to draw. Empty for English (the source) and a missing catalog.
std::vector<std::string> interface_translations(const std::string& locale_folder, const std::string& code);

// `whygpu --list-languages`: "fr<TAB>Français<TAB>812/1204" per line.
std::string language_list(const std::string& locale_folder);

}  // namespace whygpu::app
