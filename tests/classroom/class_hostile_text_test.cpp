// A lesson's text on its way to the projector and to the phones during a class session:
// a printf format in a question or a choice is drawn verbatim on the projector, and
// reaches the phone as JSON text with its '<' escaped.
#include <gtest/gtest.h>
#include <imgui.h>

#include <httplib.h>

#include <filesystem>
#include <fstream>

#include "app/cli/cli_options.h"
#include "app/lesson/lesson_library.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "tests/app/frame_text.h"

namespace whygpu::app {
namespace {

const std::string kFormat = "%s%n%p%999999999d<b>";

TEST(ClassHostileText, QuestionsAndChoicesAreShownVerbatimAndSentEscaped) {
  const auto folder = std::filesystem::temp_directory_path() / "whygpu-class-hostile";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "a.lesson") << "id: formats\ntitle: T\nsection: S\n---\n"
                                     << "@predict choices=\"one " << kFormat << "|two\" answer=1 question=\"C " << kFormat
                                     << "\" explain=\"F " << kFormat << "\"\n";
  setenv("XDG_DATA_HOME", (folder / "data").c_str(), 1);
  Shell shell(LessonLibrary::load(folder.string()), Settings{}, true);
  ASSERT_TRUE(shell.start_class("lo"));
  ASSERT_TRUE(shell.open_lesson("formats"));
  std::string seen, phone;
  CliOptions options;
  options.headless = true;
  options.width = 1280;
  options.height = 720;
  options.frames = 8;
  options.screenshot = (folder / "shot.png").string();
  int frame = 0;
  const ClassSession& session = *shell.classroom().session();
  const int code = run_headless(shell, options, nullptr, [&] {
    if (frame++ == 3) {  // the question is on the phones by now: one answers, the reveal, the answer
      httplib::Client client("127.0.0.1", session.port());
      const std::string who = "room=" + session.room_code() + "&client=0123456789abcdef0123456789abcdef";
      const auto joined = client.Post("/api/join", who, "application/x-www-form-urlencoded");
      ASSERT_TRUE(joined);
      phone = joined->body;
      const auto sent = client.Post("/api/answer", who + "&question=1&round=1&value=0", "application/x-www-form-urlencoded");
      ASSERT_TRUE(sent);
      EXPECT_EQ(sent->status, 200) << sent->body;
      EXPECT_TRUE(shell.class_reveal());
      EXPECT_TRUE(shell.answer_prediction("skip"));  // on to the answer: the explanation shows
    }
    frame_text::log_next_frame_into(&seen);
  });
  EXPECT_EQ(code, 0);
  for (const std::string& part : {"C " + kFormat, "1. one " + kFormat, "F " + kFormat})
    EXPECT_NE(seen.find(part), std::string::npos) << "'" << part << "' not drawn verbatim in:\n" << seen;
  EXPECT_EQ(seen.find("(nil)"), std::string::npos) << "a pointer was formatted";
  EXPECT_NE(phone.find("\"C %s%n%p%999999999d\\u003cb\\u003e\""), std::string::npos) << phone;
  EXPECT_EQ(phone.find('<'), std::string::npos) << phone;
}

}  // namespace
}  // namespace whygpu::app
