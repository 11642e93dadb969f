#include "app/cli_options.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <utility>

#include "app/settings.h"

namespace whygpu::app {
namespace {

// A whole number from min to max, digits only (no sign, no wrap-around past int's range).
bool parse_bounded(const std::string& text, long min, long max, long* out) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  *out = std::strtol(text.c_str(), nullptr, 10);
  return *out >= min && *out <= max;
}

bool parse_size(const std::string& text, int& width, int& height) {
  const auto x = text.find_first_of("xX");
  long w = 0, h = 0;
  if (x == std::string::npos || !parse_bounded(text.substr(0, x), 320, 16384, &w) ||
      !parse_bounded(text.substr(x + 1), 240, 16384, &h))
    return false;
  width = static_cast<int>(w);
  height = static_cast<int>(h);
  return true;
}

// A whole number from min to max, nothing else.
bool parse_whole(const std::string& text, long min, long max, int* out) {
  char* end = nullptr;
  const long n = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || n < min || n > max) return false;
  *out = static_cast<int>(n);
  return true;
}

}  // namespace

CliParse parse_cli(const std::vector<std::string>& args) {
  CliParse result;
  CliOptions& o = result.options;
  if (!args.empty() &&
      (args[0] == "bench" || args[0] == "kernel-lab" || args[0] == "record" || args[0] == "host-program")) {
    (args[0] == "bench"        ? o.bench
     : args[0] == "record"     ? o.record
     : args[0] == "kernel-lab" ? o.kernel_lab
                               : o.host_program) = true;
    o.tool_args.assign(args.begin() + 1, args.end());
    return result;
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    // --option=value is --option value.
    const std::size_t equals = args[i].rfind("--", 0) == 0 ? args[i].find('=') : std::string::npos;
    const std::string a = args[i].substr(0, equals);
    std::optional<std::string> attached;
    if (equals != std::string::npos) attached = args[i].substr(equals + 1);
    auto value = [&](std::string& out) {
      if (attached) {
        out = *attached;
        attached.reset();
        return true;
      }
      if (i + 1 >= args.size()) {
        result.error = a + " needs a value (see --help)";
        return false;
      }
      out = args[++i];
      return true;
    };
    std::string v;
    if (a == "--help" || a == "-h") o.help = true;
    else if (a == "--version") o.version = true;
    else if (a == "--list-lessons") o.list_lessons = true;
    else if (a == "--list-panels") {
      o.list_panels = true;
      if (attached && *attached != "markdown") {
        result.error = "--list-panels takes no value, or =markdown (got '" + *attached + "')";
        return result;
      }
      o.list_panels_markdown = attached.has_value();
      attached.reset();
    }
    else if (a == "--check-lessons") o.check_lessons = true;
    else if (a == "--class") {
      o.class_session = true;
      if (attached && attached->empty()) {
        result.error = "--class=IFACE names a network interface (or leave out =IFACE for the default route's)";
        return result;
      }
      if (attached) o.class_interface = *std::exchange(attached, std::nullopt);
    }
    else if (a == "--prepare") {
      o.prepare = true;
      if (attached) o.prepare_demo = *std::exchange(attached, std::nullopt);
      else if (i + 1 < args.size() && args[i + 1].rfind("-", 0) != 0) o.prepare_demo = args[++i];
    }
    else if (a == "--headless") o.headless = true;
    else if (a == "--lesson") { if (!value(o.lesson)) return result; }
    else if (a == "--lessons") { if (!value(o.lessons_folder)) return result; }
    else if (a == "--screenshot") { if (!value(o.screenshot)) return result; }
    else if (a == "--script") { if (!value(o.script)) return result; }
    else if (a == "--export-dir") { if (!value(o.export_dir)) return result; }
    else if (a == "--size") {
      if (!value(v)) return result;
      if (!parse_size(v, o.width, o.height)) {
        result.error = "--size wants WIDTHxHEIGHT, e.g. 1920x1080 (got '" + v + "')";
        return result;
      }
    } else if (a == "--frames" || a == "--fps") {
      // --fps 0 unpaces the frames; a run needs at least one frame.
      const long min = a == "--frames" ? 1 : 0, max = a == "--frames" ? 100000 : 1000;
      if (!value(v)) return result;
      if (!parse_whole(v, min, max, a == "--frames" ? &o.frames : &o.fps)) {
        result.error = a + " wants a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                       " (got '" + v + "')";
        return result;
      }
    } else if (a == "--font-scale") {
      if (!value(v)) return result;
      char* end = nullptr;
      const float s = std::strtof(v.c_str(), &end);
      if (v.empty() || *end != '\0' || !std::isfinite(s) || s < Settings::min_font_scale ||
          s > Settings::max_font_scale) {
        result.error = "--font-scale wants a number from 0.75 to 3 (got '" + v + "')";
        return result;
      }
      o.font_scale = s;
    } else if (a == "--theme") {
      if (!value(v)) return result;
      if (v != "dark" && v != "light") {
        result.error = "--theme wants dark or light (got '" + v + "')";
        return result;
      }
      o.dark_theme = v == "dark";
    } else {
      result.error = "unknown option '" + a + "' (see whygpu --help)";
      return result;
    }
    if (attached) {
      result.error = a + " takes no value (got '" + args[i] + "')";
      return result;
    }
  }
  if (o.prepare && !o.script.empty()) result.error = "--prepare plays the demos itself: it takes no --script";
  if (o.headless && o.screenshot.empty() && o.script.empty() && !o.check_lessons && !o.prepare) {
    result.error = "--headless has no window to show: give --screenshot FILE or --script FILE";
  }
  return result;
}

