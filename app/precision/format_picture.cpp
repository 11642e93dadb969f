#include "app/precision/format_picture.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/widgets/ui_style.h"
#include "compute/precision/number_formats.h"

namespace whygpu::app {
namespace {

using precision::Precision;

constexpr ImU32 kSignColour = IM_COL32(220, 80, 80, 255);
constexpr ImU32 kExponentColour = IM_COL32(70, 140, 235, 255);
constexpr ImU32 kMantissaColour = IM_COL32(70, 180, 110, 255);

// One strip: a box per bit, 32 boxes wide for every format so lengths compare; the bits
// a format drops from FP32's 23-bit mantissa are drawn as empty dashes.
void draw_bits(const precision::FormatBits& bits, int dropped, float box) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  float x = origin.x;
  const auto cell = [&](char bit, ImU32 colour, bool kept) {
    const ImVec2 a(x, origin.y), b(x + box - 1.0f, origin.y + box);
    if (kept) {
      draw->AddRectFilled(a, b, bit == '1' ? colour : (colour & 0x00FFFFFFu) | 0x50000000u);
      const char text[2] = {bit, 0};
      const ImVec2 size = ImGui::CalcTextSize(text);
      draw->AddText(ImVec2(x + (box - size.x) / 2, origin.y + (box - size.y) / 2),
                    bit == '1' ? IM_COL32(255, 255, 255, 255) : ImGui::GetColorU32(ImGuiCol_Text), text);
    } else {
      draw->AddLine(ImVec2(a.x + 2, (a.y + b.y) / 2), ImVec2(b.x - 2, (a.y + b.y) / 2), palette().muted_text);
    }
    x += box;
  };
  cell(bits.sign, kSignColour, true);
  x += box * 0.25f;
  for (char c : bits.exponent) cell(c, kExponentColour, true);
  for (int i = static_cast<int>(bits.exponent.size()); i < 8; ++i) x += box;  // FP16's shorter exponent
  x += box * 0.25f;
  for (char c : bits.mantissa) cell(c, kMantissaColour, true);
  for (int i = 0; i < dropped; ++i) cell('0', kMantissaColour, false);
  ImGui::Dummy(ImVec2(x - origin.x, box));
}

std::string number(double v) {
  char text[48];
  if (std::isinf(v)) return v > 0 ? "infinity" : "-infinity";
  if (std::isnan(v)) return "NaN";
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

}  // namespace

void draw_format_picture(float value, float gradient, float font_scale) {
  // 34 boxes (sign, exponent, mantissa and the gaps) in about half the width, at most 15 px.
  const float box = std::min(15.0f * font_scale, ImGui::GetContentRegionAvail().x * 0.55f / 34.0f);
  ImGui::TextColored(ImColor(kSignColour), "%s", tr("sign"));
  ImGui::SameLine();
  ImGui::TextColored(ImColor(kExponentColour), "%s", tr("exponent (range)"));
  ImGui::SameLine();
  ImGui::TextColored(ImColor(kMantissaColour), "%s", tr("mantissa (digits)"));
  ImGui::SameLine();
  ImGui::TextDisabled("%s", tr("- a bit FP32 has and this format drops"));
  if (ImGui::BeginTable("formats", 3, ImGuiTableFlags_SizingFixedFit)) {
    for (Precision p : precision::kAllPrecisions) {
      const precision::FormatInfo& f = precision::format_info(p);
      const float rounded = precision::round_to(p, value);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(f.label);
      ImGui::TextDisabled("%s", fill(tr("{0} bits in memory"), {std::to_string(f.storage_bits)}).c_str());
      ImGui::TableNextColumn();
      draw_bits(precision::format_bits(p, value), 23 - f.mantissa_bits, box);
      ImGui::TableNextColumn();
      ImGui::Text("= %s", number(rounded).c_str());
      if (value != 0.0f && std::isfinite(rounded))
        ImGui::TextDisabled(
            "%s", fill(tr("off by {0}%"), {significant_text(100.0 * precision::relative_rounding_error(p, value), 2)})
                      .c_str());
      else if (!std::isfinite(rounded))
        ImGui::TextColored(ImColor(palette().error), "%s", tr("too large for this format"));
    }
    ImGui::EndTable();
  }

  ImGui::Spacing();
  ImGui::TextUnformatted(tr("Why FP16 needs loss scaling:"));
  const float in_fp16 = precision::round_to(Precision::fp16, gradient);
  const float in_bf16 = precision::round_to(Precision::bf16, gradient);
  constexpr float kScale = 65536.0f;
  const float scaled = precision::round_to(Precision::fp16, gradient * kScale);
  const bool lost = in_fp16 == 0.0f && gradient != 0.0f;
  ImGui::BulletText("%s", fill(lost ? tr("a gradient of {0} stored in FP16 becomes {1}: it is lost (FP16 stops at 6e-8)")
                                    : tr("a gradient of {0} stored in FP16 becomes {1}"),
                               {number(gradient), number(in_fp16)})
                              .c_str());
  ImGui::BulletText("%s",
                    fill(tr("in BF16 it becomes {0}: BF16 has FP32's exponent, so it keeps the size, with 2-3 digits"),
                         {number(in_bf16)})
                        .c_str());
  ImGui::BulletText("%s", fill(tr("multiply the loss by 2^16 = 65536 first: the gradient is {0} in FP16, and dividing "
                                  "by 65536 in FP32 afterwards gives back {1}"),
                               {number(scaled), number(scaled / kScale)})
                              .c_str());
  ImGui::TextDisabled("%s",
                      tr("If a scaled gradient overflows (past 65504) the step is skipped and the scale halved."));
}

}  // namespace whygpu::app
