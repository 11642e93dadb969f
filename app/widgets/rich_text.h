#pragma once
// Draws styled, wrapped text (ImGui 1.86 has no rich text: each line is placed by hand,
// broken where English or Chinese may break, app/text/line_breaks.h).
#include <vector>

#include "app/lesson/lesson.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {

// Draws `spans` at the cursor, wrapping at `wrap_width` pixels from it, and advances the
// cursor past the text. `base` is the font for plain text (body or a heading font).
void draw_rich_text(const std::vector<TextSpan>& spans, const Fonts& fonts, ImFont* base,
                    float wrap_width);

}  // namespace whygpu::app
