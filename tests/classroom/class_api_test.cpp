// The class session's requests as a pure function: joining, answering within the
// question's range or choices, rounds, the room code, rate limits, caps and escaping.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "app/classroom/class_api.h"
#include "app/classroom/class_histogram.h"
#include "app/classroom/student_page.h"

namespace whygpu::app {
namespace {

const std::string kRoom = "AB2C";

std::string client_id(int n) {
  char id[40];
  std::snprintf(id, sizeof id, "client%026d", n);
  return id;
}

class ClassApi : public ::testing::Test {
 protected:
  ClassApiResponse send(const std::string& method, const std::string& path, const std::string& fields) {
    ClassApiRequest request;
    request.method = method;
    request.path = path;
    (method == "GET" ? request.query : request.body) = fields;
    request.now_ms = now_ms;
    return handle_class_request(state, request);
  }
  ClassApiResponse join(int n, const std::string& room = kRoom) {
    return send("POST", "/api/join", "room=" + room + "&client=" + client_id(n));
  }
  ClassApiResponse answer(int n, int question, int round, const std::string& value) {
    return send("POST", "/api/answer", "room=" + kRoom + "&client=" + client_id(n) + "&question=" +
                                           std::to_string(question) + "&round=" + std::to_string(round) + "&value=" + value);
  }
  // The number question at "lesson.md:4", in the words given (the teacher's language).
  void ask_number(const std::string& question = "From what size?", const std::string& unit = "elements") {
    Prediction p;
    p.question = question;
    p.unit = unit;
    p.min = 1000;
    p.max = 1e9;
    state.room.ask("lesson.md:4", class_question_of(p));
  }
  void ask_choice() {
    Prediction p;
    p.kind = Prediction::Kind::choice;
    p.question = "Which?";
    p.choices = {"a", "b", "c"};
    state.room.ask("lesson.md:9", class_question_of(p));
  }
  ClassServerState state{kRoom, student_page_html("en", [](const char* english) { return std::string(english); })};
  std::int64_t now_ms = 1000;
};

TEST_F(ClassApi, ServesOnlyThePageAndItsApi) {
  const ClassApiResponse page = send("GET", "/", "");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.content_type.find("text/html"), std::string::npos);
  EXPECT_NE(page.body.find("/api/join"), std::string::npos);
  EXPECT_EQ(send("GET", "/etc/passwd", "").status, 404);
  EXPECT_EQ(send("GET", "/../lessons/intro.md", "").status, 404);
  EXPECT_EQ(send("GET", "/api/join", "room=" + kRoom + "&client=" + client_id(1)).status, 405);
  EXPECT_EQ(send("DELETE", "/", "").status, 405);
}

TEST_F(ClassApi, JoinNeedsTheRoomCodeAndAClientId) {
  EXPECT_EQ(join(1, "ZZZZ").status, 403);
  EXPECT_EQ(join(1, "").status, 403);
  EXPECT_EQ(send("POST", "/api/join", "room=" + kRoom + "&client=short").status, 400);
  EXPECT_EQ(send("POST", "/api/join", "room=" + kRoom + "&client=" + client_id(1) + "%3C").status, 400);
  EXPECT_EQ(state.room.students(), 0);
  const ClassApiResponse joined = join(1);
  EXPECT_EQ(joined.status, 200);
  EXPECT_NE(joined.body.find("\"student\":1"), std::string::npos);
  EXPECT_NE(join(2).body.find("\"student\":2"), std::string::npos);
  // A reload, or the phone waking: the same id is the same student.
  EXPECT_NE(join(1).body.find("\"student\":1"), std::string::npos);
  EXPECT_EQ(state.room.students(), 2);
}

TEST_F(ClassApi, NumberAnswersMustLieOnTheSlider) {
  ask_number();
  join(1);
  EXPECT_EQ(answer(1, 1, 1, "999").status, 409);
  EXPECT_EQ(answer(1, 1, 1, "2e9").status, 409);
  EXPECT_EQ(answer(1, 1, 1, "nan").status, 400);
  EXPECT_EQ(answer(1, 1, 1, "1e999").status, 400);
  EXPECT_EQ(answer(1, 1, 1, "").status, 400);
  EXPECT_EQ(answer(2, 1, 1, "5000").status, 401) << "a client that never joined";
  const ClassApiResponse ok = answer(1, 1, 1, "1e6");
  EXPECT_EQ(ok.status, 200);
  EXPECT_NE(ok.body.find("\"mine\":1000000"), std::string::npos) << ok.body;
  // Changing one's own answer replaces it: still one answer.
  EXPECT_EQ(answer(1, 1, 1, "2e6").status, 200);
  ASSERT_NE(state.room.current(), nullptr);
  EXPECT_EQ(state.room.current()->rounds[0].answers.size(), 1u);
  EXPECT_EQ(state.room.current()->rounds[0].answers.at(1), 2e6);
}

TEST_F(ClassApi, ChoiceAnswersAreAnIndexOfTheChoices) {
  ask_choice();
  join(1);
  EXPECT_EQ(answer(1, 1, 1, "3").status, 409);
  EXPECT_EQ(answer(1, 1, 1, "-1").status, 409);
  EXPECT_EQ(answer(1, 1, 1, "1.5").status, 409);
  EXPECT_EQ(answer(1, 1, 1, "2").status, 200);
  const ClassApiResponse poll = send("GET", "/api/state", "room=" + kRoom + "&client=" + client_id(1));
  EXPECT_NE(poll.body.find("\"choices\":[\"a\",\"b\",\"c\"]"), std::string::npos) << poll.body;
  EXPECT_NE(poll.body.find("\"mine\":2"), std::string::npos) << poll.body;
}

TEST_F(ClassApi, AnswersGoOnlyToTheOpenRoundOfTheOpenQuestion) {
  join(1);
  EXPECT_EQ(answer(1, 1, 1, "5000").status, 409) << "no question yet";
  ask_number();
  EXPECT_EQ(answer(1, 2, 1, "5000").status, 409) << "another question";
  EXPECT_EQ(answer(1, 1, 2, "5000").status, 409) << "round 2 is not open";
  EXPECT_EQ(answer(1, 1, 1, "5000").status, 200);
  EXPECT_FALSE(state.room.vote_again()) << "the class sees the answers before it votes again";
  ASSERT_TRUE(state.room.reveal());
  EXPECT_EQ(answer(1, 1, 1, "6000").status, 409) << "revealed: closed";
  ASSERT_TRUE(state.room.vote_again());
  EXPECT_EQ(answer(1, 1, 2, "7000").status, 200);
  EXPECT_EQ(answer(1, 1, 1, "7000").status, 409);
  ASSERT_TRUE(state.room.reveal());
  EXPECT_FALSE(state.room.vote_again()) << "two rounds at most";
  const AskedQuestion& asked = *state.room.current();
  ASSERT_EQ(asked.rounds.size(), 2u);
  EXPECT_EQ(asked.rounds[0].answers.at(1), 5000);
  EXPECT_EQ(asked.rounds[1].answers.at(1), 7000);
  // Asked again (the teacher comes back to the page): the same question and its rounds.
  ask_choice();
  ask_number();
  EXPECT_EQ(state.room.current_number(), 1);
  EXPECT_EQ(state.room.current()->rounds.size(), 2u);
}

TEST_F(ClassApi, AStateRequestMayWaitOnlyWhenNothingChanged) {
  ask_number();
  join(1);
  const std::string base = "room=" + kRoom + "&client=" + client_id(1);
  const std::string v = std::to_string(state.room.version());
  EXPECT_TRUE(send("GET", "/api/state", base + "&since=" + v).may_wait);
  EXPECT_FALSE(send("GET", "/api/state", base + "&since=0").may_wait);
  EXPECT_FALSE(send("GET", "/api/state", base).may_wait);
  EXPECT_EQ(send("GET", "/api/state", base + "&since=-1").status, 400);
  answer(1, 1, 1, "5000");
  EXPECT_TRUE(send("GET", "/api/state", base + "&since=" + v).may_wait) << "answers are not news for the phones";
  state.room.reveal();
  EXPECT_FALSE(send("GET", "/api/state", base + "&since=" + v).may_wait);
}

// The teacher switched the language: the page is made again, and a waiting phone hears of
// it (a new "page", which makes it load the page again).
TEST_F(ClassApi, ANewPageIsNewsForThePhones) {
  ask_number();
  join(1);
  const std::string base = "room=" + kRoom + "&client=" + client_id(1);
  const std::string v = std::to_string(state.room.version());
  EXPECT_NE(send("GET", "/api/state", base).body.find("\"page\":1,"), std::string::npos);
  state.room.page_changed();
  const ClassApiResponse after = send("GET", "/api/state", base + "&since=" + v);
  EXPECT_FALSE(after.may_wait);
  EXPECT_NE(after.body.find("\"page\":2,"), std::string::npos) << after.body;
}

// The page as served names its own edition, the number the state's "page" is compared
// with. A phone that took the first number it heard for its page's stayed in the old
// language when the teacher switched twice while it loaded (French, then back to English
// before the French page had joined: the French page heard 3 first, kept it, and never
// loaded the English one).
TEST_F(ClassApi, ThePageServedNamesItsOwnEdition) {
  const auto edition_served = [&] {
    const std::string page = send("GET", "/", "").body;
    std::smatch found;
    if (!std::regex_search(page, found, std::regex("const EDITION = ([0-9]+);"))) return std::string("none");
    return found[1].str();
  };
  EXPECT_EQ(edition_served(), "1");
  state.room.page_changed();
  state.room.page_changed();
  EXPECT_EQ(edition_served(), "3");
}

// The teacher ended the session: news for every phone (a held poll answers at once), no
// question open any more, and an answer sent late is refused.
TEST_F(ClassApi, TheSessionsEndIsNewsAndClosesTheQuestion) {
  ask_number();
  join(1);
  const std::string base = "room=" + kRoom + "&client=" + client_id(1);
  EXPECT_NE(send("GET", "/api/state", base).body.find("\"ended\":false"), std::string::npos);
  const std::string v = std::to_string(state.room.version());
  state.room.end();
  const ClassApiResponse after = send("GET", "/api/state", base + "&since=" + v);
  EXPECT_FALSE(after.may_wait);
  EXPECT_NE(after.body.find("\"ended\":true"), std::string::npos) << after.body;
  EXPECT_NE(after.body.find("\"question\":null"), std::string::npos) << after.body;
  EXPECT_NE(answer(1, 1, 1, "5000").status, 200);
}

// The teacher switched the language mid-vote: the same question (its key) comes in new
// words; the phones get them, and the vote goes on with its answers.
TEST_F(ClassApi, AQuestionAskedAgainInOtherWordsKeepsItsVote) {
  ask_number();
  join(1);
  ASSERT_EQ(answer(1, 1, 1, "5000").status, 200);
  const std::uint64_t v = state.room.version();
  ask_number("À partir de quelle taille ?", "éléments");
  EXPECT_GT(state.room.version(), v) << "the phones hear of the new words";
  ASSERT_NE(state.room.current(), nullptr);
  EXPECT_EQ(state.room.current()->question.text, "À partir de quelle taille ?");
  EXPECT_EQ(state.room.current()->question.unit, "éléments");
  ASSERT_EQ(state.room.current()->rounds.size(), 1u);
  EXPECT_EQ(state.room.current()->rounds[0].answers.size(), 1u) << "the answer given in English is still in";
  EXPECT_EQ(state.room.asked().size(), 1u) << "one question, not two";
  const std::uint64_t same = state.room.version();
  ask_number("À partir de quelle taille ?", "éléments");
  EXPECT_EQ(state.room.version(), same) << "the same words again are no news";
}

TEST_F(ClassApi, MalformedAndOversizedRequestsAreRefused) {
  join(1);
  const std::string base = "room=" + kRoom + "&client=" + client_id(1);
  EXPECT_EQ(send("GET", "/api/state", base + "&room=" + kRoom).status, 400) << "a field twice";
  EXPECT_EQ(send("GET", "/api/state", base + "&since=%zz").status, 400);
  EXPECT_EQ(send("GET", "/api/state", base + "&since=%1").status, 400);
  EXPECT_EQ(send("GET", "/api/state", "a&b&c&d&e&f&g&h&i").status, 400);
  EXPECT_EQ(send("POST", "/api/answer", base + "&value=" + std::string(4000, '1')).status, 413);
}

TEST_F(ClassApi, EachStudentIsRateLimited) {
  ask_number();
  join(1);
  join(2);
  const std::string base = "room=" + kRoom + "&client=" + client_id(1);
  int refused = 0;
  for (int i = 0; i < 40; ++i) refused += send("GET", "/api/state", base).status == 429;
  EXPECT_GE(refused, 15);
  EXPECT_EQ(send("GET", "/api/state", "room=" + kRoom + "&client=" + client_id(2)).status, 200)
      << "another student is not slowed down";
  now_ms += 2000;  // tokens come back
  EXPECT_EQ(send("GET", "/api/state", base).status, 200);
}

TEST_F(ClassApi, TheClassIsCapped) {
  for (int i = 1; i <= kMaxClassStudents; ++i) ASSERT_EQ(join(i).status, 200) << i;
  EXPECT_EQ(join(kMaxClassStudents + 1).status, 503);
  EXPECT_EQ(join(7).status, 200) << "a student who joined still rejoins";
}

TEST_F(ClassApi, TextFromTheLessonReachesThePhoneEscaped) {
  Prediction p;
  p.kind = Prediction::Kind::choice;
  p.question = "</script><img src=x onerror=alert(1)> & 'quotes' \"too\"\n\xe2\x80\xa8";
  p.choices = {"<b>", "%s%n"};
  state.room.ask("evil.md:1", class_question_of(p));
  const ClassApiResponse r = join(1);
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body.find('<'), std::string::npos) << r.body;
  EXPECT_EQ(r.body.find('>'), std::string::npos);
  EXPECT_EQ(r.body.find('&'), std::string::npos);
  EXPECT_EQ(r.body.find('\''), std::string::npos);
  EXPECT_EQ(r.body.find('\n'), std::string::npos);
  EXPECT_NE(r.body.find("\\u003c/script\\u003e"), std::string::npos);
  EXPECT_NE(r.body.find("\\\"too\\\""), std::string::npos);
  EXPECT_NE(r.body.find("\\u2028"), std::string::npos);
  EXPECT_NE(r.body.find("%s%n"), std::string::npos);
}

