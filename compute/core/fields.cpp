#include "compute/core/fields.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace whygpu {
namespace {

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

// Base 10 only: "010" is ten, not eight.
bool read_whole(const std::string& text, long long* out) {
  char* end = nullptr;
  errno = 0;
  *out = std::strtoll(text.c_str(), &end, 10);
  return !text.empty() && errno == 0 && *end == '\0';
}

bool in_range(const FieldSpec& spec, double x) { return x >= spec.min && x <= spec.max; }

std::string choice_list(const FieldSpec& spec) {
  std::string list;
  for (const std::string& c : spec.choices) list += (list.empty() ? "" : ", ") + c;
  return list;
}

}  // namespace

std::string field_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

namespace field_detail {

FieldSpec spec(std::string name, FieldKind kind, double min, double max, std::string help) {
  FieldSpec s;
  s.name = std::move(name);
  s.kind = kind;
  s.min = min;
  s.max = max;
  s.help = std::move(help);
  return s;
}

}  // namespace field_detail

Status parse_size_text(const std::string& text, std::int64_t* out) {
  if (text.empty()) return Status::error(Wording::sentence(N_("an empty size")));
  const auto bad = [&] {
    return Status::error(
        Wording::sentence(N_("'{0}' is not a size (examples: 4096, 2^28, 64K, 256M, 1G)"), {text}));
  };
  if (text[0] == '-')
    return Status::error(Wording::sentence(N_("'{0}' is negative: sizes must be at least 1"), {text}));
  if (text.find_first_not_of("0123456789^KkMG") != std::string::npos) return bad();
  std::int64_t value = 0;
  const std::size_t caret = text.find('^');
  if (caret != std::string::npos) {
    long long log = 0;
    if (text.substr(0, caret) != "2" || !read_whole(text.substr(caret + 1), &log) || log < 0 || log > 50)
      return bad();
    value = std::int64_t{1} << log;
  } else {
    const std::size_t digits = text.find_first_not_of("0123456789");
    long long number = 0;
    if (digits == 0 || !read_whole(text.substr(0, digits), &number)) return bad();
    const std::string suffix = digits == std::string::npos ? "" : text.substr(digits);
    int shift = 0;
    if (suffix == "K" || suffix == "k") shift = 10;
    else if (suffix == "M") shift = 20;
    else if (suffix == "G") shift = 30;
    else if (!suffix.empty()) return bad();
    if (number > (std::int64_t{1} << (62 - shift))) return bad();
    value = number << shift;
  }
  if (value < 1)
    return Status::error(Wording::sentence(N_("'{0}' is not positive: sizes must be at least 1"), {text}));
  *out = value;
  return Status::ok();
}

std::string describe_range(const FieldSpec& spec) {
  switch (spec.kind) {
    case FieldKind::whole:
      return "whole number, " + whole_text(spec.min) + " to " + whole_text(spec.max);
    case FieldKind::size:
      return "size, " + whole_text(spec.min) + " to " + whole_text(spec.max) + " (4096, 2^20, 64K, 1M)";
    case FieldKind::whole_list:
      return "whole numbers, " + whole_text(spec.min) + " to " + whole_text(spec.max) + ", separated by commas";
    case FieldKind::number:
      return spec.min_exclusive ? "number above " + field_text(spec.min) + ", up to " + field_text(spec.max)
                                : "number, " + field_text(spec.min) + " to " + field_text(spec.max);
    case FieldKind::flag:
      return "true or false";
    case FieldKind::choice:
      return "one of " + choice_list(spec);
    case FieldKind::text:
      switch (spec.path) {
        case PathUse::kNone: return "text";
        case PathUse::kRead: return "path in the lesson's folder or the data folders";
        case PathUse::kExportName: return "file name, saved in the export folder";
        case PathUse::kModelName: return "file name, in the models folder";
      }
  }
  return "";
}

