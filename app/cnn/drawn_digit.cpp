#include "app/cnn/drawn_digit.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <sstream>


namespace whygpu::app::cnn_ui {
namespace {

constexpr int kSide = cnn::kImageSide;
constexpr float kBox = 20.0f;          // MNIST's digits fill a 20x20 box of the 28x28 field
constexpr float kPenRadius = 1.25f;    // in output pixels: strokes about as thick as MNIST's
constexpr int kSamples = 4;            // per pixel and axis, for anti-aliased edges

struct Point {
  float x, y;
};

float squared_distance_to_segment(Point p, Point a, Point b) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float length2 = dx * dx + dy * dy;
  float t = length2 > 0.0f ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0.0f;
  t = std::clamp(t, 0.0f, 1.0f);
  const float ex = p.x - (a.x + t * dx), ey = p.y - (a.y + t * dy);
  return ex * ex + ey * ey;
}

// Coverage of each pixel by the pen swept along the strokes (points in pixel units), then
// a light [1 2 1] blur: MNIST's edges fade over about a pixel. Each segment marks the
// sub-pixel samples it covers in its own neighbourhood only, so a long drawing stays cheap.
std::array<float, cnn::kImagePixels> draw(const std::vector<std::vector<Point>>& strokes) {
  static_assert(kSamples * kSamples <= 16, "one bit per sample");
  std::array<std::uint16_t, cnn::kImagePixels> covered{};
  for (const auto& stroke : strokes)
    for (std::size_t i = 0; i < stroke.size(); ++i) {
      const Point a = stroke[i], b = stroke[i + 1 < stroke.size() ? i + 1 : i];
      const int x0 = std::max(0, static_cast<int>(std::floor(std::min(a.x, b.x) - kPenRadius)));
      const int x1 = std::min(kSide - 1, static_cast<int>(std::floor(std::max(a.x, b.x) + kPenRadius)));
      const int y0 = std::max(0, static_cast<int>(std::floor(std::min(a.y, b.y) - kPenRadius)));
      const int y1 = std::min(kSide - 1, static_cast<int>(std::floor(std::max(a.y, b.y) + kPenRadius)));
      for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
          for (int s = 0; s < kSamples * kSamples; ++s) {
            const Point p{x + (s % kSamples + 0.5f) / kSamples, y + (s / kSamples + 0.5f) / kSamples};
            if (squared_distance_to_segment(p, a, b) <= kPenRadius * kPenRadius)
              covered[y * kSide + x] |= static_cast<std::uint16_t>(1u << s);
          }
    }
  std::array<float, cnn::kImagePixels> ink{};
  for (int i = 0; i < cnn::kImagePixels; ++i)
    ink[i] = static_cast<float>(std::popcount(covered[i])) / (kSamples * kSamples);
  std::array<float, cnn::kImagePixels> blurred{};
  for (int pass = 0; pass < 2; ++pass) {  // horizontal, then vertical
    const std::array<float, cnn::kImagePixels>& from = pass == 0 ? ink : blurred;
    std::array<float, cnn::kImagePixels> to{};
    for (int y = 0; y < kSide; ++y)
      for (int x = 0; x < kSide; ++x) {
        float sum = 2.0f * from[y * kSide + x];
        for (int d : {-1, 1}) {
          const int nx = pass == 0 ? x + d : x, ny = pass == 0 ? y : y + d;
          if (nx >= 0 && ny >= 0 && nx < kSide && ny < kSide) sum += from[ny * kSide + nx];
        }
        to[y * kSide + x] = sum / 4.0f;
      }
    blurred = to;
  }
  // The blur dims the middle of a stroke; full ink there, as in MNIST.
  for (float& v : blurred) v = std::min(1.0f, v * 1.6f);
  return blurred;
}

}  // namespace

DigitPixels rasterise_strokes(const std::vector<Stroke>& strokes) {
  DigitPixels out{};
  float left = 1e9f, top = 1e9f, right = -1e9f, bottom = -1e9f;
  for (const Stroke& stroke : strokes)
    for (const CanvasPoint& p : stroke) {
      left = std::min(left, p.x), right = std::max(right, p.x);
      top = std::min(top, p.y), bottom = std::max(bottom, p.y);
    }
  if (left > right) return out;

  // Fit the pen's path, pen included, into the 20x20 box in the middle of the field.
  const float extent = std::max(right - left, bottom - top);
  const float scale = extent > 0.0f ? (kBox - 2.0f * kPenRadius) / extent : 0.0f;
  const float cx = (left + right) * 0.5f, cy = (top + bottom) * 0.5f;
  std::vector<std::vector<Point>> path;
  for (const Stroke& stroke : strokes) {
    if (stroke.empty()) continue;
    path.emplace_back();
    for (const CanvasPoint& p : stroke)
      path.back().push_back({kSide * 0.5f + (p.x - cx) * scale, kSide * 0.5f + (p.y - cy) * scale});
  }
  std::array<float, cnn::kImagePixels> ink = draw(path);

  // Move the centre of mass to the middle (MNIST did the same), then draw again there.
  double mass = 0, mx = 0, my = 0;
  for (int y = 0; y < kSide; ++y)
    for (int x = 0; x < kSide; ++x) {
      const double v = ink[y * kSide + x];
      mass += v, mx += v * (x + 0.5), my += v * (y + 0.5);
    }
  if (mass > 0) {
    const float shift_x = static_cast<float>(kSide * 0.5 - mx / mass);
    const float shift_y = static_cast<float>(kSide * 0.5 - my / mass);
    for (auto& stroke : path)
      for (Point& p : stroke) p.x += shift_x, p.y += shift_y;
    ink = draw(path);
  }
  for (int i = 0; i < cnn::kImagePixels; ++i)
    out[i] = static_cast<std::uint8_t>(std::lround(255.0f * std::clamp(ink[i], 0.0f, 1.0f)));
  return out;
}

Status parse_strokes(const std::string& text, std::vector<Stroke>* out) {
  out->clear();
  std::stringstream strokes(text);
  std::string stroke_text;
  while (std::getline(strokes, stroke_text, ';')) {
    std::stringstream points(stroke_text);
    std::string point;
    Stroke stroke;
    while (points >> point) {
      const std::size_t comma = point.find(',');
      char* end_x = nullptr;
      char* end_y = nullptr;
      const std::string xs = point.substr(0, comma);
      const std::string ys = comma == std::string::npos ? "" : point.substr(comma + 1);
      const float x = std::strtof(xs.c_str(), &end_x);
      const float y = std::strtof(ys.c_str(), &end_y);
      if (comma == std::string::npos || end_x == xs.c_str() || *end_x || end_y == ys.c_str() || *end_y ||
          !(x >= 0.0f && x <= 1.0f && y >= 0.0f && y <= 1.0f))
        return Status::error(Wording::sentence(N_("strokes: '{0}' is not a point x,y with x and y from 0 to 1 "
                                                  "(points are separated by spaces, strokes by ';')"),
                                               {point}));
      stroke.push_back({x, y});
    }
    if (!stroke.empty()) out->push_back(std::move(stroke));
  }
  if (out->empty())
    return Status::error(Wording::sentence(N_("strokes: no point given (example: \"0.5,0.1 0.5,0.9\")")));
  return Status::ok();
}

}  // namespace whygpu::app::cnn_ui
