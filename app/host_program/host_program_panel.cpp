// "The host side": a first CUDA program (c = a + b) run line by line in a child process,
// each runtime call beside its time on the CPU's clock and what it returned, with the
// classic mistakes as variants of the same program. Step runs one line, Run all the rest.
// Without a GPU the lines come from the recorded H100 run (faded, labelled), stepped the
// same way; until a recording exists the panel says so and shows only the program.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "app/files/figure_source.h"
#include "app/files/recorded_file.h"
#include "app/glcompute/gl_renderer.h"
#include "app/host_program/program_runner.h"
#include "app/i18n/number_text.h"
#include "app/i18n/recorded_label.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/plot/plot_math.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/code_fit.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/host_program/host_recording.h"

namespace whygpu::app {
namespace {

// A line of code as the page shows it: its comment in the page's language.
std::string shown_code(const std::string& code, const char* comment, std::size_t comment_column = 0) {
  return host_program::commented(code, comment ? tr(comment) : nullptr, comment_column);
}

using host_program::Call;
using host_program::Mistake;
using host_program::ProgramOptions;
using host_program::Step;
using host_program::StepResult;
using host_program::StepState;

std::string duration(double ms) { return plot::format_value(ms, plot::ValueFormat::Milliseconds, 3); }

// The recording shipped in assets/reference (app/files/file_locations.h).
const host_program::HostRecording* host_recording(std::string* error) {
  return recorded_file<host_program::HostRecording>(host_program::kHostReferencePath,
                            host_program::kHostRecording, error);
}

int index_of(const std::vector<Step>& steps, Call call) {
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (steps[i].call == call) return static_cast<int>(i);
  return -1;
}

// Length of a time bar: log scale from 1 us (nothing) to the longest line shown (the whole
// column), so that a launch of microseconds and a context of a tenth of a second both show,
// and a longer time never draws as long as a shorter one.
constexpr float kTimeBarWidth = 70.0f;  // the longest time's bar, at text scale 1

float bar_fraction(double ms, double longest_ms) {
  if (!(ms > 0.0)) return 0.0f;
  const double top = std::log10(std::max(longest_ms, 1.0)) + 3.0;
  return static_cast<float>(std::clamp((std::log10(ms) + 3.0) / top, 0.02, 1.0));
}

// The panel's parameters, declared once: the lesson's and a script's `set`.
const PanelFields<ProgramOptions>& program_fields() {
  using O = ProgramOptions;
  static const PanelFields<O> fields = [] {
    std::vector<std::string> keys;
    for (const host_program::MistakeInfo& m : host_program::mistakes()) keys.push_back(m.key);
    const std::string correct = keys.front();
    return PanelFields<O>{{
        choice_field<O>(
            "mistake", std::move(keys), correct,
            [](O& o, const std::string& key) { host_program::find_mistake(key, &o.mistake); },
            "the program as it should be, or with one classic mistake"),
        whole_field("n", &O::n, host_program::kMinElements, host_program::kMaxElements, "floats in a, b and c"),
        whole_field("threads", &O::threads, 1, 4096, "threads per block of the launch (above 1024 the GPU refuses)"),
    }};
  }();
  return fields;
}

class HostProgramPanel final : public Panel {
 public:
  explicit HostProgramPanel(const ProgramOptions& options) : options_(options) {
    live_ = gpu_info().available;
    recording_ = host_recording(&recording_error_);
  }

