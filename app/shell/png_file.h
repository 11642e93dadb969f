#pragma once
// Saving a PNG (screenshots, plot captures, drawn digits): encoded in memory, then written
// through write_file_atomically, so a full disk or a crash never leaves half a picture
// under the real name.
#include <cstdint>
#include <string>

#include "compute/core/status.h"

namespace whygpu::app {

// `channels` 1 (grey) to 4 (RGBA), rows top to bottom, `stride_bytes` apart.
Status save_png(const std::string& path, int width, int height, int channels, const std::uint8_t* pixels,
                int stride_bytes);

}  // namespace whygpu::app
