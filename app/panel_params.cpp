#include "app/panel_params.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace whygpu::app {
namespace {

std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

std::string whole_text(double value) { return std::to_string(static_cast<long long>(value)); }

// Letters to change, add or drop to turn a into b: finds "block_x" for "blok_x".
int edit_distance(const std::string& a, const std::string& b) {
  std::vector<int> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const int above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

ParamSpec whole_param(std::string key, long long fallback, long long min, long long max, std::string help) {
  ParamSpec s;
  s.key = std::move(key);
  s.kind = ParamKind::whole;
  s.min = static_cast<double>(min);
  s.max = static_cast<double>(max);
  s.fallback = std::to_string(fallback);
  s.help = std::move(help);
  return s;
}

ParamSpec number_param(std::string key, double fallback, double min, double max, std::string help) {
  ParamSpec s;
  s.key = std::move(key);
  s.kind = ParamKind::number;
  s.min = min;
  s.max = max;
  s.fallback = number_text(fallback);
  s.help = std::move(help);
  return s;
}

ParamSpec flag_param(std::string key, bool fallback, std::string help) {
  ParamSpec s;
  s.key = std::move(key);
  s.kind = ParamKind::flag;
  s.fallback = fallback ? "true" : "false";
  s.help = std::move(help);
  return s;
}

ParamSpec choice_param(std::string key, std::string fallback, std::vector<std::string> choices, std::string help) {
  ParamSpec s;
  s.key = std::move(key);
  s.kind = ParamKind::choice;
  s.choices = std::move(choices);
  s.fallback = std::move(fallback);
  s.help = std::move(help);
  return s;
}

ParamSpec text_param(std::string key, std::string fallback, std::string help,
                     std::function<Status(const std::string&)> check) {
  ParamSpec s;
  s.key = std::move(key);
  s.kind = ParamKind::text;
  s.fallback = std::move(fallback);
  s.help = std::move(help);
  s.check_text = std::move(check);
  return s;
}

namespace {

ParamSpec path_param(std::string key, PathUse use, std::string help) {
  ParamSpec s = text_param(std::move(key), "", std::move(help));
  s.path = use;
  return s;
}

}  // namespace

ParamSpec read_path_param(std::string key, std::string help) {
  return path_param(std::move(key), PathUse::kRead, std::move(help));
}

ParamSpec export_name_param(std::string key, std::string help) {
  return path_param(std::move(key), PathUse::kExportName, std::move(help));
}

ParamSpec model_name_param(std::string key, std::string help) {
  return path_param(std::move(key), PathUse::kModelName, std::move(help));
}

std::string describe_range(const ParamSpec& spec) {
  switch (spec.kind) {
    case ParamKind::whole:
      return "whole number, " + whole_text(spec.min) + " to " + whole_text(spec.max);
    case ParamKind::number:
      return "number, " + number_text(spec.min) + " to " + number_text(spec.max);
    case ParamKind::flag:
      return "true or false";
    case ParamKind::choice: {
      std::string list;
      for (const std::string& c : spec.choices) list += (list.empty() ? "" : ", ") + c;
      return "one of " + list;
    }
    case ParamKind::text:
      switch (spec.path) {
        case PathUse::kNone: return "text";
        case PathUse::kRead: return "path in the lesson's folder or the data folders";
        case PathUse::kExportName: return "file name, saved in the export folder";
        case PathUse::kModelName: return "file name, in the models folder";
      }
  }
  return "";
}

Status parse_param(const ParamSpec& spec, const std::string& value, ParamValue* out) {
  ParamValue v;
  v.text = value;
  const std::string got = " (got '" + value + "')";
  switch (spec.kind) {
    case ParamKind::whole: {
      // Base 10 only: "010" is ten, not eight.
      char* end = nullptr;
      errno = 0;
      const long long n = std::strtoll(value.c_str(), &end, 10);
      if (value.empty() || errno != 0 || *end != '\0' || n < spec.min || n > spec.max)
        return Status::error(spec.key + " must be a whole number from " + whole_text(spec.min) + " to " +
                             whole_text(spec.max) + got);
      v.whole = n;
      v.number = static_cast<double>(n);
      break;
    }
    case ParamKind::number: {
      char* end = nullptr;
      const double x = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !std::isfinite(x) || x < spec.min || x > spec.max)
        return Status::error(spec.key + " must be a number from " + number_text(spec.min) + " to " +
                             number_text(spec.max) + got);
      v.number = x;
      break;
    }
    case ParamKind::flag:
      if (value == "true" || value == "1" || value == "yes") v.flag = true;
      else if (value == "false" || value == "0" || value == "no") v.flag = false;
      else return Status::error(spec.key + " must be true or false" + got);
      break;
    case ParamKind::choice:
      if (std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end())
        return Status::error(spec.key + " must be " + describe_range(spec) + got);
      break;
    case ParamKind::text:
      if (spec.check_text)
        if (Status s = spec.check_text(value); !s) return Status::error(spec.key + ": " + s.message() + got);
      break;
  }
  *out = std::move(v);
  return Status::ok();
}

Status find_param(const ParamTable& table, const std::string& panel, const std::string& key,
                  const ParamSpec** out) {
  const std::string* closest = nullptr;
  int closest_distance = 3;  // suggest only near misses
  for (const ParamSpec& spec : table) {
    if (spec.key == key) {
      *out = &spec;
      return Status::ok();
    }
    const int d = edit_distance(spec.key, key);
    if (d < closest_distance) {
      closest_distance = d;
      closest = &spec.key;
    }
  }
  std::string message = panel + " has no parameter '" + key + "'";
  if (closest) message += " (did you mean " + *closest + "?)";
  else if (table.empty()) message += " (it takes none)";
  else message += " (whygpu --list-panels lists its parameters)";
  return Status::error(message);
}

PanelParams PanelParams::check(const ParamTable& table, const std::string& panel,
                               const std::map<std::string, std::string>& given, std::vector<std::string>* problems) {
  PanelParams params;
  for (const ParamSpec& spec : table) {
    ParamValue fallback;
    if (Status s = parse_param(spec, spec.fallback, &fallback); !s)
      throw std::logic_error(panel + ": the default of " + s.message());  // a table written wrong
    params.values_[spec.key] = std::move(fallback);
    params.given_[spec.key] = false;
  }
  for (const auto& [key, text] : given) {
    const ParamSpec* spec = nullptr;
    Status s = find_param(table, panel, key, &spec);
    ParamValue value;
    if (s) s = parse_param(*spec, text, &value);
    if (!s) {
      problems->push_back(s.message());
      continue;
    }
    params.values_[key] = std::move(value);
    params.given_[key] = true;
  }
  return params;
}

bool PanelParams::given(const std::string& key) const {
  const auto found = given_.find(key);
  return found != given_.end() && found->second;
}

const ParamValue& PanelParams::value(const std::string& key) const {
  const auto found = values_.find(key);
  if (found == values_.end()) throw std::logic_error("no parameter '" + key + "' is declared for this panel");
  return found->second;
}

}  // namespace whygpu::app
