// Peer instruction on the projector: the class answers alone, sees its spread, argues,
// votes again, and only then sees the answer. So the measurement, the explanation and the
// panel that measures stay hidden while the class votes and while it talks the first
// round over; they show once the teacher settles the question: the second round's reveal,
// the "Show the answer" button, or a demo's `predict` line after a reveal.
// The hardware panel has its result at once (it counts this computer's CPU threads
// against the recorded GPU's lanes), so nothing but the class session holds it back.
#include <gtest/gtest.h>
#include <imgui.h>

#include <httplib.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>

#include "app/cli/cli_options.h"
#include "app/lesson/lesson_library.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "tests/app/frame_text.h"
#include "tests/app/projector_options.h"

namespace whygpu::app {
namespace {

const std::string kExplain = "EXPLAINED-AFTER-THE-VOTE";
const std::string kPanelWaits = "Answer the question above (or skip it) to open this panel.";

struct ClassPlay {
  std::filesystem::path folder;
  std::unique_ptr<Shell> shell;
};

ClassPlay start_class_on_hardware_question(const std::string& name) {
  ClassPlay play;
  play.folder = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(play.folder);
  std::filesystem::create_directories(play.folder);
  std::ofstream(play.folder / "a.lesson") << "id: lanes\ntitle: T\nsection: S\n---\n"
                                          << "@predict result=lanes_per_thread unit=lanes min=1 max=100000 "
                                          << "question=\"How many lanes?\" explain=\"" << kExplain << "\"\n"
                                          << "@panel hardware\n";
  setenv("XDG_DATA_HOME", (play.folder / "data").c_str(), 1);
  play.shell = std::make_unique<Shell>(LessonLibrary::load(play.folder.string()), Settings{}, true);
  EXPECT_TRUE(play.shell->start_class("lo"));
  EXPECT_TRUE(play.shell->open_lesson("lanes"));
  return play;
}

// Runs the shell headless; at frame f, steps[f] runs (a student answering, the teacher's
// reveal) and the text of the frame after it is kept in seen[f].
std::map<int, std::string> play_frames(ClassPlay& play, const std::map<int, std::function<void()>>& steps) {
  const CliOptions options = headless_at_projector(steps.rbegin()->first + 3, (play.folder / "shot.png").string());
  std::map<int, std::string> seen;
  int frame = 0;
  const int code = run_headless(*play.shell, options, nullptr, [&] {
    const int now = frame++;
    if (const auto step = steps.find(now); step != steps.end()) {
      step->second();
      frame_text::log_next_frame_into(&seen[now]);
    }
  });
  EXPECT_EQ(code, 0);
  return seen;
}

void student_answers(const ClassSession& session, int round, const std::string& value) {
  httplib::Client client("127.0.0.1", session.port());
  const std::string who = "room=" + session.room_code() + "&client=0123456789abcdef0123456789abcdef";
  ASSERT_TRUE(client.Post("/api/join", who, "application/x-www-form-urlencoded"));
  const auto sent = client.Post("/api/answer", who + "&question=1&round=" + std::to_string(round) + "&value=" + value,
                                "application/x-www-form-urlencoded");
  ASSERT_TRUE(sent);
  EXPECT_EQ(sent->status, 200) << sent->body;
}

bool shows(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ClassAnswerWaits, TheAnswerShowsOnlyAfterTheSecondRoundIsRevealed) {
  ClassPlay play = start_class_on_hardware_question("whygpu-class-answer-waits");
  Shell& shell = *play.shell;
  const ClassSession& session = *shell.classroom().session();
  const std::map<int, std::string> seen =
      play_frames(play, {{3, [&] { student_answers(session, 1, "50"); }},
                         {5, [&] { EXPECT_TRUE(shell.class_reveal()); }},
                         {7, [&] {
                            // The Class menu offers what the vote allows now.
                            const Classroom& room = shell.classroom();
                            EXPECT_FALSE(room.can_reveal());
                            EXPECT_TRUE(room.can_vote_again());
                            EXPECT_TRUE(room.can_show_answer());
                            EXPECT_TRUE(shell.class_vote_again());
                          }},
                         {9, [&] { student_answers(session, 2, "5000"); }},
                         {11, [&] { EXPECT_TRUE(shell.class_reveal()); }},
                         {13, [&] {
                            const Classroom& room = shell.classroom();
                            EXPECT_FALSE(room.can_reveal() || room.can_vote_again() || room.can_show_answer());
                          }}});
  for (const int voting : {3, 5, 7, 9}) {
    const std::string& text = seen.at(voting);
    EXPECT_FALSE(shows(text, kExplain)) << "frame " << voting << " explains before the vote is over:\n" << text;
    EXPECT_FALSE(shows(text, "Measured:")) << "frame " << voting << " shows the measurement:\n" << text;
    EXPECT_TRUE(shows(text, kPanelWaits)) << "frame " << voting << " opened the panel:\n" << text;
  }
  EXPECT_TRUE(shows(seen.at(5), "Talk it over with your neighbour")) << seen.at(5);
  EXPECT_TRUE(shows(seen.at(5), "Show the answer")) << seen.at(5);
  const std::string& settled = seen.at(11);
  EXPECT_TRUE(shows(settled, "Measured:")) << settled;
  EXPECT_TRUE(shows(settled, kExplain)) << settled;
  EXPECT_FALSE(shows(settled, kPanelWaits)) << settled;
}

TEST(ClassAnswerWaits, ADemosPredictLineAfterOneRoundShowsTheAnswer) {
  ClassPlay play = start_class_on_hardware_question("whygpu-class-answer-settled");
  Shell& shell = *play.shell;
  const ClassSession& session = *shell.classroom().session();
  const std::map<int, std::string> seen =
      play_frames(play, {{3, [&] { student_answers(session, 1, "50"); }},
                         {5, [&] { EXPECT_TRUE(shell.class_reveal()); }},
                         {7, [&] { EXPECT_TRUE(shell.answer_prediction("skip")); }}});
  EXPECT_FALSE(shows(seen.at(5), kExplain)) << seen.at(5);
  EXPECT_TRUE(shows(seen.at(7), "Measured:")) << seen.at(7);
  EXPECT_TRUE(shows(seen.at(7), kExplain)) << seen.at(7);
  EXPECT_FALSE(shows(seen.at(7), kPanelWaits)) << seen.at(7);
}

}  // namespace
}  // namespace whygpu::app
