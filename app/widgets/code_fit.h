#pragma once
// Code keeps its lines whole on a narrow page: rather than cut a line at the right or hide
// it behind a sideways scroll bar, the monospace font is drawn smaller, down to
// kMinCodeScale of its size, until the longest line fits. Wrapping would break the
// indentation that makes code readable.
#include <string>

namespace whygpu::app {

inline constexpr float kMinCodeScale = 0.6f;

// The font scale (kMinCodeScale..1) at which the longest line of `code`, in the current
// font, fits in `width` pixels. Use it with ImGui::SetWindowFontScale.
float code_scale_to_fit(const std::string& code, float width);

}  // namespace whygpu::app
