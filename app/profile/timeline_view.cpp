#include "app/profile/timeline_view.h"

#include <imgui.h>
#include <imgui_internal.h>  // SetItemUsingMouseWheel: Ctrl+wheel zooms instead of scrolling

#include <algorithm>
#include <cmath>

#include "app/i18n/translate.h"
#include "app/plot/plot_primitives.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app::timeline {
namespace {

using profile::ItemKind;
using profile::Timeline;
using profile::TimelineItem;

constexpr int kRecordedAlpha = 150;  // recorded tracks are drawn faded
const char* const kBusyLabel = N_("GPU busy / idle");  // translated where drawn

ImU32 scaled(ImU32 colour, float factor) {
  ImVec4 c = ImGui::ColorConvertU32ToFloat4(colour);
  c.x *= factor, c.y *= factor, c.z *= factor;
  return ImGui::ColorConvertFloat4ToU32(c);
}

// Launches in the CPU's orange, waits grey, kernels in the GPU's green (every other one a
// shade darker, so that neighbours stay apart), copies and memsets in the second GPU colour.
ImU32 item_colour(const Timeline& t, int index) {
  const TimelineItem& item = t.items[index];
  switch (item.kind) {
    case ItemKind::HostCall:
      switch (host_role(t, item)) {
        case HostRole::Launch: return palette().cpu;
        case HostRole::Wait: return plot::with_alpha(ImGui::GetColorU32(ImGuiCol_TextDisabled), 160);
        case HostRole::Other: return plot::with_alpha(ImGui::GetColorU32(ImGuiCol_TextDisabled), 90);
      }
      break;
    case ItemKind::Kernel: return index % 2 ? scaled(palette().gpu, 0.78f) : palette().gpu;
    case ItemKind::Memcpy: return palette().gpu_alt;
    case ItemKind::Memset: return scaled(palette().gpu_alt, 0.8f);
  }
  return palette().gpu;
}

std::string item_name(const TimelineItem& item) {
  switch (item.kind) {
    case ItemKind::Kernel: return profile::kernel_display_name(item.name);
    case ItemKind::HostCall: return profile::host_call_display_name(item.name);
    case ItemKind::Memcpy: return fill(tr("copy {0}"), {item.copy_kind});
    case ItemKind::Memset: return tr("memset");
  }
  return item.name;
}

ImVec2 at(double x, double y, float oy) { return ImVec2(static_cast<float>(x), static_cast<float>(y) + oy); }

}  // namespace

// What every part of one frame's drawing shares: where the lanes are, the sizes at this
// text scale, the tracks as laid out.
struct Canvas {
  ImDrawList* draw = nullptr;
  ImVec2 origin;
  double x0 = 0, x1 = 0;  // the lanes' left and right edges (labels at the left of x0)
  float line = 0, pad = 0, wrap = 0, scale = 1;
  const std::vector<Track>* tracks = nullptr;
  const std::vector<TrackNote>* notes = nullptr;
  const TrackNote* note(int track) const {
    return track < static_cast<int>(notes->size()) ? &(*notes)[static_cast<std::size_t>(track)] : nullptr;
  }
  bool faded(int track) const { return note(track) && note(track)->recorded; }
  float text_height(const std::string& text) const { return ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y; }
  float x_of(const plot::Range& view, double ms) const {
    return static_cast<float>(x0 + plot::fraction_of(plot::ScaleKind::Linear, view, ms) * (x1 - x0));
  }
};

