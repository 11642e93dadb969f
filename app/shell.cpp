#include "app/shell.h"

#include <imgui.h>
#include <imgui_internal.h>  // ErrorCheckEndWindowRecover: unwinding after a failed panel
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <thread>

#include "app/panel_registry.h"
#include "app/rich_text.h"
#include "app/script_player.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app {
namespace {

constexpr float kReadableWidthEm = 46.0f;  // text lines longer than this are hard to follow

std::string gpu_summary(const GpuInfo& gpu) {
  char memory[32];
  std::snprintf(memory, sizeof memory, "%.1f GiB", gpu.total_memory_bytes / double(1 << 30));
  return gpu.name + "  |  compute " + gpu.compute_capability() + "  |  " + memory + "  |  " +
         std::to_string(gpu.sm_count) + " SMs  |  driver CUDA " + cuda_version_string(gpu.driver_version) +
         ", runtime " + cuda_version_string(gpu.runtime_version);
}

}  // namespace

Shell::Shell(LessonLibrary library, Settings settings, bool headless)
    : library_(std::move(library)), settings_(std::move(settings)), headless_(headless) {
  for (const LessonSection& section : library_.sections())
    reading_order_.insert(reading_order_.end(), section.lessons.begin(), section.lessons.end());
  if (!reading_order_.empty()) {
    const int last = library_.find(settings_.last_lesson);
    current_ = last >= 0 ? last : reading_order_.front();
    settings_.last_lesson = library_.lessons()[current_].id;
  }
  // Fonts and style are set up by the first prepare_frame(), once ImGui exists.
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(library_.folder() + "/demos", ec))
    if (entry.path().extension() == ".script") demo_files_.push_back(entry.path().string());
  std::sort(demo_files_.begin(), demo_files_.end());
}

Status Shell::start_demo(const std::string& path) {
  Script script;
  std::string error;
  if (!load_script(path, &script, &error)) return Status::error(error);
  demo_ = std::make_unique<ScriptPlayer>(std::move(script));
  demo_name_ = std::filesystem::path(path).stem().string();
  set_status_message("playing demo " + demo_name_, false);
  return Status::ok();
}

void Shell::stop_demo() {
  if (!demo_) return;
  demo_.reset();
  set_status_message("demo " + demo_name_ + " stopped", false);
}

std::string Shell::take_capture_request() { return std::exchange(capture_request_, {}); }

Shell::~Shell() = default;

void Shell::prepare_frame() {
  if (demo_) {
    const ScriptPlayer::Step step = demo_->advance(*this);
    if (!step.screenshot.empty()) capture_request_ = step.screenshot;
    if (!step.error.empty()) set_status_message("demo stopped: " + step.error, true);
    else if (step.finished) set_status_message("demo " + demo_name_ + " finished", false);
    if (step.finished) demo_.reset();
  }
  if (!fonts_dirty_) return;
  fonts_ = build_fonts(settings_.font_scale);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  apply_style(settings_.dark_theme, settings_.font_scale);
  fonts_dirty_ = false;
}

Status Shell::open_lesson(const std::string& id) {
  const int index = library_.find(id);
  if (index < 0) return Status::error("no lesson with id '" + id + "' (see --list-lessons)");
  if (index != current_) scroll_page_to_top_ = true;
  current_ = index;
  settings_.last_lesson = id;
  return Status::ok();
}

void Shell::step_lesson(int delta) {
  if (reading_order_.empty()) return;
  const auto at = std::find(reading_order_.begin(), reading_order_.end(), current_);
  const int position = at == reading_order_.end() ? 0 : static_cast<int>(at - reading_order_.begin());
  const int next = std::clamp(position + delta, 0, static_cast<int>(reading_order_.size()) - 1);
  open_lesson(library_.lessons()[reading_order_[next]].id);
}

