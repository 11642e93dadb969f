#pragma once
// Controls laid out like words in a paragraph: the next one goes on the same line when
// it fits, else on a new line. Panels use it so that a row of inputs and buttons stays
// readable at a projector's large text scale instead of running off the right edge.
namespace whygpu::app {

// Call between two items: puts the next item (about `next_width` pixels wide) beside the
// last one when there is room on its line.
void same_line_if_fits(float next_width);

// The width a button with this label takes.
float button_width(const char* label);

}  // namespace whygpu::app
