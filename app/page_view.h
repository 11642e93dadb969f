#pragma once
// A lesson page: its title, its text blocks top to bottom at a readable width, and its
// live panels where the lesson places them, each drawn so that a panel that throws is
// closed with its error shown instead of taking the app down.
#include <map>
#include <string>
#include <vector>

#include "app/lesson/lesson.h"
#include "app/panel.h"
#include "app/panel_host.h"
#include "app/predict/class_questions.h"
#include "app/predict/prediction_box.h"
#include "app/ui_style.h"

namespace whygpu::app {

class PageView {
 public:
  // Inside the page's child window. `errors`: the lesson's problems, listed at the top.
  // `language_note`: why the page is in English in another language (english_page_note), or "".
  void draw(const Lesson& lesson, std::vector<PanelSlot>& slots, const std::vector<std::string>& errors,
            const std::string& language_note, const Fonts& fonts, FrameContext frame);
  // One panel alone, filling the region (a maximised panel).
  void draw_alone(PanelSlot& slot, const Fonts& fonts, FrameContext frame);

  void scroll_to_top() { scroll_to_top_ = true; }
  // Brings the panel of this @panel block into view on the next frame.
  void scroll_to_block(int block) { scroll_to_block_ = block; }
  // The panel whose maximise button was clicked this frame, or "".
  std::string take_maximize_request() { return std::exchange(maximize_request_, {}); }
  // True once after the maximised panel's "back" button was clicked.
  bool take_restore_request() { return std::exchange(restore_request_, false); }

  // Answers the page's first unanswered @predict (a script's `predict VALUE`).
  Status answer_prediction(const Lesson& lesson, const std::string& value);
  // True while a question asked before the panel of block `panel` is unanswered.
  bool panel_waits(const Lesson& lesson, int panel);
  // While a class session runs, the class answers the page's question (null: no session).
  void set_class_questions(ClassQuestions* questions) { class_ = questions; }
  // The panel under the mouse pointer last frame, or "".
  const std::string& hovered_panel() const { return hovered_panel_; }

 private:
  // The box of the @predict at block `b`, made on first use; null when its directive is
  // wrong (the error is listed at the top of the page).
  PredictionBox* box(const Lesson& lesson, int b);
  // Whether the question at block `b` holds its panel back: the class's, or the box's own.
  bool question_waits(const Lesson& lesson, int b);
  std::map<std::string, PredictionBox> boxes_;  // by "file:line" of the directive
  ClassQuestions* class_ = nullptr;
  std::string hovered_panel_;
  bool scroll_to_top_ = false;
  int scroll_to_block_ = -1;
  std::string maximize_request_;
  bool restore_request_ = false;
};

// Draws a panel; one that throws is closed, its ImGui state unwound, its error kept.
void draw_panel_guarded(PanelSlot& slot, const FrameContext& frame);

}  // namespace whygpu::app
