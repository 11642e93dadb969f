#include "app/classroom/class_views.h"

#include <imgui.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "app/classroom/class_histogram.h"
#include "app/i18n/translate.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/card.h"
#include "app/widgets/flow_layout.h"

namespace whygpu::app {
namespace {

constexpr ImU32 kWhite = IM_COL32(255, 255, 255, 255), kBlack = IM_COL32(0, 0, 0, 255);

// Modules of `qr` in a white square of `side` pixels at the cursor, with the quiet zone
// of four modules the standard asks for.
void draw_qr(const QrCode& qr, float side) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(at, ImVec2(at.x + side, at.y + side), kWhite);
  const float module = side / static_cast<float>(qr.size + 8);
  for (int y = 0; y < qr.size; ++y)
    for (int x = 0; x < qr.size; ++x)
      if (qr.at(x, y)) {
        const ImVec2 a(at.x + (x + 4) * module, at.y + (y + 4) * module);
        draw->AddRectFilled(a, ImVec2(a.x + module, a.y + module), kBlack);
      }
  ImGui::Dummy(ImVec2(side, side));
}

// Text larger than any font of the atlas, for reading across a room.
void huge_text(ImFont* font, float scale, const std::string& text, ImU32 colour) {
  const float size = font->FontSize * scale;
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
  ImGui::GetWindowDrawList()->AddText(font, size, ImGui::GetCursorScreenPos(), colour, text.c_str());
  ImGui::Dummy(extent);
}

std::string with_unit(const std::string& number, const ClassQuestion& q) {
  return q.unit.empty() ? number : number + " " + q.unit;
}

// One round's histogram in a box `size` at the cursor; the measurement (0..1 on the
// slider, or a choice's bar) drawn across it when known.
void draw_histogram(const ClassQuestion& q, const ClassRound& round, const char* title, double measured_at,
                    int right, ImVec2 size) {
  ImGui::BeginGroup();
  const std::string heading = fill(tr("{0}: {1} answers"), {title, std::to_string(static_cast<int>(round.answers.size()))});
  const std::vector<int> counts = class_histogram(q, round);
  const int most = std::max(1, counts.empty() ? 1 : *std::max_element(counts.begin(), counts.end()));
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), ImGui::GetColorU32(ImGuiCol_FrameBg));
  const float bar = size.x / static_cast<float>(std::max<std::size_t>(1, counts.size()));
  for (std::size_t i = 0; i < counts.size(); ++i) {
    // Above the tallest bar: a line for its count, and one for the heading and the
    // measurement's label.
    const float h = (size.y - 2 * ImGui::GetFontSize()) * static_cast<float>(counts[i]) / static_cast<float>(most);
    const ImVec2 top(at.x + bar * static_cast<float>(i) + 2, at.y + size.y - h);
    const ImU32 colour = static_cast<int>(i) == right ? palette().gpu : palette().cpu;
    if (counts[i] > 0) draw->AddRectFilled(top, ImVec2(top.x + bar - 4, at.y + size.y), colour);
    if (counts[i] > 0) {
      const std::string n = std::to_string(counts[i]);
      draw->AddText(ImVec2(top.x + (bar - 4 - ImGui::CalcTextSize(n.c_str()).x) / 2, top.y - ImGui::GetFontSize()),
                    ImGui::GetColorU32(ImGuiCol_Text), n.c_str());
    }
  }
  const float heading_width = ImGui::CalcTextSize(heading.c_str()).x;
  draw->AddText(ImVec2(at.x + 4, at.y), ImGui::GetColorU32(ImGuiCol_Text), heading.c_str());
  if (measured_at >= 0) {
    const float x = at.x + static_cast<float>(measured_at) * size.x;
    draw->AddLine(ImVec2(x, at.y), ImVec2(x, at.y + size.y), palette().gpu_alt, 3.0f);
    // The label on the side of the line with room for it, on the heading's line where it
    // clears the heading, else on the next.
    const float label = ImGui::CalcTextSize(tr("measured")).x;
    const float label_x = x + 4 + label > at.x + size.x ? x - 4 - label : x + 4;
    const float label_y = label_x < at.x + 4 + heading_width + ImGui::GetFontSize() * 0.5f ? at.y + ImGui::GetFontSize() : at.y;
    draw->AddText(ImVec2(label_x, label_y), palette().gpu_alt, tr("measured"));
  }
  ImGui::Dummy(size);
  // The axis: the slider's ends under the box's ends, or each choice's number under its bar.
  const ImVec2 axis = ImGui::GetCursorScreenPos();
  const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);
  if (q.kind == Prediction::Kind::number) {
    // The unit once, between the ends, where it fits: two histograms side by side are narrow.
    const std::string lo = readable_number(q.min), hi = readable_number(q.max);
    const float lo_width = ImGui::CalcTextSize(lo.c_str()).x, hi_width = ImGui::CalcTextSize(hi.c_str()).x;
    draw->AddText(axis, text_colour, lo.c_str());
    draw->AddText(ImVec2(axis.x + size.x - hi_width, axis.y), text_colour, hi.c_str());
    const float unit_width = ImGui::CalcTextSize(q.unit.c_str()).x, gap = ImGui::GetFontSize();
    if (unit_width / 2 + std::max(lo_width, hi_width) + gap <= size.x / 2)
      draw->AddText(ImVec2(axis.x + (size.x - unit_width) / 2, axis.y), palette().muted_text, q.unit.c_str());
  } else {
    for (std::size_t i = 0; i < counts.size(); ++i) {
      const std::string n = std::to_string(i + 1);
      draw->AddText(ImVec2(axis.x + bar * (static_cast<float>(i) + 0.5f) - ImGui::CalcTextSize(n.c_str()).x / 2, axis.y),
                    text_colour, n.c_str());
    }
  }
  ImGui::Dummy(ImVec2(size.x, ImGui::GetTextLineHeight()));
  ImGui::EndGroup();
}

