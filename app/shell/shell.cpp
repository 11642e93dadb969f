#include "app/shell/shell.h"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <thread>

#include "app/files/file_locations.h"
#include "app/i18n/glyph_needs.h"
#include "app/i18n/language.h"
#include "app/i18n/language_text.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_registry.h"
#include "app/shell/file_drop.h"
#include "app/shell/key_codes.h"
#include "app/shell/status_bar.h"
#include "app/text/wrapped_text.h"
#include "app/vitals/vitals_strip.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app {

Shell::Shell(LessonLibrary library, Settings settings, bool headless)
    : library_(std::move(library)),
      settings_(std::move(settings)),
      headless_(headless),
      reading_order_(library_.reading_order()),
      panels_(library_),
      demos_(library_.folder() + "/demos") {
  if (!reading_order_.empty()) {
    const int last = library_.find(settings_.last_lesson);
    current_ = last >= 0 ? last : reading_order_.front();
    settings_.last_lesson = library_.lessons()[current_].id;
  }
  set_lesson_language(current_language(), interface_translations(locale_folder(), current_language()));
  // Fonts and style are set up by the first prepare_frame(), once ImGui exists.
}

Shell::~Shell() = default;

void Shell::set_lesson_language(const std::string& language, const std::vector<std::string>& interface_strings) {
  library_.set_language(language);
  language_glyphs_ = language_glyphs(library_, demos_.files(), interface_strings);
  fonts_dirty_ = true;
}

Status Shell::start_demo(const std::string& path) {
  if (Status s = demos_.start(path, library_.language()); !s) return s;
  const std::string note = english_page_note(demos_.english_because());
  set_status_message(fill(note.empty() ? tr("playing demo {0}") : tr("playing demo {0} (in English)"), {demos_.name()}),
                     false);
  return Status::ok();
}

void Shell::stop_demo() {
  if (!demos_.playing()) return;
  demos_.stop();
  caption_.clear();
  preparing_ = false;
  set_status_message(fill(tr("demo {0} stopped"), {demos_.name()}), false);
}

Status Shell::start_class(const std::string& interface_name) {
  if (Status s = classroom_.start(interface_name); !s) return s.with_context("class session");
  const ClassSession& session = *classroom_.session();
  set_status_message(fill(tr("class session {0} on {1}: {2}"),
                          {session.room_code(), session.network().name, "http://" + session.address()}),
                     false);
  return Status::ok();
}

void Shell::end_class() {
  std::string saved;
  const Status s = classroom_.stop(&saved);
  if (!s) set_status_message(fill(tr("class session ended; its answers were not saved: {0}"), {translated(s)}), true);
  else set_status_message(saved.empty() ? std::string(tr("class session ended (nobody answered)"))
                                        : fill(tr("class session ended; answers saved in {0}"), {saved}),
                          false);
}

Status Shell::prepare_class(const std::vector<std::string>& demo_files) {
  if (Status s = demos_.prepare(demo_files); !s) return s;
  preparing_ = true;
  set_status_message(tr("preparing the class: the demos' measurements run now and are kept"), false);
  return Status::ok();
}

ScriptPlayer* Shell::presenting() { return demos_.playing() ? demos_.player() : command_line_script_; }

void Shell::prepare_frame() {
  if (demos_.playing()) {
    const DemoPlayer::Frame frame = demos_.advance(*this);
    if (!frame.capture.empty()) capture_request_ = frame.capture;
    if (!frame.message.empty()) set_status_message(frame.message, frame.is_error);
    if (preparing_) {
      ScriptPlayer* p = demos_.player();
      caption_ = p ? fill(tr("Preparing the class: step {0} of {1}. The demos' measurements run now and are kept "
                             "for class."),
                          {std::to_string(p->step()), std::to_string(p->step_count())})
                   : "";
      if (!p) {
        preparing_ = false;
        if (!frame.is_error) set_status_message(tr("the class is prepared: its sweeps will show at once"), false);
      }
    }
  }
  const int glyph_generation = glyph_needs_generation();  // a text with new characters was opened
  if (!fonts_dirty_ && glyph_generation == fonts_glyph_generation_) return;
  const std::size_t missing_before = fonts_.missing_glyphs.size();
  fonts_ = build_fonts(settings_.font_scale, library_.language(), language_glyphs_);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  apply_style(settings_.dark_theme, settings_.font_scale);
  fonts_dirty_ = false;
  fonts_glyph_generation_ = glyph_generation;
  if (fonts_.missing_glyphs.size() > missing_before)
    set_status_message(fill(tr("{0} characters of the opened text are in no installed font and show as \uFFFD ({1}): "
                               "install fonts-noto-cjk for Chinese, Japanese and Korean"),
                            {std::to_string(fonts_.missing_glyphs.size()), glyph_sample(fonts_.missing_glyphs, 8)}),
                       true);
  // Said last, so that it is the message left: without DejaVu the built-in font lacks many
  // characters, and DejaVu is what to install.
  if (!fonts_.warning.empty() && !std::exchange(font_warning_shown_, true))
    set_status_message(translated(fonts_.warning), true);
}