  void draw(const FrameContext& frame) override {
    if (!display_on_nvidia_) display_on_nvidia_ = query_renderer().by_nvidia();
    ImGui::PushID(this);
    // The program's lines with their times first, what they showed, the buttons last: at a
    // projector the class reads the lines, the teacher steps them from the keyboard or here.
    draw_source_label();
    const Shown shown = current();
    draw_program(frame, shown);
    draw_summary(shown);
    draw_controls(frame);
    ImGui::PopID();
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    if (runner_.busy()) return Status::error(tr("the program is running: wait for it"));
    ProgramOptions wanted = options_;
    if (Status s = program_fields().set(key, value, &wanted); !s) return s;
    if (wanted.mistake != options_.mistake) live_anyway_ = false;
    options_ = wanted;
    restart();
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<HostProgramPanel>& buttons() {
    using P = HostProgramPanel;
    static const PanelButtons<P> table{
        {"step", "run the next line of the program", [](P& p) { return p.run_lines(true); }},
        {"run", "run every line left, back to back", [](P& p) { return p.run_lines(false); }},
        {"reset", "end the program and start again from its first line (while a line runs: stop it)",
         [](P& p) {
           if (p.runner_.busy()) p.runner_.cancel();  // the line under way stops; the next press starts again
           else p.restart();
         }},
    };
    return table;
  }

  // The next line (one_line), or every line left: run live, or revealed from the recording.
  Status run_lines(bool one_line) {
    if (runner_.busy()) return Status::error(tr("a line is running: wait for it"));
    if (runs_live()) {
      one_line ? runner_.step(options_) : runner_.run_all(options_);
      return Status::ok();
    }
    const std::size_t lines = recorded_program() ? recorded_program()->steps.size() : 0;
    if (lines == 0) return Status::error(no_recording_text());
    revealed_ = (one_line && revealed_ < lines) ? revealed_ + 1 : lines;
    return Status::ok();
  }

  bool busy() const override { return runner_.busy(); }

  bool result(const std::string& name, PanelResult* out) const override {
    const Shown shown = current();
    const std::vector<Step> steps = host_program::program_steps(shown.options);
    const auto ran = [&](Call call) -> const StepResult* {
      const int i = index_of(steps, call);
      if (i < 0 || i >= static_cast<int>(shown.results.size())) return nullptr;
      const StepResult& r = shown.results[static_cast<std::size_t>(i)];
      return r.state == StepState::Ran ? &r : nullptr;
    };
    // A recording shown on a computer with a GPU says why this GPU did not run it.
    const std::string where =
        shown.source.faded() && live_
            ? fill(tr("{0}: this mistake does not run on the GPU that draws this window"), {shown.source.where()})
            : shown.source.where();
    if (name == "timer_us") {
      const StepResult* stop = ran(Call::TimerStop);
      if (!stop || busy()) return false;
      out->value = stop->printed_ms * 1e3;
      out->text = fill(tr("the stopwatch printed {0}, {1}"), {duration(stop->printed_ms), where});
      return true;
    }
    if (name == "kernel_us") {
      if (shown.kernel_ms < 0.0 || busy()) return false;
      out->value = shown.kernel_ms * 1e3;
      out->text = fill(tr("the kernel ran {0} on the GPU's clock, {1}"), {duration(shown.kernel_ms), where});
      return true;
    }
    return false;
  }

 private:
  // What the table shows: the live program's lines, or the recording's up to revealed_.
  struct Shown {
    ProgramOptions options;
    std::vector<StepResult> results;
    int lines = 0;
    std::string error;
    double kernel_ms = -1.0;
    FigureSource source = FigureSource::this_computer();
    bool stepped = false;  // live lines run one press at a time: the program paused between them
  };

  // Live where there is a GPU, except a mistake that may fault the GPU while that GPU
  // also draws this window (NVIDIA's OpenGL, or not yet known): a fault there left OpenGL
  // stalling for every process on the H100 server (frames of 1 to 4 s after the faulting
  // tests, until the machine went back). There the recording is shown, and the teacher may
  // still run it live; a lesson or a script cannot.
  bool runs_live() const {
    if (!live_ || live_anyway_ || !host_program::mistake_info(options_.mistake).may_fault_gpu) return live_;
    return display_on_nvidia_.has_value() && !*display_on_nvidia_;
  }

  const host_program::RecordedProgram* recorded_program() const {
    return recording_ ? recording_->find(options_.mistake) : nullptr;
  }

  static std::string no_recording_text() {
    return "No recording yet: this program has not been run on a GPU machine, so without a GPU there are no times "
           "to show.";
  }

  // The lines shown and their source, decided here for the table and the result alike:
  // live where runs_live(), else the recording's, else none.
  Shown current() const {
    Shown s;
    if (runs_live()) {
      const ProgramRunner::Snapshot snap = runner_.snapshot();
      s.options = snap.lines > 0 || !snap.error.empty() ? snap.options : options_;
      s.results = snap.results;
      s.lines = snap.lines;
      s.error = snap.error;
      s.stepped = snap.stepped;
    } else if (const host_program::RecordedProgram* p = recorded_program()) {
      s.source = FigureSource::recorded(recording_->run);
      s.options = {recording_->n, recording_->threads, options_.mistake};
      s.results.assign(p->steps.begin(), p->steps.begin() + static_cast<long>(std::min(revealed_, p->steps.size())));
      s.lines = static_cast<int>(p->steps.size());
      if (revealed_ >= p->steps.size()) s.error = p->failure;
    } else {
      s.options = options_;
    }
    for (const StepResult& r : s.results)
      if (r.kernel_ms >= 0.0) s.kernel_ms = r.kernel_ms;
    return s;
  }

  void restart() {
    runner_.reset();
    revealed_ = 0;
  }

  void draw_controls(const FrameContext& frame) {
    ImGui::BeginDisabled(runner_.busy());
    if (ImGui::Button(tr_id("Step").c_str())) (void)press("step");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Run the next line of the program, and only that one."));
    ImGui::SameLine();
    if (ImGui::Button(tr_id("Run all").c_str())) (void)press("run");
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(runner_.busy() ? tr_id("Stop").c_str() : tr_id("Start again").c_str())) (void)press("reset");
    ImGui::BeginDisabled(runner_.busy());
    // The label and the list on one line, the list no wider than what the label leaves.
    const float label = ImGui::CalcTextSize(tr("Mistake:")).x + ImGui::GetStyle().ItemSpacing.x;
    const float combo = std::min(420.0f * frame.font_scale, frame.content_width - label - 4.0f * frame.font_scale);
    same_line_if_fits(label + combo);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Mistake:"));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(combo);
    if (ImGui::BeginCombo("##mistake", tr(host_program::mistake_info(options_.mistake).label.c_str()))) {
      for (const host_program::MistakeInfo& m : host_program::mistakes())
        if (ImGui::Selectable(tr(m.label.c_str()), m.mistake == options_.mistake) && m.mistake != options_.mistake) {
          options_.mistake = m.mistake;
          live_anyway_ = false;
          restart();
        }
      ImGui::EndCombo();
    }
    ImGui::EndDisabled();
    if (!runs_live()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    ImGui::TextWrapped(
        "%s", fill(tr("n = {0} floats ({1} per array), {2} threads per block"),
                   {with_commas(static_cast<double>(options_.n)),
                    (plot::format_value(4.0 * static_cast<double>(options_.n), plot::ValueFormat::Number, 3) + "B"),
                    std::to_string(options_.threads)})
                  .c_str());
    ImGui::PopStyleColor();
  }

  void draw_source_label() {
    const Palette& colours = palette();
    if (runs_live()) {
      ImGui::PushStyleColor(ImGuiCol_Text, colours.muted_text);
      wrapped_text_unformatted(fill(tr("Runs on {0}, in a separate process that starts from nothing each time: a "
                                       "mistake here cannot harm the app."),
                                    {gpu_info().name})
                                   );
      ImGui::PopStyleColor();
      if (runner_.busy()) {
        ImGui::SameLine();
        ImGui::TextUnformatted(tr("running..."));
      }
      return;
    }
    ImGui::PushStyleColor(ImGuiCol_Text, colours.warning);
    if (live_) {
      ImGui::TextWrapped("%s", tr("This mistake makes the GPU fault. This GPU also draws the window, and after a fault "
                                  "NVIDIA's driver can leave its drawing slow for every program afterwards: so here "
                                  "are the lines as they ran on the recorded machine."));
      if (recorded_program())
        wrapped_text_unformatted(recorded_label(recording_->run, true));
      ImGui::PopStyleColor();
      if (ImGui::Button(tr_id("Run it live anyway").c_str())) {
        live_anyway_ = true;
        restart();
      }
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("Runs the faulting program on this GPU: the window may draw slowly afterwards."));
      return;
    }
    if (recorded_program())
      ImGui::TextWrapped(
          "%s", fill(tr("No GPU here: the lines as they ran on the recorded machine, one per press of Step. {0}."),
                     {recorded_label(recording_->run, true)})
                    .c_str());
    else
      wrapped_text_unformatted(no_recording_text());
    ImGui::PopStyleColor();
    if (!recorded_program() && ImGui::IsItemHovered() && !recording_error_.empty())
      ImGui::SetTooltip("%s", recording_error_.c_str());
  }