namespace {

// The tracks with their title rows as tall as their text, wrapped to the width.
std::vector<Track> measured_tracks(const Canvas& c, const std::vector<Track>& given, ImFont* title_font) {
  std::vector<Track> tracks = given;
  for (std::size_t i = 0; i < tracks.size(); ++i) {
    if (title_font) ImGui::PushFont(title_font);
    float height = c.text_height(tracks[i].title);
    if (title_font) ImGui::PopFont();
    if (const TrackNote* note = c.note(static_cast<int>(i)))
      height += c.text_height(note->summary) + c.text_height(note->origin);
    tracks[i].title_height = height + 2 * c.pad;
  }
  return tracks;
}

float lane_label_width(const std::vector<Track>& tracks) {
  float width = ImGui::CalcTextSize(tr(kBusyLabel)).x;
  for (const Track& t : tracks)
    if (t.timeline)
      for (int lane = 0; lane < static_cast<int>(t.timeline->lanes.size()); ++lane)
        width = std::max(width, ImGui::CalcTextSize(lane_label(*t.timeline, lane).c_str()).x);
  return width;
}

// Titles with their notes; lane backgrounds with the time grid; lane names.
void draw_rows(const Canvas& c, const Layout& l, const std::vector<plot::Tick>& ticks, const plot::Range& view,
               ImFont* title_font) {
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);
  const float oy = c.origin.y;
  for (const Row& row : l.rows) {
    if (row.kind == RowKind::Title) {
      ImVec2 p = at(c.origin.x, row.y0 + c.pad, oy);
      auto add = [&](const std::string& s, ImU32 colour) {
        c.draw->AddText(ImGui::GetFont(), ImGui::GetFontSize(), p, colour, s.c_str(), nullptr, c.wrap);
        p.y += c.text_height(s);
      };
      if (title_font) ImGui::PushFont(title_font);
      add(row.label, text);
      if (title_font) ImGui::PopFont();
      if (const TrackNote* note = c.note(row.track)) {
        add(note->summary, text);
        add(note->origin, muted);
      }
      continue;
    }
    const ImVec2 a = at(c.x0, row.y0, oy), b = at(c.x1, row.y1, oy);
    c.draw->AddRectFilled(a, b, ImGui::GetColorU32(ImGuiCol_FrameBg));
    for (const plot::Tick& t : ticks) {
      const float x = c.x_of(view, t.value);
      c.draw->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), plot::with_alpha(grid, t.major ? 90 : 35));
    }
    const Timeline* t = (*c.tracks)[static_cast<std::size_t>(row.track)].timeline;
    const std::string label = row.kind == RowKind::Busy ? std::string(tr(kBusyLabel)) : lane_label(*t, row.lane);
    c.draw->AddText(at(c.origin.x, (row.y0 + row.y1 - c.line) / 2, oy), row.kind == RowKind::Busy ? muted : text,
                    label.c_str());
  }
}

// The busy and idle spans, then the boxes of the calls, kernels and copies with their names.
void draw_items(const Canvas& c, const Layout& l) {
  const ImU32 on_box = IM_COL32(15, 15, 15, 255);  // names inside coloured boxes, either theme
  const float oy = c.origin.y;
  for (const Span& s : l.spans) {
    const ImU32 colour = s.idle ? palette().error : plot::with_alpha(palette().gpu, 110);
    c.draw->AddRectFilled(at(s.x0, s.y0, oy), at(s.x1, s.y1, oy),
                          c.faded(s.track) ? plot::with_alpha(colour, kRecordedAlpha) : colour);
  }
  const float min_text_width = ImGui::CalcTextSize("MMM").x;
  for (const ItemBox& box : l.items) {
    const Timeline& t = *(*c.tracks)[static_cast<std::size_t>(box.track)].timeline;
    ImU32 colour = item_colour(t, box.item);
    if (c.faded(box.track))
      colour = plot::with_alpha(colour, std::min<int>(kRecordedAlpha, (colour >> IM_COL32_A_SHIFT) & 0xFF));
    const ImVec2 a = at(box.x0, box.y0 + 1, oy), b = at(box.x1, box.y1 - 1, oy);
    c.draw->AddRectFilled(a, b, colour);
    if (b.x - a.x < min_text_width) continue;
    const std::string name = item_name(t.items[static_cast<std::size_t>(box.item)]);
    c.draw->PushClipRect(ImVec2(a.x + 2, a.y), ImVec2(b.x - 2, b.y), true);
    c.draw->AddText(ImVec2(a.x + 3, (a.y + b.y - c.line) / 2), on_box, name.c_str());
    c.draw->PopClipRect();
  }
}

