#pragma once
// A lesson page: its title, its text blocks top to bottom at a readable width, and its
// live panels where the lesson places them, each drawn so that a panel that throws is
// closed with its error shown instead of taking the app down.
#include <map>
#include <string>
#include <vector>

#include "app/lesson/lesson.h"
#include "app/panels/panel.h"
#include "app/panels/panel_host.h"
#include "app/predict/class_questions.h"
#include "app/predict/prediction_box.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {

// A rectangle on the screen, in pixels.
struct ScreenRect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  float height() const { return y1 - y0; }
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  bool contains(const ScreenRect& r) const { return r.x0 >= x0 && r.y0 >= y0 && r.x1 <= x1 && r.y1 <= y1; }
  bool overlaps(const ScreenRect& r) const { return r.x0 < x1 && x0 < r.x1 && r.y0 < y1 && y0 < r.y1; }
};

// Where the last frame drew the page: the presenter's stops bring a target into view from
// it, and the UI tests check from it what the class sees.
struct DrawnPage {
  ScreenRect visible;                            // the page's area that can be seen (inside its scroll bar)
  std::map<std::string, ScreenRect> panels;      // each panel drawn, by id
  std::map<std::string, ScreenRect> questions;   // each @predict box, by the id of the panel it is asked before
  std::vector<float> block_tops;                 // where the title and each block start (screen y), top down
};

class PageView {
 public:
  // Inside the page's child window. `errors`: the lesson's problems, listed at the top.
  // `language_note`: why the page is in English in another language (english_page_note), or "".
  void draw(const Lesson& lesson, std::vector<PanelSlot>& slots, const std::vector<std::string>& errors,
            const std::string& language_note, const Fonts& fonts, FrameContext frame);
  // One panel alone, filling the region (a maximised panel).
  void draw_alone(PanelSlot& slot, const Fonts& fonts, FrameContext frame);

  void scroll_to_top() {
    scroll_to_top_ = true;
    view_target_ = {};
  }
  // Brings the panel of this @panel block into view on the next frame.
  void scroll_to_block(int block) {
    scroll_to_block_ = block;
    view_target_ = {};
  }
  // Brings a panel (or, with `question`, the @predict box asked before it) wholly into
  // view over the next frames, scrolling as little as it must; a panel taller than the
  // page asks to fill the window instead (take_maximize_request). Then keeps it in view
  // while what is above it changes height (a live figure's line that wraps once more
  // pushed a demo stop's panel half out of view) until the reader scrolls the page.
  void bring_into_view(const std::string& panel_id, bool question);
  const DrawnPage& drawn() const { return drawn_; }
  // The panel whose maximise button was clicked this frame (or that is brought into view
  // and is taller than the page), or "".
  std::string take_maximize_request() { return std::exchange(maximize_request_, {}); }
  // True once after the maximised panel's "back" button was clicked.
  bool take_restore_request() { return std::exchange(restore_request_, false); }

  // Answers the page's first unanswered @predict (a script's `predict VALUE`).
  Status answer_prediction(const Lesson& lesson, const std::string& value);
  // True when the page asks a question before the panel of block `panel`.
  bool has_question_before(const Lesson& lesson, int panel) const;
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
  // The panel of block `b` with its maximise button, or its waiting card while one of
  // `questions` (the @predict blocks asked before it) holds it back.
  void draw_panel_block(const Lesson& lesson, PanelSlot& slot, int b, const std::vector<int>& questions,
                        FrameContext frame);
  // Records where a panel or question box was drawn, and scrolls towards it when it is
  // the one to bring into view.
  void drawn_at(const std::string& panel_id, bool question, ScreenRect rect);
  struct AskedBox {
    PredictionBox box;
    std::string language;  // of the words it shows (Lesson::language)
  };
  std::map<std::string, AskedBox> boxes_;  // by question_key: lesson id and @predict ordinal
  ClassQuestions* class_ = nullptr;
  std::string hovered_panel_;
  bool scroll_to_top_ = false;
  int scroll_to_block_ = -1;
  std::string maximize_request_;
  bool restore_request_ = false;
  DrawnPage drawn_;
  struct ViewTarget {
    std::string panel_id;  // "": none
    bool question = false;
    // Settling: the page settles over a few frames (fonts, a new caption's band), and a
    // panel found taller than the page then fills the window. After that, held in view.
    int settling_frames = 0;
  } view_target_;
  // Lets go of the view's target once the reader scrolls the page (wheel or scroll bar).
  void release_target_on_scrolling();
};

// Draws a panel; one that throws is closed, its ImGui state unwound, its error kept.
void draw_panel_guarded(PanelSlot& slot, const FrameContext& frame);

}  // namespace whygpu::app
