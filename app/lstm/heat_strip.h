#pragma once
// One vector of the LSTM drawn as a row of coloured cells, one per hidden unit: the
// gates, the cell state and the hidden state of the step-by-step view. The same unit is
// in the same column in every strip, so a column read downwards is one unit's story.
#include <imgui.h>

namespace whygpu::app::lstm_ui {

enum class HeatScale {
  Unit,    // 0 .. 1 (the sigmoid gates): neutral when closed, bright when open
  Signed,  // -range .. +range: blue below zero, neutral at zero, orange above
};

ImU32 heat_colour(HeatScale scale, float value, float range);

// Draws `count` values in a box of `size` pixels at the cursor. `marked` (or -1) gets an
// outline, to tie the strips together at the unit under the mouse. Returns the unit
// under the mouse, or -1.
int draw_heat_strip(const char* id, const float* values, int count, HeatScale scale, float range, ImVec2 size,
                    int marked);

// A small legend: the colour ramp with its end values written beside it.
void draw_heat_legend(HeatScale scale, float range, float width, float height);

}  // namespace whygpu::app::lstm_ui
