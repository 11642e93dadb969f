#pragma once
// A QR code of a short text (the class session's address), as modules to draw: libqrencode
// makes it, at error correction level M so that a projector's glare still scans.
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::app {

struct QrCode {
  int size = 0;  // modules on a side, without the quiet zone around it
  std::vector<bool> dark;  // size * size, row by row
  bool at(int x, int y) const { return dark[static_cast<std::size_t>(y * size + x)]; }
};

Status make_qr_code(const std::string& text, QrCode* out);

}  // namespace whygpu::app
