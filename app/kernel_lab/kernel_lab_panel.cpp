// "Write your own kernel": an editor holding one CUDA kernel, compiled at run time with
// NVRTC, run on a million random floats, checked element by element against the CPU and
// timed. Compile errors come back with their line; a launch the GPU refuses, a kernel that
// faults or never ends, and writes past the end of the output are all reported in words.
// Each try runs in a child process (LabRunner), so none of that can harm the app.
//
// Parameters: exercise (add, relu, scale-add), n (elements, 1..2^28, default 1000000),
// block (threads per block, 1..4096, default 256: above 1024 the GPU refuses), and in
// scripts source-file (a file to load into the editor). Buttons: run, cancel, reset.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "app/kernel_lab/lab_runner.h"
#include "app/number_text.h"
#include "app/panel_registry.h"
#include "app/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/kernel_run.h"

namespace whygpu::app {
namespace {

using kernel_lab::LabReport;
using kernel_lab::RunState;

constexpr int kMaxBlock = 4096;
constexpr int kEditorLines = 10;

std::string source_line(const std::string& source, int line) {
  std::istringstream in(source);
  std::string text;
  for (int i = 1; std::getline(in, text); ++i)
    if (i == line) return text;
  return "";
}

// ImGui writes into the string's buffer; this grows it when the text does.
int resize_string(ImGuiInputTextCallbackData* data) {
  if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    auto* text = static_cast<std::string*>(data->UserData);
    text->resize(static_cast<std::size_t>(data->BufTextLen));
    data->Buf = text->data();
  }
  return 0;
}

void coloured_wrapped(ImU32 colour, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

class KernelLabPanel final : public Panel {
 public:
  KernelLabPanel(std::string exercise, int n, int block) : exercise_(std::move(exercise)), n_(n), block_(block) {
    for (const kernel_lab::Exercise& e : kernel_lab::exercises()) sources_[e.key] = e.starter;
  }

  void draw(const FrameContext& frame) override {
    if (std::optional<LabReport> r = runner_.take_report()) {
      report_ = std::move(*r);
      std::fprintf(stderr, "whygpu: kernel-lab: %s: %s%s%s\n", exercise_.c_str(), kernel_lab::run_state_key(report_->run),
                   report_->message.empty() ? "" : ": ", report_->message.c_str());
    }
    ImGui::PushID(this);
    draw_exercise_choice();
    draw_editor(frame);
    draw_controls(frame);
    if (runner_.busy())
      ImGui::TextDisabled("Compiling and running in a separate process... %.1f s", runner_.seconds_running());
    else if (report_)
      draw_report(*report_, frame);
    ImGui::PopID();
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    if (runner_.busy()) return Status::error("a try is running: wait for it or cancel it");
    if (key == "exercise") {
      exercise_ = value.text;
      report_.reset();
      return Status::ok();
    }
    if (key == "n") n_ = static_cast<int>(value.whole);
    else if (key == "block") block_ = static_cast<int>(value.whole);
    else if (key == "source_file") {
      std::ifstream file(value.text);
      if (!file) return Status::error("cannot read " + value.text);
      std::ostringstream text;
      text << file.rdbuf();
      sources_[exercise_] = text.str();
    } else {
      return Panel::set_param(key, value);
    }
    return Status::ok();
  }

  Status press(const std::string& button) override {
    if (button == "run") {
      if (runner_.busy()) return Status::error("a try is already running");
      start();
      return Status::ok();
    }
    if (button == "cancel") {
      runner_.cancel();
      return Status::ok();
    }
    if (button == "reset") {
      if (runner_.busy()) return Status::error("a try is running: wait for it or cancel it");
      sources_[exercise_] = kernel_lab::find_exercise(exercise_)->starter;
      report_.reset();
      return Status::ok();
    }
    return Panel::press(button);
  }

  bool busy() const override { return runner_.busy(); }

 private:
  void start() {
    tried_source_ = sources_[exercise_];
    runner_.start({exercise_, tried_source_, n_, block_});
  }

  void draw_exercise_choice() {
    ImGui::TextUnformatted("Exercise:");
    for (const kernel_lab::Exercise& e : kernel_lab::exercises()) {
      ImGui::SameLine();
      if (ImGui::RadioButton(e.title.c_str(), exercise_ == e.key) && exercise_ != e.key && !runner_.busy()) {
        exercise_ = e.key;
        report_.reset();
      }
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(runner_.busy());
    if (ImGui::SmallButton("Start this exercise over")) (void)press("reset");
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("Puts back the code this exercise started with (your edits are lost).");
  }

  // The editor grows with the code (at least kEditorLines lines), so it never scrolls and
  // a gutter beside it can number its lines; lines with an error are numbered in red.
  void draw_editor(const FrameContext& frame) {
    std::string& source = sources_[exercise_];
    const bool code_font = frame.fonts && frame.fonts->code;
    if (code_font) ImGui::PushFont(frame.fonts->code);
    const int lines = 1 + static_cast<int>(std::count(source.begin(), source.end(), '\n'));
    const float line_height = ImGui::GetTextLineHeight();
    const ImVec2 padding = ImGui::GetStyle().FramePadding;
    const float gutter = ImGui::CalcTextSize("000").x + padding.x * 2;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const bool errors_apply = showing_errors();
    for (int line = 1; line <= lines; ++line) {
      const bool has_error =
          errors_apply && std::any_of(report_->diagnostics.begin(), report_->diagnostics.end(),
                                      [line](const kernel_lab::Diagnostic& d) { return d.line == line && d.severity == "error"; });
      char number[16];
      std::snprintf(number, sizeof number, "%d", line);
      const float width = ImGui::CalcTextSize(number).x;
      draw->AddText(ImVec2(origin.x + gutter - padding.x - width, origin.y + padding.y + (line - 1) * line_height),
                    has_error ? palette().error : palette().muted_text, number);
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x + gutter, origin.y));
    const float height = std::max(lines + 1, kEditorLines) * line_height + padding.y * 2;
    ImGui::InputTextMultiline("##source", source.data(), source.capacity() + 1, ImVec2(-1, height),
                              ImGuiInputTextFlags_AllowTabInput | ImGuiInputTextFlags_CallbackResize, resize_string,
                              &source);
    if (code_font) ImGui::PopFont();
  }

  // The report's errors still describe the editor's text (it was not edited since).
  bool showing_errors() const { return report_ && !runner_.busy() && sources_.at(exercise_) == tried_source_; }

  void draw_controls(const FrameContext& frame) {
    const float field = 150.0f * frame.font_scale;
    ImGui::BeginDisabled(runner_.busy());
    ImGui::SetNextItemWidth(field);
    ImGui::InputInt("elements (n)", &n_, 1000, 100000);
    n_ = std::clamp(n_, 1, kernel_lab::kMaxElements);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field);
    ImGui::InputInt("threads per block", &block_, 32, 128);
    block_ = std::clamp(block_, 1, kMaxBlock);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("The GPU accepts at most 1024; try more to see it refuse the launch.");
    ImGui::SameLine();
    if (ImGui::Button("Compile and run")) start();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!runner_.busy());
    if (ImGui::Button("Cancel")) runner_.cancel();
    ImGui::EndDisabled();
    if (!built_with_cuda())
      coloured_wrapped(palette().warning,
                       "This build of whygpu has no CUDA toolkit, so it has no compiler for kernels: you can read and "
                       "edit the code here, but not compile or run it.");
    else if (!gpu_info().available)
      coloured_wrapped(palette().warning, "No GPU here: your code is compiled and its errors shown, but it cannot run (" +
                                              gpu_info().unavailable_reason + ").");
  }

