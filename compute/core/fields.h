#pragma once
// A setting declared once: its name, kind, range, unit and help text, bound to the member
// of the options struct it sets. From one table come a command's options and its --help
// (compute/core/command_line.h) and, through app/panels/panel_params.h, a panel's lesson
// parameters; applying a value is generated from the binding, not written by hand.
//
//   struct CnnBenchOptions { int batch = kDefaultBatch; bool json = false; std::string mnist; };
//   const Fields<CnnBenchOptions> kFields{
//       whole_field("batch", &CnnBenchOptions::batch, 1, kMaxBatch, N_("images in a training step")),
//       flag_field("json", &CnnBenchOptions::json, N_("print JSON instead of a table")),
//       text_field("mnist", &CnnBenchOptions::mnist, N_("the MNIST digits")).shown_as("DIR"),
//   };
//   CnnBenchOptions o;
//   Status s = kFields.apply("batch", "128", &o);   // o.batch == 128; "batch must be ..." if not
//
// The default of a bound field is the member's initializer: the table reads it from a
// default-constructed struct, so it is written once, in the struct. A field no single
// member holds (`--backend gpu|cpu|both` sets two) takes a setter and its default as text.
// Members reached through others (r.options.measure.repeats) are bound by an accessor,
// `[](Request& r) -> int& { return r.options.measure.repeats; }`, with the struct named:
// `whole_field<Request>("repeats", accessor, ...)`.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "compute/core/status.h"
#include "compute/core/translation_marker.h"  // N_() for the help texts


namespace whygpu {

enum class FieldKind {
  whole,       // a whole number in [min, max]
  number,      // a number in [min, max] (or (min, max] with min_exclusive)
  flag,        // on or off: a bare --name on the command line, true/false in a lesson
  choice,      // one of a list of words
  text,        // any text, or what check_text accepts
  whole_list,  // whole numbers in [min, max], separated by commas: "1,4,16"
  size,        // a whole number in [min, max] written 4096, 2^28, 64K, 256M or 1G
};

// What a text field's value names on the host. A lesson or a script may not choose
// where the app reads or writes: app/files/document_paths.h confines the values they give.
enum class PathUse {
  kNone,
  kRead,        // a file or folder the panel reads
  kExportName,  // a file the panel saves, by name, in the user's export folder
  kModelName,   // a model Save writes and Load reads, by name, in the user's models folder
};

struct FieldSpec {
  std::string name;
  FieldKind kind = FieldKind::whole;
  double min = 0.0;  // whole, number, whole_list, size: the accepted range
  double max = 0.0;
  bool min_exclusive = false;        // number: above min, not at it (a learning rate)
  std::vector<std::string> choices;  // choice: the accepted words
  std::string fallback;              // the default, as it would be written
  std::string unit;                  // "ms", "images": shown after the range
  std::string help;                  // one line, marked N_()
  std::string value_name;            // what --help writes after the option ("DIR"); empty: from the kind
  std::string example;               // a valid value where the kind's own would not do (tests use it)
  // text on a command line: the value may be left out (--prepare, --prepare DEMO,
  // --list-panels=markdown); then the field is given "".
  bool value_optional = false;
  // text: an extra check of the value's form ("x,y", a list of layer names); null: any text.
  std::function<Status(const std::string& value)> check_text;
  PathUse path = PathUse::kNone;  // text: what the value names on the host
};

// One checked value, of its spec's kind.
struct FieldValue {
  long long whole = 0;  // whole and size
  double number = 0.0;  // number (and whole, as a double)
  bool flag = false;
  std::vector<long long> wholes;  // whole_list
  std::string text;               // choice and text; also the value as written, for every kind
};

// Reads `value` as `spec` says. Errors name the field as `called` ("n" in a lesson,
// "--n" on a command line): "--n must be a whole number from 1 to 268435456 (got 'abc')".
Status parse_field(const FieldSpec& spec, const std::string& value, const std::string& called, FieldValue* out);

// "whole number, 1 to 268435456", "true or false", "one of block, warp, sm", "text",
// "file name, saved in the export folder".
std::string describe_range(const FieldSpec& spec);

// A value `spec` accepts (its example, its default where that passes, else its least),
// and one it refuses by range or by word ("" where every text passes, and for flags).
std::string valid_example(const FieldSpec& spec);
std::string invalid_example(const FieldSpec& spec);

// The declared name closest to `name` (a letter or two off), or null: "blok_x" finds "block_x".
const FieldSpec* closest_field(const std::vector<FieldSpec>& specs, const std::string& name);

// One size: "4096", "2^28", "64K", "256M", "1G" (K/M/G are powers of 1024), at least 1.
Status parse_size_text(const std::string& text, std::int64_t* out);

// The default text of a value, as --help and a lesson would write it.
inline std::string field_text(bool value) { return value ? "true" : "false"; }
std::string field_text(double value);
inline std::string field_text(const std::string& value) { return value; }
template <typename T>
std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, std::string> field_text(T value) {
  return std::to_string(value);
}
template <typename T>
std::string field_text(const std::optional<T>& value) {
  return value ? field_text(*value) : "";
}
template <typename T>
std::string field_text(const std::vector<T>& values) {
  std::string text;
  for (const T& v : values) text += (text.empty() ? "" : ",") + field_text(v);
  return text;
}

// One field of an options struct O: its description and how a checked value lands in O.
template <typename O>
struct Field {
  FieldSpec spec;
  std::function<Status(O&, const FieldValue&)> set;
  std::function<std::string(O&)> show;  // the member's value as text; null: spec.fallback holds it

