#include "app/lstm/char_label.h"

#include <cstdio>

#include "app/i18n/translate.h"
#include "compute/lstm/utf8.h"

namespace whygpu::app::lstm_ui {

std::string char_label(char32_t c) {
  switch (c) {
    case U' ': return tr("space");
    case U'\n': return tr("line break");
    case U'\t': return tr("tab");
    case U'\r': return tr("carriage return");
    default: break;
  }
  if (c < 0x20 || c == 0x7F) {
    char text[16];
    std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(c));
    return text;
  }
  std::string out;
  lstm::append_utf8(c, &out);
  return out;
}

std::string char_in_text(char32_t c) {
  if (c == U'\n') return "\xe2\x86\xb5";  // ↵
  if (c == U'\t') return "\xe2\x86\x92";  // →
  if (c < 0x20 || c == 0x7F) return "\xc2\xb7";  // ·
  std::string out;
  lstm::append_utf8(c, &out);
  return out;
}

}  // namespace whygpu::app::lstm_ui