Status Shell::open_lesson(const std::string& id) {
  const int index = library_.find(id);
  if (index < 0) return Status::error(fill(tr("no lesson with id '{0}' (see --list-lessons)"), {id}));
  if (index != current_) {
    page_.scroll_to_top();
    scroll_sidebar_ = true;
    maximized_.clear();
  }
  current_ = index;
  settings_.last_lesson = id;
  classroom_.show_join_screen(false);  // the teacher moves on: the page, and its question, to the projector
  return Status::ok();
}

void Shell::step_lesson(int delta) {
  if (reading_order_.empty()) return;
  const auto at = std::find(reading_order_.begin(), reading_order_.end(), current_);
  const int position = at == reading_order_.end() ? 0 : static_cast<int>(at - reading_order_.begin());
  const int next = std::clamp(position + delta, 0, static_cast<int>(reading_order_.size()) - 1);
  open_lesson(library_.lessons()[reading_order_[next]].id);
}

Status Shell::set_panel_param(const std::string& panel, const std::string& key, const std::string& value,
                              const ValueOrigin& origin) {
  return panels_.set_param(current_, panel, key, value, origin);
}

void Shell::drop_files(const std::vector<std::string>& paths) {
  for (const std::string& path : paths) {
    const DropKind kind = classify_drop(path);
    std::vector<std::string> panels;
    if (current_ >= 0)
      for (const PanelSlot& slot : panels_.panels_of(current_)) panels.push_back(slot.type_name);
    const std::vector<DropAction> actions = route_drop(kind, path, panels);
    if (actions.empty()) {
      set_status_message(fill(tr("{0} is {1}: no panel on this page takes it (LSTM lessons take texts and .model "
                                 "files, CNN lessons image folders and .weights files)"),
                              {path, tr(drop_kind_name(kind))}),
                         true);
      continue;
    }
    Status status = Status::ok();
    for (const DropAction& a : actions) {
      status = a.key.empty() ? press_panel_button(a.panel, a.button) : set_panel_param(a.panel, a.key, a.value, ValueOrigin::user());
      if (!status) break;
    }
    set_status_message(status ? fill(tr("dropped {0} on the {1} panel"), {path, actions.front().panel}) : translated(status),
                       !status);
  }
}

Status Shell::press_panel_button(const std::string& panel, const std::string& button) {
  return panels_.press(current_, panel, button);
}

Status Shell::panel_busy(const std::string& panel, bool* busy) { return panels_.busy(current_, panel, busy); }

Status Shell::scroll_to_panel(const std::string& panel) {
  const PanelSlot* slot = panels_.find(current_, panel);
  if (!slot) return Status::error(fill(tr("no panel '{0}' on this lesson"), {panel}));
  page_.scroll_to_block(slot->block);
  return Status::ok();
}

Status Shell::maximize_panel(const std::string& panel) {
  if (panel.empty()) {
    maximized_.clear();
    return Status::ok();
  }
  const PanelSlot* slot = panels_.find(current_, panel);
  if (!slot) return Status::error(fill(tr("no panel '{0}' on this lesson"), {panel}));
  maximized_ = slot->id;
  return Status::ok();
}

