#include "app/dense_layer/dense_picture.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "app/widgets/ui_style.h"
#include "compute/kernels/random_fill.h"

namespace whygpu::app {
namespace {

constexpr int kRows = 10, kColumns = 14, kSamples = 4;
// The picture's own numbers (not the timed arrays): the same every frame.
constexpr std::uint64_t kWeightSeed = 11, kInputSeed = 12, kBiasSeed = 13;

float weight(const dense_layer::DenseSizes& s, int r, int k) {
  return kernels::uniform_at(kWeightSeed, static_cast<std::uint64_t>(r) * static_cast<std::uint64_t>(s.in) + k);
}
float input(const dense_layer::DenseSizes& s, int k, int sample) {
  return kernels::uniform_at(kInputSeed, static_cast<std::uint64_t>(sample) * static_cast<std::uint64_t>(s.in) + k);
}
float bias(int r) { return kernels::uniform_at(kBiasSeed, static_cast<std::uint64_t>(r)); }

// Blue for negative, white for 0, red for positive (values in [-1, 1]).
ImU32 diverging(float v) {
  const float t = std::clamp(v, -1.0f, 1.0f);
  const float a = std::fabs(t);
  const float r = t > 0 ? 1.0f : 1.0f - 0.75f * a, g = 1.0f - 0.7f * a, b = t < 0 ? 1.0f : 1.0f - 0.75f * a;
  return ImGui::GetColorU32(ImVec4(r, g, b, 1.0f));
}

// White at 0 to green at 1: the sigmoid's outputs.
ImU32 sequential(float v) {
  const float t = std::clamp(v, 0.0f, 1.0f);
  return ImGui::GetColorU32(ImVec4(1.0f - 0.8f * t, 1.0f - 0.35f * t, 1.0f - 0.7f * t, 1.0f));
}

struct Grid {
  ImVec2 origin;
  float cell;
  ImVec2 at(int row, int col) const { return ImVec2(origin.x + col * cell, origin.y + row * cell); }
};

void outline(ImDrawList* draw, ImVec2 a, ImVec2 b, float scale) {
  draw->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), IM_COL32(255, 170, 0, 255), 0.0f, 0, 3.0f * scale);
}

void label(ImDrawList* draw, ImVec2 at, const std::string& text) {
  draw->AddText(at, ImGui::GetColorU32(ImGuiCol_Text), text.c_str());
}

}  // namespace

int picture_rows(const dense_layer::DenseSizes& s) { return std::min(s.out, kRows); }
int picture_columns(const dense_layer::DenseSizes& s) { return std::min(s.in, kColumns); }
int picture_samples(const dense_layer::DenseSizes& s) { return std::min(s.batch, kSamples); }

