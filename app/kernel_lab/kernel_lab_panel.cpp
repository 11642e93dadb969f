// "Write your own kernel": an editor holding one CUDA kernel, compiled at run time with
// NVRTC, run on a million random floats, checked element by element against the CPU and
// timed. Compile errors come back with their line; a launch the GPU refuses, a kernel that
// faults or never ends, and writes past the end of the output are all reported in words.
// Without an NVIDIA GPU the kernel runs in the CPU simulator instead (compute/kernel_lab/
// sim_run.h), which checks it the same way but has no time; the recorded GPU's result of
// the same code and sizes, when the recording has it, is shown beside, labelled.
// Each try runs in a child process (LabRunner), so none of that can harm the app.
// Parameters and buttons: the panel type at the end of this file.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "app/files/figure_source.h"
#include "app/files/recorded_gpu.h"
#include "app/i18n/language.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/kernel_lab/lab_runner.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/code_fit.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/lab_cli.h"
#include "compute/kernel_lab/lab_recording.h"
#include "compute/kernel_lab/problem.h"

namespace whygpu::app {
namespace {

using kernel_lab::Engine;
using kernel_lab::LabReport;
using kernel_lab::LabRequest;
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
  wrapped_text_unformatted(text);
  ImGui::PopStyleColor();
}

bool is_matrix(const std::string& exercise) {
  const kernel_lab::Exercise* e = kernel_lab::find_exercise(exercise);
  return e && e->layout == kernel_lab::Layout::Matrix;
}

// An exercise's starting sizes, tries still running where they ran.
LabRequest starting_sizes(const std::string& exercise, Engine engine) {
  LabRequest r = kernel_lab::starting_request(*kernel_lab::find_exercise(exercise));  // the table has checked it
  r.engine = engine;
  return r;
}

// The panel's parameters: the exercise, its sizes (the exercise's starting ones unless
// given), where tries run, and a file loaded into the editor.
struct LabChoice {
  LabRequest sizes = kernel_lab::starting_request(kernel_lab::exercises().front());
  std::string source_file;
  bool source_given = false;  // set with `source_file`: read it into the editor
};

// Declared once: the lesson's and a script's `set`. The exercise comes first, so that
// the sizes a line gives apply to it, not to the one before.
const PanelFields<LabChoice>& lab_fields() {
  using C = LabChoice;
  static const PanelFields<C> fields = [] {
    std::vector<std::string> keys;
    for (const kernel_lab::Exercise& e : kernel_lab::exercises()) keys.push_back(e.key);
    const std::string first = keys.front();
    auto size = [](const char* name, int LabRequest::*member, long long min, long long max, long long fallback,
                   const char* help) {
      return whole_field<C>(name, min, max, fallback, [member](C& c, long long v) { c.sizes.*member = static_cast<int>(v); },
                            help);
    };
    return PanelFields<C>{{
        choice_field<C>(
            "exercise", std::move(keys), first,
            [](C& c, const std::string& key) { c.sizes = starting_sizes(key, c.sizes.engine); },
            "the exercise the editor opens on"),
        size("n", &LabRequest::n, 1, kernel_lab::kMaxElements, kernel_lab::kStartingElements,
             "elements the kernel runs on"),
        size("block", &LabRequest::block, 1, kMaxBlock, kernel_lab::kStartingBlock,
             "threads per block of the launch (in x; a matrix exercise starts at 32)"),
        size("block_y", &LabRequest::block_y, 1, kMaxBlock, kernel_lab::kStartingMatrixBlockY,
             "threads per block in y (matrix exercises)"),
        size("width", &LabRequest::width, 1, kernel_lab::kMaxElements, kernel_lab::kStartingWidth,
             "columns (matrix exercises)"),
        size("height", &LabRequest::height, 1, kernel_lab::kMaxElements, kernel_lab::kStartingHeight,
             "rows (matrix exercises)"),
        choice_field<C>(
            "engine", {"auto", "gpu", "simulator"}, "auto",
            [](C& c, const std::string& key) { kernel_lab::engine_from_key(key, &c.sizes.engine); },
            "where tries run: auto (the GPU when there is one, else the CPU simulator)"),
        text_field("source_file", &C::source_file, "a .cu file to load into the editor (empty: the exercise's start)")
            .naming(PathUse::kRead)
            .also([](C& c) { c.source_given = true; }),
    }};
  }();
  return fields;
}

class KernelLabPanel final : public Panel {
 public:
  // `sizes`: exercise, n, block, block_y, width and height (source and engine unused).
  explicit KernelLabPanel(LabRequest sizes) : sizes_(std::move(sizes)) {
    for (const kernel_lab::Exercise& e : kernel_lab::exercises()) sources_[e.key] = starters_[e.key] = starter_of(e);
    starters_language_ = current_language();
    if (!gpu_info().available)
      recording_ = recorded_part<kernel_lab::LabRecording>(kernel_lab::kLabRecording, &recording_error_);
  }