TEST_F(ClassApi, TheCsvHoldsBothRoundsAndNoIds) {
  ask_choice();
  join(1);
  join(2);
  answer(1, 1, 1, "0");
  answer(2, 1, 1, "1");
  state.room.reveal();
  state.room.vote_again();
  answer(1, 1, 2, "1");
  ask_number();
  answer(2, 2, 1, "123456");
  const std::string csv = state.room.to_csv();
  EXPECT_EQ(csv,
            "question,round,student,kind,answer,answer_text,unit,question_text\n"
            "1,1,1,choice,1,a,,Which?\n"
            "1,1,2,choice,2,b,,Which?\n"
            "1,2,1,choice,2,b,,Which?\n"
            "2,1,2,number,123456,123456,elements,From what size?\n");
  EXPECT_EQ(csv.find("client"), std::string::npos);
}

TEST(ClassCsv, TextFieldsAreQuotedAndNeverFormulas) {
  ClassState room("AB2C");
  Prediction p;
  p.kind = Prediction::Kind::choice;
  p.question = "=HYPERLINK(\"x\"), or not";
  p.choices = {"-1", "b"};
  room.ask("q.md:1", class_question_of(p));
  const int student = room.join(client_id(1));
  ASSERT_TRUE(room.answer(student, 1, 1, 0));
  EXPECT_NE(room.to_csv().find("1,1,1,choice,1,'-1,,\"'=HYPERLINK(\"\"x\"\"), or not\"\n"), std::string::npos)
      << room.to_csv();
}

