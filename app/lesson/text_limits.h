#pragma once
// How long each piece of a lesson or a demo script may be. Lessons are documents that
// anyone can write and share; these bounds keep one of them from swamping the page or the
// sidebar (every title is drawn on every frame), and keep every text that is drawn in one
// piece under ImGui's limit of 65,536 vertices a draw (four a byte: about 16 KB).
// `whygpu --check-lessons` reports text over a limit; the app shows it cut, with "...".
#include <cstddef>
#include <string_view>

namespace whygpu::app {

struct TextLimit {
  const char* what;     // as named in messages: "a title"
  std::size_t characters;  // UTF-8 characters, so Chinese text gets the same room as English
};

inline constexpr TextLimit kIdLimit{"an id", 64};
inline constexpr TextLimit kTitleLimit{"a title", 120};
inline constexpr TextLimit kSectionLimit{"a section name", 80};
inline constexpr TextLimit kLineLimit{"a line", 2000};
// A paragraph, bullet or callout joins its lines; a code block keeps them.
inline constexpr TextLimit kBlockLimit{"a paragraph", 4000};
inline constexpr TextLimit kCodeLimit{"a code block", 4000};
inline constexpr TextLimit kCaptionLimit{"a caption", 400};

// Characters, counting each UTF-8 sequence once (bytes that are not continuation bytes).
std::size_t utf8_characters(std::string_view text);

// Empty when `text` fits; else the message: "a title is 100000 characters long (at most 120)".
std::string over_limit(std::string_view text, const TextLimit& limit);

// `text` cut to the limit at a character boundary, with "..." when cut.
std::string within_limit(std::string_view text, const TextLimit& limit);

}  // namespace whygpu::app