DensePictureFocus draw_dense_picture(const dense_layer::DenseSizes& s, DensePictureFocus focus, float width,
                                     float scale) {
  const int rows = picture_rows(s), cols = picture_columns(s), samples = picture_samples(s);
  focus.row = std::clamp(focus.row, 0, rows - 1);
  focus.sample = std::clamp(focus.sample, 0, samples - 1);
  const float text_h = ImGui::GetTextLineHeight();
  const float gap = ImGui::CalcTextSize(" = ").x + 6.0f * scale;
  // Cells: W's columns, x's samples, b, y's samples, and room for "..." after W and x.
  const float units = static_cast<float>(cols + 1 + samples + 1 + 1 + samples + 1);
  // As wide as allowed, but never taller than half the window: the timings below must
  // stay in reach at a projector's large text.
  const float tallest = 0.45f * ImGui::GetMainViewport()->Size.y / static_cast<float>(std::max(rows, cols));
  const float cell = std::clamp(std::min((width - 4.0f * gap) / units, tallest), 8.0f, 26.0f * scale);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float y0 = top.y + text_h * 1.3f;
  const ImU32 muted = palette().muted_text;

  // W: rows x cols.
  Grid w{ImVec2(top.x, y0), cell};
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < cols; ++k) {
      const ImVec2 a = w.at(r, k);
      draw->AddRectFilled(a, ImVec2(a.x + cell - 1, a.y + cell - 1), diverging(weight(s, r, k)));
    }
  label(draw, ImVec2(top.x, top.y), "W  (" + std::to_string(s.out) + " x " + std::to_string(s.in) + ")");
  if (s.in > cols) draw->AddText(w.at(rows / 2, cols), muted, " ...");
  if (s.out > rows) draw->AddText(ImVec2(w.at(rows, cols / 2).x, w.at(rows, 0).y), muted, "⋮");

  // x: cols x samples, beside W, one column per sample.
  float x_left = w.at(0, cols + 1).x + gap;
  draw->AddText(ImVec2(x_left - gap * 0.75f, y0 + rows * cell * 0.5f - text_h * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), "x");
  Grid x{ImVec2(x_left, y0), cell};
  for (int k = 0; k < cols; ++k)
    for (int c = 0; c < samples; ++c) {
      const ImVec2 a = x.at(k, c);
      draw->AddRectFilled(a, ImVec2(a.x + cell - 1, a.y + cell - 1), diverging(input(s, k, c)));
    }
  label(draw, ImVec2(x_left, top.y), "x");

  // b: rows, then y = sigmoid(W x + b): rows x samples.
  const float b_left = x.at(0, samples).x + gap;
  draw->AddText(ImVec2(b_left - gap * 0.75f, y0 + rows * cell * 0.5f - text_h * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), "+");
  Grid b{ImVec2(b_left, y0), cell};
  for (int r = 0; r < rows; ++r) {
    const ImVec2 a = b.at(r, 0);
    draw->AddRectFilled(a, ImVec2(a.x + cell - 1, a.y + cell - 1), diverging(bias(r)));
  }
  label(draw, ImVec2(b_left, top.y), "b");
  const float y_left = b.at(0, 1).x + gap * 1.6f;
  draw->AddText(ImVec2(b.at(0, 1).x + 4.0f * scale, y0 + rows * cell * 0.5f - text_h * 0.5f),
                ImGui::GetColorU32(ImGuiCol_Text), "σ →");
  Grid y{ImVec2(y_left, y0), cell};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < samples; ++c) {
      double z = bias(r);
      for (int k = 0; k < s.in; ++k) z += static_cast<double>(weight(s, r, k)) * input(s, k, c);
      const ImVec2 a = y.at(r, c);
      draw->AddRectFilled(a, ImVec2(a.x + cell - 1, a.y + cell - 1), sequential(static_cast<float>(1.0 / (1.0 + std::exp(-z)))));
    }
  label(draw, ImVec2(y_left, top.y), "y");

  // The thread's work, outlined.
  outline(draw, w.at(focus.row, 0), ImVec2(w.at(focus.row, cols).x - 1, w.at(focus.row, cols).y + cell - 1), scale);
  outline(draw, x.at(0, focus.sample), ImVec2(x.at(cols, focus.sample).x + cell - 1, x.at(cols, focus.sample).y - 1), scale);
  outline(draw, b.at(focus.row, 0), ImVec2(b.at(focus.row, 0).x + cell - 1, b.at(focus.row, 0).y + cell - 1), scale);
  outline(draw, y.at(focus.row, focus.sample),
          ImVec2(y.at(focus.row, focus.sample).x + cell - 1, y.at(focus.row, focus.sample).y + cell - 1), scale);

  const float height = std::max(rows, cols) * cell + text_h * 1.6f;
  const float right = y.at(0, samples).x;
  ImGui::InvisibleButton("dense picture", ImVec2(std::max(1.0f, right - top.x), height));
  DensePictureFocus out = focus;
  if (ImGui::IsItemHovered()) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int r = static_cast<int>(std::floor((m.y - y0) / cell));
    if (r >= 0 && r < rows && m.x < w.at(0, cols).x) out.row = r;
    if (r >= 0 && r < rows && m.x >= y_left && m.x < right) {
      out.row = r;
      out.sample = std::clamp(static_cast<int>((m.x - y_left) / cell), 0, samples - 1);
    }
  }
  return out;
}

}  // namespace whygpu::app
