#pragma once
// ImGui text wrapped where Chinese and Japanese may break as well as at spaces
// (app/text/line_breaks.h). ImGui 1.86 wraps only at spaces and after ASCII punctuation:
// a Chinese sentence is one long "word" to it, cut wherever the edge falls (a line may
// start with "，") or moved whole to the next line after a Latin word, leaving a gap.
// Use these for text that may be translated: lessons, questions, captions, titles.
#include <imgui.h>

#include <string_view>
#include <vector>

#include "app/text/line_breaks.h"

namespace whygpu::app {

// The lines of `text` drawn in `font` at `size` pixels, none wider than `width`.
std::vector<WrappedLine> wrap_in_font(std::string_view text, const ImFont& font, float size, float width);

// ImGui::TextWrapped for text that is not a format: one item in the current font,
// wrapped at the text wrap position (ImGui::PushTextWrapPos) or, without one, at the
// window's right edge; after SameLine its later lines start under its first. ImGui's log
// gets the text whole, as it gets ImGui's own.
void wrapped_text_unformatted(std::string_view text);

// What wrapped_text_unformatted takes in the current font when wrapped at `width`.
ImVec2 wrapped_text_size(std::string_view text, float width);

// ImDrawList::AddText with a wrap width, in the current font.
void add_wrapped_text(ImDrawList* draw, ImVec2 at, ImU32 colour, std::string_view text, float width);

}  // namespace whygpu::app
