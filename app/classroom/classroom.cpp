#include "app/classroom/classroom.h"

#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>

#include "app/classroom/class_views.h"
#include "app/files/file_locations.h"
#include "app/i18n/translate.h"
#include "compute/core/text_file.h"

namespace whygpu::app {
namespace {

// "classes/class-2026-11-27-1412-AB2C.csv" in the data folder: one file per session.
std::string csv_path_for(const std::string& room_code) {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M", &local);
  return user_folder(UserFolder::kData) + "/classes/class-" + stamp + "-" + room_code + ".csv";
}

}  // namespace

Classroom::~Classroom() {
  std::string saved;
  stop(&saved);
}

Status Classroom::start(const std::string& interface_name) {
  if (session_) return Status::ok();
  Status status = Status::ok();
  std::unique_ptr<ClassSession> session = ClassSession::start(interface_name, &status);
  if (!session) return status;
  if (Status qr = make_qr_code(session->join_url(), &qr_); !qr) return qr;
  session_ = std::move(session);
  csv_path_ = csv_path_for(session_->room_code());
  join_screen_ = true;
  view_ = ClassView{};
  asked_key_.clear();
  settled_.clear();
  return Status::ok();
}

Status Classroom::stop(std::string* saved) {
  saved->clear();
  if (!session_) return Status::ok();
  const Status status = save();
  if (status && !session_->csv().empty() && std::filesystem::exists(csv_path_)) *saved = csv_path_;
  session_.reset();  // stops serving
  asked_key_.clear();
  return status;
}

Status Classroom::save() {
  const std::string csv = session_->csv();
  if (csv.find('\n') + 1 == csv.size()) return Status::ok();  // the header alone: nobody answered
  std::error_code error;
  std::filesystem::create_directories(std::filesystem::path(csv_path_).parent_path(), error);
  if (error)
    return Status::error(Wording::sentence(N_("cannot make the folder for the class's answers: {0}"), {error.message()}));
  return write_file_atomically(csv_path_, csv);
}

ClassButton Classroom::draw_join_screen(const Fonts& fonts) {
  session_->follow_language();
  session_->refresh(&view_);
  return app::draw_join_screen(*session_, qr_, view_.students, fonts);
}

Status Classroom::reveal() {
  if (!session_) return Status::ok();  // a demo played without a class: nothing to reveal
  if (Status s = session_->reveal(); !s) return s;
  return save();
}

Status Classroom::vote_again() {
  if (!session_) return Status::ok();
  return session_->vote_again();
}

void Classroom::begin_page(const std::string& lesson_file) {
  page_file_ = lesson_file;
  page_key_.clear();
}

void Classroom::end_page() {
  if (!session_) return;
  session_->follow_language();
  if (page_key_.empty() && !asked_key_.empty()) {
    session_->clear_question();
    asked_key_.clear();
  } else if (!page_key_.empty()) {
    // A new question, or the same one in the teacher's new language (its words changed).
    const ClassQuestion question = class_question_of(page_question_);
    if (page_key_ != asked_key_ || !same_words(question, asked_question_)) {
      session_->ask(page_key_, question);
      asked_key_ = page_key_;
      asked_question_ = question;
    }
  }
  session_->refresh(&view_);
}

bool Classroom::draw_question(const std::string& key, const Prediction& prediction, const Panel* panel,
                              const Fonts& fonts, float width, float visible_height) {
  if (!session_ || (!page_key_.empty() && page_key_ != key)) return false;
  page_key_ = key;
  page_question_ = prediction;
  session_->refresh(&view_);
  if (key != asked_key_ || view_.key != key || view_.rounds.empty()) return false;  // asked at the page's end
  PanelResult result;
  const bool answer_shown = settled(key);
  const bool measured = answer_shown && panel && !prediction.result.empty() && panel->result(prediction.result, &result);
  const int right = prediction.answer >= 0 ? prediction.answer : measured ? static_cast<int>(std::lround(result.value)) : -1;
  const ClassButton pressed =
      draw_class_vote(view_, prediction, answer_shown, measured ? &result : nullptr, right, fonts, width, visible_height,
                      &vote_card_rest_);
  if (pressed == ClassButton::show_answer) settle(key);
  const Status status = pressed == ClassButton::reveal       ? reveal()
                        : pressed == ClassButton::vote_again ? vote_again()
                                                             : Status::ok();
  if (!status) error_ = translated(status);
  return true;
}

bool Classroom::asks(const std::string& key) const {
  return session_ && (key == asked_key_ || key == page_key_);
}

bool Classroom::holds_panel(const std::string& key) const { return !settled(key); }

bool Classroom::voting() const { return !asked_key_.empty() && !view_.rounds.empty() && !settled(asked_key_); }

bool Classroom::can_reveal() const { return voting() && !view_.rounds.back().revealed; }

bool Classroom::can_vote_again() const {
  return can_show_answer() && static_cast<int>(view_.rounds.size()) < kMaxClassRounds;
}

bool Classroom::can_show_answer() const { return voting() && view_.rounds.back().revealed; }

void Classroom::settle(const std::string& key) {
  if (session_) settled_.insert(key);
}

bool Classroom::settled(const std::string& key) const {
  if (settled_.count(key) > 0) return true;
  // The last round revealed: nothing is left to vote on.
  return key == asked_key_ && view_.key == key && static_cast<int>(view_.rounds.size()) >= kMaxClassRounds &&
         view_.rounds.back().revealed;
}

}  // namespace whygpu::app