Status Shell::show_stop_target(const std::string& target) {
  const auto colon = target.find(':');
  const std::string panel = target.substr(0, colon);
  const bool question = colon != std::string::npos;  // parse_script allows only ":predict"
  const PanelSlot* slot = panels_.find(current_, panel);
  if (!slot) return Status::error(fill(tr("no panel '{0}' on this lesson"), {panel}));
  if (question && !page_.has_question_before(library_.lessons()[current_], slot->block))
    return Status::error(fill(tr("no question is asked before panel '{0}' on this lesson"), {panel}));
  if (maximized_ == slot->id && !question) return Status::ok();  // it fills the window already
  maximized_.clear();  // the stop shows the page, scrolled to its target
  page_.bring_into_view(slot->id, question);
  return Status::ok();
}

void Shell::pace_frame(std::chrono::steady_clock::time_point frame_start) const {
  if (panels_.timing_the_cpu())
    std::this_thread::sleep_until(frame_start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                    std::chrono::duration<double>(kQuietFrameSeconds)));
}

Status Shell::set_font_scale(float scale) {
  if (!std::isfinite(scale) || scale < Settings::min_font_scale || scale > Settings::max_font_scale)
    return Status::error(tr("text size must be from 0.75 to 3"));
  if (scale != settings_.font_scale) {
    settings_.font_scale = scale;
    fonts_dirty_ = true;
  }
  return Status::ok();
}

Status Shell::set_language(const std::string& code) {
  if (Status s = use_language(code.empty() ? language_from_environment() : code); !s) return s;
  settings_.language = code;
  // The one place a switch lands: the next frame draws every label and lesson in the new
  // language, and the font atlas is rebuilt, since a language brings characters of its own.
  set_lesson_language(current_language(), interface_translations(locale_folder(), current_language()));
  return Status::ok();
}

void Shell::set_dark_theme(bool dark) {
  settings_.dark_theme = dark;
  apply_style(dark, settings_.font_scale);
}

std::vector<std::string> Shell::current_errors() const {
  std::vector<std::string> errors;
  if (!library_.folder_error().empty()) errors.push_back(translated(library_.folder_error()));
  if (current_ < 0) return errors;
  for (const LessonError& e : library_.lessons()[current_].errors) errors.push_back(e.to_string());
  for (const std::string& e : panels_.errors(current_)) errors.push_back(e);
  return errors;
}

Status Shell::answer_prediction(const std::string& value) {
  if (current_ < 0) return Status::error(tr("no lesson is open"));
  return page_.answer_prediction(library_.lessons()[current_], value);
}

void Shell::set_status_message(const std::string& message, bool is_error) {
  status_message_ = message;
  status_is_error_ = is_error;
}

Status Shell::toggle_main_action() {
  if (current_ < 0) return Status::error(tr("no lesson is open"));
  const Lesson& lesson = library_.lessons()[current_];
  std::vector<PanelSlot>& slots = panels_.panels_of(current_);
  auto has_action = [](const PanelSlot& s) { return s.panel && s.type && !s.type->main_action.start.empty(); };
  PanelSlot* chosen = nullptr;
  for (const std::string& id : {maximized_, page_.hovered_panel()})
    if (!chosen && !id.empty())
      if (PanelSlot* s = panels_.find(current_, id); s && has_action(*s)) chosen = s;
  for (PanelSlot& s : slots)
    if (!chosen && has_action(s)) chosen = &s;
  if (!chosen) return Status::error(tr("this page has nothing to start"));
  if (page_.panel_waits(lesson, chosen->block))
    return Status::error(tr("answer the question above the panel first (or skip it)"));
  const MainAction& action = chosen->type->main_action;
  return panels_.press(current_, chosen->id, chosen->panel->running() ? action.stop : action.start);
}

void Shell::toggle_maximized() {
  if (!maximized_.empty()) {
    maximized_.clear();
    return;
  }
  // The panel under the mouse, else the page's first; never one still waiting for its
  // question (alone, it would show the answer).
  std::string id = page_.hovered_panel();
  if (id.empty() && current_ >= 0)
    for (const PanelSlot& s : panels_.panels_of(current_))
      if (id.empty() && s.panel && !page_.panel_waits(library_.lessons()[current_], s.block)) id = s.id;
  maximized_ = id;
}