  void draw_report(const LabReport& r, const FrameContext& frame) {
    const Palette& colours = palette();
    // Compile.
    if (r.compiled) {
      char text[160];
      std::snprintf(text, sizeof text, "Compiled by NVRTC for %s in %.0f ms.", r.target.c_str(), r.compile_ms);
      ImGui::TextDisabled("%s", text);
    }
    for (const kernel_lab::Diagnostic& d : r.diagnostics) {
      const ImU32 colour = d.severity == "error" ? colours.error : colours.warning;
      coloured_wrapped(colour, "line " + std::to_string(d.line) + ", " + d.severity + ": " + d.message);
      const std::string line = source_line(tried_source_, d.line);
      if (line.empty()) continue;
      if (frame.fonts && frame.fonts->code) ImGui::PushFont(frame.fonts->code);
      ImGui::TextDisabled("    %s", line.c_str());
      if (frame.fonts && frame.fonts->code) ImGui::PopFont();
    }
    if (!r.compiled && r.diagnostics.empty() && !r.compile_log.empty()) coloured_wrapped(colours.error, r.compile_log);
    // Run.
    switch (r.run) {
      case RunState::NotRun:
        if (!r.message.empty()) coloured_wrapped(r.compiled ? colours.warning : colours.error, r.message);
        return;
      case RunState::Refused:
        coloured_wrapped(colours.error, r.message);
        ImGui::TextWrapped("Nothing ran. A block can hold at most %d threads on this GPU.",
                           gpu_info().max_threads_per_block);
        return;
      case RunState::Failed:
        coloured_wrapped(colours.error, r.message);
        ImGui::TextWrapped("It ran in its own process, so the rest of the app is unharmed.");
        return;
      case RunState::Ran: break;
    }
    ImGui::Text("%s on %s elements.", r.launch.c_str(), with_commas(static_cast<double>(r.checked)).c_str());
    if (r.wrong == 0) {
      coloured_wrapped(colours.gpu, "All " + with_commas(static_cast<double>(r.checked)) + " outputs match the CPU's.");
    } else {
      char got[64];
      if (std::isnan(r.got)) std::snprintf(got, sizeof got, "nothing (never written)");
      else std::snprintf(got, sizeof got, "%.6g", r.got);
      char text[256];
      std::snprintf(text, sizeof text, "%s of %s outputs are wrong. The first is c[%lld]: the CPU says %.6g, the GPU gave %s.",
                    with_commas(static_cast<double>(r.wrong)).c_str(), with_commas(static_cast<double>(r.checked)).c_str(), r.first_wrong, r.expected, got);
      coloured_wrapped(colours.error, text);
    }
    if (r.overrun > 0)
      coloured_wrapped(colours.warning, "The kernel also wrote " + with_commas(static_cast<double>(r.overrun)) +
                                            " floats past the end of c. Those threads had no element of their own: "
                                            "without a bounds check they write memory that belongs to something else.");
    if (r.time.repeats > 0) {
      // A rate only for a kernel that did the whole job: a wrong one may have skipped work.
      char rate[64] = "";
      if (r.wrong == 0) std::snprintf(rate, sizeof rate, ", %.0f GB/s of memory traffic", r.gbytes_per_s);
      ImGui::Text("Time: %.4f ms (median of %d runs, CUDA events)%s.", r.time.median_ms, r.time.repeats, rate);
    }
    if (!r.message.empty()) coloured_wrapped(colours.warning, r.message);
  }

