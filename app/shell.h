#pragma once
// The app's one window: lesson list on the left, the lesson page (text and live panels) in
// the middle, a status bar with the GPU and the frame time. Also the actions that scripts
// and keyboard shortcuts share (open a lesson, set a panel parameter, press a button).
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/lesson/lesson_library.h"
#include "app/panel.h"
#include "app/settings.h"
#include "app/ui_style.h"
#include "compute/core/status.h"

namespace whygpu::app {

class ScriptPlayer;

class Shell {
 public:
  Shell(LessonLibrary library, Settings settings, bool headless);
  ~Shell();

  // Between frames: rebuilds fonts after a scale change (needs the GL renderer up).
  void prepare_frame();
  // The whole UI for one frame, inside ImGui::NewFrame()/Render(). `delta_seconds`: since
  // the previous frame began. `previous_frame_cost_seconds`: how long the previous frame
  // took to make, up to its pixels being done (FrameContext says how each loop knows).
  void draw(float delta_seconds, float previous_frame_cost_seconds);

  // Actions (scripts, shortcuts, menus). Failures come back as Status with a message.
  Status open_lesson(const std::string& id);
  void step_lesson(int delta);  // +1 next, -1 previous, in reading order
  Status set_panel_param(const std::string& panel, const std::string& key, const std::string& value);
  Status press_panel_button(const std::string& panel, const std::string& button);
  // True while the panel runs background work; an unknown panel is an error.
  Status panel_busy(const std::string& panel, bool* busy);
  // After a frame: while any panel is timing CPU work, waits until `frame_start` plus
  // kQuietFrameSeconds (panel.h), so the app's drawing stays out of the measurement.
  void pace_frame(std::chrono::steady_clock::time_point frame_start) const;
  void set_font_scale(float scale);
  void set_dark_theme(bool dark);
  // Errors of the open lesson (parse errors and panels that failed to start).
  std::vector<std::string> current_errors() const;
  // Classroom demos: the *.script files in the lessons folder's demos/ sub-folder, played
  // inside the running window from the Demos menu, one action per frame.
  const std::vector<std::string>& demo_files() const { return demo_files_; }
  Status start_demo(const std::string& path);
  void stop_demo();
  // A screenshot a demo asked for; the runner writes it after rendering the frame.
  std::string take_capture_request();

  // Destroys every panel (stopping their work) while the GL context still exists.
  // Their errors stay listed.
  void close_panels();
  // A line shown in the status bar until replaced (script progress, failures).
  void set_status_message(const std::string& message, bool is_error);

  const Settings& settings() const { return settings_; }
  Settings& mutable_settings() { return settings_; }
  const LessonLibrary& library() const { return library_; }
  int current_lesson() const { return current_; }

 private:
  struct PanelSlot {
    std::string id;
    std::string type;
    int block = -1;                 // index of its @panel block
    std::unique_ptr<Panel> panel;   // null when it failed to start
    std::string error;              // why it failed
  };

  std::vector<PanelSlot>& panels_of(int lesson);
  PanelSlot* find_panel(const std::string& name);
  void draw_menu_bar();
  void draw_sidebar();
  void draw_page(float delta_seconds, float previous_frame_cost_seconds);
  void draw_status_bar();
  // Draws a panel; one that throws is closed, its ImGui state unwound, its error shown.
  void draw_panel_guarded(PanelSlot& slot, const FrameContext& frame);
  void handle_shortcuts();

  LessonLibrary library_;
  Settings settings_;
  bool headless_;
  Fonts fonts_;
  bool fonts_dirty_ = true;
  std::vector<int> reading_order_;  // lesson indices, section by section
  int current_ = -1;
  bool scroll_page_to_top_ = false;
  std::map<int, std::vector<PanelSlot>> panels_;  // kept while the app runs: training goes on
  std::vector<std::string> demo_files_;
  std::unique_ptr<ScriptPlayer> demo_;
  std::string demo_name_;
  std::string capture_request_;
  float frame_ms_smoothed_ = 0.0f;
  std::string status_message_;
  bool status_is_error_ = false;
};

}  // namespace whygpu::app
