#pragma once
// A command's options, read by one parser from its field table (compute/core/fields.h),
// and its --help written from the same table, so that the two cannot disagree.
//
//   const CommandAbout kAbout{"whygpu bench cnn", N_("times training steps of the MNIST CNN")};
//   Options o;
//   if (std::optional<int> exit_code = parse_options(kAbout, kFields, args, &o)) return *exit_code;
//   ... run with o ...
//
// The parser takes `--name VALUE` and `--name=VALUE`; a flag is a bare `--name` (or
// `--name=false`); `--help` (or -h) anywhere, even where an option wants a value, shows the
// help. Every command also answers the standard options below. Errors name the option:
// "unknown option --batchh (did you mean --batch?)", "--batch must be a whole number from
// 1 to 1024 (got '0')", "--batch needs a value (N)".
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compute/core/fields.h"

namespace whygpu {

struct CommandAbout {
  std::string name;   // "whygpu bench cnn": begins the usage line and every error
  std::string about;  // what the command does, a few lines (N_()), each ending in '\n'
  // The word a bare argument stands for ("vector-add|matmul|copy|all"); empty: none taken.
  std::string operand;
  std::string after;  // printed after the options (files, environment)
};

// Options every command takes, declared here once: --help, --check-options (parse the
// options, report the first error, exit: tests and scripts check a command line without
// running it) and --list-options (each option with a value it accepts and one it refuses,
// tab-separated, for tests).
const std::vector<FieldSpec>& standard_options();

enum class CommandOutcome {
  run,           // the options are read: run the command
  help,          // --help was given
  check_only,    // --check-options: every option was read; exit without running
  list_options,  // --list-options
};

// Reads `args` against `specs`: `apply(i, value)` for each option given (i: its index in
// specs; a flag gets "true" or the value written after '='), `operand(word)` for each bare
// argument (null: none is taken).
Status parse_command_line(const std::vector<FieldSpec>& specs, const std::vector<std::string>& args,
                          const std::function<Status(std::size_t, const std::string&)>& apply,
                          const std::function<Status(const std::string&)>& operand, CommandOutcome* outcome);

// The --help text: the usage line, `about`, then one line per option (the command's,
// then the standard ones) with its range, unit and default.
std::string command_help(const CommandAbout& about, const std::vector<FieldSpec>& specs);

// --list-options: "--name<TAB>valid<TAB>invalid" for each option (the command's and the
// standard ones); a flag's valid value is empty (given bare), and so is the invalid value
// of an option every value passes.
std::string option_list(const std::vector<FieldSpec>& specs);

// What a parse amounts to: nothing when the command should run; else the exit code,
// after printing the help (stdout, 0), the option list (stdout, 0), nothing
// (--check-options, 0), or the error and where the help is (stderr, 2).
std::optional<int> finish_parse(const CommandAbout& about, const std::vector<FieldSpec>& specs, const Status& parsed,
                                CommandOutcome outcome);

// The whole of a command's option handling, for an options struct O declared with Fields<O>.
// `operand`: what a bare argument sets (null: a bare argument is an error).
template <typename O>
std::optional<int> parse_options(const CommandAbout& about, const Fields<O>& fields,
                                 const std::vector<std::string>& args, O* options,
                                 const std::function<Status(O&, const std::string&)>& operand = nullptr) {
  CommandOutcome outcome = CommandOutcome::run;
  const Status parsed = parse_command_line(
      fields.specs(), args,
      [&](std::size_t i, const std::string& value) { return fields.apply(fields.fields()[i], value, options, "--"); },
      operand ? std::function<Status(const std::string&)>(
                    [&](const std::string& word) { return operand(*options, word); })
              : nullptr,
      &outcome);
  return finish_parse(about, fields.specs(), parsed, outcome);
}

}  // namespace whygpu
