// At the projector the class sees what the teacher is talking about: every classroom demo
// (lessons/demos/) is played at a projector's 1280x720 with text scales 1.5 and 2, without
// a GPU, and at each stop (`wait-key`, where the teacher talks) the target the stop names
// must be drawn whole inside the page's visible area, clear of the caption band, the
// status bar and any popup. Every stop must name one. The demos' long work is cut short
// (for_the_test, below); their stops stay. The English demos play once more at text x2
// with a class session on the loopback interface: the class's vote card (two histograms,
// the measurement, the explanation) replaces the question's box and must fit as well.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>  // the frame's windows and their rectangles

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/cli/cli_options.h"
#include "app/demo/script.h"
#include "app/demo/script_player.h"
#include "app/lesson/lesson_library.h"
#include "app/lesson/panel_directives.h"
#include "app/panels/panel_registry.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "tests/app/source_tree.h"

namespace whygpu::app {
namespace {

using source_tree::lessons_folder;
using source_tree::demo_files;

// Frames a stop is looked at after it begins: the view settles (a new caption's band,
// a scroll, a panel maximised) within a few.
constexpr int kSettleFrames = 6;
// A live figure above the target (a line of the trainer's that wraps once more) can move
// it on the very frame looked at; the page brings it back on the next. Hidden this many
// frames in a row is hidden.
constexpr int kFramesHiddenToFail = 3;

struct Stop {
  int line = 0;
  std::string target;   // what the stop names, "" for nothing
  std::string caption;  // the caption on screen while the teacher talks
};

std::vector<Stop> stops_of(const Script& script) {
  std::vector<Stop> stops;
  std::string caption;
  for (const ScriptAction& action : script.actions) {
    if (action.verb == "caption") caption = action.args.empty() ? "" : action.args[0];
    if (action.verb == "wait-key") stops.push_back({action.line, action.args.empty() ? "" : action.args[0], caption});
  }
  return stops;
}

// The type of the panel a script names on `lesson`: its id, else the first of that type.
const PanelType* panel_type_on(const Lesson& lesson, const std::string& name) {
  const std::vector<PanelDirective> directives = panel_directives(lesson);
  for (const PanelDirective& d : directives)
    if (d.id == name) return find_panel_type(d.type);
  for (const PanelDirective& d : directives)
    if (d.type == name) return find_panel_type(d.type);
  return nullptr;
}

bool has_param(const PanelType* type, const std::string& key) {
  return type && std::any_of(type->params.begin(), type->params.end(), [&](const ParamSpec& p) { return p.name == key; });
}

// The demo as the test plays it, at text scale `scale`, its long work cut short: what is
// checked is where things are drawn, not the numbers. Waits of seconds become two
// frames, a sweep times each size once on the CPU, a training goal of steps becomes a few steps.
// The stops, and every other action, stay.
Script for_the_test(const Script& demo, float scale, const LessonLibrary& library) {
  constexpr long kTrainingSteps = 20;
  Script script = demo;
  script.actions.clear();
  const Lesson* open = nullptr;
  for (ScriptAction action : demo.actions) {
    const std::vector<std::string>& a = action.args;
    if (action.verb == "lesson" && library.find(a[0]) >= 0) open = &library.lessons()[library.find(a[0])];
    const PanelType* type = open && (action.verb == "set" || action.verb == "press") ? panel_type_on(*open, a[0]) : nullptr;
    if (action.verb == "wait" && action.seconds > 0) {
      action.seconds = 0;
      action.frames = 2;
    } else if (action.verb == "font-scale") {
      action.scale = scale;
    } else if (action.verb == "set" && a[1] == "steps" && std::atol(a[2].c_str()) > kTrainingSteps) {
      action.args[2] = std::to_string(kTrainingSteps);
    } else if (action.verb == "press" && a[1] == "run") {
      // Sweeps time each size once, and not again as OpenGL shaders on the software
      // renderer a machine without a GPU has.
      for (const auto& [key, value] : {std::pair{"repeats", "1"}, std::pair{"opengl", "off"}}) {
        if (!has_param(type, key)) continue;
        ScriptAction quicker = action;
        quicker.verb = "set";
        quicker.args = {a[0], key, value};
        script.actions.push_back(quicker);
      }
    }
    script.actions.push_back(action);
  }
  return script;
}

ScreenRect screen_rect(const ImRect& r) { return {r.Min.x, r.Min.y, r.Max.x, r.Max.y}; }

std::string describe(const ScreenRect& r) {
  std::string text = "x " + std::to_string(static_cast<int>(r.x0));
  text += " to " + std::to_string(static_cast<int>(r.x1));
  text += ", y " + std::to_string(static_cast<int>(r.y0));
  text += " to " + std::to_string(static_cast<int>(r.y1));
  return text;
}

// The frame's child window whose path from the main window starts with `path`, or null.
ImGuiWindow* child_named(const std::string& path) {
  for (ImGuiWindow* w : GImGui->Windows)
    if (w->Active && std::string(w->Name).rfind("whygpu/" + path + "_", 0) == 0) return w;
  return nullptr;
}

// Panels that put their controls before what they show, and so at text x2 are taller
// than a 1280x720 window even maximised (seen in the screenshots of every stop): a stop
// on one can show only its top, which the player maximises. Another engineer's rework
// puts their results first; at text x2 the test fails when a listed panel fits, so that
// it leaves this list.
const std::set<std::string> kPanelsTallerThanTheWindow = {
    "hardware",    "vector-add-sweep", "thread-grid", "matmul-sweep", "roofline",  "cnn-race",
    "cnn-trainer", "cnn-feature-maps", "cnn-draw",    "lstm-trainer", "lstm-step", "kernel-lab"};

// Why the class does not see all of `target` in the frame just drawn, or "" when it does.
std::string what_hides(const Shell& shell, const std::string& target, float scale) {
  const DrawnPage& page = shell.drawn_page();
  const auto colon = target.find(':');
  const std::string panel = target.substr(0, colon);
  const auto& drawn = colon == std::string::npos ? page.panels : page.questions;
  const auto found = drawn.find(panel);
  if (found == drawn.end()) return "it is not drawn";
  ScreenRect r = found->second;
  const bool tall = colon == std::string::npos && kPanelsTallerThanTheWindow.count(panel) > 0;
  if (tall && scale >= 2.0f && r.height() <= page.visible.height())
    return "it fits in the window now: take it off kPanelsTallerThanTheWindow";
  if (tall) r.y1 = std::min(r.y1, page.visible.y1);  // its top, as much as the window holds
  if (!page.visible.contains(r))
    return "it is drawn at " + describe(r) + ", not wholly inside the page's visible area " + describe(page.visible);
  if (const ImGuiWindow* caption = child_named("caption"); caption && screen_rect(caption->Rect()).overlaps(r))
    return "the caption band " + describe(screen_rect(caption->Rect())) + " covers part of it at " + describe(r);
  if (const ImGuiWindow* body = child_named("body"); !body || r.y1 > body->Rect().Max.y)
    return "the status bar covers part of it at " + describe(r);
  for (const ImGuiWindow* w : GImGui->Windows)
    if (w->Active && (w->Flags & (ImGuiWindowFlags_Popup | ImGuiWindowFlags_Tooltip)) &&
        screen_rect(w->Rect()).overlaps(r))
      return std::string("the popup ") + w->Name + " covers part of it";
  return "";
}

// Plays one demo and says, stop by stop, what the class does not see.
std::vector<std::string> hidden_targets(const std::string& file, float scale, bool class_session) {
  Script script;
  std::string error;
  if (!load_script(file, &script, &error)) return {error};
  const std::vector<Stop> stops = stops_of(script);
  LessonLibrary library = LessonLibrary::load(lessons_folder());
  ScriptPlayer player(for_the_test(script, scale, library));
  player.set_stop_headless(true);
  Shell shell(std::move(library), Settings{}, /*headless=*/true);
  if (class_session) {
    // Nobody answers, so nothing is saved; the data folder is the test's own all the same.
    const std::filesystem::path data = std::filesystem::temp_directory_path() / "whygpu-demo-stops-class";
    setenv("XDG_DATA_HOME", data.c_str(), 1);
    if (const Status s = shell.start_class("lo"); !s) return {file + ": no class session: " + s.message()};
  }
  CliOptions options;
  options.headless = true;
  options.width = 1280;
  options.height = 720;
  std::vector<std::string> problems;
  int frames_at_stop = 0, stops_seen = 0;
  const int exit_code = run_headless(shell, options, &player, [&] {
    if (!player.at_key_stop()) {
      frames_at_stop = 0;
      return;
    }
    if (++frames_at_stop < kSettleFrames) return;
    const Stop& stop = stops.at(static_cast<std::size_t>(player.step() - 1));
    const std::string hidden = stop.target.empty() ? "" : what_hides(shell, stop.target, scale);
    if (!hidden.empty() && frames_at_stop < kSettleFrames + kFramesHiddenToFail - 1) return;  // look again
    ++stops_seen;
    const std::string where = file + ":" + std::to_string(stop.line) + ": stop " + std::to_string(player.step()) + ": ";
    if (stop.target.empty())
      problems.push_back(where + "names nothing for the class to look at (caption: \"" + stop.caption + "\")");
    else if (!hidden.empty())
      problems.push_back(where + stop.target + ": " + hidden + " (" + std::to_string(kFramesHiddenToFail) +
                         " frames in a row)");
    player.presenter_right();
    frames_at_stop = 0;
  });
  if (exit_code != 0) problems.push_back(file + ": the demo stopped with an error (see above)");
  if (stops_seen != static_cast<int>(stops.size()))
    problems.push_back(file + ": " + std::to_string(stops_seen) + " of " + std::to_string(stops.size()) + " stops played");
  return problems;
}

struct Demo {
  std::string file;
  float scale;
  bool class_session = false;
};

void PrintTo(const Demo& demo, std::ostream* out) {
  *out << demo.file << " at text x" << demo.scale << (demo.class_session ? ", with a class session" : "");
}

std::vector<Demo> every_demo_at_projector_scales() {
  std::vector<Demo> demos;
  for (const float scale : {1.5f, 2.0f})
    for (const std::string& file : demo_files()) demos.push_back({file, scale});
  for (const std::string& file : demo_files())  // "01-x.script", not its translations "01-x.fr.script"
    if (std::filesystem::path(file).stem().extension().empty()) demos.push_back({file, 2.0f, true});
  return demos;
}

// "01-the-gpu-in-ten-minutes" at 1.5: "demo_01_the_gpu_in_ten_minutes_text_1_5".
std::string test_name(const testing::TestParamInfo<Demo>& info) {
  std::string name = "demo_" + std::filesystem::path(info.param.file).stem().string() + "_text_" +
                     std::to_string(info.param.scale).substr(0, 3) + (info.param.class_session ? "_class" : "");
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

class DemoStops : public testing::TestWithParam<Demo> {};

TEST_P(DemoStops, TheClassSeesTheWholeTargetOfEveryStop) {
  const std::vector<std::string> problems = hidden_targets(GetParam().file, GetParam().scale, GetParam().class_session);
  std::string listed;
  for (const std::string& p : problems) listed += p + "\n";
  EXPECT_TRUE(problems.empty()) << problems.size() << " stops do not show their target:\n" << listed;
}

INSTANTIATE_TEST_SUITE_P(Projector, DemoStops, testing::ValuesIn(every_demo_at_projector_scales()), test_name);

}  // namespace
}  // namespace whygpu::app
