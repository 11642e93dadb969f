#include "app/i18n/language_fonts.h"

#include <stb_truetype.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "compute/core/text_file.h"

namespace whygpu::app {
namespace {

constexpr std::size_t kMaxFontBytes = std::size_t{64} << 20;  // Noto Sans CJK, the largest, is 20 MB

// Noto Sans CJK's collection holds JP, KR, SC, TC and HK faces, in that order (fc-query).
constexpr int kNotoSimplified = 2;
constexpr int kNotoTraditional = 3;

// A CJK font for Chinese when fonts-noto-cjk is missing: what fontconfig lists for it.
std::string fontconfig_chinese_file() {
  std::string file;
  if (std::FILE* pipe = ::popen("fc-list :lang=zh file 2>/dev/null", "r")) {
    char line[1024];
    while (file.empty() && std::fgets(line, sizeof line, pipe)) {
      file = line;
      file = file.substr(0, file.find(':'));  // "path: " per line
      const std::string ext = std::filesystem::path(file).extension().string();
      if (ext != ".ttf" && ext != ".ttc" && ext != ".otf") file.clear();
    }
    ::pclose(pipe);
  }
  return file;
}

}  // namespace

std::string font_folder() {
  if (const char* env = std::getenv("WHYGPU_FONT_DIR"); env && *env) return env;
  return "/usr/share/fonts/truetype/dejavu";
}

bool language_needs_cjk(const std::string& language) { return language == "zh-Hans" || language == "zh-Hant"; }

FontFace cjk_face(const std::string& language, bool bold) {
  std::error_code ec;
  const int noto_face = language == "zh-Hant" ? kNotoTraditional : kNotoSimplified;
  const std::string noto = "/usr/share/fonts/opentype/noto/NotoSansCJK-";
  if (bold && std::filesystem::is_regular_file(noto + "Bold.ttc", ec)) return {noto + "Bold.ttc", noto_face};
  if (std::filesystem::is_regular_file(noto + "Regular.ttc", ec)) return {noto + "Regular.ttc", noto_face};
  for (const char* other : {"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
                            "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
                            "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"})
    if (std::filesystem::is_regular_file(other, ec)) return {other, 0};
  return {fontconfig_chinese_file(), 0};
}

float em_share_of_line(const std::string& font_bytes, int index) {
  const auto* data = reinterpret_cast<const unsigned char*>(font_bytes.data());
  const int offset = stbtt_GetFontOffsetForIndex(data, index);
  stbtt_fontinfo info{};
  if (font_bytes.empty() || offset < 0 || !stbtt_InitFont(&info, data, offset)) return 0.0f;
  return stbtt_ScaleForPixelHeight(&info, 1.0f) / stbtt_ScaleForMappingEmToPixels(&info, 1.0f);
}

struct GlyphCoverage::Face {
  std::string bytes;
  stbtt_fontinfo info{};
};

GlyphCoverage::GlyphCoverage(const std::string& language) {
  std::vector<FontFace> wanted = {{font_folder() + "/DejaVuSans.ttf", 0}};
  if (language_needs_cjk(language)) wanted.push_back(cjk_face(language));
  for (const FontFace& face : wanted) {
    if (face.file.empty()) {
      problem_ = "no CJK font is installed (install fonts-noto-cjk)";
      continue;
    }
    names_ += (names_.empty() ? "" : ", ") + std::filesystem::path(face.file).filename().string() +
              (face.index ? " (face " + std::to_string(face.index) + ")" : "");
    auto loaded = std::make_unique<Face>();
    if (Status s = read_text_file(face.file, &loaded->bytes, kMaxFontBytes); !s) {
      problem_ = "font " + s.message();
      continue;
    }
    const auto* data = reinterpret_cast<const unsigned char*>(loaded->bytes.data());
    const int offset = stbtt_GetFontOffsetForIndex(data, face.index);
    if (offset < 0 || !stbtt_InitFont(&loaded->info, data, offset)) {
      problem_ = face.file + ": not a font stb_truetype can read (face " + std::to_string(face.index) + ")";
      continue;
    }
    faces_.push_back(std::move(loaded));
  }
}

GlyphCoverage::~GlyphCoverage() = default;

bool GlyphCoverage::can_draw(char32_t code_point) const {
  // ImGui 1.86 keeps 16-bit characters: beyond the Basic Multilingual Plane nothing draws.
  if (code_point > 0xFFFF) return false;
  for (const auto& face : faces_)
    if (stbtt_FindGlyphIndex(&face->info, static_cast<int>(code_point)) != 0) return true;
  return false;
}

}  // namespace whygpu::app