TEST(ClassRoomCode, FourCharactersWithoutLookAlikes) {
  for (int i = 0; i < 50; ++i) {
    const std::string code = make_room_code();
    ASSERT_EQ(code.size(), 4u);
    EXPECT_EQ(code.find_first_of("01OIL"), std::string::npos) << code;
  }
}

}  // namespace
}  // namespace whygpu::app

namespace whygpu::app {
namespace {

TEST(ClassHistogram, NumbersFallIntoBinsOnTheSlidersLogScale) {
  Prediction p;
  p.min = 1;
  p.max = 1e6;
  const ClassQuestion q = class_question_of(p);
  ClassRound round;
  round.answers = {{1, 1.0}, {2, 1e6}, {3, 1e3}, {4, 1.001e3}, {5, 10.0}};
  const std::vector<int> counts = class_histogram(q, round);
  ASSERT_EQ(counts.size(), static_cast<std::size_t>(kClassNumberBins));
  EXPECT_EQ(counts.front(), 1) << "min";
  EXPECT_EQ(counts.back(), 1) << "max falls in the last bin, not past it";
  EXPECT_EQ(counts[kClassNumberBins / 2], 2) << "1000 is halfway on a log scale from 1 to a million";
  EXPECT_EQ(counts[2], 1) << "10 is a sixth of the way";
  EXPECT_DOUBLE_EQ(slider_position(q, 1e3), 0.5);
  EXPECT_DOUBLE_EQ(slider_position(q, 1e9), 1.0) << "a measurement past the end is drawn at the end";
}

TEST(ClassHistogram, ChoicesHaveOneBarEach) {
  Prediction p;
  p.kind = Prediction::Kind::choice;
  p.choices = {"a", "b", "c"};
  ClassRound round;
  round.answers = {{1, 2}, {2, 2}, {3, 0}};
  EXPECT_EQ(class_histogram(class_question_of(p), round), (std::vector<int>{1, 0, 2}));
}

}  // namespace
}  // namespace whygpu::app