  void draw_program(const FrameContext& frame, const Shown& shown) {
    const Palette& colours = palette();
    const std::vector<Step> steps = host_program::program_steps(shown.options);
    ImFont* code = frame.fonts ? frame.fonts->code : nullptr;
    const float scale = frame.font_scale;
    // The kernel and the declarations above the table: open by default where there is room.
    ImGui::SetNextItemOpen(frame.content_width >= 900.0f * scale, ImGuiCond_Once);
    if (ImGui::TreeNodeEx(tr_id("The kernel and the declarations").c_str(), ImGuiTreeNodeFlags_NoTreePushOnOpen)) {
      if (code) ImGui::PushFont(code);
      for (const std::string& line : host_program::kernel_source()) ImGui::TextDisabled("     %s", line.c_str());
      ImGui::Spacing();
      std::size_t comment_column = 0;  // the comments line up after the longest commented line
      for (const host_program::CodeLine& line : host_program::host_preamble())
        if (line.comment) comment_column = std::max(comment_column, line.code.size());
      for (const host_program::CodeLine& line : host_program::host_preamble())
        ImGui::TextDisabled("     %s", shown_code(line.code, line.comment, comment_column).c_str());
      if (code) ImGui::PopFont();
    }
    // Code lines never wrap (it would break their indentation) nor scroll sideways: the code
    // is drawn smaller until the longest line fits. Where even then the five columns do not
    // fit (large text on a projector), three columns: what a line did goes under its code,
    // with what it returned where that was an error (cudaSuccess is then left out).
    double longest_ms = 0.0;
    std::string all_code;
    for (const Step& step : steps) all_code += shown_code(step.code, step.comment) + "\n";
    for (const StepResult& r : shown.results)
      if (r.state == StepState::Ran) longest_ms = std::max(longest_ms, r.ms);
    const float cell = 2.0f * ImGui::GetStyle().CellPadding.x;
    const float number_width = ImGui::CalcTextSize("> 00").x + cell;
    const float time_width = kTimeBarWidth * scale + 6.0f * scale + ImGui::CalcTextSize("000.0 ms").x + cell;
    float returned_width = ImGui::CalcTextSize("cudaSuccess").x;
    for (const StepResult& r : shown.results)
      if (r.has_error_code) returned_width = std::max(returned_width, ImGui::CalcTextSize(r.error_name.c_str()).x);
    returned_width += cell;
    const float what_width = 14.0f * ImGui::GetFontSize();
    if (code) ImGui::PushFont(code);
    const float wide_room = frame.content_width - number_width - time_width - returned_width - what_width - 2.0f * cell;
    const float narrow_room = frame.content_width - number_width - time_width - cell;
    const bool stacked = code_scale_to_fit(all_code, wide_room) < 1.0f;
    code_scale_ = code_scale_to_fit(all_code, stacked ? narrow_room : wide_room);
    float code_width = 0.0f;
    for (const Step& step : steps)
      code_width = std::max(code_width, ImGui::CalcTextSize(shown_code(step.code, step.comment).c_str()).x);
    code_wraps_ = stacked && code_width * code_scale_ > narrow_room;
    code_width *= code_scale_;
    if (code) ImGui::PopFont();
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH;
    if (!ImGui::BeginTable("program", stacked ? 3 : 5, flags, ImVec2(frame.content_width, 0))) return;
    ImGui::TableSetupColumn(tr("line"), ImGuiTableColumnFlags_WidthFixed, number_width - cell);
    if (stacked) {
      ImGui::TableSetupColumn(tr("time (CPU clock)"), ImGuiTableColumnFlags_WidthFixed, time_width - cell);
      ImGui::TableSetupColumn(tr("code, what it did"), ImGuiTableColumnFlags_WidthStretch);
    } else {
      ImGui::TableSetupColumn(tr("time (CPU clock)"), ImGuiTableColumnFlags_WidthFixed, time_width - cell);
      ImGui::TableSetupColumn(tr("returned"), ImGuiTableColumnFlags_WidthFixed, returned_width - cell);
      ImGui::TableSetupColumn(tr("code"), ImGuiTableColumnFlags_WidthFixed, code_width);
      ImGui::TableSetupColumn(tr("what it did"), ImGuiTableColumnFlags_WidthStretch);
    }
    ImGui::TableHeadersRow();
    const int next = static_cast<int>(shown.results.size());
    const int launch = index_of(steps, Call::Launch);
    ImGui::PushTextWrapPos(0.0f);  // what a line did wraps at its column's edge
    for (int i = 0; i < static_cast<int>(steps.size()); ++i) {
      const Step& step = steps[static_cast<std::size_t>(i)];
      const StepResult* r = i < next ? &shown.results[static_cast<std::size_t>(i)] : nullptr;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const bool here = i == next && shown.error.empty() && (runs_live() || shown.source.faded());
      ImGui::Text("%s%2d", here ? "> " : "  ", i + 1);
      ImGui::TableNextColumn();
      if (r && r->state == StepState::Ran) draw_time(r->ms, longest_ms, shown.source, scale);
      if (stacked) {
        ImGui::TableNextColumn();
        draw_code(step, r, code, scale);
        if (r && r->failed() && draw_returned(r)) ImGui::SameLine();
        draw_what_it_did(step, r, i == launch, shown);
        continue;
      }
      ImGui::TableNextColumn();
      draw_returned(r);
      ImGui::TableNextColumn();
      draw_code(step, r, code, scale);
      ImGui::TableNextColumn();
      draw_what_it_did(step, r, i == launch, shown);
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTable();
    if (!shown.error.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, colours.error);
      wrapped_text_unformatted(shown.error);
      ImGui::PopStyleColor();
    }
  }