  void draw(const FrameContext& frame) override {
    follow_language();
    if (std::optional<LabReport> r = runner_.take_report()) {
      report_ = std::move(*r);
      std::fprintf(stderr, "whygpu: kernel-lab: %s: %s%s%s\n", sizes_.exercise.c_str(), kernel_lab::run_state_key(report_->run),
                   report_->message.empty() ? "" : ": ", report_->message.english().c_str());
    }
    ImGui::PushID(this);
    ImGui::PushTextWrapPos(0.0f);  // every line wraps at the panel's edge
    // The verdict of the last try first, then the code and the controls: at a projector
    // the class sees what happened (the thread that read past the end), not the sizes.
    if (runner_.busy())
      ImGui::TextDisabled("%s", fill(tr("Compiling and running in a separate process... {0} s"),
                                     {decimal_text(runner_.seconds_running(), 1)})
                                    .c_str());
    else if (report_)
      draw_report(*report_, frame);
    if (runner_.busy() || report_) ImGui::Separator();
    draw_exercise_choice();
    draw_editor(frame);
    draw_controls(frame);
    ImGui::PopTextWrapPos();
    ImGui::PopID();
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    if (runner_.busy()) return Status::error(tr("a try is running: wait for it or cancel it"));
    LabChoice wanted;
    wanted.sizes = sizes_;
    if (Status s = lab_fields().set(key, value, &wanted); !s) return s;
    if (wanted.source_given) return load_source(wanted.source_file);
    if (wanted.sizes.exercise != sizes_.exercise) report_.reset();
    sizes_ = wanted.sizes;
    return Status::ok();
  }

