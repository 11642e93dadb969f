#include "layout_audit.h"

#include <imgui.h>
#include <imgui_internal.h>  // windows, tables and the cursor's extent

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <utility>

#include "app/plot/plot.h"
#include "app/text/cjk.h"

namespace whygpu::app {
namespace {

// Glyph quads carry a pixel of the atlas's padding and land on fractional positions; a
// cut smaller than this is not visible.
constexpr float kTolerance = 1.5f;

struct GlyphUv {
  unsigned codepoint;
  ImVec2 uv1;
  float font_size;
  float space;  // the width of a space in this glyph's font
  // Where the glyph's quad sits in its cell: x0, y0 from the pen and the line's top, the
  // cell as wide as the advance. They say where a drawn quad's line and pen were.
  float x0, y0, y1, advance;
};

// Every glyph of every font in the atlas, by the texture coordinate of its top-left
// corner: a quad whose corners match one is a glyph of text (glyphs ImGui trimmed to a
// clip rectangle on the CPU no longer match, and are inside their clip anyway).
std::map<std::pair<float, float>, GlyphUv> glyphs_by_uv() {
  std::map<std::pair<float, float>, GlyphUv> glyphs;
  for (const ImFont* font : ImGui::GetIO().Fonts->Fonts) {
    const ImFontGlyph* space = font->FindGlyphNoFallback(' ');
    const float space_width = space ? space->AdvanceX : font->FontSize / 3;
    for (const ImFontGlyph& g : font->Glyphs)
      if (g.Visible)
        glyphs[{g.U0, g.V0}] = {g.Codepoint, ImVec2(g.U1, g.V1), font->FontSize, space_width, g.X0, g.Y0, g.Y1, g.AdvanceX};
  }
  return glyphs;
}

struct Glyph {
  ImRect rect;
  unsigned codepoint;
  float font_size, space;
  // The glyph's cell: from the pen, one advance wide, from the line's top one font size
  // high. Cells of one line touch and do not overlap; cells of two texts drawn over each
  // other do.
  ImRect cell;
};

// The glyphs of one draw command, with the clip rectangle they were drawn in.
struct DrawnText {
  const ImDrawList* list;
  ImRect clip;
  std::vector<Glyph> glyphs;
};

std::string utf8(unsigned c) {
  char out[5] = {};
  ImTextCharToUtf8(out, c);
  return out;
}

// The glyphs on the same line as `cut`, in reading order, with spaces where the gaps are
// wide: enough of the text to find it in the code. A line's glyphs all lie within one band
// a font size high (an underscore at its foot, an apostrophe at its top), and lines do not
// overlap.
std::string line_around(const std::vector<Glyph>& glyphs, const Glyph& cut) {
  std::vector<Glyph> line;
  for (const Glyph& g : glyphs)
    if (g.rect.Min.y >= cut.rect.Max.y - cut.font_size && g.rect.Max.y <= cut.rect.Min.y + cut.font_size)
      line.push_back(g);
  std::sort(line.begin(), line.end(), [](const Glyph& a, const Glyph& b) { return a.rect.Min.x < b.rect.Min.x; });
  std::string text;
  for (std::size_t i = 0; i < line.size(); ++i) {
    // Letters' own side bearings leave smaller gaps than a space does.
    if (i > 0 && line[i].rect.Min.x - line[i - 1].rect.Max.x > 0.8f * line[i].space) text += ' ';
    text += utf8(line[i].codepoint);
  }
  if (text.size() > 60) text = text.substr(0, 28) + " ... " + text.substr(text.size() - 28);
  return text;
}

ImGuiWindow* window_named(const char* name) { return name ? ImGui::FindWindowByName(name) : nullptr; }

// A window that shows a scroll bar when its content is taller than it. (Not ScrollMax: it
// lags a frame behind content that has just grown.)
bool scrolls_vertically(const ImGuiWindow* w) { return !(w->Flags & ImGuiWindowFlags_NoScrollbar); }

// True when a cut at height `edge` is at or beyond the top or bottom of a window that
// scrolls (this one or one it sits in): what lies past it is scrolled out of view, and a
// reader can bring it back. (Beyond: a clip rectangle intersected with a scrolled view can
// end up empty, at the far side of the hidden item.)
bool scrolled_out_of_view(const ImGuiWindow* w, float edge, bool top) {
  for (; w; w = w->ParentWindow) {
    if (!scrolls_vertically(w)) continue;
    if (top ? edge <= w->InnerClipRect.Min.y + 1.0f : edge >= w->InnerClipRect.Max.y - 1.0f) return true;
    // A scrolled table with its header row frozen: rows go out of view under the header.
    if (!top) continue;
    ImPool<ImGuiTable>& tables = ImGui::GetCurrentContext()->Tables;
    for (int n = 0; n < tables.GetMapSize(); ++n) {
      const ImGuiTable* table = tables.TryGetMapData(n);
      if (table && table->InnerWindow == w && table->FreezeRowsCount > 0 &&
          edge <= table->Bg2ClipRectForDrawCmd.Min.y + 1.0f)
        return true;
    }
  }
  return false;
}

// What a window shows of its own contents, before its parent clips it: ImGui's
// InnerClipRect without the parent's part (a child scrolled half out of the page is not cut).
ImRect own_view(const ImGuiWindow* w) {
  ImRect view = w->InnerRect;
  const float pad_x = std::max(std::floor(w->WindowPadding.x * 0.5f), w->WindowBorderSize);
  const float pad_y = std::max(std::floor(w->WindowPadding.y * 0.5f), w->WindowBorderSize);
  view.Min.x += pad_x;
  view.Max.x -= pad_x;
  view.Min.y += pad_y;
  view.Max.y -= pad_y;
  return view;
}

LayoutProblem problem(const char* window, std::string what, const ImRect& where) {
  return {window ? window : "?", std::move(what), where.Min.x, where.Min.y, where.Max.x, where.Max.y};
}

std::string pixels(float amount) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f px", amount);
  return text;
}

// Every command's glyphs in this frame's draw data. Glyph quads are four consecutive
// vertices whose texture corners match a glyph of the atlas.
std::vector<DrawnText> drawn_text() {
  std::vector<DrawnText> texts;
  const ImDrawData* data = ImGui::GetDrawData();
  if (!data) return texts;
  const ImTextureID font_texture = ImGui::GetIO().Fonts->TexID;
  const auto glyphs = glyphs_by_uv();
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImDrawList* list = data->CmdLists[l];
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback || cmd.TextureId != font_texture) continue;
      // The vertices this command's indices use (channels share one vertex buffer, so
      // the indices, not a vertex range, say what belongs to this clip rectangle).
      std::vector<unsigned> used;
      for (unsigned i = 0; i < cmd.ElemCount; ++i) used.push_back(cmd.VtxOffset + list->IdxBuffer[cmd.IdxOffset + i]);
      std::sort(used.begin(), used.end());
      used.erase(std::unique(used.begin(), used.end()), used.end());
      DrawnText text{list, ImRect(cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w), {}};
      for (std::size_t k = 0; k + 3 < used.size(); ++k) {
        if (used[k + 3] != used[k] + 3) continue;  // a glyph is four consecutive vertices
        const ImDrawVert& a = list->VtxBuffer[used[k]];
        const ImDrawVert& c = list->VtxBuffer[used[k] + 2];
        const auto at = glyphs.find({a.uv.x, a.uv.y});
        if (at == glyphs.end() || at->second.uv1.x != c.uv.x || at->second.uv1.y != c.uv.y) continue;
        const GlyphUv& g = at->second;
        // A font drawn at another size than it was built at scales its quads alike.
        const float zoom = g.y1 > g.y0 ? (c.pos.y - a.pos.y) / (g.y1 - g.y0) : 1.0f;
        const ImVec2 pen(a.pos.x - g.x0 * zoom, a.pos.y - g.y0 * zoom);
        text.glyphs.push_back({ImRect(a.pos, c.pos), g.codepoint, g.font_size * zoom, g.space * zoom,
                               ImRect(pen, ImVec2(pen.x + g.advance * zoom, pen.y + g.font_size * zoom))});
        k += 3;
      }
      if (!text.glyphs.empty()) texts.push_back(std::move(text));
    }
  }
  return texts;
}