  // What a runtime call returned; false when there is nothing to show.
  bool draw_returned(const StepResult* r) const {
    if (!r || r->state != StepState::Ran || !r->has_error_code) return false;
    ImGui::PushStyleColor(ImGuiCol_Text, r->failed() ? palette().error : palette().muted_text);
    ImGui::TextUnformatted(r->error_name.c_str());
    ImGui::PopStyleColor();
    if (r->failed() && ImGui::IsItemHovered()) ImGui::SetTooltip("\"%s\"", r->error_text.c_str());
    return true;
  }

  // The line of code at the scale that fits its column; struck out where the mistake left
  // it out, faded where it never ran.
  void draw_code(const Step& step, const StepResult* r, ImFont* code, float scale) const {
    if (code) ImGui::PushFont(code);
    ImGui::SetWindowFontScale(code_scale_);
    const bool faded = step.missing || (r && r->state == StepState::NotRun);
    ImGui::PushStyleColor(ImGuiCol_Text, faded ? palette().muted_text : ImGui::GetColorU32(ImGuiCol_Text));
    // A line of code is drawn whole (its scale makes it fit) unless even the smallest scale
    // does not: then it wraps at its column's edge rather than being cut.
    ImGui::PushTextWrapPos(code_wraps_ ? 0.0f : -1.0f);
    ImGui::TextUnformatted(shown_code(step.code, step.comment).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    if (step.missing) {
      const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
      const float y = (a.y + b.y) * 0.5f;
      ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), palette().error, 1.5f * scale);
    }
    ImGui::SetWindowFontScale(1.0f);
    if (code) ImGui::PopFont();
    if (ImGui::IsItemHovered() && *step.about) ImGui::SetTooltip("%s", tr(step.about));
  }

