#pragma once
// Text that comes from a document (a lesson, a demo script, a corpus, a setting, the
// network) on its way to a place that would read it as more than text. Lessons are
// shared like documents: a `%n` in a unit or an escape sequence in a title must arrive
// as the characters the author typed, never as an instruction.
#include <string>
#include <string_view>

namespace whygpu::app {

// For ImGui's `format` arguments that are not printf-checked (SliderFloat, DragInt, ...):
// every '%' doubled, so the widget shows `text` verbatim and formats nothing.
std::string as_literal_format(std::string_view text);

// For a terminal: control characters (C0, DEL, and C1 written in UTF-8) become visible
// escapes (`\x1b`, `\u009b`), so a title cannot move the cursor, retitle the window or
// recolour the screen. Printable UTF-8 passes unchanged.
std::string terminal_safe(std::string_view text);

}  // namespace whygpu::app