// Text: glyph quads that reach past their command's clip rectangle. A line cut exactly
// between two letters, or between two lines, leaves no glyph across the edge (ImGui does
// not emit the ones wholly outside); find_overflowing_windows catches those that are items.
void find_cut_text(const std::vector<DrawnText>& texts, std::vector<LayoutProblem>* problems) {
  for (const DrawnText& drawn : texts) {
    const std::vector<Glyph>& text = drawn.glyphs;
    const ImRect& clip = drawn.clip;
    const char* owner = drawn.list->_OwnerName;
    const ImGuiWindow* window = window_named(owner);
    // One report per command and side: the first glyph cut there.
    bool reported[4] = {};
    for (const Glyph& g : text) {
      const float over[4] = {clip.Min.x - g.rect.Min.x, g.rect.Max.x - clip.Max.x, clip.Min.y - g.rect.Min.y,
                             g.rect.Max.y - clip.Max.y};
      static const char* side[4] = {"left", "right", "top", "bottom"};
      for (int s = 0; s < 4; ++s) {
        if (over[s] <= kTolerance || reported[s]) continue;
        // Vertically, a scrolling window cuts what is scrolled out of view: not a fault.
        if (s >= 2 && scrolled_out_of_view(window, s == 2 ? clip.Min.y : clip.Max.y, s == 2)) continue;
        reported[s] = true;
        problems->push_back(problem(owner,
                                    "text '" + line_around(text, g) + "' cut at the " + side[s] + " by " +
                                        pixels(over[s]),
                                    g.rect));
      }
    }
  }
}

