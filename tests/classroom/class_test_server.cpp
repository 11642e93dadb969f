// A class session on 127.0.0.1 for the browser test (browser/student_page_test.mjs): prints
// its join address, asks a number question, then follows commands from stdin, one a
// line, answering each with one line: "students" and "answers" print counts, "reveal",
// "vote-again" and "choice" (ask a question with choices) print "ok" or the error,
// "language CODE" switches the interface's language as the teacher's menu does (the session
// follows it, as it does every frame), "quit" ends. With a language code (zh-Hans, fr, ...)
// the page starts in that language, as for a teacher whose interface is.
//   class_test_server [LANGUAGE]
#include <cstdio>
#include <iostream>
#include <string>

#include "app/classroom/class_session.h"
#include "app/files/file_locations.h"
#include "app/i18n/language.h"

using namespace whygpu::app;
using whygpu::Status;

int main(int argc, char** argv) {
  start_translations(locale_folder(), argc > 1 ? argv[1] : "en");  // as the app does, so that a switch finds the catalogs
  Status status = Status::ok();
  const auto session = ClassSession::start("lo", &status);
  if (!session) {
    std::fprintf(stderr, "class_test_server: %s\n", status.message().c_str());
    return 1;
  }
  Prediction number;
  number.question = "How many GPU lanes for each CPU thread? <b>not bold</b>";
  number.unit = "lanes";
  number.min = 1;
  number.max = 100000;
  session->ask("test.lesson:1", class_question_of(number));
  std::printf("%s\n", session->join_url().c_str());
  std::fflush(stdout);
  for (std::string line; std::getline(std::cin, line);) {
    ClassView view;
    session->refresh(&view);
    std::string reply = "ok";
    if (line == "students") reply = std::to_string(view.students);
    else if (line == "answers") reply = view.rounds.empty() ? "0" : std::to_string(view.rounds.back().answers.size());
    else if (line == "reveal") { if (const Status s = session->reveal(); !s) reply = s.message(); }
    else if (line == "vote-again") { if (const Status s = session->vote_again(); !s) reply = s.message(); }
    else if (line == "choice") {
      Prediction choice;
      choice.kind = Prediction::Kind::choice;
      choice.question = "What does <<<1, 500000>>> do?";
      choice.choices = {"runs", "runs part of it", "the runtime refuses it", "crashes the computer"};
      session->ask("test.lesson:2", class_question_of(choice));
    } else if (line.rfind("language ", 0) == 0) {
      if (!use_language(line.substr(9))) reply = "no such language";
      session->follow_language();
    } else if (line == "quit") break;
    else reply = "unknown command";
    std::printf("%s\n", reply.c_str());
    std::fflush(stdout);
  }
  return 0;
}