// A choice question's choices in two columns (they are sentences: one a line would not fit
// the projector's view beside the rest of the card); `right`'s in the GPU's colour.
void draw_choices(const ClassQuestion& q, int right) {
  if (!ImGui::BeginTable("choices", 2)) return;
  for (std::size_t i = 0; i < q.choices.size(); ++i) {
    ImGui::TableNextColumn();
    ImGui::PushTextWrapPos(0.0f);  // the column's edge
    wrapped_text(std::to_string(i + 1) + ". " + q.choices[i],
                 static_cast<int>(i) == right ? palette().gpu : ImGui::GetColorU32(ImGuiCol_Text));
    ImGui::PopTextWrapPos();
  }
  ImGui::EndTable();
}

}  // namespace

ClassButton draw_join_screen(const ClassSession& session, const QrCode& qr, int students, const Fonts& fonts) {
  ClassButton pressed = ClassButton::none;
  const ImVec2 room = ImGui::GetContentRegionAvail();
  ImGui::PushFont(fonts.heading1);
  ImGui::TextUnformatted(tr("Join the class"));
  ImGui::PopFont();
  ImGui::TextWrapped(
      "%s",
      tr("Scan the code with your phone's camera, or type the address into any browser. No app, no account, no name."));
  ImGui::Spacing();
  const float side = std::min(room.y * 0.62f, room.x * 0.42f);
  draw_qr(qr, side);
  ImGui::SameLine(0, ImGui::GetFontSize() * 2);
  ImGui::BeginGroup();
  ImGui::TextDisabled("%s", tr("Address"));
  huge_text(fonts.heading1, 1.4f, "http://" + session.address(), ImGui::GetColorU32(ImGuiCol_Text));
  ImGui::Spacing();
  ImGui::TextDisabled("%s", tr("Room code"));
  huge_text(fonts.heading1, 2.6f, session.room_code(), palette().warning);
  ImGui::Spacing();
  ImGui::PushFont(fonts.heading2);
  ImGui::TextUnformatted(fill(tr("{0} joined"), {std::to_string(students)}).c_str());
  ImGui::PopFont();
  ImGui::EndGroup();
  ImGui::Spacing();
  wrapped_text(fill(tr("Served on {0} ({1}) only, and only while this class session lasts."),
                    {session.network().name, session.network().ipv4}),
               palette().muted_text);
  if (ImGui::Button(tr_id("Back to the lesson").c_str())) pressed = ClassButton::back_to_lesson;
  same_line_if_fits(button_width(tr("End the class session")));
  if (ImGui::Button(tr_id("End the class session").c_str())) pressed = ClassButton::end_session;
  return pressed;
}

