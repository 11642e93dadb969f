#include "compute/kernels/host_array.h"

#include <cstdio>

namespace whygpu::kernels {

std::string format_bytes(double bytes) {
  static const char* const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  while (bytes >= 1024.0 && unit < 4) {
    bytes /= 1024.0;
    ++unit;
  }
  char text[48];
  if (unit == 0)
    std::snprintf(text, sizeof text, "%.0f bytes", bytes);
  else
    std::snprintf(text, sizeof text, bytes < 10.0 ? "%.2f %s" : "%.1f %s", bytes, units[unit]);
  return text;
}

}  // namespace whygpu::kernels
