#pragma once
// What a class session knows, with no network and no UI: the room code, the students
// who joined (each an anonymous number, known by the random id their browser keeps), the
// questions asked so far and every answer of each round. The server's threads change it
// only under the session's mutex (class_session.h); handle_class_request (class_api.h)
// reads and changes it as a pure function of (state, request), which is what the
// libFuzzer harness drives.
//
// A question goes: voting (round 1) -> revealed -> voting (round 2, "vote again") ->
// revealed. A student may change their own answer while a round is open; each student
// has at most one answer per round, so every answer is counted exactly once.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "app/predict/prediction.h"
#include "compute/core/status.h"

namespace whygpu::app {

constexpr int kMaxClassStudents = 600;  // more than a lecture hall; the issue asks for at least 500
constexpr int kMaxClassRounds = 2;      // peer instruction: alone, then after arguing with a neighbour

// The part of a @predict the phones see: never the answer or the explanation.
struct ClassQuestion {
  Prediction::Kind kind = Prediction::Kind::number;
  std::string text;
  std::string unit;
  double min = 1.0, max = 1e9;
  std::vector<std::string> choices;
};
ClassQuestion class_question_of(const Prediction& prediction);
// The same words: question, unit and choices (the teacher's language shows in them).
bool same_words(const ClassQuestion& a, const ClassQuestion& b);

struct ClassRound {
  std::map<int, double> answers;  // student -> a number, or a choice's index from 0
  bool revealed = false;
};

struct AskedQuestion {
  std::string key;  // where it comes from ("lesson-id#0", in any language): asked twice, it is the same
  ClassQuestion question;
  std::vector<ClassRound> rounds;  // 1 or 2
};

class ClassState {
 public:
  explicit ClassState(std::string room_code);

  const std::string& room_code() const { return room_code_; }
  // Changes whenever what a phone shows changes (a question, a round, a reveal): the
  // long polls wait for it. Answers do not change it (phones never see others' answers).
  std::uint64_t version() const { return version_; }
  // Changes with every answer as well: the projector redraws its counts from it.
  std::uint64_t answers_version() const { return answers_version_; }

  // The teacher's side (the UI thread, through the session).
  // Asks the question from `key`; one asked before comes back with its rounds (in the words
  // given now, when the teacher has switched the language).
  void ask(const std::string& key, const ClassQuestion& question);
  void clear_question();  // a page without a question
  // The student page was made again (the teacher changed the language): the phones load
  // it again, told by the state's "page".
  void page_changed();
  std::uint64_t page() const { return page_; }
  // The teacher ended the session: the phones are told (the state's "ended") and no question
  // is open any more.
  void end();
  bool ended() const { return ended_; }
  Status reveal();         // the open round's answers go on the projector
  Status vote_again();     // a second round, after a reveal

  // The students' side (the server's threads).
  // The student number of `client` (from 1), joining it first if new; 0 when the class is full.
  int join(const std::string& client);
  // The student number of a client that joined, else 0.
  int student_of(const std::string& client) const;
  // `round` from 1; a number must lie within the question's range, a choice is its index.
  Status answer(int student, int question_number, int round, double value);

  int students() const { return static_cast<int>(students_.size()); }
  // The question the phones see (null when none), its number from 1, and its open round.
  const AskedQuestion* current() const;
  int current_number() const { return current_ + 1; }
  int current_round() const;  // from 1; 0 without a question
  const std::vector<AskedQuestion>& asked() const { return asked_; }

  // Every answer of the session, one line per student, question and round:
  // question,round,student,kind,answer,answer_text,unit,question_text
  // No names and no addresses: a student is a number that lives only in this session.
  std::string to_csv() const;

 private:
  std::string room_code_;
  std::map<std::string, int> students_;  // browser id -> student number
  std::vector<AskedQuestion> asked_;
  int current_ = -1;  // index into asked_
  std::uint64_t version_ = 1;
  std::uint64_t answers_version_ = 1;
  std::uint64_t page_ = 1;
  bool ended_ = false;
};

// Four characters from an alphabet without look-alikes (no 0/O, 1/I/L), from the OS's
// random source: short enough to read off a projector, different for every session.
std::string make_room_code();

}  // namespace whygpu::app