std::string cli_help() {
  return R"(whygpu: watch why GPUs speed up deep learning, on your own machine.

Usage:
  whygpu [options]                 open the app in a window
  whygpu --headless --screenshot out.png [--lesson ID] [--size 1920x1080]
  whygpu --headless --script demo.script
  whygpu bench <vector-add|matmul|copy|...> [options]   measurements as tables (bench --help)
  whygpu kernel-lab --exercise KEY --source FILE        compile, run and check your own kernel
  whygpu record --all [--out DIR]  on a GPU machine: record what the GPU panels show (record --help)
  whygpu host-program [--mistake KEY|all]               a first CUDA program's calls, timed one by one

Options:
  --lesson ID          open this lesson (see --list-lessons)
  --lessons DIR        read lessons from DIR (default: lessons/, found as below)
  --headless           render offscreen through EGL, with no window or X server
  --size WxH           window or offscreen size in pixels (headless default 1920x1080)
  --screenshot FILE    write a PNG after --frames frames, then exit
  --frames N           frames to render before the screenshot (default 3)
  --fps N              headless: at most N frames a second, as a display paces a window
                       (default 60; 0: as fast as they render, which leaves a GPU that
                       also draws little time for its CUDA work)
  --script FILE        play UI actions from FILE (see lessons/FORMAT.md, "Scripts")
  --export-dir DIR     save exports (a sweep's CSV, a plot's PNG) in DIR, and remember it
                       (File menu: Export folder...)
  --font-scale X       text size, 0.75 to 3 (projectors: 1.5 or more)
  --theme dark|light   colour theme
  --list-lessons       print the lessons in order and exit
  --list-panels        print the live panels lessons can use, with their parameters and
                       buttons, and exit (--list-panels=markdown: as in lessons/FORMAT.md)
  --check-lessons      parse every lesson and report errors (exit 1 if any)
  --class[=IFACE]      start a class session: students answer each question on their
                       phones, from a page this app serves on IFACE (default: the
                       interface of the default route; lo: this computer only) while the
                       session lasts; the join screen shows its QR code and room code, and
                       the answers are saved as CSV in $XDG_DATA_HOME/whygpu/classes
  --prepare [DEMO]     before class: run every measurement the demos (or DEMO) use, offscreen,
                       and keep the results ($XDG_CACHE_HOME/whygpu), so that in class they
                       appear at once, labelled with the time they were measured
  --version            print the version and exit
  -h, --help           this text
Every option's value can also be written --option=value.

Files:
  Lessons, recorded GPU runs, example models and data sets are looked for, first match
  wins, in $XDG_DATA_HOME/whygpu (default ~/.local/share/whygpu), then in
  <prefix>/share/whygpu beside the installed binary, then (only when running from a
  build folder) in the source tree it was built from.
  Settings (font scale, theme, window size, last lesson) persist in $XDG_CONFIG_HOME/whygpu
  (default ~/.config/whygpu); --headless never writes them. Saved models go to
  $XDG_DATA_HOME/whygpu/models, measurements kept for class to $XDG_CACHE_HOME/whygpu,
  exports to the folder chosen in the File menu (default $XDG_DOCUMENTS_DIR/whygpu, from
  ~/.config/user-dirs.dirs, else ~/Documents/whygpu).
  A lesson or a demo script reads only files in its own folder and the folders above,
  and saves only by a plain file name into the export folder or the models folder.

Environment:
  XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME, XDG_DOCUMENTS_DIR   as above
  WHYGPU_FONT_DIR      a folder with the DejaVu TrueType fonts, where the system has none
  WHYGPU_SIM_CXX       the C++ compiler the kernel lab's CPU simulator uses (default: g++, c++ or clang++ on PATH)
  WHYGPU_GRID_LOG      set: the thread-grid panel logs each launch to stderr
  WHYGPU_PIPELINE_PHOTO  the JPEG the data-pipeline panel works on (default: mate-backgrounds' LadyBird.jpg)
)";
}

}  // namespace whygpu::app
