#include "compute/core/command_line.h"

#include <algorithm>
#include <cstdio>

namespace whygpu {
namespace {

constexpr const char* kCheckOptions = "check-options";
constexpr const char* kListOptions = "list-options";
constexpr std::size_t kOptionColumn = 26;  // where the help text of an option begins

bool is_help(const std::string& arg) { return arg == "--help" || arg == "-h"; }

std::string value_name(const FieldSpec& spec) {
  if (!spec.value_name.empty()) return spec.value_name;
  switch (spec.kind) {
    case FieldKind::whole:
    case FieldKind::size:
      return "N";
    case FieldKind::number:
      return "X";
    case FieldKind::whole_list:
      return "N,...";
    case FieldKind::choice: {
      std::string words;
      for (const std::string& c : spec.choices) words += (words.empty() ? "" : "|") + c;
      return words;
    }
    case FieldKind::flag:
      return "";
    case FieldKind::text:
      return "TEXT";
  }
  return "";
}

std::string whole_text(double value) { return std::to_string(static_cast<long long>(value)); }

// "1 to 1024 images; default 64": what the option's line adds after its help.
std::string range_and_default(const FieldSpec& spec) {
  std::string range;
  switch (spec.kind) {
    case FieldKind::whole:
    case FieldKind::size:
    case FieldKind::whole_list:
      range = whole_text(spec.min) + " to " + whole_text(spec.max);
      break;
    case FieldKind::number:
      range = spec.min_exclusive ? "above " + field_text(spec.min) + ", up to " + field_text(spec.max)
                                 : field_text(spec.min) + " to " + field_text(spec.max);
      break;
    case FieldKind::flag:
    case FieldKind::choice:
    case FieldKind::text:
      break;
  }
  if (!spec.unit.empty()) range += (range.empty() ? "" : " ") + spec.unit;
  std::string fallback;
  if (spec.kind == FieldKind::flag) {
    if (spec.fallback == "true") fallback = "default on";
  } else if (!spec.fallback.empty()) {
    fallback = "default " + spec.fallback;
  }
  if (range.empty() || fallback.empty()) return range + fallback;
  return range + "; " + fallback;
}

std::string option_line(const FieldSpec& spec) {
  std::string left = "  --" + spec.name;
  const std::string value = value_name(spec);
  if (!value.empty()) left += spec.value_optional ? " [" + value + "]" : " " + value;
  left += left.size() + 1 < kOptionColumn ? std::string(kOptionColumn - left.size(), ' ')
                                          : "\n" + std::string(kOptionColumn, ' ');
  const std::string extra = range_and_default(spec);
  return left + spec.help + (extra.empty() ? "" : " (" + extra + ")") + "\n";
}

Status unknown_option(const std::vector<FieldSpec>& specs, const std::string& name) {
  std::vector<FieldSpec> all = specs;
  all.insert(all.end(), standard_options().begin(), standard_options().end());
  std::string message = "unknown option --" + name;
  if (const FieldSpec* close = closest_field(all, name)) message += " (did you mean --" + close->name + "?)";
  return Status::error(message);
}

}  // namespace

const std::vector<FieldSpec>& standard_options() {
  static const std::vector<FieldSpec> options = [] {
    FieldSpec check;
    check.name = kCheckOptions;
    check.kind = FieldKind::flag;
    check.help = N_("read the options, report the first error, and exit without running");
    FieldSpec list;
    list.name = kListOptions;
    list.kind = FieldKind::flag;
    list.help = N_("print each option with a value it takes and one it refuses, and exit");
    FieldSpec help;
    help.name = "help";
    help.kind = FieldKind::flag;
    help.help = N_("this text (also -h)");
    return std::vector<FieldSpec>{check, list, help};
  }();
  return options;
}

Status parse_command_line(const std::vector<FieldSpec>& specs, const std::vector<std::string>& args,
                          const std::function<Status(std::size_t, const std::string&)>& apply,
                          const std::function<Status(const std::string&)>& operand, CommandOutcome* outcome) {
  *outcome = CommandOutcome::run;
  // --help anywhere is help, even where an option before it wants a value.
  if (std::any_of(args.begin(), args.end(), is_help)) {
    *outcome = CommandOutcome::help;
    return Status::ok();
  }
  if (std::find(args.begin(), args.end(), std::string("--") + kListOptions) != args.end()) {
    *outcome = CommandOutcome::list_options;
    return Status::ok();
  }
  bool check_only = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0 || arg.size() == 2) {
      if (!operand || arg.empty() || arg[0] == '-') {
        if (arg.size() > 1 && arg[0] == '-' && arg[1] != '-') return Status::error("unknown option " + arg);
        return Status::error("unexpected argument '" + arg + "'");
      }
      if (Status s = operand(arg); !s) return s;
      continue;
    }
    const std::size_t equals = arg.find('=');
    const std::string name = arg.substr(2, equals == std::string::npos ? std::string::npos : equals - 2);
    std::optional<std::string> value;
    if (equals != std::string::npos) value = arg.substr(equals + 1);
    if (name == kCheckOptions) {
      if (value) return Status::error("--" + name + " takes no value (got '" + arg + "')");
      check_only = true;
      continue;
    }
    const auto found = std::find_if(specs.begin(), specs.end(), [&](const FieldSpec& s) { return s.name == name; });
    if (found == specs.end()) return unknown_option(specs, name);
    if (!value) {
      if (found->kind == FieldKind::flag) {
        value = "true";
      } else if (found->value_optional) {
        value = i + 1 < args.size() && args[i + 1].rfind('-', 0) != 0 ? args[++i] : "";
      } else if (i + 1 < args.size()) {
        value = args[++i];
      } else {
        return Status::error("--" + name + " needs a value (" + value_name(*found) + ")");
      }
    }
    if (Status s = apply(static_cast<std::size_t>(found - specs.begin()), *value); !s) return s;
  }
  if (check_only) *outcome = CommandOutcome::check_only;
  return Status::ok();
}

