#include "app/cli/cli_options.h"

#include <optional>
#include <string>

#include "app/i18n/language.h"
#include "app/i18n/translate.h"
#include "app/shell/settings.h"
#include "compute/core/command_line.h"

namespace whygpu::app {
namespace {

// The subcommands: each takes the arguments after its name and has options of its own.
struct Subcommand {
  const char* name;
  const char* usage;  // its line in `whygpu --help`
  bool CliOptions::*chosen;
};

const Subcommand kSubcommands[] = {
    {"bench", N_("<vector-add|matmul|copy|...> [options]   measurements as tables (bench --help)"),
     &CliOptions::bench},
    {"kernel-lab", N_("--exercise KEY --source FILE        compile, run and check your own kernel"),
     &CliOptions::kernel_lab},
    {"record", N_("--all [--out DIR]  on a GPU machine: record what the GPU panels show (record --help)"),
     &CliOptions::record},
    {"host-program", N_("[--mistake KEY|all]               a first CUDA program's calls, timed one by one"),
     &CliOptions::host_program},
};

// --size WxH: both sides in one value.
Status parse_window_size(CliOptions& o, const std::string& text) {
  FieldSpec side;
  side.max = 16384;
  FieldValue w, h;
  const auto x = text.find_first_of("xX");
  side.min = 320;
  const bool width_ok = x != std::string::npos && parse_field(side, text.substr(0, x), "width", &w);
  side.min = 240;
  if (!width_ok || !parse_field(side, text.substr(x + 1), "height", &h))
    return Status::error(tr("wants WIDTHxHEIGHT from 320x240 to 16384x16384, e.g. 1920x1080"));
  o.width = static_cast<int>(w.whole);
  o.height = static_cast<int>(h.whole);
  return Status::ok();
}

Status check_panels_format(const std::string& value) {
  return value.empty() || value == "markdown" ? Status::ok() : Status::error(tr("takes no value, or =markdown"));
}

const Fields<CliOptions>& fields() {
  using O = CliOptions;
  static const Fields<O> table{
      text_field("lesson", &O::lesson, N_("open this lesson (see --list-lessons)")).shown_as("ID"),
      text_field("lessons", &O::lessons_folder, N_("read lessons from DIR (default: lessons/, found as below)"))
          .shown_as("DIR"),
      flag_field("headless", &O::headless, N_("render offscreen through EGL, with no window or X server")),
      parsed_field<O>("size", "", parse_window_size,
                      N_("window or offscreen size in pixels (headless default 1920x1080)"))
          .shown_as("WxH")
          .for_example("1920x1080"),
      text_field("screenshot", &O::screenshot, N_("write a PNG after --frames frames, then exit")).shown_as("FILE"),
      whole_field("frames", &O::frames, 1, 100000, N_("frames to render before the screenshot")),
      whole_field("fps", &O::fps, 0, 1000,
                  N_("headless: at most N frames a second, as a display paces a window (0: as fast as they "
                     "render, which leaves a GPU that also draws little time for its CUDA work)")),
      text_field("script", &O::script, N_("play UI actions from FILE (see lessons/FORMAT.md, \"Scripts\")"))
          .shown_as("FILE"),
      text_field("export-dir", &O::export_dir,
                 N_("save exports (a sweep's CSV, a plot's PNG) in DIR, and remember it (File menu: Export folder...)"))
          .shown_as("DIR"),
      number_field("font-scale", &O::font_scale, Settings::min_font_scale, Settings::max_font_scale,
                   N_("text size (projectors: 1.5 or more)"))
          .shown_as("X"),
      choice_field<O>(
          "theme", {"dark", "light"}, "", [](O& o, const std::string& v) { o.dark_theme = v == "dark"; },
          N_("colour theme")),
      text_field("language", &O::language,
                 N_("the interface's language, and remember it (View menu: Language; see --list-languages)"),
                 [](const std::string& value) {
                   return find_language(value) ? Status::ok()
                                               : Status::error(tr("is one of the codes --list-languages prints"));
                 })
          .shown_as("CODE")
          .for_example("fr"),
      flag_field("list-languages", &O::list_languages,
                 N_("print each language's code, its name and how much of it is translated, and exit")),
      flag_field("list-lessons", &O::list_lessons, N_("print the lessons in order and exit")),
      text_field<O>(
          "list-panels", [](O& o) -> std::string& { return o.list_panels_format; },
          N_("print the live panels lessons can use, with their parameters and buttons, and exit "
             "(=markdown: as in lessons/FORMAT.md)"),
          check_panels_format)
          .also([](O& o) { o.list_panels = true; })
          .value_optional()
          .shown_as("=markdown")
          .for_example("markdown"),
      flag_field("check-lessons", &O::check_lessons,
                 N_("parse every lesson, demo and translation and report errors (exit 1 if any); missing and "
                    "out-of-date translations are counted per language, not errors")),
      flag_field("translations", &O::check_translations,
                 N_("with --check-lessons: list every missing or out-of-date translation, and exit 1 unless every "
                    "lesson and demo is translated and current in every language")),
      text_field("class", &O::class_interface,
                 N_("start a class session: students answer each question on their phones, the projector shows the "
                    "spread (=IFACE: serve on that network interface; default: the default route's); the answers "
                    "are saved as CSV in $XDG_DATA_HOME/whygpu/classes"),
                 [](const std::string& value) {
                   return value.empty() || value.find_first_of("/ \t") == std::string::npos
                              ? Status::ok()
                              : Status::error(tr("names a network interface, such as wlan0"));
                 })
          .also([](O& o) { o.class_session = true; })
          .value_optional()
          .shown_as("=IFACE")
          .for_example("lo"),
      text_field("prepare", &O::prepare_demo,
                 N_("before class: run every measurement the demos (or DEMO) use, offscreen, and keep the results "
                    "($XDG_CACHE_HOME/whygpu), so that in class they appear at once, labelled with the time they "
                    "were measured"))
          .also([](O& o) { o.prepare = true; })
          .value_optional()
          .shown_as("DEMO"),
      flag_field("list-commands", &O::list_commands, N_("print every command line with options of its own, and exit")),
      flag_field("version", &O::version, N_("print the version and exit")),
  };
  return table;
}

std::string usage_lines() {
  std::string text = N_("  whygpu [options]                 open the app in a window\n"
                        "  whygpu --headless --screenshot out.png [--lesson ID] [--size 1920x1080]\n"
                        "  whygpu --headless --script demo.script\n");
  for (const Subcommand& c : kSubcommands) text += std::string("  whygpu ") + c.name + " " + c.usage + "\n";
  return text;
}

CommandAbout about() {
  return CommandAbout{"whygpu",
                      "Watch why GPUs speed up deep learning, on your own machine.\n\nUsage:\n" + usage_lines() + "\n",
                      "", "\n" + std::string(N_(R"(Files:
  Lessons, recorded GPU runs, example models and data sets are looked for, first match
  wins, in $XDG_DATA_HOME/whygpu (default ~/.local/share/whygpu), then in
  <prefix>/share/whygpu beside the installed binary, then (only when running from a
  build folder) in the source tree it was built from.
  Settings (font scale, theme, language, window size, last lesson) persist in $XDG_CONFIG_HOME/whygpu
  (default ~/.config/whygpu); --headless never writes them. Saved models go to
  $XDG_DATA_HOME/whygpu/models, measurements kept for class to $XDG_CACHE_HOME/whygpu,
  exports to the folder chosen in the File menu (default $XDG_DOCUMENTS_DIR/whygpu, from
  ~/.config/user-dirs.dirs, else ~/Documents/whygpu).
  A lesson or a demo script reads only files in its own folder and the folders above,
  and saves only by a plain file name into the export folder or the models folder.

Environment:
  LANGUAGE, LC_ALL, LC_MESSAGES, LANG   the interface's language, until one is chosen
  XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME, XDG_DOCUMENTS_DIR   as above
  WHYGPU_FONT_DIR      a folder with the DejaVu TrueType fonts, where the system has none
  WHYGPU_SIM_CXX       the C++ compiler the kernel lab's CPU simulator uses (default: g++, c++ or clang++ on PATH)
  WHYGPU_GRID_LOG      set: the thread-grid panel logs each launch to stderr
  WHYGPU_PIPELINE_PHOTO  the JPEG the data-pipeline panel works on (default: mate-backgrounds' LadyBird.jpg)
)"))};
}

}  // namespace

CliParse parse_cli(const std::vector<std::string>& args) {
  CliParse result;
  CliOptions& o = result.options;
  for (const Subcommand& c : kSubcommands)
    if (!args.empty() && args[0] == c.name) {
      o.*c.chosen = true;
      o.tool_args.assign(args.begin() + 1, args.end());
      return result;
    }
  CommandOutcome outcome = CommandOutcome::run;
  const Status parsed = parse_command_line(
      fields().specs(), args,
      [&](std::size_t i, const std::string& value) { return fields().apply(fields().fields()[i], value, &o, "--"); },
      nullptr, &outcome);
  if (!parsed) {
    result.error = parsed.message() + " (whygpu --help lists the options)";
    return result;
  }
  o.list_panels_markdown = o.list_panels_format == "markdown";
  switch (outcome) {
    case CommandOutcome::help:
      o.help = true;
      return result;
    case CommandOutcome::list_options:
      result.exit_code = 0;
      result.output = option_list(fields().specs());
      return result;
    case CommandOutcome::check_only:
      result.exit_code = 0;
      return result;
    case CommandOutcome::run:
      break;
  }
  if (o.check_translations && !o.check_lessons) result.error = "--translations goes with --check-lessons";
  if (o.prepare && !o.script.empty()) result.error = "--prepare plays the demos itself: it takes no --script";
  if (o.headless && o.screenshot.empty() && o.script.empty() && !o.check_lessons && !o.prepare) {
    result.error = "--headless has no window to show: give --screenshot FILE or --script FILE";
  }
  return result;
}

std::vector<std::string> subcommand_names() {
  std::vector<std::string> names;
  for (const Subcommand& c : kSubcommands) names.push_back(c.name);
  return names;
}

std::string cli_help() { return command_help(about(), fields().specs()); }

}  // namespace whygpu::app