// The table column of `window` whose cell holds the point `at`, if any.
const ImGuiTableColumn* table_column_at(const ImGuiWindow* window, ImVec2 at) {
  ImPool<ImGuiTable>& tables = GImGui->Tables;
  for (int n = 0; n < tables.GetMapSize(); ++n) {
    const ImGuiTable* table = tables.TryGetMapData(n);
    if (!table || table->LastFrameActive != ImGui::GetFrameCount() || table->InnerWindow != window) continue;
    if (at.y < table->OuterRect.Min.y || at.y > table->OuterRect.Max.y) continue;
    for (int c = 0; c < table->ColumnsCount; ++c)
      if (table->Columns[c].IsEnabled && at.x >= table->Columns[c].MinX && at.x < table->Columns[c].MaxX)
        return &table->Columns[c];
  }
  return nullptr;
}

bool letter_or_digit(unsigned c) { return c < 128 ? std::isalnum(static_cast<int>(c)) != 0 : c > 0xBF; }

// Lines of drawn text: glyphs with the same line top, in pen order. A line's glyphs may
// come from several commands (a table's columns merged), so they are gathered by window.
struct TextLine {
  const char* owner;
  std::vector<Glyph> glyphs;
  ImRect clip;
};

std::vector<TextLine> text_lines(const std::vector<DrawnText>& texts) {
  std::vector<TextLine> lines;
  for (const DrawnText& drawn : texts) {
    std::vector<Glyph> sorted = drawn.glyphs;
    std::sort(sorted.begin(), sorted.end(), [](const Glyph& a, const Glyph& b) {
      return std::fabs(a.cell.Min.y - b.cell.Min.y) > 0.5f ? a.cell.Min.y < b.cell.Min.y : a.cell.Min.x < b.cell.Min.x;
    });
    for (const Glyph& g : sorted) {
      // The same line goes on while the pen moves right with no gap wider than a few
      // spaces (two texts side by side on one row are two lines).
      TextLine* last = lines.empty() || lines.back().owner != drawn.list->_OwnerName ? nullptr : &lines.back();
      const bool continues = last && std::fabs(last->glyphs.back().cell.Min.y - g.cell.Min.y) <= 0.5f &&
                             g.cell.Min.x >= last->glyphs.back().cell.Max.x - 0.5f &&
                             g.cell.Min.x - last->glyphs.back().cell.Max.x < 4 * g.space;
      if (continues) last->glyphs.push_back(g);
      else lines.push_back({drawn.list->_OwnerName, {g}, drawn.clip});
    }
  }
  return lines;
}

