#pragma once
// How the step-by-step view writes one character: invisible ones by name, so a student
// sees that a space or a line break is a character the model predicts like any other.
#include <string>

namespace whygpu::app::lstm_ui {

// "space", "line break", "tab" (in the interface's language), or the character itself (UTF-8).
std::string char_label(char32_t c);
// The character as it sits in running text: itself, with a line break shown as "↵".
std::string char_in_text(char32_t c);

}  // namespace whygpu::app::lstm_ui