std::string command_help(const CommandAbout& about, const std::vector<FieldSpec>& specs) {
  std::string text = "usage: " + about.name + (about.operand.empty() ? "" : " " + about.operand) + " [options]\n";
  text += about.about;
  text += "options:\n";
  for (const FieldSpec& spec : specs) text += option_line(spec);
  for (const FieldSpec& spec : standard_options()) text += option_line(spec);
  text += "Every value can also be written --option=value.\n";
  return text + about.after;
}

std::string option_list(const std::vector<FieldSpec>& specs) {
  std::string text;
  const auto line = [&](const FieldSpec& spec) {
    text += "--" + spec.name + "\t" + (spec.kind == FieldKind::flag ? "" : valid_example(spec)) + "\t" +
            invalid_example(spec) + "\n";
  };
  std::for_each(specs.begin(), specs.end(), line);
  std::for_each(standard_options().begin(), standard_options().end(), line);
  return text;
}

std::optional<int> finish_parse(const CommandAbout& about, const std::vector<FieldSpec>& specs, const Status& parsed,
                                CommandOutcome outcome) {
  if (!parsed) {
    std::fprintf(stderr, "%s: %s (%s --help lists the options)\n", about.name.c_str(), parsed.message().c_str(),
                 about.name.c_str());
    return 2;
  }
  switch (outcome) {
    case CommandOutcome::run:
      return std::nullopt;
    case CommandOutcome::help:
      std::fputs(command_help(about, specs).c_str(), stdout);
      return 0;
    case CommandOutcome::list_options:
      std::fputs(option_list(specs).c_str(), stdout);
      return 0;
    case CommandOutcome::check_only:
      return 0;
  }
  return std::nullopt;
}

}  // namespace whygpu