std::string text_of(const std::vector<Glyph>& glyphs) {
  std::string text;
  for (std::size_t i = 0; i < glyphs.size(); ++i) {
    if (i > 0 && glyphs[i].cell.Min.x - glyphs[i - 1].cell.Max.x > 0.5f * glyphs[i].space) text += ' ';
    text += utf8(glyphs[i].codepoint);
  }
  return text;
}

// Words broken across lines: ImGui wraps at spaces and punctuation, and cuts a word only
// when it is wider than the whole line. What was drawn cannot say whether a full line of
// one word ended a word ("deep-learning" above "workflow") or cut one, except where a
// letter or two is left on a line: a line of one run, full to its wrap edge, ending in a
// letter, followed right under it (one font size down, same start) by a line starting with
// a letter, one of the two lines no more than two letters, is a word cut ("register|s",
// or stacked a letter a line). In a table this is a
// column narrower than its longest word ("8 <- the limit" stacked). The wrap edge: a
// table cell's, else the window's work area (where wrap position 0 wraps); text wrapped
// nearer than that is not judged. Chinese and Japanese lines break between any two
// characters (app/text/line_breaks.h): a line may end or start with one of them.
void find_broken_words(const std::vector<DrawnText>& texts, std::vector<LayoutProblem>* problems) {
  const std::vector<TextLine> lines = text_lines(texts);
  std::set<std::string> reported;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const TextLine& line = lines[i];
    const Glyph& first = line.glyphs.front();
    const Glyph& last = line.glyphs.back();
    if (text_of(line.glyphs).find(' ') != std::string::npos || !letter_or_digit(last.codepoint)) continue;
    const ImGuiWindow* window = window_named(line.owner);
    if (!window) continue;
    const ImGuiTableColumn* column = table_column_at(window, first.cell.GetCenter());
    const float wrap_edge = column ? column->WorkMaxX : window->WorkRect.Max.x;
    for (std::size_t j = 0; j < lines.size(); ++j) {
      const TextLine& next = lines[j];
      const Glyph& start = next.glyphs.front();
      if (next.owner != line.owner || std::fabs(start.cell.Min.x - first.cell.Min.x) > 0.5f ||
          std::fabs(start.cell.Min.y - (first.cell.Min.y + first.font_size)) > 0.5f || !letter_or_digit(start.codepoint))
        continue;
      if (last.cell.Max.x + start.cell.GetWidth() <= wrap_edge - 0.5f) continue;  // the next letter fitted: a word ended
      if (is_cjk(last.codepoint) || is_cjk(start.codepoint)) continue;  // Chinese breaks between any two characters
      const bool short_piece = line.glyphs.size() <= 2 ||
                               (next.glyphs.size() <= 2 && text_of(next.glyphs).find(' ') == std::string::npos);
      if (!short_piece) continue;
      // The two pieces of the word, as drawn.
      const std::string word = text_of(line.glyphs) + "|" + text_of(next.glyphs);
      const std::string where = column ? "a table column narrower than its longest word"
                                       : "a word wider than the room left for it";
      if (!reported.insert(std::string(line.owner) + where).second) break;
      problems->push_back(problem(line.owner,
                                  where + ": '" + word + "' broken across lines at " + pixels(wrap_edge - first.cell.Min.x) +
                                      " wide",
                                  ImRect(first.cell.Min, ImVec2(wrap_edge, start.cell.Max.y))));
      break;
    }
  }
}