  void draw_what_it_did(const Step& step, const StepResult* r, bool is_launch, const Shown& shown) const {
    std::string what = r ? translated(host_program::output_words(r->output)) : "";
    if (r && r->state == StepState::Missing) what = tr("left out: never runs");
    if (r && r->state == StepState::NotRun) what = tr("not run: the program had exited");
    if (is_launch && shown.kernel_ms >= 0.0 && r && r->state == StepState::Ran) {
      const std::string ran = fill(tr("the GPU ran it for {0}"), {duration(shown.kernel_ms)});
      what = what.empty() ? ran : fill(tr("{0}; {1}"), {what, ran});
    }
    if (r && r->failed() && !r->stopped)
      what = what.empty() ? fill(tr("\"{0}\""), {r->error_text})
                          : fill(tr("\"{0}\": {1}"), {r->error_text, what});
    if (what.empty()) return;
    const bool bad = r && (r->failed() || (step.call == Call::Check && r->state == StepState::Ran && !r->correct));
    const bool good = step.call == Call::Check && r && r->correct;
    ImGui::PushStyleColor(ImGuiCol_Text, bad ? palette().error : good ? palette().gpu : ImGui::GetColorU32(ImGuiCol_Text));
    wrapped_text_unformatted(what);
    ImGui::PopStyleColor();
  }

