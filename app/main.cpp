// whygpu: entry point. Parses the command line, loads settings and lessons, then runs the
// window, the headless renderer, or a command-line tool (bench, --list-lessons, ...).
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/cli/bench_command.h"
#include "app/cli/child_executable.h"
#include "app/cli/cli_options.h"
#include "app/cli/record_command.h"
#include "app/demo/demo_player.h"
#include "app/demo/script_player.h"
#include "app/files/file_locations.h"
#include "app/files/untrusted_text.h"
#include "app/i18n/language.h"
#include "app/i18n/translation_check.h"
#include "app/kernels/prepared_results.h"
#include "app/lesson/lesson_check.h"
#include "app/lesson/lesson_library.h"
#include "app/panels/panel_reference.h"
#include "app/shell/run_headless.h"
#include "app/shell/run_window.h"
#include "app/shell/settings.h"
#include "app/shell/shell.h"
#include "app/vitals/app_vitals.h"
#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"
#include "compute/host_program/host_cli.h"
#include "compute/kernel_lab/lab_cli.h"
#include "compute/kernels/matmul.h"

using namespace whygpu::app;

namespace {

void list_lessons(const LessonLibrary& library) {
  for (const LessonSection& section : library.sections()) {
    std::printf("%s\n", terminal_safe(section.title).c_str());
    for (const int i : section.lessons) {
      const Lesson& lesson = library.lessons()[i];
      std::printf("  %-28s %s%s\n", terminal_safe(lesson.id).c_str(), terminal_safe(lesson.title).c_str(),
                  lesson.errors.empty() ? "" : "  (has errors: --check-lessons)");
    }
  }
}

// Prints every problem in every lesson and classroom demo, panels' parameters included,
// and in their translations, without opening a page. Missing and out-of-date translations
// are counted per language and do not fail it, unless `all_translations`
// (--translations): then each is listed, and any makes it fail.
int check_lessons(const LessonLibrary& library, bool all_translations) {
  std::vector<std::string> problems;
  if (!library.folder_error().empty()) problems.push_back(library.folder_error().english());
  for (const Lesson& lesson : library.originals())
    for (std::string& p : lesson_problems(lesson)) problems.push_back(std::move(p));
  int demos = 0;
  const std::string demos_folder = library.folder() + "/demos";
  for (const std::string& file : demo_files(demos_folder)) {
    ++demos;
    Script script;
    std::string error;
    if (!load_script(file, &script, &error)) problems.push_back(error);
    else
      for (std::string& p : script_problems(script, library)) problems.push_back(std::move(p));
  }
  TranslationCheck translations = check_translations(library, demos_folder);
  problems.insert(problems.end(), translations.failures.begin(), translations.failures.end());
  for (const std::string& p : problems) std::fprintf(stderr, "%s\n", terminal_safe(p).c_str());
  int incomplete = 0;
  for (const LanguageCompleteness& language : translations.languages) {
    for (const std::string& stale : language.out_of_date) std::fprintf(stderr, "%s\n", terminal_safe(stale).c_str());
    if (all_translations)
      for (const std::string& file : language.missing)
        std::fprintf(stderr, "%s: missing\n", terminal_safe(file).c_str());
    incomplete += static_cast<int>(language.missing.size() + language.out_of_date.size());
    std::printf("%s: %d of %d lessons and %d of %d demos translated and current; %zu missing, %zu out of date\n",
                language.language.c_str(), language.lessons_current, language.lessons, language.demos_current,
                language.demos, language.missing.size(), language.out_of_date.size());
  }
  std::printf("%d lessons, %d demos, %d problems\n", static_cast<int>(library.originals().size()), demos,
              static_cast<int>(problems.size()));
  return problems.empty() && (!all_translations || incomplete == 0) ? 0 : 1;
}

// The commands that need neither lessons nor a window: a tool's exit code, or none.
std::optional<int> run_command(const CliOptions& options) {
  if (options.list_commands) {
    for (const std::string& line : command_lines()) std::printf("%s\n", line.c_str());
    return 0;
  }
  if (options.bench) return run_bench_command(options.tool_args);
  if (options.kernel_lab) return whygpu::kernel_lab::run_kernel_lab_command(options.tool_args);
  if (options.record) return run_record_command(options.tool_args);
  if (options.host_program) return whygpu::host_program::run_host_program_command(options.tool_args, "/proc/self/exe");
  if (options.help) {
    std::fputs(cli_help().c_str(), stdout);
    return 0;
  }
  if (options.version) {
    std::printf("whygpu %s\n", WHYGPU_VERSION);
    return 0;
  }
  if (options.list_languages) {
    std::fputs(language_list(locale_folder()).c_str(), stdout);
    return 0;
  }
  if (options.list_panels) {
    std::fputs(panel_reference(options.list_panels_markdown).c_str(), stdout);
    return 0;
  }
  return std::nullopt;
}

// The commands that read the lessons but open no page: an exit code, or none.
std::optional<int> run_lesson_command(const CliOptions& options, const LessonLibrary& library) {
  if (options.list_lessons) {
    list_lessons(library);
    if (library.folder_error().empty()) return 0;
    std::fprintf(stderr, "whygpu: %s\n", terminal_safe(library.folder_error().english()).c_str());
    return 1;
  }
  if (options.check_lessons) return check_lessons(library, options.check_translations);
  if (options.headless && library.lessons().empty()) {
    // A screenshot or a script of an empty window would pass for a working run.
    std::fprintf(stderr, "whygpu: no lessons to show: %s\n",
                 library.folder_error().empty() ? ("none in " + library.folder()).c_str()
                                                : library.folder_error().english().c_str());
    return 1;
  }
  return std::nullopt;
}

// The user's settings with the command line's over them. Headless runs start from defaults
// so that screenshots do not depend on the user's settings. `script_language` is the
// language of a translated demo played with --script: its pages show in that language too,
// unless --language says otherwise (and it is not saved: *users_language is the one to save).
Settings start_settings(const CliOptions& options, const std::string& config, const std::string& script_language,
                        bool* have_settings, std::string* users_language) {
  Settings settings = options.headless ? Settings{} : load_settings(config, have_settings);
  *users_language = settings.language;
  if (!script_language.empty()) settings.language = find_language(script_language)->code;
  if (options.font_scale) settings.font_scale = *options.font_scale;
  if (options.dark_theme) settings.dark_theme = *options.dark_theme;
  if (!options.export_dir.empty()) settings.export_folder = std::filesystem::absolute(options.export_dir).string();
  set_export_folder(settings.export_folder);
  if (!options.language.empty()) settings.language = find_language(options.language)->code;
  start_translations(locale_folder(), settings.language);  // before any thread: it sets LANGUAGE
  return settings;
}

// The script to play: --script FILE, or with --prepare every demo (or the one named).
bool load_start_script(const CliOptions& options, const LessonLibrary& library, Script* script) {
  std::string error;
  if (!options.script.empty() && !load_script(options.script, script, &error)) {
    std::fprintf(stderr, "whygpu: %s\n", terminal_safe(error).c_str());
    return false;
  }
  if (!options.prepare) return true;
  std::vector<std::string> demos;
  for (const std::string& file : demo_files(library.folder() + "/demos"))
    if (options.prepare_demo.empty() || std::filesystem::path(file).stem() == options.prepare_demo ||
        file == options.prepare_demo)
      demos.push_back(file);
  if (demos.empty()) {
    std::fprintf(stderr, "whygpu: no demo named '%s' in %s/demos\n", terminal_safe(options.prepare_demo).c_str(),
                 terminal_safe(library.folder()).c_str());
    return false;
  }
  if (!load_demos(demos, script, &error)) {
    std::fprintf(stderr, "whygpu: %s\n", terminal_safe(error).c_str());
    return false;
  }
  return true;
}

// --lesson and --class: what the shell opens with; false (said why) when it cannot.
bool open_start_page(const CliOptions& options, Shell* shell) {
  if (!options.lesson.empty())
    if (const auto status = shell->open_lesson(options.lesson); !status) {
      std::fprintf(stderr, "whygpu: %s\n", terminal_safe(status.message()).c_str());
      return false;
    }
  if (options.class_session)
    if (const auto status = shell->start_class(options.class_interface); !status) {
      std::fprintf(stderr, "whygpu: %s\n", terminal_safe(status.message()).c_str());
      return false;
    }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const CliParse parsed = parse_cli(args);
  if (!parsed.error.empty()) {
    std::fprintf(stderr, "whygpu: %s\n", parsed.error.c_str());
    return 2;
  }
  if (parsed.exit_code) {
    std::fputs(parsed.output.c_str(), stdout);
    return *parsed.exit_code;
  }
  const CliOptions& options = parsed.options;
  if (const std::optional<int> code = run_command(options)) return *code;

  LessonLibrary library =
      LessonLibrary::load(options.lessons_folder.empty() ? default_lessons_folder() : options.lessons_folder);
  if (const std::optional<int> code = run_lesson_command(options, library)) return *code;
  Script script;
  if (!load_start_script(options, library, &script)) return 2;
  const std::string config = settings_folder();
  bool have_settings = false;
  std::string users_language;
  const Settings settings = start_settings(options, config, script.language, &have_settings, &users_language);

  set_child_executable("/proc/self/exe");  // kernel-lab tries and host programs run in a copy of this program

  // The CUDA context and cuBLAS are set up while the app starts (see create_gpu_context),
  // not when a user first presses a button that runs a kernel. Joined on the way out.
  const std::jthread gpu_setup([] {
    if (!whygpu::gpu_info().available) return;
    whygpu::Status s = whygpu::create_gpu_context();
    if (s) s = whygpu::kernels::prepare_cublas();
    if (!s) std::fprintf(stderr, "whygpu: setting up the GPU: %s\n", s.message().c_str());
  });

  app_vitals();  // the GPU's vital signs are sampled from now on, for the status bar and panels

  ScriptPlayer player(script);
  player.set_fast(options.prepare);
  ScriptPlayer* script_player = options.script.empty() && !options.prepare ? nullptr : &player;

  Shell shell(std::move(library), settings, options.headless);
  if (!open_start_page(options, &shell)) return 2;
  if (options.prepare) {
    shell.set_preparing(true);
    CliOptions offscreen = options;
    offscreen.headless = true;
    std::fprintf(stderr, "whygpu: preparing the class: every measurement of %zu demo action(s), kept in %s\n",
                 script.actions.size(), prepared_folder().c_str());
    return run_headless(shell, offscreen, script_player);
  }
  if (options.headless) return run_headless(shell, options, script_player);

  // A save killed between writing its temporary and renaming it (SIGKILL, power cut)
  // leaves ".NAME.whygpu-tmp-XXXXXX" beside its target: ours are removed here, nothing else,
  // from every folder the app saves into (settings, data, models, cache, prepared class
  // measurements, and the export folder).
  for (const std::string& folder : {config, user_folder(UserFolder::kData), user_folder(UserFolder::kData) + "/models",
                                    user_folder(UserFolder::kCache), prepared_folder(), export_folder()})
    whygpu::remove_stale_save_temporaries(folder);
  const int code = run_window(shell, options, script_player, /*first_start=*/!have_settings);
  Settings to_save = shell.settings();
  if (options.language.empty() && !script.language.empty() && to_save.language == settings.language)
    to_save.language = users_language;  // the demo's language was for this run only
  std::string error;
  if (!save_settings(to_save, config, &error))
    std::fprintf(stderr, "whygpu: settings not saved: %s\n", error.c_str());
  return code;
}