// Text over text: the cells of two glyphs of different lines overlap (a label written
// over another, two hints on one spot). Glyphs are bucketed by a coarse grid so that a
// frame's thousands of glyphs are compared with their neighbours only.
void find_overprinted_text(const std::vector<DrawnText>& texts, std::vector<LayoutProblem>* problems) {
  const std::vector<TextLine> lines = text_lines(texts);
  struct Placed {
    ImRect cell;
    int line;
  };
  constexpr float kBucket = 64.0f;
  std::map<std::pair<int, int>, std::vector<Placed>> buckets;
  std::set<std::pair<int, int>> reported;
  for (int l = 0; l < static_cast<int>(lines.size()); ++l) {
    for (const Glyph& g : lines[l].glyphs) {
      // What shows of the cell: its clip cuts it (a label scrolled half away overlaps nothing).
      ImRect cell = g.cell;
      cell.ClipWithFull(lines[l].clip);
      cell.Expand(-kTolerance);
      if (cell.GetWidth() <= 0 || cell.GetHeight() <= 0) continue;
      const int bx0 = int(std::floor(cell.Min.x / kBucket)), bx1 = int(std::floor(cell.Max.x / kBucket));
      const int by0 = int(std::floor(cell.Min.y / kBucket)), by1 = int(std::floor(cell.Max.y / kBucket));
      for (int bx = bx0; bx <= bx1; ++bx)
        for (int by = by0; by <= by1; ++by) {
          std::vector<Placed>& bucket = buckets[{bx, by}];
          for (const Placed& other : bucket) {
            if (other.line == l || lines[other.line].owner != lines[l].owner || !other.cell.Overlaps(cell)) continue;
            if (!reported.insert({std::min(l, other.line), std::max(l, other.line)}).second) continue;
            ImRect both = cell;
            both.Add(other.cell);
            problems->push_back(problem(lines[l].owner,
                                        "text '" + text_of(lines[l].glyphs) + "' drawn over '" +
                                            text_of(lines[other.line].glyphs) + "'",
                                        both));
          }
          bucket.push_back({cell, l});
        }
    }
  }
}

// Widgets: a window's items reach past its right edge, or past its bottom when it cannot
// scroll there. DC.CursorMaxPos is how far this frame's items reached.
void find_overflowing_windows(std::vector<LayoutProblem>* problems) {
  for (ImGuiWindow* w : GImGui->Windows) {
    if (!w->Active || w->Hidden || w->SkipItems) continue;
    const ImVec2 reach = w->DC.CursorMaxPos;
    const ImRect visible = own_view(w);
    // InputTextMultiline's box (a child named after its "##" label) reports its content as
    // wide as the box plus its padding whatever the text (ImGui 1.86 sizes it so), so its
    // reach says nothing; its text is still checked glyph by glyph above.
    const bool text_editor = std::string(w->Name).find("/##") != std::string::npos;
    if (reach.x > visible.Max.x + kTolerance && !text_editor)
      problems->push_back(problem(w->Name, "items reach " + pixels(reach.x - visible.Max.x) + " past the right edge",
                                  ImRect(visible.Max.x, visible.Min.y, reach.x, visible.Max.y)));
    if (reach.y > visible.Max.y + kTolerance && (w->Flags & ImGuiWindowFlags_NoScrollbar))
      problems->push_back(problem(w->Name,
                                  "items reach " + pixels(reach.y - visible.Max.y) +
                                      " below the bottom of a window that cannot scroll",
                                  ImRect(visible.Min.x, visible.Max.y, visible.Max.x, reach.y)));
  }
}

