// The class session's requests (app/classroom/class_api.h) on one session's state. The
// input is records separated by NUL bytes; each is a request, "METHOD PATH[?QUERY]" with
// the body after the first line break, or one byte of the teacher's: 'N' asks a number
// question, 'C' a choice question, 'R' reveals, 'V' votes again, 'X' leaves the question,
// 'T' lets a second pass. After each record the state must hold: no answer outside its
// question's range or choices, none from a student who never joined, at most one per
// student and round, and every response JSON or the page, with no raw '<' in the JSON.
#include <cmath>

#include "app/classroom/class_api.h"
#include "app/classroom/student_page.h"
#include "fuzz/fuzz_input.h"

namespace {

using namespace whygpu::app;

void teacher(ClassServerState& state, char action) {
  Prediction p;
  p.question = "How fast? <b>";
  if (action == 'N') {
    p.unit = "GB/s";
    p.min = 1;
    p.max = 1e4;
    state.room.ask("a.md:1", class_question_of(p));
  } else if (action == 'C') {
    p.kind = Prediction::Kind::choice;
    p.choices = {"one", "two", "three"};
    state.room.ask("a.md:2", class_question_of(p));
  } else if (action == 'R') {
    state.room.reveal();
  } else if (action == 'V') {
    state.room.vote_again();
  } else if (action == 'X') {
    state.room.clear_question();
  }
}

void check_state(const ClassState& room) {
  using whygpu::fuzz::check;
  for (const AskedQuestion& asked : room.asked()) {
    check(!asked.rounds.empty() && asked.rounds.size() <= static_cast<std::size_t>(kMaxClassRounds), "1 or 2 rounds");
    for (const ClassRound& round : asked.rounds) {
      check(round.answers.size() <= static_cast<std::size_t>(room.students()), "at most one answer per student");
      for (const auto& [student, value] : round.answers) {
        check(student >= 1 && student <= room.students(), "answers come from students who joined");
        if (asked.question.kind == Prediction::Kind::choice)
          check(value >= 0 && value < static_cast<double>(asked.question.choices.size()) && value == std::floor(value),
                "a choice is one of the choices");
        else
          check(value >= asked.question.min && value <= asked.question.max, "a number lies on the slider");
      }
    }
  }
  check(room.students() <= kMaxClassStudents, "the class is capped");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ClassServerState state("AB2C", student_page_html("en", [](const char* english) { return std::string(english); }));
  std::int64_t now_ms = 0;
  std::string_view rest = whygpu::fuzz::as_text(data, size);
  while (!rest.empty()) {
    const std::size_t end = std::min(rest.find('\0'), rest.size());
    const std::string_view record = rest.substr(0, end);
    rest.remove_prefix(std::min(end + 1, rest.size()));
    if (record.size() == 1) {
      if (record[0] == 'T') now_ms += 1000;
      else teacher(state, record[0]);
      continue;
    }
    ClassApiRequest request;
    const std::size_t line_end = std::min(record.find('\n'), record.size());
    const std::string_view line = record.substr(0, line_end);
    if (line_end < record.size()) request.body = std::string(record.substr(line_end + 1));
    const std::size_t space = line.find(' ');
    request.method = std::string(line.substr(0, space));
    const std::string_view target = space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
    const std::size_t question = target.find('?');
    request.path = std::string(target.substr(0, question));
    if (question != std::string_view::npos) request.query = std::string(target.substr(question + 1));
    request.now_ms = ++now_ms;
    const ClassApiResponse response = handle_class_request(state, request);
    whygpu::fuzz::check(response.status >= 200 && response.status < 600, "an HTTP status");
    if (response.content_type.rfind("application/json", 0) == 0)
      whygpu::fuzz::check(!response.body.empty() && response.body.front() == '{' &&
                              response.body.find('<') == std::string::npos,
                          "JSON with every '<' escaped");
    check_state(state.room);
  }
  return 0;
}