ClassButton draw_class_vote(const ClassView& view, const Prediction& prediction, bool answer_shown,
                            const PanelResult* measured, int right, const Fonts& fonts, float width,
                            float visible_height, float* rest_height) {
  ClassButton pressed = ClassButton::none;
  float histogram_height = 0.0f;
  const float card_top = ImGui::GetCursorScreenPos().y;
  draw_card(&view, width, palette().gpu_alt, [&](float inner_width) {
    const ClassRound& open = view.rounds.back();
    const int round_number = static_cast<int>(view.rounds.size());
    // What the card names shrinks as the vote goes on, so that the card fits the view:
    // once the class's answers are up, the histograms say whose they are; once the answer
    // is up, it says what was asked.
    if (!view.rounds.front().revealed) {
      ImGui::PushFont(fonts.strong);
      ImGui::TextUnformatted(tr("The class predicts"));
      ImGui::PopFont();
    }
    if (!answer_shown) wrapped_text_unformatted(view.question.text);
    // The choices once: under round 1's histogram when it is on show.
    if (view.question.kind == Prediction::Kind::choice && !view.rounds.front().revealed) draw_choices(view.question, -1);
    // What goes under the histograms.
    std::vector<std::pair<std::string, ImU32>> below;
    const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);
    bool buttons = false;
    if (answer_shown && measured) {
      const std::string shown =
          !measured->text.empty() ? measured->text : with_unit(readable_number(measured->value), view.question);
      below.emplace_back(fill(tr("Measured: {0}"), {shown}), palette().gpu_alt);
      below.emplace_back(prediction.explain, text_colour);
    } else if (answer_shown && !prediction.result.empty()) {
      below.emplace_back(tr("Now run it below: the measurement is drawn across the class's answers."),
                         palette().muted_text);
    } else if (answer_shown) {
      below.emplace_back(prediction.explain, text_colour);
    } else if (open.revealed) {
      // A round revealed and more to come (the last one's reveal settles the question): the
      // class argues over its spread, then votes again, unless the teacher shows the answer.
      below.emplace_back(tr("Talk it over with your neighbour, then vote again."), palette().muted_text);
      buttons = true;
    } else {
      buttons = true;
    }
    // Each revealed round, side by side: the class's first answers beside its second.
    const double measured_at = answer_shown && measured && view.question.kind == Prediction::Kind::number
                                   ? slider_position(view.question, measured->value)
                                   : -1.0;
    // The histograms take the height the rest of the card left in the view when last drawn
    // (the rest's height is known once it is laid out: wrapped text, buttons).
    const float gap = ImGui::GetFontSize();
    const float each = (inner_width - gap) / 2;
    const float tallest = std::max(6.0f * ImGui::GetFontSize(), each * 0.45f);
    const float room = *rest_height > 0 ? visible_height - ImGui::GetStyle().ItemSpacing.y - *rest_height : tallest;
    const ImVec2 box(each, std::clamp(room, 3.0f * ImGui::GetFontSize(), tallest));
    for (int r = 0; r < round_number; ++r) {
      if (!view.rounds[static_cast<std::size_t>(r)].revealed) continue;
      if (r > 0) ImGui::SameLine(0, gap);
      draw_histogram(view.question, view.rounds[static_cast<std::size_t>(r)], r == 0 ? tr("Round 1") : tr("Round 2"),
                     measured_at, answer_shown ? right : -1, box);
      histogram_height = box.y;
    }
    // Under the histograms, which number their bars: every choice while the class argues;
    // once the answer is up, the right one alone, unless the measurement says it.
    if (view.rounds.front().revealed && view.question.kind == Prediction::Kind::choice) {
      if (!answer_shown) {
        draw_choices(view.question, -1);
      } else if (!measured && right >= 0 && right < static_cast<int>(view.question.choices.size())) {
        wrapped_text(std::to_string(right + 1) + ". " + view.question.choices[static_cast<std::size_t>(right)],
                     palette().gpu);
      }
    }
    for (const auto& [text, colour] : below) wrapped_text(text, colour);
    if (!buttons) return;
    if (!open.revealed) {
      // How many have answered, beside the button that shows their answers.
      ImGui::PushFont(fonts.heading2);
      ImGui::TextUnformatted(fill(round_number > 1 ? tr("Round 2: {0} of {1} answered") : tr("{0} of {1} answered"),
                                  {std::to_string(static_cast<int>(open.answers.size())), std::to_string(view.students)})
                                 .c_str());
      ImGui::PopFont();
      same_line_if_fits(button_width(tr("Reveal the answers")));
      if (ImGui::Button(tr_id("Reveal the answers").c_str())) pressed = ClassButton::reveal;
      return;
    }
    if (ImGui::Button(tr_id("Vote again").c_str())) pressed = ClassButton::vote_again;
    same_line_if_fits(button_width(tr("Show the answer")));
    if (ImGui::Button(tr_id("Show the answer").c_str())) pressed = ClassButton::show_answer;
  });
  *rest_height = histogram_height > 0 ? ImGui::GetCursorScreenPos().y - card_top - histogram_height : 0.0f;
  return pressed;
}

}  // namespace whygpu::app
