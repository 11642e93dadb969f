#pragma once
// Reading UTF-8 one character at a time, for code that must know which characters it
// looks at (line breaking, joining lines). Bytes that begin no valid character are read
// one at a time as U+FFFD, so that any text, however broken, is read to its end.
#include <cstddef>
#include <string_view>

namespace whygpu::app {

// The character that starts at text[at] (at < text.size()); *length gets its byte count.
char32_t utf8_at(std::string_view text, std::size_t at, std::size_t* length);

// The character that ends just before text[end] (0 < end <= text.size()); *begin gets where it starts.
char32_t utf8_before(std::string_view text, std::size_t end, std::size_t* begin);

}  // namespace whygpu::app
