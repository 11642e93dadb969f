#pragma once
// Fonts and colours. Fonts are TrueType (DejaVu, from Debian's fonts-dejavu-core) rasterised
// at the user's scale, so text stays crisp on a projector instead of being a scaled bitmap.
// Font files are read through read_text_file (compute/core/text_file.h), never by ImGui's
// fopen: a FIFO or a device where a font should be gives the built-in font and a warning.
#include <string>
#include <vector>

#include "compute/core/wording.h"

struct ImFont;

namespace whygpu::app {

struct Fonts {
  ImFont* body = nullptr;
  ImFont* emphasis = nullptr;
  ImFont* strong = nullptr;
  ImFont* code = nullptr;
  ImFont* heading1 = nullptr;
  ImFont* heading2 = nullptr;
  Wording warning;  // set when a TrueType file was missing and ImGui's built-in font is used
  // Characters of the language's text or of the opened text (app/i18n/glyph_needs.h) that no
  // installed font has; they show as the placeholder U+FFFD.
  std::vector<char32_t> missing_glyphs;
};

// Rebuilds the font atlas for `scale` with only the characters that will be drawn: the
// UI's own, those `language`'s text shows (`language_glyphs`: language_glyphs() in
// app/i18n/language_text.h) and those of the texts opened so far (app/i18n/glyph_needs.h). For
// zh-Hans and zh-Hant every font gets the language's CJK face merged in (app/
// language_fonts.h); in other languages only body and code do, for an opened text's CJK.
// Call between frames; the renderer's font texture must be recreated afterwards
// (ImGui_ImplOpenGL3_CreateFontsTexture).
Fonts build_fonts(float scale, const std::string& language, const std::vector<char32_t>& language_glyphs);

// Applies the light or dark colours and scales padding and spacing to the font scale.
void apply_style(bool dark, float scale);

// Colours panels share so that meaning stays the same everywhere (CPU is always the
// same orange, GPU the same green) in both themes.
struct Palette {
  unsigned cpu;
  unsigned gpu;
  unsigned gpu_alt;
  unsigned warning;
  unsigned error;
  unsigned muted_text;
  unsigned code_background;
  unsigned callout_background;
};
const Palette& palette();

// A paragraph in one of the palette's colours, wrapped to the width available.
void wrapped_text(const std::string& text, unsigned colour);

}  // namespace whygpu::app