  void draw_time(double ms, double longest_ms, const FigureSource& source, float scale) {
    const bool recorded = source.faded();
    const float width = kTimeBarWidth * scale;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImU32 colour = recorded ? (palette().gpu & 0x00ffffffu) | 0x70000000u : palette().gpu;
    draw->AddRectFilled(ImVec2(p.x, p.y + h * 0.2f), ImVec2(p.x + width * bar_fraction(ms, longest_ms), p.y + h * 0.8f),
                        colour);
    ImGui::Dummy(ImVec2(width + 6.0f * scale, h));
    ImGui::SameLine();
    if (recorded) ImGui::TextDisabled("%s", duration(ms).c_str());
    else ImGui::TextUnformatted(duration(ms).c_str());
  }

  // One or two sentences on what this run showed, from its own numbers.
  void draw_summary(const Shown& shown) {
    const std::vector<Step> steps = host_program::program_steps(shown.options);
    if (shown.lines == 0 || static_cast<int>(shown.results.size()) < shown.lines) return;
    const auto result_of = [&](Call call) -> const StepResult* {
      const int i = index_of(steps, call);
      return i >= 0 && i < static_cast<int>(shown.results.size()) ? &shown.results[static_cast<std::size_t>(i)] : nullptr;
    };
    const StepResult* stop = result_of(Call::TimerStop);
    const StepResult* check = result_of(Call::Check);
    const StepResult* back = result_of(Call::CopyBack);
    std::string text;
    const auto add = [&text](const std::string& sentences) { text += (text.empty() ? "" : " ") + sentences; };
    if (stop && stop->state == StepState::Ran && shown.kernel_ms >= 0.0) {
      add(fill(tr("The stopwatch printed {0}; on the GPU's own clock the kernel took {1}."),
               {duration(stop->printed_ms), duration(shown.kernel_ms)}));
      if (shown.options.mistake == Mistake::NoSync && back && back->state == StepState::Ran)
        add(fill(tr("Without cudaDeviceSynchronize the stopwatch timed only the launch: the kernel was still running "
                    "when it stopped, and the copy back ({0}) waited for it to finish."),
                 {duration(back->ms)}));
    }
    if (check && check->state == StepState::Ran && !check->correct) {
      if (shown.options.mistake == Mistake::NoCopyBack)
        add(tr("c was never copied back, so the CPU read what c already held: the zeros it was created with."));
      else if (shown.options.mistake == Mistake::BadConfigUnchecked)
        add(tr("No line complained, yet every element is wrong: the refused launch ran nothing, and nobody asked "
               "cudaGetLastError."));
    }
    for (const StepResult& r : shown.results)
      if (r.stopped) {
        add(fill(tr("Line {0}'s check caught it: the runtime said \"{1}\" ({2}), and the program stopped there."),
                 {std::to_string(r.index + 1), r.error_text, r.error_name}));
        break;
      }
    if (shown.stepped && stop && stop->state == StepState::Ran)
      add(tr("You stepped through this run: the stopwatch also counted your pauses, and the GPU kept working "
             "while you paused. Run all runs the lines back to back, as the program would."));
    if (text.empty()) return;
    ImGui::Spacing();
    wrapped_text_unformatted(text);
  }

  ProgramOptions options_;
  bool live_ = false;
  bool live_anyway_ = false;       // the teacher chose to run a faulting mistake live
  float code_scale_ = 1.0f;       // the code column's font scale: its longest line fits
  bool code_wraps_ = false;       // even at the smallest scale it does not: lines wrap
  std::optional<bool> display_on_nvidia_;  // this window is drawn by NVIDIA's OpenGL (read at the first draw)
  ProgramRunner runner_;
  const host_program::HostRecording* recording_ = nullptr;
  std::string recording_error_;
  std::size_t revealed_ = 0;  // recorded lines shown so far
};

}  // namespace

const PanelType& host_program_panel_type() {
  static const PanelType type = {
      "host-program",
      N_("a first CUDA program line by line (allocate, copy, launch, synchronise, copy back, free), each call timed, "
      "with the classic mistakes"),
      program_fields().table(),
      HostProgramPanel::buttons().specs(),
      [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
        return std::make_unique<HostProgramPanel>(program_fields().options(p));
      },
      {"run", "run"},
      {{"timer_us", "microseconds", "what the program's stopwatch around the launch printed"},
       {"kernel_us", "microseconds", "the kernel's own time on the GPU's clock (CUDA events)"}}};
  return type;
}

}  // namespace whygpu::app