void Shell::handle_shortcuts() {
  const ImGuiIO& io = ImGui::GetIO();
  auto pressed = [](int native_key) { return ImGui::IsKeyPressed(native_key, false); };
  // No key repeat: a presenter who holds Right a moment too long must not skip a stop.
  auto named = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), false); };
  if (pressed(keys::kF11)) fullscreen_request_ = true;
  if (io.WantTextInput || ImGui::IsAnyItemActive()) return;  // keys belong to the widget
  if (io.KeyCtrl) {
    const float step = 0.25f;
    if (pressed(keys::kEqual) || pressed(keys::kKeypadPlus))
      set_font_scale(std::min(Settings::max_font_scale, settings_.font_scale + step));
    if (pressed(keys::kMinus) || pressed(keys::kKeypadMinus))
      set_font_scale(std::max(Settings::min_font_scale, settings_.font_scale - step));
    if (pressed(keys::kZero) || pressed(keys::kKeypad0)) set_font_scale(1.0f);
    return;
  }
  if (pressed(keys::kF9)) settings_.sidebar_visible = !settings_.sidebar_visible;
  if (pressed(keys::kP)) toggle_presenter_mode();
  if (pressed(keys::kF)) toggle_maximized();
  if (named(ImGuiKey_Escape)) {
    if (!maximized_.empty()) maximized_.clear();
    else stop_demo();
  }
  // While a demo plays, the presenter's keys pace it instead of turning pages.
  if (ScriptPlayer* presenter = presenting()) {
    if (named(ImGuiKey_Space)) presenter->presenter_space();
    if (named(ImGuiKey_RightArrow) || named(ImGuiKey_PageDown)) presenter->presenter_right();
    if (named(ImGuiKey_LeftArrow) || named(ImGuiKey_PageUp)) presenter->presenter_left();
    return;
  }
  if (named(ImGuiKey_Space))
    if (Status s = toggle_main_action(); !s) set_status_message(translated(s), true);
  if (named(ImGuiKey_RightArrow) || named(ImGuiKey_PageDown)) step_lesson(+1);
  if (named(ImGuiKey_LeftArrow) || named(ImGuiKey_PageUp)) step_lesson(-1);
  if (named(ImGuiKey_Home) && !reading_order_.empty()) open_lesson(library_.lessons()[reading_order_.front()].id);
}

