#pragma once
// Rows of controls that wrap like words in a paragraph, so that large text on a narrow
// window moves a button to the next line instead of cutting it off at the window's edge.
//
//   if (ImGui::Button("Train")) ...;
//   same_line_if_fits(button_width(tr("Step")));
//   if (ImGui::Button("Step")) ...;
//
// Widths are what the next item will take, from the current font and style.

#include <functional>
#include <string>

namespace whygpu::app {

// ImGui::SameLine() when an item `next_width` wide still fits on the current line of the
// window's content region, else nothing (the item starts a new line). Returns true when it
// stayed on the line.
bool same_line_if_fits(float next_width);

// The width of ImGui::Button(label) (the part of the label before any "##").
float button_width(const char* label);
// ImGui::Checkbox and ImGui::RadioButton: the box, the gap and the label.
float check_width(const char* label);
// A widget of `item_width` followed by its label (SliderInt, Combo, InputInt, ...);
// `label` may be empty or hidden with "##".
float labelled_width(float item_width, const char* label);
// Text as one line.
float text_width(const char* text);

// `text` after the items on this line, behind a "| " separator, or at the start of the
// next line without one when it does not fit.
void text_after_bar(const std::string& text);

// Two columns side by side, `left(width)` taking `left_share` of `width` and
// `right(width)` the rest, each wrapping its text within its column; what follows starts
// below the taller one. A wide box on a
// projector is short this way, so that it fits the page whole (a question beside its
// choices, a result beside its explanation).
void two_columns(float width, float left_share, const std::function<void(float)>& left, const std::function<void(float)>& right);

}  // namespace whygpu::app
