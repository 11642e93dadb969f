#pragma once
// Chinese, Japanese and Korean text is written without spaces between words: where a
// source file continues a sentence on its next line, no space may be put in between
// (a translator's lines "GPU 的核心很多，" + "每个核心..." read as one sentence), while
// Latin words on two lines still need one.
#include <string>
#include <string_view>

namespace whygpu::app {

// Han (with its extensions and compatibility forms), kana, Hangul, bopomofo, CJK symbols
// and punctuation (U+3000-U+303F), and the full-width and half-width forms (U+FF00-U+FFEF).
bool is_cjk(char32_t c);

// Appends `line`, the next source line of a paragraph, to `text`: after a space, unless
// the last character of `text` or the first of `line` is CJK. Either may be empty.
void append_source_line(std::string& text, std::string_view line);

}  // namespace whygpu::app
