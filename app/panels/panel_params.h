#pragma once
// A panel's parameters, declared once as data. The one table serves lesson directives
// (`@panel thread-grid n=1000`), `set` in scripts, `whygpu --check-lessons`,
// `whygpu --list-panels` and the parameter reference in lessons/FORMAT.md, so the five
// cannot disagree: a misspelt key or a bad value gets the same words everywhere.
//
//   const ParamTable kParams = {
//       whole_param("n", 1000, 1, kMaxElements, "elements in the vector"),
//       choice_param("color", "block", {"block", "warp", "sm"}, "what the colours show"),
//   };
//   PanelParams p = PanelParams::check(kParams, directive.params, &problems);
//   int n = p.whole_as<int>("n");   // the lesson's value, or the default
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "compute/core/fields.h"
#include "compute/core/status.h"

namespace whygpu::app {

// A parameter is a field (compute/core/fields.h): the same description a command-line
// option has. A panel whose settings struct declares Fields<Settings> passes its specs()
// as its ParamTable and applies a value with one call, fields.apply(key, value.text, &settings_).
using ParamKind = FieldKind;
using ParamSpec = FieldSpec;
using ParamValue = FieldValue;
using ParamTable = std::vector<ParamSpec>;

ParamSpec whole_param(std::string key, long long fallback, long long min, long long max, std::string help);
ParamSpec number_param(std::string key, double fallback, double min, double max, std::string help);
ParamSpec flag_param(std::string key, bool fallback, std::string help);
ParamSpec choice_param(std::string key, std::string fallback, std::vector<std::string> choices, std::string help);
ParamSpec text_param(std::string key, std::string fallback, std::string help,
                     std::function<Status(const std::string&)> check = nullptr);
// Text parameters that name files (empty by default: the panel's own choice).
ParamSpec read_path_param(std::string key, std::string help);
ParamSpec export_name_param(std::string key, std::string help);
ParamSpec model_name_param(std::string key, std::string help);

// Reads `value` as `spec` says: "n must be a whole number from 1 to 268435456 (got 'abc')".
Status parse_param(const ParamSpec& spec, const std::string& value, ParamValue* out);

// The spec of `key`, or an error naming the panel, the key and the closest known key:
// "thread-grid has no parameter 'blok_x' (did you mean block_x?)".
Status find_param(const ParamTable& table, const std::string& panel, const std::string& key,
                  const ParamSpec** out);

// The refusal of a `set` for a parameter a panel reads only when it is made.
Status only_in_lesson(const std::string& key);

// Every parameter of one panel: the values a directive gave, checked, and the table's
// defaults for the rest (and for values that failed their check).
class PanelParams {
 public:
  // Checks each key=value against the table; one problem per bad key goes to *problems
  // (a page shows it in its language, --check-lessons in English).
  static PanelParams check(const ParamTable& table, const std::string& panel,
                           const std::map<std::string, std::string>& given, std::vector<Wording>* problems);

  // True when the directive set this key (and its value passed the check).
  bool given(const std::string& key) const;
  long long whole(const std::string& key) const { return value(key).whole; }
  double number(const std::string& key) const { return value(key).number; }
  bool flag(const std::string& key) const { return value(key).flag; }
  const std::string& text(const std::string& key) const { return value(key).text; }
  template <typename T>
  T whole_as(const std::string& key) const { return static_cast<T>(whole(key)); }
  template <typename T>
  T number_as(const std::string& key) const { return static_cast<T>(number(key)); }

 private:
  // A key the table does not declare is a programming error: it throws, and the shell
  // shows the panel as stopped with that message.
  const ParamValue& value(const std::string& key) const;
  std::map<std::string, ParamValue> values_;
  std::map<std::string, bool> given_;
};

}  // namespace whygpu::app
