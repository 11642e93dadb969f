#pragma once
// Code keeps its lines whole on a narrow page: rather than cut a line at the right or hide
// it behind a sideways scroll bar, the monospace font is drawn smaller, down to
// kMinCodeScale of its size, until the longest line fits. Only a line still too long at
// that size is wrapped (a French page at a projector's large text), its continuation
// indented deeper than the line itself so that the code's own indentation still reads.
#include <string>

namespace whygpu::app {

inline constexpr float kMinCodeScale = 0.6f;

// The font scale (kMinCodeScale..1) at which the longest line of `code`, in the current
// font, fits in `width` pixels. Use it with ImGui::SetWindowFontScale.
float code_scale_to_fit(const std::string& code, float width);

// `code` with each line wider than `width` pixels (in the current font, at the current
// window font scale) broken after its last space or punctuation that fits, or inside a
// word when none does; a continuation line starts with the line's indentation and four
// more spaces.
std::string wrap_code_to_width(const std::string& code, float width);

}  // namespace whygpu::app
