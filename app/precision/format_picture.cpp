#include "app/precision/format_picture.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/table_fit.h"
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
      // The digit in a font no taller than its box, so that neighbours never overlap.
      const char text[2] = {bit, 0};
      const float font_size = std::min(ImGui::GetFontSize(), box * 0.95f);
      const ImVec2 size = ImGui::GetFont()->CalcTextSizeA(font_size, box, 0.0f, text);
      draw->AddText(ImGui::GetFont(), font_size, ImVec2(x + (box - size.x) / 2, origin.y + (box - size.y) / 2),
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
  // The legend, a piece a line where the next does not fit.
  ImGui::TextColored(ImColor(kSignColour), "%s", tr("sign"));
  same_line_if_fits(text_width(tr("exponent (range)")));
  ImGui::TextColored(ImColor(kExponentColour), "%s", tr("exponent (range)"));
  same_line_if_fits(text_width(tr("mantissa (digits)")));
  ImGui::TextColored(ImColor(kMantissaColour), "%s", tr("mantissa (digits)"));
  same_line_if_fits(text_width(tr("- a bit FP32 has and this format drops")));
  wrapped_text(tr("- a bit FP32 has and this format drops"), ImGui::GetColorU32(ImGuiCol_TextDisabled));

  // Two columns: the format's name, then its bits with the value they hold under them.
  // The names wrap by word in as little as their longest word; the 34 boxes (sign,
  // exponent, mantissa and two gaps) take the rest, at most 15 px each at text x1.
  std::vector<std::string> names;
  for (Precision p : precision::kAllPrecisions) {
    names.push_back(tr(precision::format_info(p).label));
    names.push_back(fill(tr("{0} bits in memory"), {std::to_string(precision::format_info(p).storage_bits)}));
  }
  const float available = ImGui::GetContentRegionAvail().x;
  const float name_width = fit_column_widths({column_need(names)}, 0.4f * available)[0];
  const float cells = available - name_width - 4 * ImGui::GetStyle().CellPadding.x;
  const float box = std::max(4.0f, std::min(15.0f * font_scale, cells / 34.5f));
  if (ImGui::BeginTable("formats", 2, ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, name_width);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, box * 34.5f);
    ImGui::PushTextWrapPos(0.0f);  // at each cell's edge
    for (Precision p : precision::kAllPrecisions) {
      const precision::FormatInfo& f = precision::format_info(p);
      const float rounded = precision::round_to(p, value);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      wrapped_text_unformatted(tr(f.label));
      wrapped_text(fill(tr("{0} bits in memory"), {std::to_string(f.storage_bits)}),
                   ImGui::GetColorU32(ImGuiCol_TextDisabled));
      ImGui::TableNextColumn();
      draw_bits(precision::format_bits(p, value), 23 - f.mantissa_bits, box);
      std::string held = "= " + number(rounded);
      if (value != 0.0f && std::isfinite(rounded))
        held += "  " + fill(tr("off by {0}%"), {significant_text(100.0 * precision::relative_rounding_error(p, value), 2)});
      wrapped_text(held, std::isfinite(rounded) ? ImGui::GetColorU32(ImGuiCol_Text) : palette().error);
      if (!std::isfinite(rounded)) wrapped_text(tr("too large for this format"), palette().error);
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTable();
  }

  ImGui::Spacing();
  wrapped_text_unformatted(tr("Why FP16 needs loss scaling:"));
  const float in_fp16 = precision::round_to(Precision::fp16, gradient);
  const float in_bf16 = precision::round_to(Precision::bf16, gradient);
  constexpr float kScale = 65536.0f;
  const float scaled = precision::round_to(Precision::fp16, gradient * kScale);
  const bool lost = in_fp16 == 0.0f && gradient != 0.0f;
  const auto bullet = [](const std::string& text) {
    ImGui::Bullet();
    ImGui::SameLine();
    wrapped_text_unformatted(text);
  };
  bullet(fill(lost ? tr("a gradient of {0} stored in FP16 becomes {1}: it is lost (FP16 stops at 6e-8)")
                   : tr("a gradient of {0} stored in FP16 becomes {1}"),
              {number(gradient), number(in_fp16)}));
  bullet(fill(tr("in BF16 it becomes {0}: BF16 has FP32's exponent, so it keeps the size, with 2-3 digits"),
              {number(in_bf16)}));
  bullet(fill(tr("multiply the loss by 2^16 = 65536 first: the gradient is {0} in FP16, and dividing "
                 "by 65536 in FP32 afterwards gives back {1}"),
              {number(scaled), number(scaled / kScale)}));
  wrapped_text(tr("If a scaled gradient overflows (past 65504) the step is skipped and the scale halved."),
               ImGui::GetColorU32(ImGuiCol_TextDisabled));
}

}  // namespace whygpu::app
