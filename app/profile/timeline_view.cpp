#include "app/profile/timeline_view.h"

#include <imgui.h>
#include <imgui_internal.h>  // SetItemUsingMouseWheel: Ctrl+wheel zooms instead of scrolling

#include <algorithm>
#include <cmath>

#include "app/i18n/translate.h"
#include "app/plot/plot_primitives.h"
#include "app/ui_style.h"

namespace whygpu::app::timeline {
namespace {

using profile::ItemKind;
using profile::Timeline;
using profile::TimelineItem;

constexpr int kRecordedAlpha = 150;  // recorded tracks are drawn faded
const char* const kBusyLabel = "GPU busy / idle";

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
    case ItemKind::Memcpy: return "copy " + item.copy_kind;
    case ItemKind::Memset: return "memset";
  }
  return item.name;
}

ImVec2 at(double x, double y, float oy) { return ImVec2(static_cast<float>(x), static_cast<float>(y) + oy); }

}  // namespace

void TimelineView::draw(const char* id, const std::vector<Track>& given, const std::vector<TrackNote>& notes,
                        float width, float scale, ImFont* title_font) {
  ImGui::PushID(id);
  const ImGuiIO& io = ImGui::GetIO();
  const float line = ImGui::GetTextLineHeight();
  const float pad = 6.0f * scale;
  Metrics m;
  m.row_height = line + 6.0f * scale;
  m.busy_height = 0.75f * line;
  m.track_gap = line;
  m.lane_gap = 2.0f * scale;
  m.min_item_width = 2.0f * scale;

  // Title rows as tall as their text, wrapped to the width (at projector scale it wraps).
  const float wrap = std::max(1.0f, width - pad);
  auto text_height = [&](const std::string& text) { return ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y; };
  std::vector<Track> tracks = given;
  for (std::size_t i = 0; i < tracks.size(); ++i) {
    if (title_font) ImGui::PushFont(title_font);
    float height = text_height(tracks[i].title);
    if (title_font) ImGui::PopFont();
    if (i < notes.size()) height += text_height(notes[i].summary) + text_height(notes[i].origin);
    tracks[i].title_height = height + 2 * pad;
  }
  float label_width = ImGui::CalcTextSize(kBusyLabel).x;
  for (const Track& t : tracks)
    if (t.timeline)
      for (int lane = 0; lane < static_cast<int>(t.timeline->lanes.size()); ++lane)
        label_width = std::max(label_width, ImGui::CalcTextSize(lane_label(*t.timeline, lane).c_str()).x);
  label_width += 2 * pad;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float oy = origin.y;
  const double x0 = origin.x + label_width, x1 = origin.x + width - pad;
  if (auto_fit_) view_ = fit_view(tracks);
  Layout l = layout_tracks(tracks, view_, x0, x1, m);
  const float axis_height = 5.0f * scale + 2 * line + 2 * pad;
  ImGui::InvisibleButton("lanes", ImVec2(width, static_cast<float>(l.height) + axis_height));
  const bool hovered = ImGui::IsItemHovered();
  if (hovered && io.KeyCtrl) ImGui::SetItemUsingMouseWheel();
  const ImVec2 mouse = io.MousePos;
  const bool in_lanes = hovered && mouse.x >= x0 && mouse.x <= x1;

  // Ctrl+wheel zooms time about the pointer, dragging pans it, a double-click fits.
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
  if (!(view_ == before)) l = layout_tracks(tracks, view_, x0, x1, m);

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);
  const ImU32 on_box = IM_COL32(15, 15, 15, 255);  // names inside coloured boxes, either theme
  const std::vector<plot::Tick> ticks = plot::make_ticks(
      {plot::ScaleKind::Linear, plot::ValueFormat::Milliseconds},
      view_, std::max(2, static_cast<int>((x1 - x0) / (ImGui::CalcTextSize("000.0 ms").x + 4 * pad))));

  // Rows: titles, lane backgrounds with the time grid, lane names.
  for (const Row& row : l.rows) {
    const TrackNote* note = row.track < static_cast<int>(notes.size()) ? &notes[row.track] : nullptr;
    if (row.kind == RowKind::Title) {
      ImVec2 p = at(origin.x, row.y0 + pad, oy);
      auto add = [&](const std::string& s, ImU32 colour) {
        draw->AddText(ImGui::GetFont(), ImGui::GetFontSize(), p, colour, s.c_str(), nullptr, wrap);
        p.y += text_height(s);
      };
      if (title_font) ImGui::PushFont(title_font);
      add(row.label, text);
      if (title_font) ImGui::PopFont();
      if (note) {
        add(note->summary, text);
        add(note->origin, muted);
      }
      continue;
    }
    const ImVec2 a = at(x0, row.y0, oy), b = at(x1, row.y1, oy);
    draw->AddRectFilled(a, b, ImGui::GetColorU32(ImGuiCol_FrameBg));
    for (const plot::Tick& t : ticks) {
      const float x = static_cast<float>(x0 + plot::fraction_of(plot::ScaleKind::Linear, view_, t.value) * (x1 - x0));
      draw->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), plot::with_alpha(grid, t.major ? 90 : 35));
    }
    const Timeline* t = tracks[row.track].timeline;
    const std::string label = row.kind == RowKind::Busy ? kBusyLabel : lane_label(*t, row.lane);
    draw->AddText(at(origin.x, (row.y0 + row.y1 - line) / 2, oy), row.kind == RowKind::Busy ? muted : text,
                  label.c_str());
  }

  draw->PushClipRect(at(x0, 0, oy), at(x1, l.height, oy), true);
  for (const Span& s : l.spans) {
    const bool faded = s.track < static_cast<int>(notes.size()) && notes[s.track].recorded;
    const ImU32 colour = s.idle ? palette().error : plot::with_alpha(palette().gpu, 110);
    draw->AddRectFilled(at(s.x0, s.y0, oy), at(s.x1, s.y1, oy), faded ? plot::with_alpha(colour, kRecordedAlpha) : colour);
  }
  const float min_text_width = ImGui::CalcTextSize("MMM").x;
  for (const ItemBox& box : l.items) {
    const Timeline& t = *tracks[box.track].timeline;
    const bool faded = box.track < static_cast<int>(notes.size()) && notes[box.track].recorded;
    ImU32 colour = item_colour(t, box.item);
    if (faded) colour = plot::with_alpha(colour, std::min<int>(kRecordedAlpha, (colour >> IM_COL32_A_SHIFT) & 0xFF));
    const ImVec2 a = at(box.x0, box.y0 + 1, oy), b = at(box.x1, box.y1 - 1, oy);
    draw->AddRectFilled(a, b, colour);
    if (b.x - a.x < min_text_width) continue;
    const std::string name = item_name(t.items[box.item]);
    draw->PushClipRect(ImVec2(a.x + 2, a.y), ImVec2(b.x - 2, b.y), true);
    draw->AddText(ImVec2(a.x + 3, (a.y + b.y - line) / 2), on_box, name.c_str());
    draw->PopClipRect();
  }

  // Hover: outline the item and what it is linked with, and join a launch to its work.
  const int hovered_box = in_lanes && !ImGui::IsMouseDragging(ImGuiMouseButton_Left) ? item_at(l, mouse.x, mouse.y - oy) : -1;
  const Span* hovered_gap = nullptr;
  if (hovered_box >= 0) {
    const ItemBox& h = l.items[hovered_box];
    const float thickness = 2.0f * scale;
    draw->AddRect(at(h.x0, h.y0, oy), at(h.x1, h.y1, oy), text, 0.0f, 0, thickness);
    const Timeline& t = *tracks[h.track].timeline;
    const bool from_host = t.items[h.item].kind == ItemKind::HostCall;
    auto centre = [](const ItemBox& b) { return (b.x0 + b.x1) / 2; };
    for (const int i : linked_boxes(l, tracks, hovered_box)) {
      const ItemBox& o = l.items[i];
      draw->AddRect(at(o.x0, o.y0, oy), at(o.x1, o.y1, oy), text, 0.0f, 0, thickness);
      // A line from the launch down to the work it queued; the other nodes of the same
      // graph launch are only outlined.
      if (from_host) draw->AddLine(at(centre(h), h.y1, oy), at(centre(o), o.y0, oy), text, thickness / 2);
      else if (t.items[o.item].kind == ItemKind::HostCall)
        draw->AddLine(at(centre(o), o.y1, oy), at(centre(h), h.y0, oy), text, thickness / 2);
    }
  } else if (in_lanes) {
    for (const Span& s : l.spans)
      if (s.idle && mouse.x >= s.x0 - 2 * scale && mouse.x <= s.x1 + 2 * scale && mouse.y - oy >= s.y0 &&
          mouse.y - oy < s.y1)
        hovered_gap = &s;
  }
  draw->PopClipRect();

  // The time axis under the last track.
  const float axis_y = oy + static_cast<float>(l.height) + 2.0f * scale;
  draw->AddLine(ImVec2(static_cast<float>(x0), axis_y), ImVec2(static_cast<float>(x1), axis_y), grid);
  float last_right = -1e30f;
  for (const plot::Tick& t : ticks) {
    if (!t.major) continue;
    const float x = static_cast<float>(x0 + plot::fraction_of(plot::ScaleKind::Linear, view_, t.value) * (x1 - x0));
    draw->AddLine(ImVec2(x, axis_y), ImVec2(x, axis_y + 5.0f * scale), grid);
    const float w = ImGui::CalcTextSize(t.label.c_str()).x;
    if (x - w / 2 < last_right + pad) continue;
    draw->AddText(ImVec2(x - w / 2, axis_y + 5.0f * scale), text, t.label.c_str());
    last_right = x + w / 2;
  }
  const char* axis_title = "time from the start of each step";
  draw->AddText(ImVec2(static_cast<float>(x0), axis_y + 5.0f * scale + line + pad / 2), muted, axis_title);
  const char* hint =
      auto_fit_ ? tr("Ctrl+wheel: zoom   drag: pan   hover: details") : tr("double-click: fit the whole step");
  const float hint_width = ImGui::CalcTextSize(hint).x;
  draw->AddText(ImVec2(static_cast<float>(x1) - hint_width, axis_y + 5.0f * scale + line + pad / 2), muted, hint);

  if (hovered_box >= 0) {
    const ItemBox& h = l.items[hovered_box];
    const std::vector<std::string> lines = hover_lines(*tracks[h.track].timeline, h.item);
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (i == 0) ImGui::PushStyleColor(ImGuiCol_Text, item_colour(*tracks[h.track].timeline, h.item) | IM_COL32_A_MASK);
      ImGui::TextWrapped("%s", lines[i].c_str());
      if (i == 0) ImGui::PopStyleColor();
    }
    if (h.track < static_cast<int>(notes.size()) && notes[h.track].recorded)
      ImGui::TextDisabled("%s", notes[h.track].origin.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  } else if (hovered_gap) {
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(fill(tr("GPU idle for {0}"), {profile::format_duration_ns(hovered_gap->ns)}).c_str());
    ImGui::TextDisabled("%s", tr("no kernel, copy or memset ran: the GPU waited for the CPU's next launch"));
    ImGui::EndTooltip();
  }
  ImGui::PopID();
}

}  // namespace whygpu::app::timeline
