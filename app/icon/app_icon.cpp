#include "app/icon/app_icon.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace whygpu::app {
namespace {

// Shapes in a unit square (0..1 both ways, y down), painted in order.
struct RoundedRect {
  float x0, y0, x1, y1, radius;
  std::uint8_t r, g, b;
};

constexpr int kCores = 4;  // a grid of kCores x kCores
constexpr float kGridLow = 0.21f, kGridHigh = 0.79f, kGap = 0.045f;

std::vector<RoundedRect> shapes() {
  std::vector<RoundedRect> out;
  out.push_back({0.05f, 0.05f, 0.95f, 0.95f, 0.17f, 0x23, 0x2b, 0x36});  // the chip
  const float cell = (kGridHigh - kGridLow - (kCores - 1) * kGap) / kCores;
  for (int row = 0; row < kCores; ++row)
    for (int col = 0; col < kCores; ++col) {
      const float x = kGridLow + col * (cell + kGap), y = kGridLow + row * (cell + kGap);
      out.push_back({x, y, x + cell, y + cell, 0.025f, 0x76, 0xc8, 0x3c});  // a core, the app's green
    }
  return out;
}

bool inside(const RoundedRect& s, float x, float y) {
  if (x < s.x0 || x > s.x1 || y < s.y0 || y > s.y1) return false;
  const float cx = std::clamp(x, s.x0 + s.radius, s.x1 - s.radius);
  const float cy = std::clamp(y, s.y0 + s.radius, s.y1 - s.radius);
  return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= s.radius * s.radius;
}

}  // namespace

std::vector<std::uint8_t> icon_pixels(int size) {
  constexpr int kSamples = 4;  // per axis and pixel: the coverage of each shape's edge
  const std::vector<RoundedRect> picture = shapes();
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(size) * size * 4, 0);
  for (int py = 0; py < size; ++py)
    for (int px = 0; px < size; ++px) {
      float r = 0, g = 0, b = 0, a = 0;  // premultiplied sums over the samples
      for (int sy = 0; sy < kSamples; ++sy)
        for (int sx = 0; sx < kSamples; ++sx) {
          const float x = (px + (sx + 0.5f) / kSamples) / size, y = (py + (sy + 0.5f) / kSamples) / size;
          const RoundedRect* top = nullptr;
          for (const RoundedRect& s : picture)
            if (inside(s, x, y)) top = &s;
          if (!top) continue;
          r += top->r, g += top->g, b += top->b, a += 1;
        }
      std::uint8_t* p = &rgba[(static_cast<std::size_t>(py) * size + px) * 4];
      if (a > 0) {
        p[0] = static_cast<std::uint8_t>(std::lround(r / a));
        p[1] = static_cast<std::uint8_t>(std::lround(g / a));
        p[2] = static_cast<std::uint8_t>(std::lround(b / a));
      }
      p[3] = static_cast<std::uint8_t>(std::lround(255.0f * a / (kSamples * kSamples)));
    }
  return rgba;
}

std::string icon_svg() {
  std::string svg =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"256\" height=\"256\" viewBox=\"0 0 256 256\">\n";
  char line[200];
  for (const RoundedRect& s : shapes()) {
    std::snprintf(line, sizeof line,
                  "  <rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" rx=\"%.2f\" fill=\"#%02x%02x%02x\"/>\n",
                  s.x0 * 256, s.y0 * 256, (s.x1 - s.x0) * 256, (s.y1 - s.y0) * 256, s.radius * 256, s.r, s.g, s.b);
    svg += line;
  }
  return svg + "</svg>\n";
}

}  // namespace whygpu::app
