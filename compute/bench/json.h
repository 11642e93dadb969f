#pragma once
// A small JSON value with a strict parser and a writer, for bench results and the recorded
// reference data (no JSON library is among the project's dependencies). Objects keep
// their keys in insertion order so written files read top to bottom as built.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::bench {

class JsonValue {
 public:
  enum class Type { Null, Bool, Number, String, Array, Object };

  JsonValue() = default;
  static JsonValue boolean(bool b);
  static JsonValue number(double d);
  static JsonValue string(std::string s);
  static JsonValue array();
  static JsonValue object();

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::Null; }
  bool is_number() const { return type_ == Type::Number; }
  bool is_string() const { return type_ == Type::String; }
  bool is_array() const { return type_ == Type::Array; }
  bool is_object() const { return type_ == Type::Object; }

  bool as_bool() const { return bool_; }
  double as_number() const { return number_; }
  const std::string& as_string() const { return string_; }
  const std::vector<JsonValue>& items() const { return items_; }
  const std::vector<std::pair<std::string, JsonValue>>& members() const { return members_; }

  // Arrays: append. Objects: set (replacing an existing key).
  JsonValue& push(JsonValue v);
  JsonValue& set(const std::string& key, JsonValue v);
  // Objects: the member, or nullptr.
  const JsonValue* find(std::string_view key) const;

  // Typed member reads with a fallback when absent or of another type.
  std::string get_string(std::string_view key, const std::string& fallback = "") const;
  double get_number(std::string_view key, double fallback = 0.0) const;
  bool get_bool(std::string_view key, bool fallback = false) const;

  // Pretty-printed with two-space indents; numbers in shortest round-trip form.
  std::string dump() const;

 private:
  void dump_to(std::string* out, int indent) const;
  Type type_ = Type::Null;
  bool bool_ = false;
  double number_ = 0.0;
  std::string string_;
  std::vector<JsonValue> items_;
  std::vector<std::pair<std::string, JsonValue>> members_;
};

// Parses a whole document; errors name the line and column.
Status parse_json(std::string_view text, JsonValue* out);

// Parses a whygpu file: a JSON object whose "format" is `format` and whose
// "format_version" is 1 to `newest`. `what` names it in errors: "not a whygpu dense-layer
// recording (no \"format\": \"whygpu-dense-layer\")".
Status parse_document(std::string_view text, const std::string& format, int newest, const std::string& what,
                      JsonValue* out);
// The same checks on a document already parsed (one embedded in another file).
Status check_document(const JsonValue& doc, const std::string& format, int newest, const std::string& what);

// A JSON string literal, quotes included.
std::string json_quote(std::string_view s);

}  // namespace whygpu::bench