namespace whygpu::app {
namespace {

// The page's words come translated from the app; a translation is text in a JSON string,
// never markup or script, and the language tag cannot break out of its attribute.
TEST(StudentPage, CarriesItsWordsTranslatedAndEscaped) {
  const auto hostile = [](const char* english) {
    return std::string(english) == "Join" ? std::string("Rejoindre</script><script>alert(1)</script>")
                                          : "[fr] " + std::string(english);
  };
  const std::string page = student_page_html("fr", hostile);
  EXPECT_NE(page.find("<html lang=\"fr\">"), std::string::npos);
  EXPECT_NE(page.find("\"send\":\"[fr] Send my answer\""), std::string::npos);
  EXPECT_NE(page.find("\"join\":\"Rejoindre\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"), std::string::npos);
  EXPECT_EQ(page.find("alert(1)</script>"), std::string::npos);
  for (const StudentPageWord& word : student_page_words())
    if (std::string(word.key) != "join")
      EXPECT_NE(page.find("\"" + std::string(word.key) + "\":\"[fr] "), std::string::npos) << word.key;
  const std::string odd = student_page_html("en\"><script>x()</script>", hostile);
  EXPECT_NE(odd.find("<html lang=\"en\">"), std::string::npos);
  EXPECT_EQ(odd.find("x()"), std::string::npos);
  // A word cannot take the place where the page's edition goes.
  const std::string mimic = student_page_served(
      student_page_html("fr", [](const char*) { return std::string("const EDITION = <EDITION>;"); }), 7);
  EXPECT_NE(mimic.find("\nconst EDITION = 7;\n"), std::string::npos);
}

// Every key the page's script reads (T.name, data-t="name") is one the app translates.
TEST(StudentPage, EveryWordItsScriptUsesIsDeclared) {
  const std::string page = student_page_html("en", [](const char* english) { return std::string(english); });
  std::set<std::string> declared;
  for (const StudentPageWord& word : student_page_words()) declared.insert(word.key);
  std::set<std::string> used;
  for (const std::regex& use : {std::regex(R"re(\bT\.([a-z_0-9]+))re"), std::regex(R"re(data-t(?:-label)?="([a-z_0-9]+)")re")})
    for (auto m = std::sregex_iterator(page.begin(), page.end(), use); m != std::sregex_iterator(); ++m)
      used.insert((*m)[1].str());
  EXPECT_FALSE(used.empty());
  for (const std::string& key : used) EXPECT_TRUE(declared.count(key)) << key;
  for (const std::string& key : declared) EXPECT_TRUE(used.count(key)) << key << " is declared but never used";
}

}  // namespace
}  // namespace whygpu::app