std::vector<Shell::PanelSlot>& Shell::panels_of(int lesson) {
  auto found = panels_.find(lesson);
  if (found != panels_.end()) return found->second;
  std::vector<PanelSlot>& slots = panels_[lesson];
  const Lesson& l = library_.lessons()[lesson];
  std::map<std::string, int> seen;
  for (int b = 0; b < static_cast<int>(l.blocks.size()); ++b) {
    const LessonBlock& block = l.blocks[b];
    if (block.kind != LessonBlock::Kind::panel) continue;
    PanelSlot slot;
    slot.type = block.panel_type;
    slot.block = b;
    std::map<std::string, std::string> params = block.panel_params;
    if (auto id = params.find("id"); id != params.end()) {
      slot.id = id->second;
      params.erase(id);
    } else {
      const int n = ++seen[slot.type];
      slot.id = n == 1 ? slot.type : slot.type + "#" + std::to_string(n);
    }
    PanelArgs args(params, l.file + ":" + std::to_string(block.line));
    const PanelType* type = find_panel_type(slot.type);
    if (!type) {
      slot.error = args.where() + ": unknown panel '" + slot.type + "' (whygpu --list-panels lists them)";
    } else {
      std::string error;
      try {
        slot.panel = type->make(args, &error);
      } catch (const std::exception& e) {
        error = std::string("the panel failed to start: ") + e.what();
      }
      if (!slot.panel) {
        slot.error = !args.error().empty() ? args.error()
                     : !error.empty()      ? args.where() + ": " + error
                                           : args.where() + ": panel '" + slot.type + "' could not start";
      } else if (!args.error().empty()) {
        slot.error = args.error();  // it started with a default instead of the bad value
      }
    }
    slots.push_back(std::move(slot));
  }
  return slots;
}

Shell::PanelSlot* Shell::find_panel(const std::string& name) {
  if (current_ < 0) return nullptr;
  std::vector<PanelSlot>& slots = panels_of(current_);
  for (PanelSlot& slot : slots)
    if (slot.id == name) return &slot;
  for (PanelSlot& slot : slots)
    if (slot.type == name) return &slot;
  return nullptr;
}

Status Shell::set_panel_param(const std::string& panel, const std::string& key, const std::string& value) {
  PanelSlot* slot = find_panel(panel);
  if (!slot) return Status::error("no panel '" + panel + "' on this lesson");
  if (!slot->panel) return Status::error("panel '" + panel + "' did not start: " + slot->error);
  try {
    return slot->panel->set_param(key, value).with_context(panel);
  } catch (const std::exception& e) {
    return Status::error(panel + ": setting " + key + " failed: " + e.what());
  }
}

Status Shell::press_panel_button(const std::string& panel, const std::string& button) {
  PanelSlot* slot = find_panel(panel);
  if (!slot) return Status::error("no panel '" + panel + "' on this lesson");
  if (!slot->panel) return Status::error("panel '" + panel + "' did not start: " + slot->error);
  try {
    return slot->panel->press(button).with_context(panel);
  } catch (const std::exception& e) {
    return Status::error(panel + ": " + button + " failed: " + e.what());
  }
}

Status Shell::panel_busy(const std::string& panel, bool* busy) {
  PanelSlot* slot = find_panel(panel);
  if (!slot) return Status::error("no panel '" + panel + "' on this lesson");
  *busy = slot->panel && slot->panel->busy();
  return Status::ok();
}

void Shell::pace_frame(std::chrono::steady_clock::time_point frame_start) const {
  bool timing = false;
  for (const auto& [lesson, slots] : panels_)
    for (const PanelSlot& slot : slots) timing = timing || (slot.panel && slot.panel->timing_the_cpu());
  if (timing)
    std::this_thread::sleep_until(frame_start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                    std::chrono::duration<double>(kQuietFrameSeconds)));
}

void Shell::close_panels() {
  for (auto& [lesson, slots] : panels_)
    for (PanelSlot& slot : slots) slot.panel.reset();
}

void Shell::set_font_scale(float scale) {
  scale = std::clamp(scale, Settings::min_font_scale, Settings::max_font_scale);
  if (scale == settings_.font_scale) return;
  settings_.font_scale = scale;
  fonts_dirty_ = true;
}

