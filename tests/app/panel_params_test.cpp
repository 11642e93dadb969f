// The parameter tables: one declaration per panel serves lessons, scripts,
// --check-lessons, --list-panels and lessons/FORMAT.md, with the same words everywhere.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "app/lesson/lesson_check.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_reference.h"
#include "app/panels/panel_registry.h"
#include "compute/grid/launch_config.h"

namespace whygpu::app {
namespace {

TEST(ParamParsing, WholeNumbersAreBaseTenAndRangeChecked) {
  const ParamSpec n = whole_param("n", 1000, 1, 1 << 20, "elements");
  ParamValue v;
  ASSERT_TRUE(parse_param(n, "010", &v));
  EXPECT_EQ(v.whole, 10);  // not 8, as base 0 would read it
  for (const char* bad : {"abc", "", "2.5", "0", "1048577", "99999999999999999999", "12abc"}) {
    const Status s = parse_param(n, bad, &v);
    ASSERT_FALSE(s) << bad;
    EXPECT_EQ(s.message(), "n must be a whole number from 1 to 1048576 (got '" + std::string(bad) + "')");
  }
}

TEST(ParamParsing, NumbersFlagsAndChoices) {
  ParamValue v;
  ASSERT_TRUE(parse_param(number_param("lr", 1e-3, 1e-6, 0.5, ""), "0.01", &v));
  EXPECT_DOUBLE_EQ(v.number, 0.01);
  for (const char* bad : {"nan", "inf", "0.6", "x"})
    EXPECT_FALSE(parse_param(number_param("lr", 1e-3, 1e-6, 0.5, ""), bad, &v)) << bad;
  ASSERT_TRUE(parse_param(flag_param("heavy", false, ""), "yes", &v));
  EXPECT_TRUE(v.flag);
  EXPECT_EQ(parse_param(flag_param("heavy", false, ""), "maybe", &v).message(),
            "heavy must be true or false (got 'maybe')");
  EXPECT_EQ(parse_param(choice_param("view", "time", {"time", "rate"}, ""), "speed", &v).message(),
            "view must be one of time, rate (got 'speed')");
}

TEST(ParamParsing, AnUnknownKeySuggestsTheClosestOne) {
  const ParamTable table = {whole_param("block_x", 256, 1, 1024, ""), whole_param("n", 1, 1, 10, "")};
  const ParamSpec* spec = nullptr;
  EXPECT_EQ(find_param(table, "thread-grid", "blok_x", &spec).message(),
            "thread-grid has no parameter 'blok_x' (did you mean block_x?)");
  EXPECT_EQ(find_param(table, "thread-grid", "colour_scheme", &spec).message(),
            "thread-grid has no parameter 'colour_scheme' (whygpu --list-panels lists its parameters)");
  ASSERT_TRUE(find_param(table, "thread-grid", "n", &spec));
  EXPECT_EQ(spec->name, "n");
}

TEST(PanelParams, BadValuesAreListedAndTheirDefaultsUsed) {
  const ParamTable table = {whole_param("n", 1000, 1, 100000, ""), flag_param("heavy", false, "")};
  std::vector<Wording> problems;
  const PanelParams p = PanelParams::check(table, "thread-grid", {{"n", "abc"}, {"heavy", "true"}, {"x", "1"}}, &problems);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(p.whole("n"), 1000);
  EXPECT_FALSE(p.given("n"));
  EXPECT_TRUE(p.flag("heavy"));
  EXPECT_TRUE(p.given("heavy"));
  EXPECT_THROW(p.whole("undeclared"), std::logic_error);
}

TEST(PanelTables, EveryDefaultPassesItsOwnCheckAndKeysAreUniqueAndSnakeCase) {
  for (const PanelType* type : panel_types()) {
    std::set<std::string> keys;
    for (const ParamSpec& spec : type->params) {
      EXPECT_TRUE(keys.insert(spec.name).second) << type->name << ": " << spec.name << " twice";
      EXPECT_EQ(spec.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_"), std::string::npos)
          << type->name << ": " << spec.name;
      EXPECT_FALSE(spec.help.empty()) << type->name << ": " << spec.name;
    }
    std::vector<Wording> problems;
    EXPECT_NO_THROW(PanelParams::check(type->params, type->name, {}, &problems)) << type->name;
    EXPECT_TRUE(problems.empty());
  }
}

// The example: both problems named by file and line, and a script's `set` gets
// the same words.
TEST(LessonCheck, AMisspeltKeyAndABadValueAreNamedByFileAndLine) {
  const Lesson lesson = parse_lesson(
      "id: x\ntitle: X\nsection: S\n---\n@predict question=Q? choices=\"a|b\" answer=1 explain=E\n\n"
      "@panel thread-grid blok_x=32 n=abc\n",
      "lessons/x.lesson");
  const std::vector<std::string> problems = lesson_problems(lesson);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0], "lessons/x.lesson:7: thread-grid has no parameter 'blok_x' (did you mean block_x?)");
  EXPECT_EQ(problems[1], "lessons/x.lesson:7: n must be a whole number from 1 to " +
                             std::to_string(grid::kMaxVectorElements) + " (got 'abc')");
}

TEST(LessonCheck, UnknownPanelsAreProblemsToo) {
  const Lesson lesson =
      parse_lesson("id: x\ntitle: X\nsection: S\n---\n@predict question=Q choices=a|b answer=2 explain=E\n"
                   "@panel thread-grdi\n",
                   "l.lesson");
  const std::vector<std::string> problems = lesson_problems(lesson);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "l.lesson:6: unknown panel 'thread-grdi' (whygpu --list-panels lists them)");
}

