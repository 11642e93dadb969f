#pragma once
// The teacher's side of a class session, as the Shell owns it: starts and ends the
// session, shows its join screen, asks the class the open page's first @predict (a page's
// later questions keep their own boxes), reveals and opens the second round, and saves
// every answer as CSV in the data folder (classes/) after each reveal and at the end.
// Peer instruction: the answer (measurement, explanation, the panel) waits until the
// question is settled, by the second round's reveal or by the teacher, so that the class
// argues over its own spread, not over the answer.
#include <memory>
#include <set>
#include <utility>
#include <string>

#include "app/classroom/class_session.h"
#include "app/classroom/class_views.h"
#include "app/classroom/qr_code.h"
#include "app/predict/class_questions.h"

namespace whygpu::app {

class Classroom final : public ClassQuestions {
 public:
  ~Classroom() override;

  // Serves on `interface_name` ("" for the default route's) and shows the join screen.
  Status start(const std::string& interface_name);
  // Saves the answers and stops serving; *saved: the CSV's path ("" when nobody answered).
  Status stop(std::string* saved);
  bool active() const { return session_ != nullptr; }
  const ClassSession* session() const { return session_.get(); }

  bool join_screen_shown() const { return active() && join_screen_; }
  void show_join_screen(bool shown) { join_screen_ = shown; }
  // Draws the join screen in the region; returns what its buttons asked.
  ClassButton draw_join_screen(const Fonts& fonts);

  // The asked question's open round: its answers go on the projector; then a second round.
  Status reveal();
  Status vote_again();
  // After a reveal: the teacher settles the asked question (its answer shows).
  void show_answer() { settle(asked_key_); }
  // What the asked question allows now, for the Class menu.
  bool can_reveal() const;
  bool can_vote_again() const;
  bool can_show_answer() const;

  // Around PageView::draw of the page `lesson_file`: the question the page drew first is
  // the one the phones show; a page without one leaves them waiting.
  void begin_page(const std::string& lesson_file);
  void end_page();

  bool draw_question(const std::string& key, const Prediction& prediction, const Panel* panel, const Fonts& fonts,
                     float width, float visible_height) override;
  bool asks(const std::string& key) const override;
  bool holds_panel(const std::string& key) const override;
  void settle(const std::string& key) override;

  // What went wrong since the last call (a save that failed), for the status bar.
  std::string take_error() { return std::exchange(error_, {}); }

 private:
  Status save();
  bool settled(const std::string& key) const;
  bool voting() const;  // a question is on the phones and not settled yet

  std::unique_ptr<ClassSession> session_;
  QrCode qr_;
  bool join_screen_ = true;
  ClassView view_;
  std::string csv_path_;
  std::string page_file_;
  std::string asked_key_;     // the question the phones show, "" none
  ClassQuestion asked_question_;  // ... in the words they show it in
  std::string page_key_;      // the first unfinished question drawn on the page this frame
  Prediction page_question_;  // ... and its directive
  std::set<std::string> settled_;  // questions whose answer the teacher has shown
  float vote_card_rest_ = 0.0f;      // the vote card's height apart from its histograms, last drawn
  std::string error_;
};

}  // namespace whygpu::app