Status parse_field(const FieldSpec& spec, const std::string& value, const std::string& called, FieldValue* out) {
  FieldValue v;
  v.text = value;
  switch (spec.kind) {
    case FieldKind::whole: {
      long long n = 0;
      if (!read_whole(value, &n) || !in_range(spec, static_cast<double>(n)))
        return Status::error(Wording::sentence(N_("{0} must be a whole number from {1} to {2} (got '{3}')"),
                                               {called, whole_text(spec.min), whole_text(spec.max), value}));
      v.whole = n;
      v.number = static_cast<double>(n);
      break;
    }
    case FieldKind::size: {
      std::int64_t n = 0;
      if (!parse_size_text(value, &n) || !in_range(spec, static_cast<double>(n)))
        return Status::error(Wording::sentence(
            N_("{0} must be a size from {1} to {2}, written 4096, 2^20, 64K or 1M (got '{3}')"),
            {called, whole_text(spec.min), whole_text(spec.max), value}));
      v.whole = n;
      v.number = static_cast<double>(n);
      break;
    }
    case FieldKind::whole_list: {
      std::size_t start = 0;
      while (true) {
        const std::size_t comma = value.find(',', start);
        long long n = 0;
        if (!read_whole(value.substr(start, comma == std::string::npos ? std::string::npos : comma - start), &n) ||
            !in_range(spec, static_cast<double>(n)))
          return Status::error(Wording::sentence(
              N_("{0} must be whole numbers from {1} to {2}, separated by commas (got '{3}')"),
              {called, whole_text(spec.min), whole_text(spec.max), value}));
        v.wholes.push_back(n);
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      break;
    }
    case FieldKind::number: {
      char* end = nullptr;
      const double x = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !std::isfinite(x) || !in_range(spec, x) ||
          (spec.min_exclusive && x == spec.min)) {
        const std::vector<Wording> values = {called, Wording::number(field_text(spec.min)),
                                             Wording::number(field_text(spec.max)), value};
        return Status::error(
            spec.min_exclusive
                ? Wording::sentence(N_("{0} must be a number above {1}, up to {2} (got '{3}')"), values)
                : Wording::sentence(N_("{0} must be a number from {1} to {2} (got '{3}')"), values));
      }
      v.number = x;
      break;
    }
    case FieldKind::flag:
      if (value == "true" || value == "1" || value == "yes") v.flag = true;
      else if (value == "false" || value == "0" || value == "no") v.flag = false;
      else
        return Status::error(Wording::sentence(N_("{0} must be true or false (got '{1}')"), {called, value}));
      break;
    case FieldKind::choice:
      if (std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end())
        return Status::error(
            Wording::sentence(N_("{0} must be one of {1} (got '{2}')"), {called, choice_list(spec), value}));
      break;
    case FieldKind::text:
      if (spec.check_text)
        if (Status s = spec.check_text(value); !s)
          return Status::error(Wording::sentence(N_("{0}: {1} (got '{2}')"), {called, s.wording(), value}));
      break;
  }
  *out = std::move(v);
  return Status::ok();
}

std::string valid_example(const FieldSpec& spec) {
  FieldValue ignored;
  if (!spec.example.empty()) return spec.example;
  if (spec.kind == FieldKind::flag) return "true";
  if (!spec.fallback.empty() && parse_field(spec, spec.fallback, spec.name, &ignored)) return spec.fallback;
  switch (spec.kind) {
    case FieldKind::whole:
    case FieldKind::size:
    case FieldKind::whole_list:
      return whole_text(spec.min);
    case FieldKind::number:
      return field_text(spec.min_exclusive ? spec.max : spec.min);
    case FieldKind::choice:
      return spec.choices.empty() ? "" : spec.choices.front();
    case FieldKind::flag:
    case FieldKind::text:
      break;
  }
  return "x";
}

std::string invalid_example(const FieldSpec& spec) {
  switch (spec.kind) {
    case FieldKind::whole:
    case FieldKind::size:
    case FieldKind::whole_list:
      return whole_text(spec.max + 1);
    case FieldKind::number:
      return field_text(spec.max * 2 + 1);  // above max even as "%g" rounds it
    case FieldKind::choice:
      return "no-such-choice";
    case FieldKind::flag:
    case FieldKind::text:
      break;
  }
  return "";
}

const FieldSpec* closest_field(const std::vector<FieldSpec>& specs, const std::string& name) {
  const FieldSpec* closest = nullptr;
  int closest_distance = 3;  // suggest only near misses
  for (const FieldSpec& spec : specs) {
    const int d = edit_distance(spec.name, name);
    if (d < closest_distance) {
      closest_distance = d;
      closest = &spec;
    }
  }
  return closest;
}

}  // namespace whygpu
