#include "app/classroom/class_state.h"

#include <cmath>
#include <cstdio>
#include <random>

namespace whygpu::app {
namespace {

// A CSV field: quoted when it holds a comma, quote or line break; a text that a
// spreadsheet would run as a formula (=, +, -, @ first) is kept as text with a quote mark.
std::string csv_field(std::string text) {
  if (!text.empty() && (text[0] == '=' || text[0] == '+' || text[0] == '-' || text[0] == '@')) text = "'" + text;
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string number_text(double value) {
  char text[40];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

}  // namespace

ClassQuestion class_question_of(const Prediction& prediction) {
  ClassQuestion q;
  q.kind = prediction.kind;
  q.text = prediction.question;
  q.unit = prediction.unit;
  q.min = prediction.min;
  q.max = prediction.max;
  q.choices = prediction.choices;
  return q;
}

ClassState::ClassState(std::string room_code) : room_code_(std::move(room_code)) {}

bool same_words(const ClassQuestion& a, const ClassQuestion& b) {
  return a.text == b.text && a.unit == b.unit && a.choices == b.choices;
}

void ClassState::ask(const std::string& key, const ClassQuestion& question) {
  int found = -1;
  for (int i = 0; i < static_cast<int>(asked_.size()); ++i)
    if (asked_[i].key == key) found = i;
  bool reworded = false;
  if (found < 0) {
    asked_.push_back({key, question, {ClassRound{}}});
    found = static_cast<int>(asked_.size()) - 1;
  } else if (!same_words(asked_[found].question, question)) {
    // The same question in the teacher's new language: its rounds and answers stay.
    asked_[found].question.text = question.text;
    asked_[found].question.unit = question.unit;
    if (question.choices.size() == asked_[found].question.choices.size()) asked_[found].question.choices = question.choices;
    reworded = true;
  }
  if (found == current_ && !reworded) return;
  current_ = found;
  ++version_;
  ++answers_version_;
}

void ClassState::page_changed() {
  ++page_;
  ++version_;
}

void ClassState::end() {
  clear_question();
  ended_ = true;
  ++version_;
}

void ClassState::clear_question() {
  if (current_ < 0) return;
  current_ = -1;
  ++version_;
  ++answers_version_;
}

const AskedQuestion* ClassState::current() const { return current_ < 0 ? nullptr : &asked_[current_]; }

int ClassState::current_round() const {
  return current_ < 0 ? 0 : static_cast<int>(asked_[current_].rounds.size());
}

Status ClassState::reveal() {
  if (current_ < 0) return Status::error(Wording::sentence(N_("no question is asked")));
  ClassRound& round = asked_[current_].rounds.back();
  if (round.revealed) return Status::ok();
  round.revealed = true;
  ++version_;
  ++answers_version_;
  return Status::ok();
}

Status ClassState::vote_again() {
  if (current_ < 0) return Status::error(Wording::sentence(N_("no question is asked")));
  std::vector<ClassRound>& rounds = asked_[current_].rounds;
  if (!rounds.back().revealed) return Status::error(Wording::sentence(N_("reveal the answers first: the class votes again after seeing them")));
  if (static_cast<int>(rounds.size()) >= kMaxClassRounds) return Status::error(Wording::sentence(N_("the class has voted twice on this question")));
  rounds.push_back(ClassRound{});
  ++version_;
  ++answers_version_;
  return Status::ok();
}

int ClassState::join(const std::string& client) {
  if (const int known = student_of(client)) return known;
  if (students() >= kMaxClassStudents) return 0;
  const int number = students() + 1;
  students_.emplace(client, number);
  ++answers_version_;  // the projector shows how many joined
  return number;
}

int ClassState::student_of(const std::string& client) const {
  const auto found = students_.find(client);
  return found == students_.end() ? 0 : found->second;
}

Status ClassState::answer(int student, int question_number, int round, double value) {
  if (student < 1 || student > students()) return Status::error(Wording::sentence(N_("join the class first")));
  const AskedQuestion* asked = current();
  if (!asked || question_number != current_number()) return Status::error(Wording::sentence(N_("that question is closed")));
  if (round != current_round()) return Status::error(Wording::sentence(N_("that round is closed")));
  ClassRound& open = asked_[current_].rounds.back();
  if (open.revealed) return Status::error(Wording::sentence(N_("the answers are revealed: wait for the next vote")));
  const ClassQuestion& q = asked->question;
  if (!std::isfinite(value)) return Status::error(Wording::sentence(N_("the answer is not a number")));
  if (q.kind == Prediction::Kind::choice) {
    if (value != std::floor(value) || value < 0 || value >= static_cast<double>(q.choices.size()))
      return Status::error(Wording::sentence(N_("no such choice")));
  } else if (value < q.min || value > q.max) {
    return Status::error(Wording::sentence(N_("the answer is outside the slider's range")));
  }
  open.answers[student] = value;
  ++answers_version_;
  return Status::ok();
}

std::string ClassState::to_csv() const {
  std::string csv = "question,round,student,kind,answer,answer_text,unit,question_text\n";
  for (int n = 0; n < static_cast<int>(asked_.size()); ++n) {
    const ClassQuestion& q = asked_[n].question;
    const bool choice = q.kind == Prediction::Kind::choice;
    for (int r = 0; r < static_cast<int>(asked_[n].rounds.size()); ++r)
      for (const auto& [student, value] : asked_[n].rounds[r].answers) {
        const std::string text = choice ? q.choices[static_cast<std::size_t>(value)] : number_text(value);
        csv += std::to_string(n + 1) + "," + std::to_string(r + 1) + "," + std::to_string(student) + "," +
               (choice ? "choice," : "number,") + (choice ? std::to_string(static_cast<int>(value) + 1) : number_text(value)) +
               "," + csv_field(text) + "," + csv_field(q.unit) + "," + csv_field(q.text) + "\n";
      }
  }
  return csv;
}

std::string make_room_code() {
  static constexpr char kAlphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  std::random_device random;
  std::uniform_int_distribution<int> pick(0, static_cast<int>(sizeof kAlphabet) - 2);
  std::string code;
  for (int i = 0; i < 4; ++i) code += kAlphabet[pick(random)];
  return code;
}

}  // namespace whygpu::app
