#pragma once
// Command-line options of the app (bench, kernel-lab and record have their own).
#include <optional>
#include <string>
#include <vector>

namespace whygpu::app {

struct CliOptions {
  bool help = false;
  bool version = false;
  bool list_lessons = false;
  bool list_panels = false;
  bool list_panels_markdown = false;  // --list-panels=markdown
  std::string list_panels_format;     // what came after --list-panels= ("markdown" or nothing)
  bool list_commands = false;
  bool check_lessons = false;
  bool check_translations = false;  // --translations, with --check-lessons
  bool headless = false;
  std::string lesson;          // lesson id to open
  std::string lessons_folder;  // empty: default_lessons_folder()
  std::string screenshot;      // write a PNG after `frames` frames, then exit
  std::string script;          // play UI actions from this file
  std::string export_dir;      // where exports are saved (empty: the setting, else the default)
  int width = 0;               // 0: the saved window size, or 1920x1080 headless
  int height = 0;
  int frames = 3;
  // Headless: draw at most this many frames a second (0: unpaced). Paced by default: on the
  // H100, unpaced 1920x1080 frames took so much of the GPU that a race of CUDA training
  // that ends in 5 s at 1280x720 had not ended after 120 s.
  int fps = 60;
  std::optional<float> font_scale;
  std::optional<bool> dark_theme;
  std::string language;  // --language CODE (app/i18n/language.h); empty: the setting, else the environment
  bool list_languages = false;
  bool class_session = false;          // --class[=IFACE]: start a class session (app/classroom/)
  std::string class_interface;         // empty: the default route's interface
  bool prepare = false;                // --prepare [DEMO]: measure what the demos use, keep it
  std::string prepare_demo;            // empty: every demo
  bool bench = false;                  // `whygpu bench ...`
  bool kernel_lab = false;             // `whygpu kernel-lab ...` (compute/kernel_lab/lab_cli.h)
  bool record = false;                 // `whygpu record ...` (app/cli/record_command.h)
  bool host_program = false;           // `whygpu host-program ...` (compute/host_program/host_cli.h)
  std::vector<std::string> tool_args;  // what follows "bench", "kernel-lab", "record" or "host-program"
};

struct CliParse {
  CliOptions options;
  std::string error;  // non-empty: print it and exit with code 2
  // Set: print `output` on stdout and exit with this code (--list-commands,
  // --list-options, --check-options).
  std::optional<int> exit_code;
  std::string output;
};

CliParse parse_cli(const std::vector<std::string>& args);
std::string cli_help();

// The subcommands' names, from the table here ("bench", "kernel-lab", ...). The command
// lines of --list-commands (bench_command.h command_lines) add bench's benchmarks.
std::vector<std::string> subcommand_names();

}  // namespace whygpu::app