TEST(LessonCheck, ALivePanelWithoutAPredictionIsAProblem) {
  const Lesson lesson = parse_lesson("id: x\ntitle: X\nsection: S\n---\nText.\n\n@panel thread-grid\n", "l.lesson");
  const std::vector<std::string> problems = lesson_problems(lesson);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "l.lesson:7: this lesson has a live panel but no @predict: ask the student to predict "
                         "before it measures");
}

TEST(LessonCheck, APredictionNamesAResultItsPanelMeasures) {
  const Lesson lesson = parse_lesson(
      "id: x\ntitle: X\nsection: S\n---\n"
      "@predict result=nonsense unit=x min=1 max=10 question=Q explain=E\n"
      "@predict question=Q explain=E\n"
      "@panel thread-grid\n",
      "l.lesson");
  const std::vector<std::string> problems = lesson_problems(lesson);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0].rfind("l.lesson:5: @predict: thread-grid measures no 'nonsense' (it has", 0), 0u) << problems[0];
  EXPECT_EQ(problems[1], "l.lesson:6: @predict for a number needs result= (what the panel measures)");
}

TEST(PanelReference, FormatMdHoldsTheReferenceTheTablesMake) {
  std::ifstream file(std::string(WHYGPU_SOURCE_DIR) + "/lessons/FORMAT.md");
  std::stringstream text;
  text << file.rdbuf();
  const std::string doc = text.str();
  const auto begin = doc.find(kReferenceBegin);
  const auto end = doc.find(kReferenceEnd);
  ASSERT_NE(begin, std::string::npos) << "lessons/FORMAT.md lacks the generated panel reference";
  ASSERT_NE(end, std::string::npos);
  EXPECT_EQ(doc.substr(begin, end + std::string(kReferenceEnd).size() + 1 - begin), panel_reference(true))
      << "lessons/FORMAT.md is out of date: run scripts/update-panel-reference.sh";
}

// A panel's fields (app/panels/panel_fields.h): the options a lesson makes, and a script's
// `set` afterwards, from the one declaration.
struct RaceLike {
  int epochs = 1;
  double rate = 0.5;
  unsigned seed = 7;
};

const PanelFields<RaceLike>& race_like_fields() {
  static const PanelFields<RaceLike> fields{
      Fields<RaceLike>{whole_field("epochs", &RaceLike::epochs, 1, 100, "epochs"),
                       number_field("rate", &RaceLike::rate, 0.0, 1.0, "a rate"),
                       whole_field("seed", &RaceLike::seed, 0, 1000, "a seed")},
      {"seed"}};
  return fields;
}

TEST(PanelFields, TheLessonsValuesOverTheStructsDefaults) {
  std::vector<Wording> problems;
  const PanelParams p =
      PanelParams::check(race_like_fields().table(), "race-like", {{"epochs", "3"}, {"seed", "42"}}, &problems);
  ASSERT_TRUE(problems.empty());
  const RaceLike o = race_like_fields().options(p);
  EXPECT_EQ(o.epochs, 3);
  EXPECT_EQ(o.seed, 42u);
  EXPECT_DOUBLE_EQ(o.rate, 0.5);  // not given: the member's initializer
  EXPECT_EQ(race_like_fields().table()[1].fallback, "0.5");
}

TEST(PanelFields, ASetChangesTheOpenPanelUnlessTheFieldIsTheLessonsAlone) {
  RaceLike o;
  ParamValue v;
  v.text = "9";
  ASSERT_TRUE(race_like_fields().set("epochs", v, &o).is_ok());
  EXPECT_EQ(o.epochs, 9);
  const Status seed = race_like_fields().set("seed", v, &o);
  EXPECT_FALSE(seed.is_ok());
  EXPECT_NE(seed.message().find("only be given in the lesson"), std::string::npos) << seed.message();
  EXPECT_EQ(o.seed, 7u);
  v.text = "2";
  EXPECT_FALSE(race_like_fields().set("rate", v, &o).is_ok());  // out of range: refused, unchanged
  EXPECT_DOUBLE_EQ(o.rate, 0.5);
}

}  // namespace
}  // namespace whygpu::app