// The hovered item outlined with what it is linked with, a launch joined to its work.
void draw_links(const Canvas& c, const Layout& l, int hovered_box) {
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const float oy = c.origin.y, thickness = 2.0f * c.scale;
  const ItemBox& h = l.items[static_cast<std::size_t>(hovered_box)];
  c.draw->AddRect(at(h.x0, h.y0, oy), at(h.x1, h.y1, oy), text, 0.0f, 0, thickness);
  const Timeline& t = *(*c.tracks)[static_cast<std::size_t>(h.track)].timeline;
  const bool from_host = t.items[static_cast<std::size_t>(h.item)].kind == ItemKind::HostCall;
  auto centre = [](const ItemBox& b) { return (b.x0 + b.x1) / 2; };
  for (const int i : linked_boxes(l, *c.tracks, hovered_box)) {
    const ItemBox& o = l.items[static_cast<std::size_t>(i)];
    c.draw->AddRect(at(o.x0, o.y0, oy), at(o.x1, o.y1, oy), text, 0.0f, 0, thickness);
    // A line from the launch down to the work it queued; the other nodes of the same graph
    // launch are only outlined.
    if (from_host) c.draw->AddLine(at(centre(h), h.y1, oy), at(centre(o), o.y0, oy), text, thickness / 2);
    else if (t.items[static_cast<std::size_t>(o.item)].kind == ItemKind::HostCall)
      c.draw->AddLine(at(centre(o), o.y1, oy), at(centre(h), h.y0, oy), text, thickness / 2);
  }
}

const Span* idle_span_at(const Canvas& c, const Layout& l, ImVec2 mouse) {
  const float y = mouse.y - c.origin.y;
  for (const Span& s : l.spans)
    if (s.idle && mouse.x >= s.x0 - 2 * c.scale && mouse.x <= s.x1 + 2 * c.scale && y >= s.y0 && y < s.y1) return &s;
  return nullptr;
}

void draw_item_tooltip(const Canvas& c, const ItemBox& h) {
  const Timeline& t = *(*c.tracks)[static_cast<std::size_t>(h.track)].timeline;
  const std::vector<std::string> lines = hover_lines(t, h.item);
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i == 0) ImGui::PushStyleColor(ImGuiCol_Text, item_colour(t, h.item) | IM_COL32_A_MASK);
    wrapped_text_unformatted(lines[i]);
    if (i == 0) ImGui::PopStyleColor();
  }
  if (c.faded(h.track)) ImGui::TextDisabled("%s", c.note(h.track)->origin.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void draw_gap_tooltip(const Span& gap) {
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(fill(tr("GPU idle for {0}"), {profile::format_duration_ns(gap.ns)}).c_str());
  ImGui::TextDisabled("%s", tr("no kernel, copy or memset ran: the GPU waited for the CPU's next launch"));
  ImGui::EndTooltip();
}

}  // namespace

float TimelineView::axis_height(float scale) const {
  const float line = ImGui::GetTextLineHeight(), pad = 6.0f * scale;
  return 5.0f * scale + 3 * line + 2 * pad;  // ticks, their labels, the title and (when it does not fit beside) the hint
}

// Ctrl+wheel zooms time about the pointer, dragging pans it, a double-click fits.
bool TimelineView::handle_input(const std::vector<Track>& tracks, double x0, double x1, float scale) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool hovered = ImGui::IsItemHovered();
  if (hovered && io.KeyCtrl) ImGui::SetItemUsingMouseWheel();
  const ImVec2 mouse = io.MousePos;
  const bool in_lanes = hovered && mouse.x >= x0 && mouse.x <= x1;
  const plot::Range before = view_;
  if (in_lanes && io.KeyCtrl && io.MouseWheel != 0.0f) {
    view_ = plot::zoom(plot::ScaleKind::Linear, view_, (mouse.x - x0) / (x1 - x0), std::pow(0.8, double(io.MouseWheel)));
    auto_fit_ = false;
  }
  if (ImGui::IsItemActivated()) dragging_ = in_lanes;
  if (ImGui::IsItemActive() && dragging_ && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f * scale) &&
      io.MouseDelta.x != 0.0f) {
    view_ = plot::pan(plot::ScaleKind::Linear, view_, -io.MouseDelta.x / (x1 - x0));
    auto_fit_ = false;
  }
  if (in_lanes && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    auto_fit_ = true;
    view_ = fit_view(tracks);
  }
  return !(view_ == before);
}