  // A file's kernel into the editor, in place of the exercise's.
  Status load_source(const std::string& path) {
    std::string text;
    if (Status s = read_text_file(path, &text, kernel_lab::kMaxSourceBytes); !s) return s;
    sources_[sizes_.exercise] = std::move(text);
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<KernelLabPanel>& buttons() {
    using P = KernelLabPanel;
    static const PanelButtons<P> table{
        {"run", "compile, run and check the editor's kernel",
         [](P& p) {
           if (p.runner_.busy()) return Status::error(tr("a try is already running"));
           p.start();
           return Status::ok();
         }},
        {"cancel", "stop the try in progress", [](P& p) { p.runner_.cancel(); }},
        {"reset", "put the exercise's starting code back",
         [](P& p) {
           if (p.runner_.busy()) return Status::error(tr("a try is running: wait for it or cancel it"));
           const kernel_lab::Exercise& e = *kernel_lab::find_exercise(p.sizes_.exercise);
           p.sources_[e.key] = p.starters_[e.key] = starter_of(e);
           p.report_.reset();
           return Status::ok();
         }},
    };
    return table;
  }

  bool busy() const override { return runner_.busy(); }

 private:
  // The exercise's starting code, its comments in the page's language.
  static std::string starter_of(const kernel_lab::Exercise& e) {
    return kernel_lab::source_text(e.starter_parts, [](const char* english) { return tr(english); });
  }

  // An untouched starter changes language with the page; edited code stays as it is.
  void follow_language() {
    if (current_language() == starters_language_) return;  // the usual frame: nothing to redo
    starters_language_ = current_language();
    for (const kernel_lab::Exercise& e : kernel_lab::exercises()) {
      std::string& shown = starters_[e.key];
      if (sources_[e.key] != shown) continue;
      std::string now = starter_of(e);
      if (now != shown) sources_[e.key] = shown = std::move(now);
    }
  }

  LabRequest request() const {
    LabRequest r = sizes_;
    r.source = sources_.at(sizes_.exercise);
    return r;
  }

  void start() {
    tried_ = request();
    tried_source_ = tried_.source;
    runner_.start(tried_);
  }

  // Another exercise starts at its own sizes (a matrix's blocks are 32 x 8, a line's 256).
  void choose_exercise(const std::string& key) {
    sizes_ = starting_sizes(key, sizes_.engine);
    report_.reset();
  }

  // One radio button per exercise, wrapped onto as many lines as the width needs.
  void draw_exercise_choice() {
    ImGui::TextUnformatted(tr("Exercise:"));
    for (const kernel_lab::Exercise& e : kernel_lab::exercises()) {
      const std::string title = tr_id(e.title.c_str());  // a formula, or words that are translated
      same_line_if_fits(check_width(tr(e.title.c_str())));
      if (ImGui::RadioButton(title.c_str(), sizes_.exercise == e.key) && sizes_.exercise != e.key && !runner_.busy())
        choose_exercise(e.key);
    }
    same_line_if_fits(button_width(tr("Start this exercise over")));
    ImGui::BeginDisabled(runner_.busy());
    if (ImGui::SmallButton(tr_id("Start this exercise over").c_str())) (void)press("reset");
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", tr("Puts back the code this exercise started with (your edits are lost)."));
  }

  // The editor grows with the code (at least kEditorLines lines), so it never scrolls and
  // a gutter beside it can number its lines; lines with an error are numbered in red.
  void draw_editor(const FrameContext& frame) {
    std::string& source = sources_[sizes_.exercise];
    const bool code_font = frame.fonts && frame.fonts->code;
    if (code_font) ImGui::PushFont(frame.fonts->code);
    const int lines = 1 + static_cast<int>(std::count(source.begin(), source.end(), '\n'));
    const ImVec2 padding = ImGui::GetStyle().FramePadding;
    // Smaller code, not cut lines, where the page is narrow (the cursor needs a letter more).
    const float room = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("0000").x - padding.x * 4 -
                       ImGui::GetStyle().ScrollbarSize;
    ImGui::SetWindowFontScale(code_scale_to_fit(source + " ", room));
    const float line_height = ImGui::GetTextLineHeight();
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
    ImGui::SetWindowFontScale(1.0f);
    if (code_font) ImGui::PopFont();
  }

  // The report's errors still describe the editor's text (it was not edited since).
  bool showing_errors() const { return report_ && !runner_.busy() && sources_.at(sizes_.exercise) == tried_source_; }

  static void size_field(const char* label, int* value, int step, int fast_step, int max, float width) {
    ImGui::SetNextItemWidth(width);
    ImGui::InputInt(label, value, step, fast_step);
    *value = std::clamp(*value, 1, max);
  }

  void draw_controls(const FrameContext& frame) {
    const float field = 150.0f * frame.font_scale;
    ImGui::BeginDisabled(runner_.busy());
    // The fields side by side as far as they fit.
    if (is_matrix(sizes_.exercise)) {
      size_field(tr_id("width").c_str(), &sizes_.width, 100, 1000, kernel_lab::kMaxElements, field);
      same_line_if_fits(labelled_width(field, tr("height")));
      size_field(tr_id("height").c_str(), &sizes_.height, 100, 1000, kernel_lab::kMaxElements, field);
      same_line_if_fits(labelled_width(field, tr("threads per block in x")));
      size_field(tr_id("threads per block in x").c_str(), &sizes_.block, 8, 32, kMaxBlock, field);
      same_line_if_fits(labelled_width(field, tr("in y")));
      size_field(tr_id("in y").c_str(), &sizes_.block_y, 1, 8, kMaxBlock, field);
    } else {
      size_field(tr_id("elements (n)").c_str(), &sizes_.n, 1000, 100000, kernel_lab::kMaxElements, field);
      same_line_if_fits(labelled_width(field, tr("threads per block")));
      size_field(tr_id("threads per block").c_str(), &sizes_.block, 32, 128, kMaxBlock, field);
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s",
                        tr("The GPU accepts at most 1024 threads a block; try more to see it refuse the launch."));
    same_line_if_fits(button_width(tr("Compile and run")));
    if (ImGui::Button(tr_id("Compile and run").c_str())) start();
    ImGui::EndDisabled();
    same_line_if_fits(button_width(tr("Cancel")));
    ImGui::BeginDisabled(!runner_.busy());
    if (ImGui::Button(tr_id("Cancel").c_str())) runner_.cancel();
    ImGui::EndDisabled();
    if (gpu_info().available) {
      ImGui::SameLine();
      bool simulate = sizes_.engine == Engine::Simulator;
      ImGui::BeginDisabled(runner_.busy());
      if (ImGui::Checkbox(tr_id("run in the simulator").c_str(), &simulate))
        sizes_.engine = simulate ? Engine::Simulator : Engine::Auto;
      ImGui::EndDisabled();
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("Runs every thread on the CPU instead: it names the thread of an out-of-bounds "
                                   "access\nand shows races the GPU may hide, but it has no time."));
    }
    if (kernel_lab::choose_engine(sizes_.engine) == Engine::Simulator) {
      if (!gpu_info().available) coloured_wrapped(palette().warning, tr("No NVIDIA GPU here: kernels run in the CPU simulator."));
      ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
      ImGui::TextWrapped("%s.", tr(kernel_lab::kSimulatedLabel));
      ImGui::PopStyleColor();
    }
  }