// Tables: a cell wider than its column (its text is cut by the column), a header cut to
// "...", a column pushed out of sight.
void find_overflowing_tables(std::vector<LayoutProblem>* problems) {
  ImPool<ImGuiTable>& tables = GImGui->Tables;
  for (int n = 0; n < tables.GetMapSize(); ++n) {
    const ImGuiTable* table = tables.TryGetMapData(n);
    if (!table || table->LastFrameActive != ImGui::GetFrameCount() || (table->Flags & ImGuiTableFlags_ScrollX))
      continue;
    for (int c = 0; c < table->ColumnsCount; ++c) {
      const ImGuiTableColumn& column = table->Columns[c];
      if (!column.IsEnabled) continue;
      const char* name = table->OuterWindow->Name;
      const ImRect cell(column.MinX, table->OuterRect.Min.y, column.MaxX, table->OuterRect.Max.y);
      if (!column.IsVisibleX) {
        problems->push_back(problem(name, "table column " + std::to_string(c) + " is out of sight", cell));
        continue;
      }
      const float limit = column.ClipRect.Max.x;
      const float content = std::max(column.ContentMaxXFrozen, column.ContentMaxXUnfrozen);
      if (content > limit + kTolerance)
        problems->push_back(problem(name,
                                    "table column " + std::to_string(c) + "'s cells are " + pixels(content - limit) +
                                        " wider than it",
                                    cell));
      if (column.ContentMaxXHeadersIdeal > limit + kTolerance)
        problems->push_back(problem(name, "table column " + std::to_string(c) + "'s header is cut", cell));
    }
  }
}

// Plots: the data area keeps its readable height, and no window that cannot scroll cuts it.
void find_squeezed_plots(std::vector<LayoutProblem>* problems) {
  for (const plot::DrawnPlot& p : plot::plots_drawn_this_frame()) {
    const ImRect area(p.min, p.max);
    if (area.GetHeight() < p.min_height - 0.5f)
      problems->push_back(problem(p.window.c_str(),
                                  "a plot " + pixels(area.GetHeight()) + " high, below its minimum of " +
                                      pixels(p.min_height),
                                  area));
    for (const plot::DrawnPlot::Label& label : p.labels) {
      // Beside its point: the text's box within three of its heights of it (a leader line
      // joins a label moved off its point; further than that it reads as another's).
      const ImRect box(label.min, label.max);
      const float dx = std::max({box.Min.x - label.anchor.x, 0.0f, label.anchor.x - box.Max.x});
      const float dy = std::max({box.Min.y - label.anchor.y, 0.0f, label.anchor.y - box.Max.y});
      const float distance = std::hypot(dx, dy);
      if (distance > 3.0f * box.GetHeight())
        problems->push_back(problem(p.window.c_str(), "a point label " + pixels(distance) + " from its point", box));
      // Over no data point but its own: a label hides what it should name.
      for (const ImVec2& point : p.points) {
        const bool own = std::fabs(point.x - label.anchor.x) < 1.0f && std::fabs(point.y - label.anchor.y) < 1.0f;
        if (!own && point.x > box.Min.x + 1 && point.x < box.Max.x - 1 && point.y > box.Min.y + 1 &&
            point.y < box.Max.y - 1) {
          problems->push_back(problem(p.window.c_str(), "a point label over a data point", box));
          break;
        }
      }
    }
    const ImGuiWindow* window = window_named(p.window.c_str());
    if (!window) continue;
    const ImRect view = own_view(window);
    if (area.Max.y > view.Max.y + kTolerance && area.Min.y < view.Max.y && !scrolls_vertically(window))
      problems->push_back(problem(p.window.c_str(), "a plot cut at the bottom of a window that cannot scroll", area));
  }
}

}  // namespace

std::string to_string(const LayoutProblem& p) {
  char where[96];
  std::snprintf(where, sizeof where, " at (%.0f, %.0f)-(%.0f, %.0f)", p.x0, p.y0, p.x1, p.y1);
  return p.window + ": " + p.what + where;
}

std::vector<LayoutProblem> find_layout_problems() {
  std::vector<LayoutProblem> problems;
  const std::vector<DrawnText> texts = drawn_text();
  find_cut_text(texts, &problems);
  find_broken_words(texts, &problems);
  find_overprinted_text(texts, &problems);
  find_overflowing_windows(&problems);
  find_overflowing_tables(&problems);
  find_squeezed_plots(&problems);
  return problems;
}

}  // namespace whygpu::app
