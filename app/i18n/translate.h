#pragma once
// The interface's words in the user's language, through GNU gettext (text domain
// "whygpu", catalogs from po/; app/i18n/language.h chooses which). Mark every string a
// person reads:
//
//   ImGui::TextUnformatted(tr("Nothing measured yet."));
//   ImGui::Button(tr_id("Run").c_str());   // "Lancer###Run": the same ImGui id in every language
//   text(fill(tr("{0} of {1} images"), {with_commas(done), with_commas(total)}));
//   text(fill(tr_n("{0} step", "{0} steps", n), {std::to_string(n)}));
//   const char* kHelp = N_("images in a training step");   // a static table: translated where shown
//
// A translated string is text, never a format: it reaches ImGui through TextUnformatted
// or a "%s" argument, and numbers go in through fill()'s {0}..{9}, which cannot read or
// write memory whatever a catalog says (a "%n" or "%s" in a translation is drawn as it
// is). xgettext finds the markers (po/CMakeLists.txt lists the keywords).
#include <initializer_list>
#include <string>
#include <string_view>

#include "compute/core/status.h"
#include "compute/core/translation_marker.h"  // N_()
#include "compute/core/wording.h"

namespace whygpu::app {

// The translation of `msgid` in the current language, or `msgid` itself where the catalog
// has none (English, a string not yet translated). "" stays "" (gettext would give the
// catalog's header). The pointer stays valid for the whole run.
const char* tr(const char* msgid);
inline const char* tr(const std::string& msgid) { return tr(msgid.c_str()); }  // a field's N_() help

// The singular or the plural form for `n`, by the language's own rule (French: 0 and 1
// take the singular; Chinese: one form).
const char* tr_n(const char* singular, const char* plural, unsigned long n);

// `msgid` in a context, where one English word has two meanings ("Run" the verb on a
// button, "Run" the noun in a table header): tr_c("table header", "Run").
const char* tr_c(const char* context, const char* msgid);

// An ImGui label: the translation, then "###" and the English, so that the widget's id
// (its open state, a script or a test finding it) is the same in every language.
// `id_suffix` tells apart two widgets of one window with the same label.
std::string tr_id(const char* msgid, std::string_view id_suffix = {});

// `pattern` with each "{0}" .. "{9}" replaced by args[0] .. args[9]; a placeholder beyond
// the arguments, and any other brace, is kept as written. Safe for any pattern: the text
// a catalog gives goes through here, never through printf.
std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args);

// A message compute/ made (compute/core/wording.h), in the interface's language: its
// pattern looked up in the catalog, then filled with its values, numbers with the
// language's decimal separator.
std::string translated(const Wording& message);
// A failure's message, the same way (a success has none).
inline std::string translated(const Status& status) { return translated(status.wording()); }

}  // namespace whygpu::app