// The time axis under the last track: ticks, their labels, its title and the hint; the hint
// goes under the title where the two do not fit on one line.
void TimelineView::draw_axis(const Canvas& c, double lanes_height, const std::vector<plot::Tick>& ticks) const {
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);
  const float axis_y = c.origin.y + static_cast<float>(lanes_height) + 2.0f * c.scale;
  c.draw->AddLine(ImVec2(static_cast<float>(c.x0), axis_y), ImVec2(static_cast<float>(c.x1), axis_y), grid);
  float last_right = -1e30f;
  for (const plot::Tick& t : ticks) {
    if (!t.major) continue;
    const float x = c.x_of(view_, t.value);
    c.draw->AddLine(ImVec2(x, axis_y), ImVec2(x, axis_y + 5.0f * c.scale), grid);
    const float w = ImGui::CalcTextSize(t.label.c_str()).x;
    if (x - w / 2 < last_right + c.pad) continue;
    c.draw->AddText(ImVec2(x - w / 2, axis_y + 5.0f * c.scale), text, t.label.c_str());
    last_right = x + w / 2;
  }
  const char* axis_title = tr("time from the start of each step");
  const float title_y = axis_y + 5.0f * c.scale + c.line + c.pad / 2;
  // Under the time axis, moved left into the lanes' names where a long translation would
  // run past the right edge.
  const float title_x =
      std::max(c.origin.x, std::min(static_cast<float>(c.x0), static_cast<float>(c.x1) - ImGui::CalcTextSize(axis_title).x));
  c.draw->AddText(ImVec2(title_x, title_y), muted, axis_title);
  const char* hint =
      auto_fit_ ? tr("Ctrl+wheel: zoom   drag: pan   hover: details") : tr("double-click: fit the whole step");
  const float hint_width = ImGui::CalcTextSize(hint).x;
  const bool beside = title_x + ImGui::CalcTextSize(axis_title).x + 2 * c.pad + hint_width <= c.x1;
  c.draw->AddText(ImVec2(static_cast<float>(c.x1) - hint_width, beside ? title_y : title_y + c.line), muted, hint);
}

void TimelineView::draw(const char* id, const std::vector<Track>& given, const std::vector<TrackNote>& notes,
                        float width, float scale, ImFont* title_font) {
  ImGui::PushID(id);
  Canvas c;
  c.draw = ImGui::GetWindowDrawList();
  c.origin = ImGui::GetCursorScreenPos();
  c.line = ImGui::GetTextLineHeight();
  c.pad = 6.0f * scale;
  c.wrap = std::max(1.0f, width - c.pad);
  c.scale = scale;
  c.notes = &notes;
  const std::vector<Track> tracks = measured_tracks(c, given, title_font);
  c.tracks = &tracks;
  c.x0 = c.origin.x + lane_label_width(tracks) + 2 * c.pad;
  c.x1 = c.origin.x + width - c.pad;
  Metrics m;
  m.row_height = c.line + 6.0f * scale;
  m.busy_height = 0.75f * c.line;
  m.track_gap = c.line;
  m.lane_gap = 2.0f * scale;
  m.min_item_width = 2.0f * scale;

  if (auto_fit_) view_ = fit_view(tracks);
  Layout l = layout_tracks(tracks, view_, c.x0, c.x1, m);
  ImGui::InvisibleButton("lanes", ImVec2(width, static_cast<float>(l.height) + axis_height(scale)));
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool in_lanes = ImGui::IsItemHovered() && mouse.x >= c.x0 && mouse.x <= c.x1;
  if (handle_input(tracks, c.x0, c.x1, scale)) l = layout_tracks(tracks, view_, c.x0, c.x1, m);

  const std::vector<plot::Tick> ticks = plot::make_ticks(
      {plot::ScaleKind::Linear, plot::ValueFormat::Milliseconds}, view_,
      std::max(2, static_cast<int>((c.x1 - c.x0) / (ImGui::CalcTextSize("000.0 ms").x + 4 * c.pad))));
  draw_rows(c, l, ticks, view_, title_font);
  c.draw->PushClipRect(at(c.x0, 0, c.origin.y), at(c.x1, l.height, c.origin.y), true);
  draw_items(c, l);
  const int hovered_box =
      in_lanes && !ImGui::IsMouseDragging(ImGuiMouseButton_Left) ? item_at(l, mouse.x, mouse.y - c.origin.y) : -1;
  const Span* hovered_gap = hovered_box < 0 && in_lanes ? idle_span_at(c, l, mouse) : nullptr;
  if (hovered_box >= 0) draw_links(c, l, hovered_box);
  c.draw->PopClipRect();
  draw_axis(c, l.height, ticks);
  if (hovered_box >= 0) draw_item_tooltip(c, l.items[static_cast<std::size_t>(hovered_box)]);
  else if (hovered_gap) draw_gap_tooltip(*hovered_gap);
  ImGui::PopID();
}

}  // namespace whygpu::app::timeline