  // What --help writes after the option: "DIR", "FILE", "N".
  Field shown_as(std::string value_name) const {
    Field f = *this;
    f.spec.value_name = std::move(value_name);
    return f;
  }
  Field in_unit(std::string unit) const {
    Field f = *this;
    f.spec.unit = std::move(unit);
    return f;
  }
  // On a command line the value may be left out: `--name`, `--name=VALUE`, `--name VALUE`
  // where VALUE does not start with '-'. A left-out value is "".
  Field value_optional() const {
    Field f = *this;
    f.spec.value_optional = true;
    return f;
  }
  // What a text field's value names on the host (a file it reads, a name it saves under):
  // a lesson or a script may then name only what app/files/document_paths.h allows.
  Field naming(PathUse use) const {
    Field f = *this;
    f.spec.path = use;
    return f;
  }
  // A valid value for tests where the kind's own would not pass check_text.
  Field for_example(std::string example) const {
    Field f = *this;
    f.spec.example = std::move(example);
    return f;
  }
  // Runs after the value is set: what else giving this field means (--mnist: that folder
  // or nothing, never random pixels instead).
  Field also(std::function<void(O&)> then) const {
    Field f = *this;
    f.set = [set = set, then = std::move(then)](O& o, const FieldValue& v) {
      Status s = set(o, v);
      if (s) then(o);
      return s;
    };
    return f;
  }
};

// The fields of one options struct, in the order --help lists them.
template <typename O>
class Fields {
 public:
  Fields(std::initializer_list<Field<O>> fields) : Fields(std::vector<Field<O>>(fields)) {}
  explicit Fields(std::vector<Field<O>> fields) : fields_(std::move(fields)) {
    O defaults{};
    for (Field<O>& f : fields_)
      if (f.show) f.spec.fallback = f.show(defaults);
    for (const Field<O>& f : fields_) specs_.push_back(f.spec);
  }

  const std::vector<FieldSpec>& specs() const { return specs_; }
  const std::vector<Field<O>>& fields() const { return fields_; }

  // Checks `value` against the field `name` and sets it in *options. Errors name the
  // field as it is written where the value came from: called_prefix "--" on a command line.
  Status apply(const std::string& name, const std::string& value, O* options,
               const std::string& called_prefix = "") const {
    const auto found =
        std::find_if(fields_.begin(), fields_.end(), [&](const Field<O>& f) { return f.spec.name == name; });
    if (found == fields_.end()) {
      const FieldSpec* close = closest_field(specs_, name);
      // TRANSLATORS: {0} is the name of a setting that does not exist ("no --blok_x").
      if (!close) return Status::error(Wording::sentence(N_("no {0}"), {called_prefix + name}));
      return Status::error(Wording::sentence(N_("no {0} (did you mean {1}?)"),
                                             {called_prefix + name, called_prefix + close->name}));
    }
    return apply(*found, value, options, called_prefix);
  }

  Status apply(const Field<O>& field, const std::string& value, O* options, const std::string& called_prefix) const {
    FieldValue v;
    if (Status s = parse_field(field.spec, value, called_prefix + field.spec.name, &v); !s) return s;
    if (Status s = field.set(*options, v); !s) return s.with_context(called_prefix + field.spec.name);
    return Status::ok();
  }

