#include "compute/bench/json.h"

#include <gtest/gtest.h>

namespace whygpu::bench {

namespace {

TEST(Json, RoundTripKeepsValuesAndOrder) {
  JsonValue doc = JsonValue::object();
  doc.set("zeta", JsonValue::number(1.5));
  doc.set("alpha", JsonValue::string("quote \" backslash \\ newline \n tab \t é"));
  JsonValue& list = doc.set("list", JsonValue::array());
  list.push(JsonValue::number(-3));
  list.push(JsonValue::boolean(true));
  list.push(JsonValue());
  doc.set("small", JsonValue::number(1.2345678901234567e-7));
  JsonValue back;
  ASSERT_TRUE(parse_json(doc.dump(), &back));
  ASSERT_EQ(back.members().size(), 4u);
  EXPECT_EQ(back.members()[0].first, "zeta");
  EXPECT_EQ(back.get_number("zeta"), 1.5);
  EXPECT_EQ(back.get_string("alpha"), doc.get_string("alpha"));
  EXPECT_EQ(back.find("list")->items().size(), 3u);
  EXPECT_TRUE(back.find("list")->items()[2].is_null());
  EXPECT_EQ(back.get_number("small"), 1.2345678901234567e-7);  // exact round trip
}

TEST(Json, ParsesEscapesAndUnicode) {
  JsonValue v;
  ASSERT_TRUE(parse_json(R"({"s": "a\u00e9\ud83d\ude00\/b", "n": -1.5e3, "e": []})", &v));
  EXPECT_EQ(v.get_string("s"), "a\xc3\xa9\xf0\x9f\x98\x80/b");
  EXPECT_EQ(v.get_number("n"), -1500.0);
  EXPECT_TRUE(v.find("e")->is_array());
}

TEST(Json, ErrorsNameLineAndColumn) {
  JsonValue v;
  const Status s = parse_json("{\n  \"a\": 1,\n  \"b\" 2\n}", &v);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("line 3"), std::string::npos) << s.message();
  for (const char* bad : {"", "{", "[1,]", "{\"a\":}", "\"open", "tru", "1 2", "{\"a\" 1}",
                          "[01x]", "\"\\q\"", "nan"}) {
    EXPECT_FALSE(parse_json(bad, &v)) << bad;
  }
}

TEST(Json, DeepNestingIsRefusedNotACrash) {
  JsonValue v;
  EXPECT_FALSE(parse_json(std::string(100000, '['), &v));
}

TEST(Json, TypedGettersFallBack) {
  JsonValue v;
  ASSERT_TRUE(parse_json(R"({"n": "text", "s": 3})", &v));
  EXPECT_EQ(v.get_number("n", 7.0), 7.0);
  EXPECT_EQ(v.get_string("s", "x"), "x");
  EXPECT_EQ(v.get_bool("missing", true), true);
}

}  // namespace
}  // namespace whygpu::bench
