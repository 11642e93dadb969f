#pragma once
// The box a @predict directive puts on the page: the question and a way to answer
// (a logarithmic slider with the unit, or choices), Commit and Skip; once answered, the
// answer beside what the panel measured and the explanation. Until the student answers
// or skips, the page draws the panel it belongs to greyed out, so the measurement cannot
// come first.
#include <string>

#include "app/panels/panel.h"
#include "app/predict/prediction.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {

class PredictionBox {
 public:
  explicit PredictionBox(Prediction prediction);

  // `panel`: the panel it belongs to (null on a text-only page, or if it did not start).
  void draw(const Panel* panel, const Fonts& fonts, float width);

  bool answered() const { return committed_ || skipped_; }
  const Prediction& prediction() const { return p_; }
  // A script's `predict VALUE`: a number, the number of a choice (from 1), or "skip".
  Status answer(const std::string& value);
  // The same question in another language: the words of `wording` (question, explanation,
  // unit, choices); its answer, range and result stay.
  void reword(const Prediction& wording);

 private:
  void draw_question(const Fonts& fonts, float width);
  void draw_outcome(const Panel* panel, const Fonts& fonts, float width);
  std::string answer_text() const;

  Prediction p_;
  float slider_ = 0.5f;  // position on the log slider, 0..1
  int choice_ = -1;
  bool committed_ = false;
  bool skipped_ = false;
};

}  // namespace whygpu::app
