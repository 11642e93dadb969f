#include "compute/kernels/host_array.h"

#include <cstdio>
#include <fstream>
#include <sstream>

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

double host_memory_available_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("MemAvailable:", 0) != 0) continue;
    std::istringstream fields(line.substr(13));
    double kib = 0.0;
    if (fields >> kib) return kib * 1024.0;
  }
  return 0.0;
}

Status check_fits_in_host_memory(double bytes, const std::string& what) {
  const double available = host_memory_available_bytes();
  if (available > 0.0 && bytes > available)
    return Status::error(Wording::sentence(N_("{0} needs {1} of host memory; {2} is available"),
                                           {what, Wording::number(format_bytes(bytes)),
                                            Wording::number(format_bytes(available))}));
  return Status::ok();
}

}  // namespace whygpu::kernels
