#pragma once
// whygpu's one way into JSON: nlohmann::json (Debian's nlohmann-json3-dev, header only),
// with what our files need around it. Each recorded type declares its fields once, in a
// to_json/from_json pair beside the type (NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT
// where the keys are the members' names and nothing needs checking); this header turns
// what nlohmann throws into a Status at one place (read_json), so no exception reaches the
// app, and names the field: "field 'rows[3].median_ms': expected a number, got a string".
//
//   struct Row { int size = 0; double median_ms = 0.0; };
//   NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Row, size, median_ms)
//   Row row;
//   Json doc;
//   if (Status s = parse_json(text, &doc); !s) return s;
//   if (Status s = read_json(doc, &row); !s) return s.with_context(path);
//
// Every from_json runs inside read_json: it may use at() for a required member, value()
// for one with a default, and reject() for a value of the right type that is not allowed.

// Exceptions carry the JSON pointer of the value at fault ("/rows/3/median_ms"), which
// read_json turns into the field's name. Defined here, before the only include of
// nlohmann's header, so that every file sees the same json type.
#define JSON_DIAGNOSTICS 1
#include <nlohmann/json.hpp>

#include <cmath>
#include <exception>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "compute/core/status.h"

namespace whygpu::bench {

using Json = nlohmann::json;

// Deeper nesting than any of our files has is refused while parsing: what reads a
// document afterwards (copies, dumps, from_json) recurses, and a hostile file must not
// exhaust the stack.
inline constexpr int kMaxJsonDepth = 64;

// Parses a whole document. Errors name the line and column; nesting beyond
// kMaxJsonDepth and numbers beyond a double's range (1e999) are refused, so every number
// read is finite.
Status parse_json(std::string_view text, Json* out);

// Inside a from_json: refuses `value` (of the right type but not allowed) with
// `problem`, which read_json reports with the value's field: "field 'epochs': must be 1 or more".
[[noreturn]] void reject(const Json& value, const std::string& problem);

// For a to_json/from_json pair that must check or convert some fields: the plain ones
// are still named once each, as NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT names
// them (the key is the member's name; a missing key keeps the member's current value):
//   void from_json(const Json& j, Row& r) {
//     WHYGPU_JSON_READ_MEMBERS(j, r, size, median_ms, note);
//     if (r.size < 0) reject(j.at("size"), "must not be negative");
//   }
#define WHYGPU_JSON_WRITE_MEMBERS(json_out, value_in, ...)                             \
  do {                                                                                 \
    auto& nlohmann_json_j = (json_out);                                                \
    const auto& nlohmann_json_t = (value_in);                                          \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(NLOHMANN_JSON_TO, __VA_ARGS__))           \
  } while (false)
#define WHYGPU_JSON_READ_MEMBERS(json_in, value_out, ...)                              \
  do {                                                                                 \
    const auto& nlohmann_json_j = (json_in);                                           \
    auto& nlohmann_json_t = (value_out);                                               \
    const auto nlohmann_json_default_obj = nlohmann_json_t;                            \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(NLOHMANN_JSON_FROM_WITH_DEFAULT, __VA_ARGS__)) \
  } while (false)

// Inside a from_json: the member `key` of `json`, which must be an array (a loop over
// anything else would take an object's values, or a number as one item).
const Json& array_at(const Json& json, const char* key);

// What nlohmann (or reject) threw, in words: "field 'rows[3].median_ms': expected a
// number, got a string"; "line 3, column 5: syntax error ...".
Status json_error(const std::exception& error);

// `json` through T's from_json into *out (left as it was on failure). The one place
// where exceptions from reading JSON are caught.
template <typename T>
Status read_json(const Json& json, T* out) {
  try {
    T value = json.template get<T>();
    *out = std::move(value);
    return Status::ok();
  } catch (const std::exception& e) {
    return json_error(e);
  }
}

// Pretty-printed with two-space indents and a final line break; text is UTF-8 as given
// (bytes that are not UTF-8 become U+FFFD rather than an exception).
std::string dump_json(const Json& json);
// On one line (a child process's answer, one per line).
std::string dump_json_line(const Json& json);

}  // namespace whygpu::bench

// Whole numbers are read only from numbers that are whole and fit the member: a file's
// 1e300 or 2.5 for an int is refused by name (nlohmann would cast it, which is undefined
// for a value out of range).
namespace nlohmann {
template <typename T>
struct adl_serializer<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>> {
  // std::in_range, written out: CUDA files include this header and nvcc compiles C++17.
  template <typename Target, typename Value>
  static constexpr bool fits(Value v) {
    using limits = std::numeric_limits<Target>;
    if constexpr (std::is_signed_v<Value> == std::is_signed_v<Target>)
      return v >= limits::min() && v <= limits::max();
    else if constexpr (std::is_signed_v<Value>)
      return v >= 0 && static_cast<std::make_unsigned_t<Value>>(v) <= limits::max();
    else
      return v <= static_cast<std::make_unsigned_t<Target>>(limits::max());
  }
  template <typename BasicJson>
  static void to_json(BasicJson& json, T value) {
    ::nlohmann::to_json(json, value);
  }
  template <typename BasicJson>
  static void from_json(const BasicJson& json, T& value) {
    if (json.is_number_integer() || json.is_number_unsigned()) {
      if (json.is_number_unsigned() ? fits<T>(json.template get_ref<const typename BasicJson::number_unsigned_t&>())
                                    : fits<T>(json.template get_ref<const typename BasicJson::number_integer_t&>())) {
        ::nlohmann::from_json(json, value);
        return;
      }
    } else if (json.is_number_float()) {
      const double d = json.template get_ref<const typename BasicJson::number_float_t&>();
      // The bounds are powers of two, exact as doubles; the upper one is excluded.
      const double low = static_cast<double>(std::numeric_limits<T>::min());
      const double high = 2.0 * static_cast<double>(std::numeric_limits<T>::max() / 2 + 1);
      if (d >= low && d < high && d == std::trunc(d)) {
        value = static_cast<T>(d);
        return;
      }
    } else {
      ::nlohmann::from_json(json, value);  // nlohmann's own "type must be number" error
      return;
    }
    whygpu::bench::reject(json, "expected a whole number from " + std::to_string(std::numeric_limits<T>::min()) +
                                    " to " + std::to_string(std::numeric_limits<T>::max()));
  }
};

// A float is read only from a number within a float's range (converting a larger double
// is undefined); the rounding to the nearest float is all that happens.
template <>
struct adl_serializer<float> {
  template <typename BasicJson>
  static void to_json(BasicJson& json, float value) {
    ::nlohmann::to_json(json, value);
  }
  template <typename BasicJson>
  static void from_json(const BasicJson& json, float& value) {
    double d = 0.0;
    ::nlohmann::from_json(json, d);  // nlohmann's own "type must be number" error
    if (!(std::fabs(d) <= static_cast<double>(std::numeric_limits<float>::max())))
      whygpu::bench::reject(json, "expected a number within a float's range");
    value = static_cast<float>(d);
  }
};
}  // namespace nlohmann
