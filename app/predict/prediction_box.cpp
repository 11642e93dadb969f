#include "app/predict/prediction_box.h"

#include <imgui.h>

#include <cmath>
#include <cstdlib>
#include <functional>

#include "app/files/untrusted_text.h"
#include "app/i18n/translate.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/card.h"
#include "app/widgets/flow_layout.h"

namespace whygpu::app {

PredictionBox::PredictionBox(Prediction prediction) : p_(std::move(prediction)) {}

void PredictionBox::reword(const Prediction& wording) {
  p_.question = wording.question;
  p_.explain = wording.explain;
  p_.unit = wording.unit;
  if (wording.choices.size() == p_.choices.size()) p_.choices = wording.choices;
}

std::string PredictionBox::answer_text() const {
  if (p_.kind == Prediction::Kind::choice) return choice_ >= 0 ? p_.choices[choice_] : "";
  const double value = p_.min * std::pow(p_.max / p_.min, static_cast<double>(slider_));
  return readable_number(value) + (p_.unit.empty() ? "" : " " + p_.unit);
}

Status PredictionBox::answer(const std::string& value) {
  if (value == "skip") {
    skipped_ = true;
    return Status::ok();
  }
  char* end = nullptr;
  const double v = std::strtod(value.c_str(), &end);
  if (value.empty() || *end != '\0' || !std::isfinite(v)) return Status::error(tr("predict wants a number or skip"));
  if (p_.kind == Prediction::Kind::choice) {
    if (v != std::floor(v) || v < 1 || v > static_cast<double>(p_.choices.size()))
      return Status::error(fill(tr("predict: this question has choices 1 to {0}"), {std::to_string(p_.choices.size())}));
    choice_ = static_cast<int>(v) - 1;
  } else {
    if (v < p_.min || v > p_.max)
      return Status::error(
          fill(tr("predict: the answer must be from {0} to {1}"), {readable_number(p_.min), readable_number(p_.max)}));
    slider_ = static_cast<float>(std::log(v / p_.min) / std::log(p_.max / p_.min));
  }
  committed_ = true;
  return Status::ok();
}

void PredictionBox::draw(const Panel* panel, const Fonts& fonts, float width) {
  draw_card(this, width, palette().warning, [&](float inner) {
    if (!answered()) draw_question(fonts, inner);
    else draw_outcome(panel, fonts, inner);
  });
}

namespace {

// Wide enough to put a question beside its answers: a box on a projector at text x2 is
// then short enough to be seen whole with the caption band under it.
bool side_by_side(float width) { return width >= 30.0f * ImGui::GetFontSize(); }

// `first` then `second`, beside each other when the box is wide (`first` taking
// `first_share` of it), else one under the other.
void in_columns(float width, float first_share, const std::function<void(float)>& first,
                const std::function<void(float)>& second) {
  if (side_by_side(width)) return two_columns(width, first_share, first, second);
  first(width);
  second(width);
}

}  // namespace

void PredictionBox::draw_question(const Fonts& fonts, float width) {
  ImGui::PushFont(fonts.strong);
  ImGui::TextUnformatted(tr("Predict first"));
  ImGui::PopFont();
  // The answers get the wider column: there are several, and each is a line of its own.
  in_columns(
      width, 0.4f, [&](float) { wrapped_text_unformatted(p_.question); },
      [&](float column) {
        if (p_.kind == Prediction::Kind::choice) {
          // A radio button and, beside it, its answer wrapped within the box: answers can be
          // long, and at projector sizes a radio's own label would run off the edge. Rows
          // closer than paragraphs, so that four answers fit beside the question.
          const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
          ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing.x, 0.5f * spacing.y));
          for (int i = 0; i < static_cast<int>(p_.choices.size()); ++i) {
            ImGui::PushID(i);
            if (ImGui::RadioButton("##choice", choice_ == i)) choice_ = i;
            ImGui::PopID();
            ImGui::SameLine();
            wrapped_text_unformatted(p_.choices[i]);
            if (ImGui::IsItemClicked()) choice_ = i;
          }
          ImGui::PopStyleVar();
        } else {
          ImGui::SetNextItemWidth(std::min(column, 28.0f * ImGui::GetFontSize()));
          // The slider shows its value through a printf format: the lesson's unit goes in escaped.
          ImGui::SliderFloat("##guess", &slider_, 0.0f, 1.0f, as_literal_format(answer_text()).c_str());
          // One line beside the slider, where it fits: the column's wrap position would stand
          // it on end, a letter a line.
          if (same_line_if_fits(text_width(tr("drag to choose")))) {
            ImGui::PushTextWrapPos(-1.0f);
            ImGui::TextDisabled("%s", tr("drag to choose"));
            ImGui::PopTextWrapPos();
          }
        }
      });
  const bool ready = p_.kind == Prediction::Kind::number || choice_ >= 0;
  ImGui::BeginDisabled(!ready);
  if (ImGui::Button(tr_id("Commit my prediction").c_str())) committed_ = true;
  ImGui::EndDisabled();
  same_line_if_fits(button_width(tr("Skip")));
  if (ImGui::Button(tr_id("Skip").c_str())) skipped_ = true;
}

void PredictionBox::draw_outcome(const Panel* panel, const Fonts& fonts, float width) {
  PanelResult result;
  const bool measured = panel && !p_.result.empty() && panel->result(p_.result, &result);
  const bool waiting = !p_.result.empty() && !measured;
  // How the guess fared, and beside it (once there is a result) why. The question itself
  // was on screen a moment ago, where this box now is; left out, the box fits a
  // projector's page whole at text x2 with the caption band under it. Ask again shows it.
  const auto verdict = [&](float) {
    ImGui::PushFont(fonts.strong);
    if (committed_) wrapped_text_unformatted(fill(tr("Your prediction: {0}"), {answer_text()}));
    else ImGui::TextUnformatted(tr("No prediction (skipped)."));
    ImGui::PopFont();
    if (waiting) {
      wrapped_text(panel ? tr("Now run it below: the answer appears here when the measurement is done.")
                         : tr("The panel this question belongs to is not running on this page."),
                   palette().muted_text);
      return;
    }
    if (measured) {
      const std::string shown = !result.text.empty() ? result.text : readable_number(result.value);
      wrapped_text_unformatted(fill(tr("Measured: {0}"), {shown}));
    }
    if (p_.kind == Prediction::Kind::number && committed_ && measured) {
      const double predicted = p_.min * std::pow(p_.max / p_.min, static_cast<double>(slider_));
      wrapped_text(compare_numbers(predicted, result.value), palette().gpu_alt);
    }
    if (p_.kind == Prediction::Kind::choice) {
      const int right = p_.answer >= 0 ? p_.answer : measured ? static_cast<int>(std::lround(result.value)) : -1;
      if (right >= 0 && right < static_cast<int>(p_.choices.size())) {
        if (committed_ && choice_ == right) wrapped_text(fill(tr("Right: {0}"), {p_.choices[right]}), palette().gpu);
        else wrapped_text(fill(tr("The answer: {0}"), {p_.choices[right]}), palette().warning);
      }
    }
  };
  const auto verdict_and_ask_again = [&](float column) {
    verdict(column);
    if (ImGui::SmallButton(tr_id("Ask again").c_str())) committed_ = skipped_ = false;
  };
  if (waiting) verdict_and_ask_again(width);
  else in_columns(width, 0.4f, verdict_and_ask_again, [&](float) { wrapped_text_unformatted(p_.explain); });
}

}  // namespace whygpu::app