void Shell::draw(float delta_seconds, float previous_frame_cost_seconds) {
  const float frame_ms = delta_seconds * 1000.0f;
  frame_ms_smoothed_ = frame_ms_smoothed_ == 0.0f ? frame_ms : 0.9f * frame_ms_smoothed_ + 0.1f * frame_ms;
  handle_shortcuts();

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  ImGui::Begin("whygpu", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_MenuBar |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleVar();
  draw_menu_bar();

  FrameContext frame;
  frame.delta_seconds = delta_seconds;
  frame.previous_frame_cost_seconds = previous_frame_cost_seconds;
  frame.font_scale = settings_.font_scale;
  frame.headless = headless_;
  frame.preparing = preparing_;
  frame.fonts = &fonts_;

  const float status_height = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  // The caption has a band of its own under the page: the page gives it the room, so a
  // caption never covers a plot, a legend or a prediction box.
  const float caption_height = caption_band_height(ImGui::GetContentRegionAvail().x);
  ImGui::BeginChild("body", ImVec2(0, -(status_height + caption_height)), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  PanelSlot* alone = maximized_.empty() || current_ < 0 ? nullptr : panels_.find(current_, maximized_);
  if (classroom_.join_screen_shown()) {
    draw_join_screen();
  } else if (alone) {
    ImGui::BeginChild("maximized", ImVec2(0, 0), false, ImGuiWindowFlags_AlwaysVerticalScrollbar);
    page_.draw_alone(*alone, fonts_, frame);
    ImGui::EndChild();
    if (page_.take_restore_request()) maximized_.clear();
  } else if (!settings_.sidebar_visible || presenter_layout()) {
    draw_page(frame);
  } else {
    // No cell padding under the row, or the list and the page, which fill the body to its
    // bottom, would reach past it (the table reads the padding in BeginTable).
    ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(ImGui::GetStyle().CellPadding.x, 0.0f));
    const bool table = ImGui::BeginTable("layout", 2, ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV);
    ImGui::PopStyleVar();
    if (table) {
      lesson_list_.setup_column(settings_, viewport->WorkSize.x, library_, fonts_);
      ImGui::TableSetupColumn("page", ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      draw_sidebar();
      ImGui::TableNextColumn();
      draw_page(frame);
      ImGui::EndTable();
    }
  }
  ImGui::EndChild();
  draw_caption_band(caption_height);
  draw_status_bar();
  ImGui::End();
}

void Shell::toggle_presenter_mode() {
  const bool on = !presenter_layout();
  settings_.presenter_mode = on;
  script_presenter_ = false;
  set_status_message(on ? tr("presenter mode: P or the View menu goes back") : tr("presenter mode off"), false);
}

void Shell::choose_export_folder(const std::string& folder) {
  settings_.export_folder = folder;
  set_export_folder(folder);
  set_status_message(fill(tr("exports are saved in {0}"), {folder}), false);
}

void Shell::draw_file_menu() {
  if (std::string chosen; export_chooser_.take(&chosen)) choose_export_folder(chosen);
  if (!ImGui::BeginMenu(tr_id("File").c_str())) return;
  ImGui::TextDisabled("%s", tr("Exports (CSV, PNG) are saved in"));
  ImGui::TextUnformatted(export_folder().c_str());
  const bool choosing = export_chooser_.choosing();
  if (ImGui::MenuItem(choosing ? tr_id("Choosing...", "folder").c_str() : tr_id("Export folder...", "folder").c_str(),
                      nullptr, false, FileChooser::available() && !choosing))
    export_chooser_.start(PickWhat::kFolder, export_folder() + "/");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", FileChooser::available()
                                ? tr("choose the folder exports are saved in (lessons can only name a file in it)")
                                : tr("no folder dialog here (install zenity): start whygpu with --export-dir DIR"));
  ImGui::EndMenu();
}

void Shell::draw_class_menu() {
  if (!ImGui::BeginMenu(tr_id("Class").c_str())) return;
  if (!classroom_.active()) {
    if (ImGui::MenuItem(tr_id("Start a class session").c_str()))
      if (const Status s = start_class(""); !s) set_status_message(translated(s), true);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("Students answer each question on their phones (any browser, no account): the app "
                                 "serves a page on the network of the default route while the session lasts. Also: "
                                 "whygpu --class[=IFACE]"));
    for (const NetworkInterface& network : ipv4_interfaces()) {
      const std::string label = fill(tr("Start on {0} ({1})"), {network.name, network.ipv4}) + "###" + network.name;
      if (ImGui::MenuItem(label.c_str()))
        if (const Status s = start_class(network.name); !s) set_status_message(translated(s), true);
    }
  } else {
    const ClassSession& session = *classroom_.session();
    ImGui::TextDisabled("%s", fill(tr("Room {0} on {1}: {2}"),
                                   {session.room_code(), session.network().name, "http://" + session.address()})
                                  .c_str());
    if (ImGui::MenuItem(tr_id("Join screen").c_str(), nullptr, classroom_.join_screen_shown()))
      classroom_.show_join_screen(!classroom_.join_screen_shown());
    if (ImGui::MenuItem(tr_id("Reveal the answers").c_str(), nullptr, false, classroom_.can_reveal())) {
      if (const Status s = classroom_.reveal(); !s) set_status_message(translated(s), true);
    }
    if (ImGui::MenuItem(tr_id("Vote again").c_str(), nullptr, false, classroom_.can_vote_again())) {
      if (const Status s = classroom_.vote_again(); !s) set_status_message(translated(s), true);
    }
    if (ImGui::MenuItem(tr_id("Show the answer").c_str(), nullptr, false, classroom_.can_show_answer()))
      classroom_.show_answer();
    if (ImGui::MenuItem(tr_id("End the class session").c_str())) end_class();
  }
  ImGui::EndMenu();
}

