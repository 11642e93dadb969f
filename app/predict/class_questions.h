#pragma once
// While a class session runs, the class answers a page's @predict questions instead of
// the teacher alone (app/classroom/classroom.h). The page hands each question to this
// hook as it draws it; the hook draws the class's view in the box's place and says when
// the panel the question belongs to may open.
#include <string>

#include "app/panels/panel.h"
#include "app/predict/prediction.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {

class ClassQuestions {
 public:
  virtual ~ClassQuestions() = default;
  // The @predict at `key` ("lesson-id#0") on the open page, top to bottom, each
  // frame it is drawn; `panel`: the one it comes before (null when none);
  // `visible_height`: the page's, which the class's view fits in. Returns true when the
  // class's view was drawn in place of the question's own box.
  virtual bool draw_question(const std::string& key, const Prediction& prediction, const Panel* panel,
                             const Fonts& fonts, float width, float visible_height) = 0;
  // Whether the class answers the question at `key` (the box's own answer does not count).
  virtual bool asks(const std::string& key) const = 0;
  // True until the teacher settles the question at `key`: its panel waits.
  virtual bool holds_panel(const std::string& key) const = 0;
  // The teacher moves on to the answer of the question at `key` (a demo's `predict` line):
  // the class sees the measurement and the explanation, and the panel opens.
  virtual void settle(const std::string& key) = 0;
};

}  // namespace whygpu::app
