#pragma once
// Saves what was just rendered into the bound framebuffer as a PNG.
#include <string>

namespace whygpu::app {

// Reads width x height pixels of the current read framebuffer, flips them upright and
// writes a PNG. On failure returns false and says why in *error.
bool write_framebuffer_png(const std::string& path, int width, int height, std::string* error);

}  // namespace whygpu::app
