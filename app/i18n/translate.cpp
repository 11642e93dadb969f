#include "app/i18n/translate.h"

#include <libintl.h>

#include <vector>

#include "app/i18n/language.h"

namespace whygpu::app {

const char* tr(const char* msgid) { return msgid && *msgid ? dgettext(kTextDomain, msgid) : ""; }

const char* tr_n(const char* singular, const char* plural, unsigned long n) {
  return dngettext(kTextDomain, singular, plural, n);
}

const char* tr_c(const char* context, const char* msgid) {
  // As gettext.h's pgettext: the catalog's key is "context\004msgid"; untranslated, the
  // lookup gives the key back, and the English is the part after the separator.
  const std::string key = std::string(context) + '\004' + msgid;
  const char* found = dgettext(kTextDomain, key.c_str());
  return found == key.c_str() ? msgid : found;
}

std::string tr_id(const char* msgid, std::string_view id_suffix) {
  std::string label = tr(msgid);
  label += "###";
  label += msgid;
  if (!id_suffix.empty()) label.append("##").append(id_suffix);
  return label;
}

std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args) {
  const std::vector<std::string_view> values(args);
  std::string out;
  out.reserve(pattern.size());
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const bool placeholder = pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 1] >= '0' &&
                             pattern[i + 1] <= '9' && pattern[i + 2] == '}';
    if (placeholder && static_cast<std::size_t>(pattern[i + 1] - '0') < values.size()) {
      out += values[static_cast<std::size_t>(pattern[i + 1] - '0')];
      i += 2;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

}  // namespace whygpu::app
