#pragma once
// A card: content on a shaded box with a coloured bar at its left edge, as wide as given
// and as tall as what it holds (the prediction box, the class's vote). The box is drawn
// behind the content after it, on a draw-list channel of its own, since its height is
// known only then.
#include <imgui.h>

#include <functional>

namespace whygpu::app {

// Draws `content(inner_width)` inside the card, wrapped at its inner width, under `id`.
void draw_card(const void* id, float width, ImU32 accent, const std::function<void(float inner_width)>& content);

}  // namespace whygpu::app