void Shell::draw_join_screen() {
  ImGui::BeginChild("join", ImVec2(0, 0), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
  const ClassButton pressed = classroom_.draw_join_screen(fonts_);
  ImGui::EndChild();
  if (pressed == ClassButton::back_to_lesson) classroom_.show_join_screen(false);
  if (pressed == ClassButton::end_session) end_class();
}

void Shell::draw_menu_bar() {
  if (!ImGui::BeginMenuBar()) return;
  ImGui::TextUnformatted("whygpu");
  ImGui::Separator();
  if (ImGui::ArrowButton("previous", ImGuiDir_Left)) step_lesson(-1);
  ImGui::SameLine();
  if (ImGui::ArrowButton("next", ImGuiDir_Right)) step_lesson(+1);
  if (current_ >= 0) {
    const auto at = std::find(reading_order_.begin(), reading_order_.end(), current_);
    ImGui::TextUnformatted(fill(tr("Lesson {0} of {1}"), {std::to_string(at - reading_order_.begin() + 1),
                                                          std::to_string(reading_order_.size())})
                               .c_str());
  }
  ImGui::Separator();
  draw_file_menu();
  draw_class_menu();
  if (ImGui::BeginMenu(tr_id("View").c_str())) {
    if (ImGui::MenuItem(tr_id("Larger text").c_str(), nullptr, false, settings_.font_scale < Settings::max_font_scale))
      set_font_scale(std::min(Settings::max_font_scale, settings_.font_scale + 0.25f));
    if (ImGui::MenuItem(tr_id("Smaller text").c_str(), nullptr, false, settings_.font_scale > Settings::min_font_scale))
      set_font_scale(std::max(Settings::min_font_scale, settings_.font_scale - 0.25f));
    if (ImGui::MenuItem(tr_id("Projector (text x2)").c_str())) set_font_scale(2.0f);
    if (ImGui::MenuItem(tr_id("Normal text size").c_str(), "Ctrl+0")) set_font_scale(1.0f);
    if (ImGui::MenuItem(tr_id("Presenter mode").c_str(), "P", presenter_layout())) toggle_presenter_mode();
    if (ImGui::MenuItem(tr_id("Lesson list").c_str(), "F9", settings_.sidebar_visible && !presenter_layout(),
                        !presenter_layout()))
      settings_.sidebar_visible = !settings_.sidebar_visible;
    if (ImGui::MenuItem(tr_id("Full screen").c_str(), "F11")) fullscreen_request_ = true;
    ImGui::Separator();
    if (ImGui::MenuItem(tr_id("Dark theme").c_str(), nullptr, settings_.dark_theme)) set_dark_theme(true);
    if (ImGui::MenuItem(tr_id("Light theme").c_str(), nullptr, !settings_.dark_theme)) set_dark_theme(false);
    ImGui::Separator();
    draw_language_menu();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(tr_id("Demos").c_str())) {
    if (demos_.files().empty())
      ImGui::TextDisabled("%s", fill(tr("no demos in {0}"), {library_.folder() + "/demos"}).c_str());
    for (const std::string& file : demos_.files()) {
      const std::string name = std::filesystem::path(file).stem().string();
      if (ImGui::MenuItem(name.c_str())) {
        if (const Status s = start_demo(file); !s) set_status_message(translated(s), true);
      }
    }
    ImGui::Separator();
    if (ImGui::MenuItem(tr_id("Prepare the class").c_str(), nullptr, false,
                        !demos_.playing() && !demos_.files().empty()))
      if (const Status s = prepare_class(demos_.files()); !s) set_status_message(translated(s), true);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s",
                        tr("Runs every sweep the demos use now and keeps the results, so that in class they appear "
                           "at once (labelled with the time they were measured). Also: whygpu --prepare"));
    if (ImGui::MenuItem(tr_id("Stop demo").c_str(), nullptr, false, demos_.playing())) stop_demo();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(tr_id("Help").c_str())) {
    static const char* const kKeys[][2] = {
        {N_("Right / Page Down"), N_("next lesson (in a demo: go on)")},
        {N_("Left / Page Up"), N_("previous lesson (in a demo: back one step)")},
        {N_("Home"), N_("first lesson")},
        {N_("Space"), N_("start or stop the page's main action (in a demo: pause, or go on)")},
        {"F", N_("maximise the panel under the pointer; again or Esc: back")},
        {"P", N_("presenter mode: the page at full width, captions below it, no frame counter")},
        {"F9", N_("hide or show the lesson list")},
        {"F11", N_("full screen")},
        {"Ctrl + =  /  Ctrl + -", N_("larger / smaller text")},
        {"Ctrl + 0", N_("normal text size")},
        {N_("Esc"), N_("back from a maximised panel; stop a demo")},
    };
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
      for (const auto& key : kKeys) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(tr(key[0]));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(tr(key[1]));
      }
      ImGui::EndTable();
    }
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