  LabRunner runner_;
  std::string exercise_;
  int n_, block_;
  std::map<std::string, std::string> sources_;  // the editor's text, per exercise
  std::string tried_source_;  // what the last try compiled: the report's line numbers refer to it
  std::optional<LabReport> report_;
};

}  // namespace

const PanelType& kernel_lab_panel_type() {
  static const PanelType type = [] {
    std::vector<std::string> exercise_keys;
    for (const kernel_lab::Exercise& e : kernel_lab::exercises()) exercise_keys.push_back(e.key);
    return PanelType{
        "kernel-lab",
        "write a kernel, compile it with NVRTC, run it on a million floats, check it against the CPU and time it",
        {
            choice_param("exercise", exercise_keys.front(), exercise_keys, "the exercise the editor opens on"),
            whole_param("n", 1000000, 1, kernel_lab::kMaxElements, "elements the kernel runs on"),
            whole_param("block", 256, 1, kMaxBlock, "threads per block of the launch"),
            text_param("source_file", "", "a .cu file to load into the editor (scripts; empty: the exercise's start)"),
        },
        {{"run", "compile, run and check the editor's kernel"},
         {"cancel", "stop the try in progress"},
         {"reset", "put the exercise's starting code back"}},
        [](const PanelParams& p, std::string* error) -> std::unique_ptr<Panel> {
          auto panel = std::make_unique<KernelLabPanel>(p.text("exercise"), p.whole_as<int>("n"), p.whole_as<int>("block"));
          if (!p.text("source_file").empty())
            if (Status s = panel->set_param("source_file", ParamValue{.text = p.text("source_file")}); !s) {
              *error = s.message();
              return nullptr;
            }
          return panel;
        },
        {"run", "cancel"}};
  }();
  return type;
}

}  // namespace whygpu::app