void Shell::set_dark_theme(bool dark) {
  settings_.dark_theme = dark;
  apply_style(dark, settings_.font_scale);
}

std::vector<std::string> Shell::current_errors() const {
  std::vector<std::string> errors;
  if (!library_.folder_error().empty()) errors.push_back(library_.folder_error());
  if (current_ < 0) return errors;
  for (const LessonError& e : library_.lessons()[current_].errors) errors.push_back(e.to_string());
  if (auto found = panels_.find(current_); found != panels_.end())
    for (const PanelSlot& slot : found->second)
      if (!slot.error.empty()) errors.push_back(slot.error);
  return errors;
}

void Shell::set_status_message(const std::string& message, bool is_error) {
  status_message_ = message;
  status_is_error_ = is_error;
}

void Shell::handle_shortcuts() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || ImGui::IsAnyItemActive()) return;  // arrows belong to the widget
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageDown)))
    step_lesson(+1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageUp)))
    step_lesson(-1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home)) && !reading_order_.empty())
    open_lesson(library_.lessons()[reading_order_.front()].id);
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

  const float status_height = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  ImGui::BeginChild("body", ImVec2(0, -status_height), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  if (ImGui::BeginTable("layout", 2, ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn("lessons", ImGuiTableColumnFlags_WidthFixed,
                            settings_.sidebar_width * settings_.font_scale);
    ImGui::TableSetupColumn("page", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    settings_.sidebar_width = ImGui::GetContentRegionAvail().x / settings_.font_scale;
    draw_sidebar();
    ImGui::TableNextColumn();
    draw_page(delta_seconds, previous_frame_cost_seconds);
    ImGui::EndTable();
  }
  ImGui::EndChild();
  draw_status_bar();
  ImGui::End();
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
    ImGui::Text("Lesson %d of %d", static_cast<int>(at - reading_order_.begin()) + 1,
                static_cast<int>(reading_order_.size()));
  }
  ImGui::Separator();
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Larger text", nullptr, false, settings_.font_scale < Settings::max_font_scale))
      set_font_scale(settings_.font_scale + 0.25f);
    if (ImGui::MenuItem("Smaller text", nullptr, false, settings_.font_scale > Settings::min_font_scale))
      set_font_scale(settings_.font_scale - 0.25f);
    if (ImGui::MenuItem("Projector (text x2)")) set_font_scale(2.0f);
    if (ImGui::MenuItem("Normal text size")) set_font_scale(1.0f);
    ImGui::Separator();
    if (ImGui::MenuItem("Dark theme", nullptr, settings_.dark_theme)) set_dark_theme(true);
    if (ImGui::MenuItem("Light theme", nullptr, !settings_.dark_theme)) set_dark_theme(false);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Demos")) {
    if (demo_files_.empty()) ImGui::TextDisabled("no demos in %s/demos", library_.folder().c_str());
    for (const std::string& file : demo_files_) {
      const std::string name = std::filesystem::path(file).stem().string();
      if (ImGui::MenuItem(name.c_str())) {
        if (const Status s = start_demo(file); !s) set_status_message(s.message(), true);
      }
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Stop demo", nullptr, false, demo_ != nullptr)) stop_demo();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    ImGui::TextUnformatted("Right / Page Down: next lesson");
    ImGui::TextUnformatted("Left / Page Up: previous lesson");
    ImGui::TextUnformatted("Home: first lesson");
    ImGui::TextUnformatted("View menu: text size for projectors, theme");
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

void Shell::draw_sidebar() {
  ImGui::BeginChild("lesson-list");
  if (!library_.folder_error().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    ImGui::TextWrapped("%s", library_.folder_error().c_str());
    ImGui::PopStyleColor();
  }
  for (const LessonSection& section : library_.sections()) {
    ImGui::PushFont(fonts_.strong);
    ImGui::TextWrapped("%s", section.title.c_str());
    ImGui::PopFont();
    ImGui::Indent();
    for (const int index : section.lessons) {
      const Lesson& lesson = library_.lessons()[index];
      const bool broken = !lesson.errors.empty();
      if (broken) ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
      const std::string label = (broken ? "(!) " : "") + lesson.title + "##" + lesson.id;
      if (ImGui::Selectable(label.c_str(), index == current_)) open_lesson(lesson.id);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", lesson.title.c_str());  // long titles are cut
      if (index == current_ && scroll_page_to_top_) ImGui::SetScrollHereY();
      if (broken) ImGui::PopStyleColor();
    }
    ImGui::Unindent();
    ImGui::Spacing();
  }
  ImGui::EndChild();
}

void Shell::draw_page(float delta_seconds, float previous_frame_cost_seconds) {
  ImGui::BeginChild("page", ImVec2(0, 0), false, ImGuiWindowFlags_AlwaysVerticalScrollbar);
  if (scroll_page_to_top_) {
    ImGui::SetScrollY(0.0f);
    scroll_page_to_top_ = false;
  }
  const GpuInfo& gpu = gpu_info();
  if (!gpu.available) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, palette().callout_background);
    ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
    ImGui::TextWrapped("No CUDA device: GPU panels are off (%s). Everything on the CPU side is live.",
                       gpu.unavailable_reason.c_str());
    ImGui::PopStyleColor(2);
    ImGui::Separator();
  }
  if (current_ < 0) {
    ImGui::TextWrapped("No lessons to show.");
    ImGui::EndChild();
    return;
  }
  const Lesson& lesson = library_.lessons()[current_];
  std::vector<PanelSlot>& slots = panels_of(current_);

  const float text_width = std::min(ImGui::GetContentRegionAvail().x,
                                    kReadableWidthEm * fonts_.body->FontSize);
  ImGui::PushFont(fonts_.heading1);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + text_width);
  ImGui::TextUnformatted(lesson.title.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
  ImGui::TextUnformatted(lesson.section.c_str());
  ImGui::PopStyleColor();
  ImGui::Spacing();

  for (const std::string& error : current_errors()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + text_width);
    ImGui::TextUnformatted(("Lesson error: " + error).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }

  FrameContext frame;
  frame.delta_seconds = delta_seconds;
  frame.previous_frame_cost_seconds = previous_frame_cost_seconds;
  frame.font_scale = settings_.font_scale;
  frame.headless = headless_;
  frame.fonts = &fonts_;
  for (int b = 0; b < static_cast<int>(lesson.blocks.size()); ++b) {
    const LessonBlock& block = lesson.blocks[b];
    switch (block.kind) {
      case LessonBlock::Kind::heading1:
        ImGui::Spacing();
        draw_rich_text(block.spans, fonts_, fonts_.heading1, text_width);
        break;
      case LessonBlock::Kind::heading2:
        ImGui::Spacing();
        draw_rich_text(block.spans, fonts_, fonts_.heading2, text_width);
        break;
      case LessonBlock::Kind::paragraph:
        draw_rich_text(block.spans, fonts_, fonts_.body, text_width);
        ImGui::Spacing();
        break;
      case LessonBlock::Kind::bullet: {
        const float indent = fonts_.body->FontSize * 1.2f;
        ImGui::TextUnformatted("  \xe2\x80\xa2");  // bullet
        ImGui::SameLine(indent);
        draw_rich_text(block.spans, fonts_, fonts_.body, text_width - indent);
        break;
      }
      case LessonBlock::Kind::numbered: {
        const float indent = fonts_.body->FontSize * 1.6f;
        ImGui::TextUnformatted(("  " + block.number).c_str());
        ImGui::SameLine(indent);
        draw_rich_text(block.spans, fonts_, fonts_.body, text_width - indent);
        break;
      }
      case LessonBlock::Kind::callout: {
        const ImVec2 start = ImGui::GetCursorScreenPos();
        const float pad = ImGui::GetStyle().FramePadding.x * 2;
        ImDrawList* draw = ImGui::GetWindowDrawList();
        draw->ChannelsSplit(2);
        draw->ChannelsSetCurrent(1);
        ImGui::Indent(pad);
        ImGui::Dummy(ImVec2(0, pad * 0.5f));
        draw_rich_text(block.spans, fonts_, fonts_.body, text_width - 2 * pad);
        ImGui::Unindent(pad);
        const ImVec2 end(start.x + text_width, ImGui::GetCursorScreenPos().y);
        draw->ChannelsSetCurrent(0);
        draw->AddRectFilled(start, end, palette().callout_background, 4.0f);
        draw->AddRectFilled(start, ImVec2(start.x + 4, end.y), palette().gpu_alt);
        draw->ChannelsMerge();
        ImGui::Spacing();
        break;
      }
      case LessonBlock::Kind::code: {
        ImGui::PushFont(fonts_.code);
        ImGui::PushStyleColor(ImGuiCol_ChildBg, palette().code_background);
        const int lines = static_cast<int>(std::count(block.code.begin(), block.code.end(), '\n'));
        const float height = lines * ImGui::GetTextLineHeightWithSpacing() + 2 * ImGui::GetStyle().WindowPadding.y;
        ImGui::BeginChild(ImGui::GetID(&block), ImVec2(text_width, height), false,
                          ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_AlwaysUseWindowPadding);
        ImGui::TextUnformatted(block.code.c_str());
        ImGui::EndChild();
        ImGui::PopStyleColor();
        ImGui::PopFont();
        ImGui::Spacing();
        break;
      }
      case LessonBlock::Kind::panel: {
        auto slot = std::find_if(slots.begin(), slots.end(), [&](const PanelSlot& s) { return s.block == b; });
        if (slot == slots.end() || !slot->panel) break;  // its error is listed at the top
        ImGui::Spacing();
        frame.content_width = ImGui::GetContentRegionAvail().x;
        draw_panel_guarded(*slot, frame);
        ImGui::Spacing();
        break;
      }
    }
  }
  ImGui::EndChild();
}

void Shell::draw_panel_guarded(PanelSlot& slot, const FrameContext& frame) {
  ImGuiWindow* page = ImGui::GetCurrentWindow();
  ImGui::PushID(slot.id.c_str());
  try {
    slot.panel->draw(frame);
    ImGui::PopID();
  } catch (const std::exception& e) {
    // Close what the panel left open (child windows, tables, pushed styles and IDs, our
    // PushID included) so the page and the rest of the app carry on.
    while (ImGui::GetCurrentWindow() != page) {
      ImGui::ErrorCheckEndWindowRecover(nullptr);
      if (ImGui::GetCurrentWindow()->Flags & ImGuiWindowFlags_ChildWindow) ImGui::EndChild();
      else ImGui::End();
    }
    ImGui::ErrorCheckEndWindowRecover(nullptr);
    slot.error = "panel '" + slot.id + "' stopped: " + e.what();
    slot.panel.reset();
  }
}

void Shell::draw_status_bar() {
  ImGui::Separator();
  const GpuInfo& gpu = gpu_info();
  if (gpu.available) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().gpu);
    ImGui::Text("GPU: %s", gpu_summary(gpu).c_str());
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
    ImGui::Text("No CUDA device: GPU panels are off (%s)", gpu.unavailable_reason.c_str());
  }
  ImGui::PopStyleColor();
  if (!status_message_.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("|");
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, status_is_error_ ? palette().error : ImGui::GetColorU32(ImGuiCol_Text));
    ImGui::TextUnformatted(status_message_.c_str());
    ImGui::PopStyleColor();
  }
  char frame_text[64];
  std::snprintf(frame_text, sizeof frame_text, "frame %.1f ms (%.0f fps)", frame_ms_smoothed_,
                frame_ms_smoothed_ > 0 ? 1000.0f / frame_ms_smoothed_ : 0.0f);
  const float width = ImGui::CalcTextSize(frame_text).x;
  ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - width));
  ImGui::TextUnformatted(frame_text);
}

}  // namespace whygpu::app