void Shell::draw_language_menu() {
  if (!ImGui::BeginMenu(tr_id("Language").c_str())) return;
  if (ImGui::MenuItem(tr_id("As the system says").c_str(), nullptr, settings_.language.empty())) set_language("");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "%s", fill(tr("from LANGUAGE, LC_ALL, LC_MESSAGES or LANG: {0}"), {language_from_environment()}).c_str());
  ImGui::Separator();
  // Each language by its own name, the same in every language of the interface.
  for (const Language& language : languages())
    if (!language.for_testing && ImGui::MenuItem((std::string(language.name) + "###" + language.code).c_str(), nullptr,
                                                 settings_.language == language.code))
      if (const Status s = set_language(language.code); !s) set_status_message(translated(s), true);
  ImGui::EndMenu();
}

void Shell::draw_sidebar() {
  const int clicked = lesson_list_.draw(library_, current_, std::exchange(scroll_sidebar_, false), fonts_);
  if (clicked >= 0) open_lesson(library_.lessons()[clicked].id);
}

void Shell::draw_page(const FrameContext& frame) {
  ImGui::BeginChild("page", ImVec2(0, 0), false, ImGuiWindowFlags_AlwaysVerticalScrollbar);
  if (current_ < 0) {
    ImGui::TextUnformatted(tr("No lessons to show."));
  } else {
    const Lesson& lesson = library_.lessons()[current_];
    page_.set_class_questions(classroom_.active() ? &classroom_ : nullptr);
    classroom_.begin_page(lesson.file);
    page_.draw(lesson, panels_.panels_of(current_), current_errors(),
               english_page_note(library_.english_because(current_)), fonts_, frame);
    classroom_.end_page();
    if (const std::string error = classroom_.take_error(); !error.empty()) set_status_message(error, true);
    if (const std::string id = page_.take_maximize_request(); !id.empty()) maximized_ = id;
  }
  ImGui::EndChild();
}

// The caption's band: as tall as its text wrapped at the window's width, 0 without one.
float Shell::caption_band_height(float width) {
  if (caption_.empty()) return 0.0f;
  const ImGuiStyle& style = ImGui::GetStyle();
  ImGui::PushFont(fonts_.heading2);
  const float text = wrapped_text_size(caption_, width - 2 * style.WindowPadding.x).y;
  ImGui::PopFont();
  return text + 2 * style.WindowPadding.y + style.ItemSpacing.y;
}

void Shell::draw_caption_band(float height) {
  if (height <= 0.0f) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, palette().callout_background);
  ImGui::BeginChild("caption", ImVec2(0, height - ImGui::GetStyle().ItemSpacing.y), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_AlwaysUseWindowPadding);
  ImGui::PushFont(fonts_.heading2);
  wrapped_text_unformatted(caption_);  // at the band's edge
  ImGui::PopFont();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

std::string Shell::presenter_status() {
  ScriptPlayer* presenter = presenting();
  if (!presenter) return "";
  const std::string step =
      fill(tr("step {0} / {1}"), {std::to_string(presenter->step()), std::to_string(presenter->step_count())});
  if (presenter->paused()) return step + "  " + tr("(paused: Space goes on)");
  if (presenter->at_key_stop()) return step + "  " + tr("(Space or Right: go on, Left: back)");
  return step;
}

void Shell::draw_status_bar() {
  // The frame counter is for whoever tunes the app, not for the class.
  draw_status_bar_line(gpu_info(), presenter_status(), vitals_strip_text(), status_message_, status_is_error_,
                       presenter_layout() ? -1.0f : frame_ms_smoothed_);
}

}  // namespace whygpu::app
