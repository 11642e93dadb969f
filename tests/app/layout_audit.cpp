#include "layout_audit.h"

#include <imgui.h>
#include <imgui_internal.h>  // windows, tables and the cursor's extent

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>

#include "app/plot/plot.h"

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
      if (g.Visible) glyphs[{g.U0, g.V0}] = {g.Codepoint, ImVec2(g.U1, g.V1), font->FontSize, space_width};
  }
  return glyphs;
}

struct Glyph {
  ImRect rect;
  unsigned codepoint;
  float font_size, space;
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

// Text: glyph quads that reach past their command's clip rectangle. A line cut exactly
// between two letters, or between two lines, leaves no glyph across the edge (ImGui does
// not emit the ones wholly outside); find_overflowing_windows catches those that are items.
void find_cut_text(std::vector<LayoutProblem>* problems) {
  const ImDrawData* data = ImGui::GetDrawData();
  if (!data) return;
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
      std::vector<Glyph> text;
      for (std::size_t k = 0; k + 3 < used.size(); ++k) {
        if (used[k + 3] != used[k] + 3) continue;  // a glyph is four consecutive vertices
        const ImDrawVert& a = list->VtxBuffer[used[k]];
        const ImDrawVert& c = list->VtxBuffer[used[k] + 2];
        const auto at = glyphs.find({a.uv.x, a.uv.y});
        if (at == glyphs.end() || at->second.uv1.x != c.uv.x || at->second.uv1.y != c.uv.y) continue;
        text.push_back({ImRect(a.pos, c.pos), at->second.codepoint, at->second.font_size, at->second.space});
        k += 3;
      }
      const ImRect clip(cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w);
      const ImGuiWindow* window = window_named(list->_OwnerName);
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
          problems->push_back(problem(list->_OwnerName,
                                      "text '" + line_around(text, g) + "' cut at the " + side[s] + " by " +
                                          pixels(over[s]),
                                      g.rect));
        }
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
  find_cut_text(&problems);
  find_overflowing_windows(&problems);
  find_overflowing_tables(&problems);
  find_squeezed_plots(&problems);
  return problems;
}

}  // namespace whygpu::app