  void draw_report(const LabReport& r, const FrameContext& frame) {
    const Palette& colours = palette();
    // Compile.
    if (r.compiled) {
      const std::string ms = decimal_text(r.compile_ms, 0);
      const std::string text = r.simulated ? fill(tr("Compiled by {0} for the CPU simulator in {1} ms."),
                                                  {simulator_compiler(r), ms})
                                           : fill(tr("Compiled by NVRTC for {0} in {1} ms."), {r.target, ms});
      ImGui::TextDisabled("%s", text.c_str());
    }
    for (const kernel_lab::Diagnostic& d : r.diagnostics) {
      const ImU32 colour = d.severity == "error" ? colours.error : colours.warning;
      const char* severity = d.severity == "error"     ? tr("error")
                             : d.severity == "warning" ? tr("warning")
                                                       : d.severity.c_str();
      coloured_wrapped(colour, fill(tr("line {0}, {1}: {2}"), {std::to_string(d.line), severity, d.message}));
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
        if (!r.message.empty()) coloured_wrapped(r.compiled ? colours.warning : colours.error, translated(r.message));
        draw_recorded(r);
        return;
      case RunState::Refused: {
        coloured_wrapped(colours.error, translated(r.message));
        // Without a GPU the simulator refuses by the limit every current CUDA GPU has.
        const int limit = gpu_info().available && !r.simulated ? gpu_info().max_threads_per_block : 1024;
        wrapped_text_unformatted(fill(tr("Nothing ran. A block can hold at most {0} threads on {1}."),
                                      {std::to_string(limit), r.simulated ? tr("every current CUDA GPU") : tr("this GPU")})
                                     );
        draw_recorded(r);
        return;
      }
      case RunState::Failed:
        coloured_wrapped(colours.error, translated(r.message));
        ImGui::TextWrapped("%s", tr("It ran in its own process, so the rest of the app is unharmed."));
        draw_recorded(r);
        return;
      case RunState::Ran: break;
    }
    const char* engine = r.simulated ? tr("the simulator") : tr("the GPU");
    const std::string output = r.output.empty() ? "c" : r.output;
    ImGui::TextUnformatted(
        fill(tr("{0} on {1} elements."), {r.launch, with_commas(static_cast<double>(r.checked))}).c_str());
    if (r.simulated) {
      ImGui::PushStyleColor(ImGuiCol_Text, colours.muted_text);
      ImGui::TextUnformatted(tr(kernel_lab::kSimulatedLabel));
      ImGui::PopStyleColor();
    }
    if (r.order_dependent)
      coloured_wrapped(colours.error, tr("The result depends on the order the threads run: the simulator ran each "
                                         "block's threads first to last and last to first and got different outputs. "
                                         "On a GPU the order changes from run to run. Usually a __syncthreads() is "
                                         "missing."));
    if (r.wrong == 0) {
      coloured_wrapped(colours.gpu, fill(tr("All {0} outputs match the CPU's."),
                                         {with_commas(static_cast<double>(r.checked))}));
    } else {
      const std::string got = std::isnan(r.got) ? tr("nothing (never written)") : significant_text(r.got, 6);
      // A matrix's element by its row and column as well.
      std::string where = output + "[" + std::to_string(r.first_wrong) + "]";
      if (is_matrix(tried_.exercise) && tried_.width > 0)
        where += fill(tr(" (row {0}, column {1})"), {std::to_string(r.first_wrong / tried_.width),
                                                     std::to_string(r.first_wrong % tried_.width)});
      coloured_wrapped(colours.error,
                       fill(tr("{0} of {1} outputs are wrong. The first is {2}: the CPU says {3}, {4} gave {5}."),
                            {with_commas(static_cast<double>(r.wrong)), with_commas(static_cast<double>(r.checked)),
                             where, significant_text(r.expected, 6), engine, got}));
    }
    if (r.overrun > 0)
      coloured_wrapped(colours.warning,
                       fill(tr("The kernel also wrote {0} floats past the end of {1}. Those threads had no element of "
                               "their own: without a bounds check they write memory that belongs to something else."),
                            {with_commas(static_cast<double>(r.overrun)), output}));
    if (r.time.repeats > 0) {
      // A rate only for a kernel that did the whole job: a wrong one may have skipped work.
      const std::string rate =
          r.wrong == 0 ? fill(tr(", {0} GB/s of memory traffic"), {decimal_text(r.gbytes_per_s, 0)}) : std::string();
      ImGui::TextUnformatted(fill(tr("Time: {0} ms (median of {1} runs, CUDA events){2}."),
                                  {decimal_text(r.time.median_ms, 4), std::to_string(r.time.repeats), rate})
                                 .c_str());
    }
    if (!r.message.empty()) coloured_wrapped(colours.warning, translated(r.message));
    draw_recorded(r);
  }

