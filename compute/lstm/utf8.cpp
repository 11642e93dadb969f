#include "compute/lstm/utf8.h"

#include <cstdio>
#include <filesystem>

#include "compute/core/text_file.h"

namespace whygpu::lstm {
namespace {

std::string hex_byte(unsigned char b) {
  char text[8];
  std::snprintf(text, sizeof text, "%02X", b);
  return text;
}

Status bad_sequence(const std::string& source, std::size_t offset, std::string_view bytes,
                    std::size_t length, const char* why) {
  std::string shown;
  for (std::size_t i = 0; i < length && offset + i < bytes.size(); ++i) {
    if (!shown.empty()) shown += ' ';
    shown += hex_byte(static_cast<unsigned char>(bytes[offset + i]));
  }
  // `why` is marked N_() where it is written: a phrase of its own in the sentence.
  return Status::error(Wording::sentence(N_("{0} is not valid UTF-8 text: at byte offset {1} the bytes {2} "
                                            "are {3}. Save the file as UTF-8 and open it again."),
                                         {source, std::to_string(offset), shown, Wording::sentence(why)}));
}

}  // namespace

Status decode_utf8(std::string_view bytes, const std::string& source, std::u32string* out) {
  out->clear();
  out->reserve(bytes.size());
  std::size_t i = 0;
  if (bytes.size() >= 3 && bytes.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  while (i < bytes.size()) {
    const auto lead = static_cast<unsigned char>(bytes[i]);
    if (lead < 0x80) {
      out->push_back(lead);
      ++i;
      continue;
    }
    int length = 0;
    char32_t code_point = 0;
    char32_t smallest = 0;  // anything below this needed fewer bytes: an overlong form
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2, code_point = lead & 0x1F, smallest = 0x80;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3, code_point = lead & 0x0F, smallest = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4, code_point = lead & 0x07, smallest = 0x10000;
    } else if (lead == 0xC0 || lead == 0xC1) {
      return bad_sequence(source, i, bytes, 2, N_("an overlong form of an ASCII character"));
    } else if (lead >= 0x80 && lead <= 0xBF) {
      return bad_sequence(source, i, bytes, 1, N_("a continuation byte with no lead byte"));
    } else {
      return bad_sequence(source, i, bytes, 1, N_("a byte that never appears in UTF-8"));
    }
    if (i + static_cast<std::size_t>(length) > bytes.size())
      return bad_sequence(source, i, bytes, bytes.size() - i,
                          N_("a sequence cut short by the end of the file"));
    for (int k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(bytes[i + k]);
      if ((next & 0xC0) != 0x80)
        return bad_sequence(source, i, bytes, k + 1,
                            N_("a sequence cut short (a continuation byte is missing)"));
      code_point = (code_point << 6) | (next & 0x3F);
    }
    if (code_point < smallest)
      return bad_sequence(source, i, bytes, length,
                          N_("an overlong form (the character has a shorter encoding)"));
    if (code_point >= 0xD800 && code_point <= 0xDFFF)
      return bad_sequence(source, i, bytes, length, N_("a UTF-16 surrogate, which UTF-8 must not hold"));
    if (code_point > 0x10FFFF)
      return bad_sequence(source, i, bytes, length, N_("beyond U+10FFFF, the last Unicode code point"));
    out->push_back(code_point);
    i += static_cast<std::size_t>(length);
  }
  return Status::ok();
}

void append_utf8(char32_t c, std::string* out) {
  if (c < 0x80) {
    out->push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (c >> 6)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (c >> 12)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (c >> 18)));
    out->push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

std::string to_utf8(const std::u32string& text) {
  std::string out;
  out.reserve(text.size());
  for (char32_t c : text) append_utf8(c, &out);
  return out;
}

std::string describe_code_point(char32_t c) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(c));
  const char* name = nullptr;
  switch (c) {
    case U'\n': name = "line break"; break;
    case U'\t': name = "tab"; break;
    case U'\r': name = "carriage return"; break;
    case U' ': name = "space"; break;
    default: break;
  }
  if (name) return std::string(name) + " (" + hex + ")";
  if (c < 0x20 || c == 0x7F) return std::string("control character (") + hex + ")";
  std::string glyph = "'";
  append_utf8(c, &glyph);
  return glyph + "' (" + hex + ")";
}

Status read_utf8_file(const std::string& path, std::u32string* out) {
  out->clear();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return Status::error(Wording::sentence(N_("{0} is a folder: open a text file (UTF-8) instead"), {path}));
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxTextBytes)
    return Status::error(Wording::sentence(N_("{0} is {1} MB; texts up to {2} MB are read (the default text "
                                              "is 10 MB): open a shorter one"),
                                           {path, std::to_string(size >> 20),
                                            std::to_string(kMaxTextBytes >> 20)}));
  std::string bytes;
  if (Status s = read_text_file(path, &bytes, kMaxTextBytes); !s) return s;
  if (Status s = decode_utf8(bytes, path, out); !s) return s;
  if (out->empty())
    return Status::error(Wording::sentence(N_("{0} is empty: there is no text to learn from. Open a file "
                                              "with some text in it (UTF-8, ideally 1 MB or more)."),
                                           {path}));
  return Status::ok();
}

}  // namespace whygpu::lstm
