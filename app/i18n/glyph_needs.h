#pragma once
// The characters of text the user opened (an LSTM training text, a model's vocabulary),
// which the font atlas must hold beyond the UI's own ranges. Whoever opens a text adds its
// characters here, from any thread; the shell rebuilds the fonts between two frames when
// the set grew (Shell, build_fonts in app/widgets/ui_style.h). Only ever grows within a run.
#include <string>
#include <vector>

namespace whygpu::app {

// The code points of UTF-8 text, in order; a byte that starts no valid sequence counts as
// U+FFFD (the placeholder the atlas always has). Control characters are left out: they
// are never drawn.
std::vector<char32_t> code_points_of(const std::string& text);

void need_glyphs(const std::vector<char32_t>& code_points);

// Bumped each time need_glyphs adds a character the set lacked.
int glyph_needs_generation();

// Sorted, without duplicates.
std::vector<char32_t> needed_glyphs();

// The code points as the smallest list of closed ranges [first, last], in order.
std::vector<std::pair<char32_t, char32_t>> glyph_ranges(const std::vector<char32_t>& sorted_code_points);

// "Б ж 中" style list of up to `limit` characters, then "and N more", for messages.
std::string glyph_sample(const std::vector<char32_t>& code_points, std::size_t limit);

}  // namespace whygpu::app