  // "g++ 12.2.0" from the target "CPU simulator (g++ 12.2.0)".
  static std::string simulator_compiler(const LabReport& r) {
    const auto open = r.target.find('('), close = r.target.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open) return tr("the system's compiler");
    return r.target.substr(open + 1, close - open - 1);
  }

  // A GPU's result beside a simulated try, decided here: the recording's, when there is no
  // GPU here (only then is it loaded) and it holds this very code and these sizes; none else.
  SourcedFigures<kernel_lab::RecordedTry> recorded_gpu_try(const LabReport& r) const {
    if (!r.simulated || !recording_) return {};
    if (const kernel_lab::RecordedTry* recorded = recording_->find(tried_))
      return {recorded, FigureSource::recorded(recording_->run)};
    return {};
  }

  void draw_recorded(const LabReport& r) {
    const SourcedFigures<kernel_lab::RecordedTry> recorded = recorded_gpu_try(r);
    if (!recorded) return;
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    wrapped_text_unformatted(
        fill(tr("The same code and sizes on the GPU, {0}: {1}."),
             {recorded.source.where(), translated(kernel_lab::summarize(recorded.figures->report))}));
    ImGui::PopStyleColor();
  }

  LabRunner runner_;
  LabRequest sizes_;  // the exercise, its sizes and the engine asked for
  LabRequest tried_;  // the last try's request: the report refers to it
  std::map<std::string, std::string> sources_;  // the editor's text, per exercise
  std::map<std::string, std::string> starters_;  // the starter last put in the editor, per exercise
  std::string starters_language_;                // the language starters_ are in
  std::string tried_source_;  // what the last try compiled: the report's line numbers refer to it
  std::optional<LabReport> report_;
  const kernel_lab::LabRecording* recording_ = nullptr;  // no GPU here: the exercises as run on one
  std::string recording_error_;
};

}  // namespace

const PanelType& kernel_lab_panel_type() {
  static const PanelType type = {
      "kernel-lab",
      N_("write a kernel, compile it with NVRTC, run it on a million floats, check it against the CPU and time it "
      "(without a GPU: in the CPU simulator)"),
      lab_fields().table(),
      KernelLabPanel::buttons().specs(),
      [](const PanelParams& p, std::string* error) -> std::unique_ptr<Panel> {
        const LabChoice o = lab_fields().options(p);
        auto panel = std::make_unique<KernelLabPanel>(o.sizes);
        if (!o.source_file.empty())
          if (Status s = panel->load_source(o.source_file); !s) {
            *error = translated(s);
            return nullptr;
          }
        return panel;
      },
      {"run", "cancel"}};
  return type;
}

}  // namespace whygpu::app
