// compute/bench/json.h: nlohmann::json with our limits, and its exceptions turned into
// messages that name the field.
#include "compute/bench/json.h"

#include <gtest/gtest.h>

namespace whygpu::bench {

struct Row {
  int size = 0;
  double median_ms = 0.0;
  std::string name;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Row, size, median_ms, name)

struct Table {
  std::vector<Row> rows;
};
void from_json(const Json& j, Table& t) {
  array_at(j, "rows").get_to(t.rows);
  for (std::size_t i = 0; i < t.rows.size(); ++i)
    if (t.rows[i].size < 0) reject(j["rows"][i]["size"], "must not be negative");
}

namespace {

Status read_table(const std::string& text, Table* out) {
  Json doc;
  if (Status s = parse_json(text, &doc); !s) return s;
  return read_json(doc, out);
}

TEST(Json, RoundTripKeepsValues) {
  const Row row{3, 1.2345678901234567e-7, "quote \" backslash \\ newline \n tab \t \xc3\xa9"};
  Json doc;
  ASSERT_TRUE(parse_json(dump_json(Json{{"rows", {row}}}), &doc));
  Table back;
  ASSERT_TRUE(read_json(doc, &back));
  ASSERT_EQ(back.rows.size(), 1u);
  EXPECT_EQ(back.rows[0].size, 3);
  EXPECT_EQ(back.rows[0].median_ms, 1.2345678901234567e-7);  // exact round trip
  EXPECT_EQ(back.rows[0].name, row.name);
  EXPECT_EQ(dump_json_line(Json{{"a", 1}}), "{\"a\":1}");
}

TEST(Json, ErrorsNameLineAndColumn) {
  Json v;
  const Status s = parse_json("{\n  \"a\": 1,\n  \"b\" 2\n}", &v);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("line 3"), std::string::npos) << s.message();
  for (const char* bad : {"", "{", "[1,]", "{\"a\":}", "\"open", "tru", "1 2", "{\"a\" 1}", "[01x]", "\"\\q\"", "nan"})
    EXPECT_FALSE(parse_json(bad, &v)) << bad;
}

TEST(Json, DeepNestingAndNumbersBeyondADoubleAreRefused) {
  Json v;
  const Status deep = parse_json(std::string(100000, '['), &v);
  ASSERT_FALSE(deep);
  EXPECT_NE(deep.message().find("nested more than 64"), std::string::npos) << deep.message();
  EXPECT_TRUE(parse_json(std::string(60, '[') + std::string(60, ']'), &v));
  EXPECT_FALSE(parse_json("[1e999]", &v));
  EXPECT_FALSE(parse_json("[-1e999]", &v));
}

TEST(Json, ReadErrorsNameTheField) {
  Table t;
  Status s = read_table(R"({"rows": [{"size": 1}, {"size": 2, "median_ms": "fast"}]})", &t);
  EXPECT_EQ(s.message(), "field 'rows[1].median_ms': expected a number, got a string");
  s = read_table(R"({"rows": {"size": 1}})", &t);
  EXPECT_EQ(s.message(), "field 'rows': expected an array, got an object");
  s = read_table(R"({"table": []})", &t);
  EXPECT_EQ(s.message(), "field 'rows': missing");
  s = read_table(R"({"rows": [{"size": -4}]})", &t);
  EXPECT_EQ(s.message(), "field 'rows[0].size': must not be negative");
  s = read_table(R"([1, 2])", &t);
  EXPECT_FALSE(s);
  EXPECT_TRUE(t.rows.empty());  // left as it was
}

TEST(Json, WholeNumbersMustBeWholeAndFit) {
  Table t;
  EXPECT_TRUE(read_table(R"({"rows": [{"size": 2.0}]})", &t));
  EXPECT_EQ(t.rows[0].size, 2);
  for (const char* size : {"2.5", "1e300", "-1e300", "2147483648", "18446744073709551615"}) {
    const Status s = read_table(std::string(R"({"rows": [{"size": )") + size + "}]}", &t);
    ASSERT_FALSE(s) << size;
    EXPECT_NE(s.message().find("field 'rows[0].size': expected a whole number"), std::string::npos) << s.message();
  }
}

}  // namespace
}  // namespace whygpu::bench
