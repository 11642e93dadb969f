#pragma once
// The app's one window: lesson list on the left, the lesson page (text and live panels) in
// the middle, a status bar with the GPU and the frame time; menus, keyboard shortcuts and
// the presenter's controls. Scripts and demos act on it through ScriptTarget.
#include <chrono>
#include <string>
#include <vector>

#include "app/classroom/classroom.h"
#include "app/demo/demo_player.h"
#include "app/demo/script_target.h"
#include "app/i18n/language.h"
#include "app/lesson/lesson_library.h"
#include "app/shell/lesson_list.h"
#include "app/lesson/page_view.h"
#include "app/panels/panel_host.h"
#include "app/shell/file_dialog.h"
#include "app/shell/settings.h"
#include "app/widgets/ui_style.h"
#include "compute/core/status.h"

namespace whygpu::app {

class Shell final : public ScriptTarget {
 public:
  Shell(LessonLibrary library, Settings settings, bool headless);
  ~Shell() override;

  // Between frames: plays the demo's next actions, rebuilds fonts after a scale change
  // (needs the GL renderer up).
  void prepare_frame();
  // The whole UI for one frame, inside ImGui::NewFrame()/Render(). `delta_seconds`: since
  // the previous frame began. `previous_frame_cost_seconds`: how long the previous frame
  // took to make, up to its pixels being done (FrameContext says how each loop knows).
  void draw(float delta_seconds, float previous_frame_cost_seconds);

  // ScriptTarget: what scripts, shortcuts and menus do.
  Status open_lesson(const std::string& id) override;
  void step_lesson(int delta) override;
  Status set_panel_param(const std::string& panel, const std::string& key, const std::string& value,
                         const ValueOrigin& origin) override;
  Status press_panel_button(const std::string& panel, const std::string& button) override;
  Status panel_busy(const std::string& panel, bool* busy) override;
  Status set_font_scale(float scale) override;
  void set_dark_theme(bool dark) override;
  // The interface's language (app/i18n/language.h), as the View menu and --language set it
  // ("": the environment's, language_from_environment()).
  // The one place a switch happens: the settings keep it and the font atlas is rebuilt
  // before the next frame (a language brings characters of its own). Translated lessons
  // are chosen by language().
  Status set_language(const std::string& code);
  const std::string& language() const { return current_language(); }
  std::vector<std::string> current_errors() const override;
  Status answer_prediction(const std::string& value) override;
  Status class_reveal() override { return classroom_.reveal(); }
  Status class_vote_again() override { return classroom_.vote_again(); }
  void set_caption(const std::string& text) override { caption_ = text; }
  void set_presenter_mode(bool on) override { script_presenter_ = on; }
  // The presenting layout: the user's setting, a script's `presenter on`, or a demo playing.
  bool presenter_layout() const { return settings_.presenter_mode || script_presenter_ || demos_.playing(); }
  Status scroll_to_panel(const std::string& panel) override;
  Status maximize_panel(const std::string& panel) override;
  Status show_stop_target(const std::string& target) override;
  // Where the last frame drew the page and its panels (the UI tests look there).
  const DrawnPage& drawn_page() const { return page_.drawn(); }
  bool has_presenter() const override { return !headless_; }

  // After a frame: while any panel is timing CPU work, waits until `frame_start` plus
  // kQuietFrameSeconds (panel.h), so the app's drawing stays out of the measurement.
  void pace_frame(std::chrono::steady_clock::time_point frame_start) const;

  // The language of the lessons, the demos and the font atlas ("en", or a code of
  // translation_languages()): the interface's language switch calls it. The atlas is
  // rebuilt for that language's characters before the next frame.
  // `interface_strings`: the interface's own text in that language (its catalogue's
  // translations), whose characters the atlas must hold too.
  void set_lesson_language(const std::string& language, const std::vector<std::string>& interface_strings);

  // Classroom demos from the Demos menu.
  const std::vector<std::string>& demo_files() const { return demos_.files(); }
  Status start_demo(const std::string& path);
  void stop_demo();

  // A class session (Class menu, whygpu --class): the students answer the questions on
  // their phones. `interface_name`: "" for the default route's.
  Status start_class(const std::string& interface_name);
  void end_class();
  const Classroom& classroom() const { return classroom_; }

  // Files dropped onto the window, each handed to the panel on this page that takes its
  // kind (app/shell/file_drop.h); what happened shows in the status bar.
  void drop_files(const std::vector<std::string>& paths);
  // "Prepare the class": every demo's sweeps measured now and kept (prepared_results.h),
  // so that in class they appear at once. `preparing()` is true until it is done.
  Status prepare_class(const std::vector<std::string>& demo_files);
  bool preparing() const { return preparing_; }
  // The same for `whygpu --prepare`, whose script the headless runner plays.
  void set_preparing(bool preparing) { preparing_ = preparing; }
  // A script played from the command line in a window: the presenter's keys pace it too.
  void present(ScriptPlayer* player) { command_line_script_ = player; }
  // A screenshot a demo asked for; the runner writes it after rendering the frame.
  std::string take_capture_request() { return std::exchange(capture_request_, {}); }
  // True once after F11: the window switches between full screen and a window.
  bool take_fullscreen_request() { return std::exchange(fullscreen_request_, false); }

  // Space: starts the page's main action, or stops it while it runs (the maximised
  // panel's, else the one under the pointer, else the page's first panel that has one).
  Status toggle_main_action();

  // Destroys every panel (stopping their work) while the GL context still exists.
  // Their errors stay listed.
  void close_panels() { panels_.close_all(); }
  // A line shown in the status bar until replaced (script progress, failures).
  void set_status_message(const std::string& message, bool is_error);

  const Settings& settings() const { return settings_; }
  Settings& mutable_settings() { return settings_; }
  const LessonLibrary& library() const { return library_; }
  int current_lesson() const { return current_; }

 private:
  ScriptPlayer* presenting();
  void draw_menu_bar();
  void draw_file_menu();
  void draw_class_menu();
  void draw_language_menu();
  void draw_join_screen();
  void choose_export_folder(const std::string& folder);
  void draw_sidebar();
  void draw_page(const FrameContext& frame);
  void draw_status_bar();
  float caption_band_height(float width);
  void draw_caption_band(float height);
  void toggle_presenter_mode();
  std::string presenter_status();  // for the status bar: a playing demo's step
  void handle_shortcuts();
  void toggle_maximized();

  LessonLibrary library_;
  Settings settings_;
  bool headless_;
  Fonts fonts_;
  bool fonts_dirty_ = true;
  int fonts_glyph_generation_ = -1;  // glyph_needs_generation() the atlas was built for
  bool font_warning_shown_ = false;  // a missing font is said once a run, not at every rebuild
  std::vector<char32_t> language_glyphs_;  // every character the current language shows
  std::vector<int> reading_order_;
  int current_ = -1;
  bool scroll_sidebar_ = false;
  LessonList lesson_list_;
  PanelHost panels_;
  PageView page_;
  std::string maximized_;  // id of the panel filling the window on the current lesson, or ""
  DemoPlayer demos_;
  ScriptPlayer* command_line_script_ = nullptr;
  std::string caption_;
  bool script_presenter_ = false;  // a script's `presenter on`, for this run only
  bool fullscreen_request_ = false;
  bool preparing_ = false;
  std::string capture_request_;
  float frame_ms_smoothed_ = 0.0f;
  std::string status_message_;
  bool status_is_error_ = false;
  FileChooser export_chooser_;  // File > Export folder...
  Classroom classroom_;
};

}  // namespace whygpu::app
