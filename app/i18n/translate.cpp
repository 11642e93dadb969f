#include "app/i18n/translate.h"

#include <libintl.h>

#include <vector>

#include "app/i18n/language.h"
#include "app/i18n/number_text.h"

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
  return fill_placeholders(pattern, std::vector<std::string_view>(args));
}

std::string translated(const Wording& message) { return message.filled(tr, number_as_read); }

}  // namespace whygpu::app
