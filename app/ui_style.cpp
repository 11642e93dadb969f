#include "app/ui_style.h"

#include <imgui.h>

#include <cstdlib>
#include <filesystem>

namespace whygpu::app {
namespace {

bool dark_palette = true;

std::string font_folder() {
  if (const char* env = std::getenv("WHYGPU_FONT_DIR"); env && *env) return env;
  return "/usr/share/fonts/truetype/dejavu";
}

ImFont* add_font(const std::string& file, float pixels, std::string& warning) {
  ImGuiIO& io = ImGui::GetIO();
  const std::string path = font_folder() + "/" + file;
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    ImFontConfig config;
    config.OversampleH = 2;
    // Latin, Greek (for sigma, mu) and general punctuation, arrows, maths symbols.
    static const ImWchar ranges[] = {0x0020, 0x024F, 0x0370, 0x03FF, 0x2000, 0x22FF, 0x2500, 0x25FF, 0};
    if (ImFont* font = io.Fonts->AddFontFromFileTTF(path.c_str(), pixels, &config, ranges)) return font;
  }
  warning = "font " + path + " not found (install fonts-dejavu-core); using ImGui's built-in font";
  ImFontConfig config;
  config.SizePixels = pixels;
  return io.Fonts->AddFontDefault(&config);
}

}  // namespace

Fonts build_fonts(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  Fonts fonts;
  const float body = 18.0f * scale;
  fonts.body = add_font("DejaVuSans.ttf", body, fonts.warning);  // first font = default
  fonts.emphasis = add_font("DejaVuSans-Oblique.ttf", body, fonts.warning);
  fonts.strong = add_font("DejaVuSans-Bold.ttf", body, fonts.warning);
  fonts.code = add_font("DejaVuSansMono.ttf", 16.5f * scale, fonts.warning);
  fonts.heading1 = add_font("DejaVuSans-Bold.ttf", 30.0f * scale, fonts.warning);
  fonts.heading2 = add_font("DejaVuSans-Bold.ttf", 23.0f * scale, fonts.warning);
  io.Fonts->Build();
  return fonts;
}

void apply_style(bool dark, float scale) {
  dark_palette = dark;
  ImGuiStyle style;
  if (dark) ImGui::StyleColorsDark(&style);
  else ImGui::StyleColorsLight(&style);
  style.WindowRounding = 4.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.FramePadding = ImVec2(6, 4);
  style.ItemSpacing = ImVec2(8, 6);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

void wrapped_text(const std::string& text, unsigned colour) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

const Palette& palette() {
  static const Palette dark{IM_COL32(255, 150, 50, 255), IM_COL32(118, 200, 60, 255),
                            IM_COL32(60, 170, 230, 255), IM_COL32(240, 200, 60, 255),
                            IM_COL32(255, 90, 90, 255),  IM_COL32(170, 170, 170, 255),
                            IM_COL32(45, 45, 52, 255),   IM_COL32(40, 60, 85, 255)};
  static const Palette light{IM_COL32(215, 100, 0, 255), IM_COL32(40, 140, 20, 255),
                             IM_COL32(20, 110, 190, 255), IM_COL32(170, 120, 0, 255),
                             IM_COL32(200, 30, 30, 255), IM_COL32(100, 100, 100, 255),
                             IM_COL32(232, 232, 236, 255), IM_COL32(220, 235, 250, 255)};
  return dark_palette ? dark : light;
}

}  // namespace whygpu::app
