#pragma once
// Strict UTF-8 decoding for the texts a student opens. Characters are Unicode code
// points, not bytes: "é" is one character to the model whatever its encoding length.
#include <cstddef>
#include <string>
#include <string_view>

#include "compute/core/status.h"

namespace whygpu::lstm {

// Decodes `bytes` into code points. Rejects what RFC 3629 forbids: stray continuation
// bytes, sequences cut short, overlong forms (e.g. C0 AF for '/'), UTF-16 surrogates
// (U+D800..U+DFFF) and values above U+10FFFF. The error names `source` and the byte
// offset of the first bad sequence. A leading byte-order mark is skipped.
Status decode_utf8(std::string_view bytes, const std::string& source, std::u32string* out);

// Appends the UTF-8 encoding of a valid code point.
void append_utf8(char32_t code_point, std::string* out);
std::string to_utf8(const std::u32string& text);

// "'a' (U+0061)", "line break (U+000A)": how messages and the UI name one character.
std::string describe_code_point(char32_t code_point);

// A text larger than this is refused before it is read: one byte of text costs about
// six in memory (code points, then token ids), so 64 MB is some 400 MB.
inline constexpr std::size_t kMaxTextBytes = std::size_t{64} << 20;

// Reads a whole file (through read_text_file, compute/core/text_file.h) and decodes it.
// An empty file (or one holding only a byte-order mark), a missing file, a folder, a FIFO
// or a device (refused at once), a file over kMaxTextBytes and invalid UTF-8 each give a
// message naming the file.
Status read_utf8_file(const std::string& path, std::u32string* out);

}  // namespace whygpu::lstm
