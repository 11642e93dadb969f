#pragma once
// whygpu's icon: a dark chip holding a 4x4 grid of small green cores, drawn from one
// description both as pixels (the window icon, the installed PNG sizes) and as SVG, so
// every size shows the same picture.
#include <cstdint>
#include <string>
#include <vector>

namespace whygpu::app {

// size x size pixels, RGBA, rows top to bottom, edges anti-aliased.
std::vector<std::uint8_t> icon_pixels(int size);

// The same picture as a scalable SVG document (viewBox 0 0 256 256).
std::string icon_svg();

}  // namespace whygpu::app
