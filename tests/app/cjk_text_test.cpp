// A Chinese lesson at the projector (1280x720, text scale 2): its paragraphs, bullet,
// callout and question wrap between Chinese characters and stay on the page. ImGui and
// the page's rich text used to break lines only at spaces, so a Chinese paragraph was one
// long line running off the page's right edge. The presenter's caption band likewise.
//
// The fixture's characters are added to the font atlas: where a CJK font is installed
// (fonts-noto-cjk, fonts-wqy-microhei) the screenshot shows them, else placeholders of
// about the same width are drawn. The checks are on positions and hold either way.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>  // the frame's windows

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "app/cli/cli_options.h"
#include "app/i18n/glyph_needs.h"
#include "app/lesson/lesson_library.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "app/text/cjk.h"
#include "app/text/utf8.h"
#include "compute/core/text_file.h"
#include "layout_audit.h"

namespace whygpu::app {
namespace {

std::string source_dir() {
  const char* source = std::getenv("WHYGPU_SOURCE_DIR");
  return source && *source ? source : WHYGPU_SOURCE_DIR;
}

std::string fixture_folder() { return source_dir() + "/tests/app/cjk_lesson"; }

void need_glyphs_of(const std::string& text) {
  std::vector<char32_t> code_points;
  for (std::size_t at = 0, length = 0; at < text.size(); at += length)
    if (const char32_t c = utf8_at(text, at, &length); c >= 0x80) code_points.push_back(c);
  need_glyphs(code_points);
}

struct DrawnGlyph {
  ImRect quad;
  char32_t code_point = 0;
};

// The glyphs `window` drew this frame: four consecutive vertices whose texture corners are
// those of a glyph in the atlas (rectangles and lines use other texture coordinates).
std::vector<DrawnGlyph> glyphs_drawn_by(const ImGuiWindow& window) {
  struct AtlasGlyph {
    ImVec2 uv1;
    char32_t code_point;
  };
  std::map<std::pair<float, float>, AtlasGlyph> atlas;
  for (const ImFont* font : ImGui::GetIO().Fonts->Fonts)
    for (const ImFontGlyph& g : font->Glyphs) atlas[{g.U0, g.V0}] = {ImVec2(g.U1, g.V1), g.Codepoint};
  std::vector<DrawnGlyph> drawn;
  const ImVector<ImDrawVert>& v = window.DrawList->VtxBuffer;
  for (int k = 0; k + 3 < v.Size; ++k) {
    const auto found = atlas.find({v[k].uv.x, v[k].uv.y});
    if (found == atlas.end() || v[k + 2].uv.x != found->second.uv1.x || v[k + 2].uv.y != found->second.uv1.y) continue;
    drawn.push_back({ImRect(v[k].pos, v[k + 2].pos), found->second.code_point});
    k += 3;
  }
  return drawn;
}

// Glyphs in rows, top to bottom, each row left to right: a glyph belongs to the row whose
// first glyph's middle is within half a line of its own.
std::vector<std::vector<DrawnGlyph>> rows_of(std::vector<DrawnGlyph> glyphs, float font_size) {
  std::sort(glyphs.begin(), glyphs.end(), [](const DrawnGlyph& a, const DrawnGlyph& b) {
    return a.quad.GetCenter().y < b.quad.GetCenter().y;
  });
  std::vector<std::vector<DrawnGlyph>> rows;
  for (const DrawnGlyph& g : glyphs) {
    if (rows.empty() || g.quad.GetCenter().y - rows.back().front().quad.GetCenter().y > 0.5f * font_size) rows.emplace_back();
    rows.back().push_back(g);
  }
  for (auto& row : rows)
    std::sort(row.begin(), row.end(), [](const DrawnGlyph& a, const DrawnGlyph& b) { return a.quad.Min.x < b.quad.Min.x; });
  return rows;
}

ImGuiWindow* window_named(const char* part) {
  for (ImGuiWindow* w : GImGui->Windows)
    if (w->Active && std::string(w->Name).find(part) != std::string::npos) return w;
  return nullptr;
}

bool closing_punctuation(char32_t c) { return std::u32string_view(U"，。、；：？！）」』》〉】").find(c) != std::u32string_view::npos; }

// What one window showed over the frames of a run.
struct WindowSeen {
  int frames = 0;
  int rows = 0;        // rows of text, all frames together
  int full_rows = 0;   // rows that end within three characters of the window's edge: wrapped, not ended
  float font_size = 0.0f;
  std::vector<std::string> past_edge;         // rows with a glyph past the right edge
  std::vector<std::string> closing_at_start;  // rows that start with closing punctuation
};

// Looks at the rows of text `window` drew this frame.
void look_at(const ImGuiWindow& window, WindowSeen* seen) {
  const float edge = window.InnerClipRect.Max.x;
  seen->font_size = ImGui::GetFontSize();
  ++seen->frames;
  for (const auto& row : rows_of(glyphs_drawn_by(window), seen->font_size)) {
    ++seen->rows;
    const float right = row.back().quad.Max.x;
    const std::string where = "row at y=" + std::to_string(row.front().quad.Min.y) + " ending at x=" +
                              std::to_string(right) + " (edge " + std::to_string(edge) + ")";
    if (right > edge + 0.5f) seen->past_edge.push_back(where);
    if (right > edge - 3.0f * seen->font_size) ++seen->full_rows;
    if (closing_punctuation(row.front().code_point)) seen->closing_at_start.push_back(where);
  }
}

std::string listing(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += "  " + line + "\n";
  return text;
}

std::string listing(const std::vector<LayoutProblem>& problems) {
  std::string text;
  for (const LayoutProblem& p : problems) text += "  " + to_string(p) + "\n";
  return text;
}

CliOptions projector(const std::string& screenshot, int frames) {
  CliOptions options;
  options.headless = true;
  options.width = 1280;
  options.height = 720;
  options.frames = frames;
  options.screenshot = testing::TempDir() + screenshot;
  return options;
}

TEST(ChineseText, ALessonWrapsBetweenCharactersAndStaysOnThePage) {
  std::string fixture;
  ASSERT_TRUE(read_text_file(fixture_folder() + "/chinese-wrap.lesson", &fixture).is_ok());
  need_glyphs_of(fixture);
  Settings settings;
  settings.font_scale = 2.0f;
  Shell shell(LessonLibrary::load(fixture_folder()), settings, true);
  ASSERT_TRUE(shell.open_lesson("chinese-wrap"));
  WindowSeen page;
  std::vector<LayoutProblem> problems;
  // Frame 3 on (the layout settled), the page is looked at and scrolled down most of a
  // view, so that every block is drawn; at frame 8 the question is answered, and its
  // explanation shows.
  const int frames = 16;
  const int code = run_headless(shell, projector("chinese-wrap.png", frames), nullptr, [&] {
    const int frame = ImGui::GetFrameCount();
    if (frame == 8) {
      EXPECT_TRUE(shell.answer_prediction("1"));
    }
    if (frame < 3) return;
    ImGuiWindow* window = window_named("/page_");
    ASSERT_NE(window, nullptr) << "no page window";
    look_at(*window, &page);
    for (LayoutProblem& p : find_layout_problems()) problems.push_back(std::move(p));
    ImGui::SetScrollY(window, frame == 7 ? 0.0f : std::min(window->ScrollMax.y, window->Scroll.y + window->InnerRect.GetHeight() * 0.9f));
  });
  EXPECT_EQ(code, 0);
  ASSERT_GT(page.frames, 0);
  EXPECT_TRUE(page.past_edge.empty()) << "text past the page's right edge:\n" << listing(page.past_edge);
  EXPECT_TRUE(problems.empty()) << listing(problems);
  EXPECT_TRUE(shell.current_errors().empty()) << "the fixture has errors";
  // Each view of the page shows wrapped (full) rows: the paragraphs fill their lines.
  EXPECT_GE(page.full_rows, 2 * page.frames) << page.full_rows << " full rows of " << page.rows << " in " << page.frames << " frames";
  EXPECT_TRUE(page.closing_at_start.empty()) << "rows starting with closing punctuation:\n" << listing(page.closing_at_start);
}

TEST(ChineseText, ThePresentersCaptionWrapsInItsBand) {
  const std::string caption =
      "向量长度从多少开始，GPU核函数（数据已在GPU上）计算c = a + b会比单个CPU核心快？先投票，然后我们测量这台电脑的CPU，"
      "看两条曲线在哪里相交。";
  need_glyphs_of(caption);
  Settings settings;
  settings.font_scale = 2.0f;
  Shell shell(LessonLibrary::load(fixture_folder()), settings, true);
  ASSERT_TRUE(shell.open_lesson("chinese-wrap"));
  shell.set_presenter_mode(true);
  shell.set_caption(caption);
  WindowSeen band;
  ImRect band_rect, viewport;
  const int code = run_headless(shell, projector("chinese-caption.png", 5), nullptr, [&] {
    if (ImGui::GetFrameCount() < 3) return;
    ImGuiWindow* window = window_named("/caption_");
    ASSERT_NE(window, nullptr) << "no caption band";
    look_at(*window, &band);
    band_rect = window->Rect();
    const ImGuiViewport* v = ImGui::GetMainViewport();
    viewport = ImRect(v->Pos, ImVec2(v->Pos.x + v->Size.x, v->Pos.y + v->Size.y));
  });
  EXPECT_EQ(code, 0);
  ASSERT_GT(band.frames, 0);
  EXPECT_TRUE(band.past_edge.empty()) << "caption text past the band's right edge:\n" << listing(band.past_edge);
  EXPECT_GE(band.rows, 2 * band.frames) << "the caption does not wrap";
  EXPECT_GE(band.full_rows, band.frames) << "the caption's first line is not full";
  EXPECT_TRUE(viewport.Contains(band_rect)) << "the band is cut at the window's edge";
  EXPECT_GT(band_rect.GetHeight(), 2 * band.font_size) << "a band of two lines at least";
}

}  // namespace
}  // namespace whygpu::app
