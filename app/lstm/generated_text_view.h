#pragma once
// The text fed to the model so far, one monospace cell per character: the prime text
// muted, the characters the model drew in full colour, and the next character (drawn but
// not fed yet) marked at the end. Each character is a step: hovering it reports which,
// so the step view can show that step again; clicking pins it.
#include <deque>

#include "compute/lstm/text_generator.h"

struct ImFont;

namespace whygpu::app::lstm_ui {

struct TextViewResult {
  long long hovered = -1;  // step index under the mouse
  long long clicked = -1;  // step index clicked this frame
};

class GeneratedTextView {
 public:
  // Draws in a scrolling box of `height` pixels, full width. `marked` is the step the
  // view shows (outlined); the box follows the end of the text unless the user scrolled up.
  TextViewResult draw(const std::deque<lstm::GenerationStep>& history, long long marked, float height, ImFont* font);

 private:
  long long last_count_ = 0;
};

}  // namespace whygpu::app::lstm_ui