 private:
  std::vector<Field<O>> fields_;
  std::vector<FieldSpec> specs_;
};

namespace field_detail {

template <typename O, typename Access>
std::function<std::string(O&)> show(Access access) {
  return [access](O& o) { return field_text(std::invoke(access, o)); };
}

template <typename O>
Field<O> make(FieldSpec spec, std::function<Status(O&, const FieldValue&)> set,
              std::function<std::string(O&)> show = nullptr) {
  return Field<O>{std::move(spec), std::move(set), std::move(show)};
}

FieldSpec spec(std::string name, FieldKind kind, double min, double max, std::string help);

template <typename O, typename Access>
Field<O> whole(std::string name, Access access, long long min, long long max, std::string help) {
  using Member = std::remove_reference_t<std::invoke_result_t<Access, O&>>;
  return field_detail::make<O>(
      field_detail::spec(std::move(name), FieldKind::whole, static_cast<double>(min), static_cast<double>(max),
                         std::move(help)),
      [access](O& o, const FieldValue& v) {
        std::invoke(access, o) = static_cast<Member>(v.whole);
        return Status::ok();
      },
      field_detail::show<O>(access));
}

template <typename O, typename Access>
Field<O> number(std::string name, Access access, double min, double max, std::string help, bool min_exclusive) {
  using Member = std::remove_reference_t<std::invoke_result_t<Access, O&>>;
  FieldSpec s = field_detail::spec(std::move(name), FieldKind::number, min, max, std::move(help));
  s.min_exclusive = min_exclusive;
  return field_detail::make<O>(
      std::move(s),
      [access](O& o, const FieldValue& v) {
        std::invoke(access, o) = static_cast<Member>(v.number);
        return Status::ok();
      },
      field_detail::show<O>(access));
}

template <typename O, typename Access>
Field<O> text(std::string name, Access access, std::string help, std::function<Status(const std::string&)> check) {
  FieldSpec s = field_detail::spec(std::move(name), FieldKind::text, 0, 0, std::move(help));
  s.check_text = std::move(check);
  return field_detail::make<O>(std::move(s),
                               [access](O& o, const FieldValue& v) {
                                 std::invoke(access, o) = v.text;
                                 return Status::ok();
                               },
                               field_detail::show<O>(access));
}

template <typename O, typename Access>
Field<O> flag(std::string name, Access access, std::string help) {
  return field_detail::make<O>(field_detail::spec(std::move(name), FieldKind::flag, 0, 0, std::move(help)),
                               [access](O& o, const FieldValue& v) {
                                 std::invoke(access, o) = v.flag;
                                 return Status::ok();
                               },
                               field_detail::show<O>(access));
}

}  // namespace field_detail

// A whole number from min to max, into an integral member (or one `access` reaches).
template <typename O, typename M>
Field<O> whole_field(std::string name, M O::*member, long long min, long long max, std::string help) {
  return field_detail::whole<O>(std::move(name), member, min, max, std::move(help));
}
template <typename O, typename Access>
Field<O> whole_field(std::string name, Access access, long long min, long long max, std::string help) {
  return field_detail::whole<O>(std::move(name), access, min, max, std::move(help));
}

// A whole number from min to max handed to `set` (a value that sets several members);
// `fallback` is the value the struct's defaults amount to.
template <typename O>
Field<O> whole_field(std::string name, long long min, long long max, long long fallback,
                     std::function<void(O&, long long)> set, std::string help) {
  FieldSpec s = field_detail::spec(std::move(name), FieldKind::whole, static_cast<double>(min),
                                   static_cast<double>(max), std::move(help));
  s.fallback = std::to_string(fallback);
  return field_detail::make<O>(std::move(s), [set = std::move(set)](O& o, const FieldValue& v) {
    set(o, v.whole);
    return Status::ok();
  });
}

// A size (4096, 2^20, 1M) from min to max, into an integral member.
template <typename O, typename M>
Field<O> size_field(std::string name, M O::*member, long long min, long long max, std::string help) {
  Field<O> f = field_detail::whole<O>(std::move(name), member, min, max, std::move(help));
  f.spec.kind = FieldKind::size;
  return f;
}
template <typename O, typename Access>
Field<O> size_field(std::string name, Access access, long long min, long long max, std::string help) {
  Field<O> f = field_detail::whole<O>(std::move(name), access, min, max, std::move(help));
  f.spec.kind = FieldKind::size;
  return f;
}

// A number from min to max (above min when min_exclusive), into a floating-point member.
template <typename O, typename M>
Field<O> number_field(std::string name, M O::*member, double min, double max, std::string help,
                      bool min_exclusive = false) {
  return field_detail::number<O>(std::move(name), member, min, max, std::move(help), min_exclusive);
}
template <typename O, typename Access>
Field<O> number_field(std::string name, Access access, double min, double max, std::string help,
                      bool min_exclusive = false) {
  return field_detail::number<O>(std::move(name), access, min, max, std::move(help), min_exclusive);
}

// On or off, into a bool member (or one `access` reaches).
template <typename O>
Field<O> flag_field(std::string name, bool O::*member, std::string help) {
  return field_detail::flag<O>(std::move(name), member, std::move(help));
}
template <typename O, typename Access>
Field<O> flag_field(std::string name, Access access, std::string help) {
  return field_detail::flag<O>(std::move(name), access, std::move(help));
}

// A switch: giving it (or true) sets the member reached by `access` to `value`
// (--no-rotate: rotate_inputs = false; --json: format = Json). Its default is off.
template <typename O, typename Access, typename V>
Field<O> switch_field(std::string name, Access access, V value, std::string help) {
  FieldSpec s = field_detail::spec(std::move(name), FieldKind::flag, 0, 0, std::move(help));
  s.fallback = "false";
  return field_detail::make<O>(std::move(s), [access, value](O& o, const FieldValue& v) {
    if (v.flag) std::invoke(access, o) = value;
    return Status::ok();
  });
}

// One of `choices`, into a string member.
template <typename O>
Field<O> choice_field(std::string name, std::string O::*member, std::vector<std::string> choices,
                      std::string help) {
  FieldSpec s = field_detail::spec(std::move(name), FieldKind::choice, 0, 0, std::move(help));
  s.choices = std::move(choices);
  return field_detail::make<O>(std::move(s),
                               [member](O& o, const FieldValue& v) {
                                 o.*member = v.text;
                                 return Status::ok();
                               },
                               field_detail::show<O>(member));
}

// One of `choices`, handed to `set` (a choice that sets several members); `fallback` is
// the choice the struct's defaults amount to.
template <typename O>
Field<O> choice_field(std::string name, std::vector<std::string> choices, std::string fallback,
                      std::function<void(O&, const std::string&)> set, std::string help) {
  FieldSpec s = field_detail::spec(std::move(name), FieldKind::choice, 0, 0, std::move(help));
  s.choices = std::move(choices);
  s.fallback = std::move(fallback);
  return field_detail::make<O>(std::move(s), [set = std::move(set)](O& o, const FieldValue& v) {
    set(o, v.text);
    return Status::ok();
  });
}

// Any text (or what `check` accepts), into a string member (or one `access` reaches).
template <typename O>
Field<O> text_field(std::string name, std::string O::*member, std::string help,
                    std::function<Status(const std::string&)> check = nullptr) {
  return field_detail::text<O>(std::move(name), member, std::move(help), std::move(check));
}
template <typename O, typename Access>
Field<O> text_field(std::string name, Access access, std::string help,
                    std::function<Status(const std::string&)> check = nullptr) {
  return field_detail::text<O>(std::move(name), access, std::move(help), std::move(check));
}

// Text that `parse` turns into members ("fp32,bf16" into a list of precisions); its
// errors name the field. `fallback`: the default as text ("" for none).
template <typename O>
Field<O> parsed_field(std::string name, std::string fallback, std::function<Status(O&, const std::string&)> parse,
                      std::string help) {
  FieldSpec s = field_detail::spec(std::move(name), FieldKind::text, 0, 0, std::move(help));
  s.fallback = std::move(fallback);
  return field_detail::make<O>(std::move(s), [parse = std::move(parse)](O& o, const FieldValue& v) {
    return parse(o, v.text);
  });
}

// Whole numbers from min to max, "1,4,16", into a vector member.
template <typename O, typename T>
Field<O> whole_list_field(std::string name, std::vector<T> O::*member, long long min, long long max,
                          std::string help) {
  return field_detail::make<O>(
      field_detail::spec(std::move(name), FieldKind::whole_list, static_cast<double>(min),
                         static_cast<double>(max), std::move(help)),
      [member](O& o, const FieldValue& v) {
        (o.*member).assign(v.wholes.begin(), v.wholes.end());
        return Status::ok();
      },
      field_detail::show<O>(member));
}

// A field of an inner struct, set in the outer struct that holds it (`access` reaches the
// inner one): fields declared once for a struct serve every command that embeds it.
template <typename Outer, typename Inner, typename Access>
Field<Outer> nested_field(const Field<Inner>& inner, Access access) {
  Field<Outer> f;
  f.spec = inner.spec;
  f.set = [set = inner.set, access](Outer& o, const FieldValue& v) { return set(std::invoke(access, o), v); };
  if (inner.show) f.show = [show = inner.show, access](Outer& o) { return show(std::invoke(access, o)); };
  return f;
}

}  // namespace whygpu
