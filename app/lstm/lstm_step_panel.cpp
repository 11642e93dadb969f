// "Watch the LSTM write, one character at a time": type a prime text, then Step (or
// Autoplay). Each step shows the character fed in, the four gates, the cell state c and
// the hidden state h as heat strips (one column per hidden unit), the model's guesses
// for the next character as bars at temperature 1 and at the slider's temperature, and
// the character drawn. Hovering a character of the text shows its step again; clicking
// pins it. The model is the shared training session's (lstm-trainer), copied when the
// generation starts, so stepping never waits for training.
// busy() is true while the shared text or model is being prepared. Parameters and
// buttons: the panel type at the end of this file.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <utility>

#include "app/files/figure_source.h"
#include "app/files/recorded_gpu.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/lstm/char_label.h"
#include "app/lstm/generated_text_view.h"
#include "app/lstm/heat_strip.h"
#include "app/lstm/lstm_workspace.h"
#include "app/lstm/probability_bars.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/lstm/sampling.h"
#include "compute/lstm/step_recording.h"
#include "compute/lstm/utf8.h"

namespace whygpu::app {
namespace {

using lstm_ui::LstmWorkspace;

constexpr float kMaxTemperature = 2.0f;
constexpr int kMaxStepsPerFrame = 20;  // autoplay at high speed on a slow frame

struct StepOptions {
  std::string session = "main";
  std::string prime = lstm::kStepViewPrime;
  float temperature = 0.8f;
  float speed = 8.0f;  // steps per second
  int burst = 20;
  int top = 10;
  bool gates = true, state = true, bars = true, text = true;
  bool autoplay = false;
  std::string inspect = "latest";  // the step a script asked to show: "latest" or its number
  bool inspect_asked = false;      // set with `inspect`; the panel then looks the step up
};

// "latest" (0), or the number of a step as the panel numbers them (from 1).
Status parse_inspect(const std::string& text, long long* step) {
  if (text == "latest") {
    *step = 0;
    return Status::ok();
  }
  ParamValue number;
  if (!parse_param(whole_param("step", 1, 1, 1000000000000LL, ""), text, &number))
    return Status::error(tr("must be latest or the number of a step, from 1"));
  *step = number.whole;
  return Status::ok();
}

// The panel's parameters, declared once: the lesson's and a script's `set`.
const PanelFields<StepOptions>& step_fields() {
  using O = StepOptions;
  static const PanelFields<O> fields{
      {
          text_field("session", &O::session, "the LSTM session this panel shows (shared with lstm-trainer)"),
          text_field("prime", &O::prime, "the text the network reads before it writes"),
          number_field("temperature", &O::temperature, 0.0, kMaxTemperature,
                       "sampling temperature (0: always the most likely character)"),
          number_field("speed", &O::speed, 0.5, 120.0, "autoplay steps per second"),
          whole_field("burst", &O::burst, 1, 10000, "steps of the Step xN button"),
          whole_field("top", &O::top, 1, 40, "guesses shown as bars"),
          flag_field("gates", &O::gates, "show the four gates"),
          flag_field("state", &O::state, "show the cell and hidden state"),
          flag_field("bars", &O::bars, "show the next-character guesses"),
          flag_field("text", &O::text, "show the generated text"),
          flag_field("autoplay", &O::autoplay, "start stepping by itself"),
          text_field("inspect", &O::inspect, "the step shown: latest, or a step's number (from 1)",
                     [](const std::string& text) {
                       long long step = 0;
                       return parse_inspect(text, &step);
                     })
              .also([](O& o) { o.inspect_asked = true; }),
      },
      {"session"}};  // the panel joins that session when it is made: lesson only
  return fields;
}

std::string quoted(char32_t c) {
  const std::string label = lstm_ui::char_label(c);
  return label.size() > 4 ? label : "'" + label + "'";  // names ("space") are not quoted
}

class LstmStepPanel final : public Panel {
 public:
  LstmStepPanel(std::shared_ptr<LstmWorkspace> workspace, StepOptions options)
      : workspace_(std::move(workspace)), o_(std::move(options)) {
    if (!gpu_info().available)
      recording_ = recorded_part<lstm::StepRecording>(lstm::kStepRecording);
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    if (Status s = step_fields().set(key, value, &o_); !s) return s;
    if (std::exchange(o_.inspect_asked, false)) return inspect(o_.inspect);
    return Status::ok();
  }

  Status inspect(const std::string& text) {
    long long number = 0;
    if (Status s = parse_inspect(text, &number); !s) return s;
    if (number == 0) {
      pinned_ = -1;
      return Status::ok();
    }
    if (!find_step(number - 1))
      return Status::error(Wording::sentence(N_("no step {0} in the generated text"), {text}));
    pinned_ = number - 1;
    return Status::ok();
  }

  Status press(const std::string& button) override {
    workspace_->poll();
    follow_workspace();  // before the button, so the next frame does not start over
    return buttons().press(*this, button);
  }

  static const PanelButtons<LstmStepPanel>& buttons() {
    using P = LstmStepPanel;
    static const PanelButtons<P> table{
        {"prime", "start again from the prime text with the newest weights", [](P& p) { return p.restart(); }},
        {"step", "one character", [](P& p) { return p.advance(1); }},
        {"burst", "`burst` characters", [](P& p) { return p.advance(p.o_.burst); }},
        {"autoplay", "step by itself at `speed`", [](P& p) { p.o_.autoplay = true; }},
        {"stop", "stop autoplay", [](P& p) { p.o_.autoplay = false; }},
        {"latest", "show the latest step", [](P& p) { p.pinned_ = -1; }},
        {"train", "train the shared model", [](P& p) { p.workspace_->start_training(); }},
        {"pause", "pause training", [](P& p) { p.workspace_->pause_training(); }},
        {"load-example", "load the trained example model",
         [](P& p) { return p.workspace_->load_model(lstm_ui::example_model_path()); }},
    };
    return table;
  }

  bool busy() const override { return workspace_->preparing(); }

  void draw(const FrameContext& frame) override {
    workspace_->poll();
    scale_ = frame.font_scale;
    code_font_ = frame.fonts ? frame.fonts->code : nullptr;
    ImGui::PushID(this);
    ImGui::PushTextWrapPos(0.0f);  // every line wraps at the edge of its column or the panel
    follow_workspace();
    draw_model_line();
    if (o_.autoplay) autoplay(frame.delta_seconds);
    draw_error();
    // The result before the controls, so that a maximised panel at a projector shows it:
    // the strips first where the page shows them (the gates are its subject), else the
    // text written so far.
    const bool strips = o_.gates || o_.state;
    if (!strips && o_.text && generator_) draw_text();
    draw_step(frame);
    if (strips && o_.text && generator_) draw_text();
    draw_controls();
    ImGui::PopTextWrapPos();
    ImGui::PopID();
  }

 private:
  // Below this many font sizes (ems) of panel width, the guesses go under the strips.
  static constexpr float kSideBySideEm = 50.0f;

  // ---- generation ------------------------------------------------------------------

  float temperature() const { return std::max(o_.temperature, lstm::kGreedyTemperature); }

  // A new model (or device) in the workspace: begin again with it.
  void follow_workspace() {
    if (workspace_->generation() == generation_) return;
    generation_ = workspace_->generation();
    generator_.reset();
    pinned_ = -1;
    if (workspace_->session()) report(restart());
  }

  Status restart() {
    lstm::TrainingSession* session = workspace_->session();
    if (!session)
      return Status::error(workspace_->job_running()
                               ? fill(tr("the model is not ready yet ({0})"), {workspace_->job_description()})
                               : tr("no model: open a text in the trainer panel"));
    std::u32string prime;
    if (Status s = lstm::decode_utf8(o_.prime, "the prime text", &prime); !s) return s;
    std::unique_ptr<lstm::TextGenerator> generator;
    const auto begin = std::chrono::steady_clock::now();
    if (Status s = session->make_text_generator(workspace_->session_device(), seed_++, &generator); !s) return s;
    if (Status s = generator->prime(prime, temperature()); !s) return s;
    prime_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
    generator_ = std::move(generator);
    weights_step_ = session->metrics().steps;
    pinned_ = -1;
    cell_range_ = 1.0f;
    ranged_until_ = -1;
    error_.clear();
    return Status::ok();
  }

  Status advance(int steps) {
    if (!generator_) {
      if (Status s = restart(); !s) return s;
    }
    const auto begin = std::chrono::steady_clock::now();
    for (int i = 0; i < steps; ++i)
      if (Status s = generator_->step(temperature()); !s) return s;
    step_us_ = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - begin).count() / steps;
    return Status::ok();
  }

  void autoplay(float delta_seconds) {
    owed_steps_ += delta_seconds * o_.speed;
    const int steps = std::min(kMaxStepsPerFrame, static_cast<int>(owed_steps_));
    if (steps <= 0) return;
    owed_steps_ -= steps;
    owed_steps_ = std::min(owed_steps_, 1.0);  // a slow frame does not build up a backlog
    if (!report(advance(steps))) o_.autoplay = false;
  }

  bool report(const Status& s) {
    if (s) return true;
    error_ = translated(s);
    return false;
  }

  const lstm::GenerationStep* find_step(long long index) const {
    if (!generator_ || generator_->history().empty()) return nullptr;
    const auto& history = generator_->history();
    const long long first = history.front().index;
    if (index < first || index > history.back().index) return nullptr;
    return &history[static_cast<std::size_t>(index - first)];
  }

  // The hovered character's step, else the pinned one, else the latest.
  const lstm::GenerationStep* shown_step() const {
    if (const lstm::GenerationStep* hovered = find_step(hovered_)) return hovered;
    if (const lstm::GenerationStep* pinned = find_step(pinned_)) return pinned;
    return generator_ ? generator_->latest() : nullptr;
  }

  // The colour range of the c strip: the largest |c| seen in this text (at least 1), so
  // colours mean the same from step to step.
  float cell_range() {
    const auto& history = generator_->history();
    for (const lstm::GenerationStep& step : history) {
      if (step.index <= ranged_until_) continue;
      for (float c : step.cell.cell) cell_range_ = std::max(cell_range_, std::ceil(std::fabs(c)));
      ranged_until_ = step.index;
    }
    return cell_range_;
  }

  // ---- drawing ---------------------------------------------------------------------

  // The shown step: what went in, what came out, and (where shown) the cell's strips
  // with the guesses beside them, or under them on a narrow panel.
  void draw_step(const FrameContext& frame) {
    const lstm::GenerationStep* shown = shown_step();
    if (!shown) return;
    const float bars_width = o_.bars ? std::min(520.0f * scale_, frame.content_width * 0.4f) : 0.0f;
    // The guesses beside the strips while both keep a readable width; on a narrow panel
    // (large text, a small projector) they go underneath.
    const bool two_columns =
        (o_.gates || o_.state) && o_.bars && frame.content_width >= kSideBySideEm * ImGui::GetFontSize();
    if (two_columns && ImGui::BeginTable("step", 2, ImGuiTableFlags_BordersInnerV)) {
      ImGui::TableSetupColumn(tr("strips"), ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableSetupColumn(tr("bars"), ImGuiTableColumnFlags_WidthFixed, bars_width);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      draw_step_header(*shown);
      draw_strips(*shown);
      ImGui::TableNextColumn();
      draw_bars(*shown, bars_width);
      ImGui::EndTable();
    } else {
      draw_step_header(*shown);
      if (o_.gates || o_.state) draw_strips(*shown);
      if (o_.bars) draw_bars(*shown, std::min(620.0f * scale_, frame.content_width));
    }
  }


  void draw_model_line() {
    lstm::TrainingSession* session = workspace_->session();
    if (!session) {
      ImGui::PushStyleColor(ImGuiCol_Text, workspace_->message_is_error() ? palette().error : palette().muted_text);
      wrapped_text_unformatted(workspace_->job_running() ? fill(tr("Preparing the model: {0}..."), {workspace_->job_description()}).c_str()
                                                          : workspace_->message());
      ImGui::PopStyleColor();
      return;
    }
    const lstm::SessionMetrics m = session->metrics();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(workspace_->session_device() == lstm::Device::kGpu
                                                          ? palette().gpu
                                                          : palette().cpu),
                       "%s", lstm_ui::device_name(workspace_->session_device()));
    // The pieces of this line flow onto the next where the panel is narrow.
    std::string state =
        m.steps == 0 ? tr("model untrained (random weights: expect noise)")
        : m.loss > 0 ? fill(tr("model trained {0} steps, loss {1}"), {std::to_string(m.steps), decimal_text(m.loss, 2)})
                     : fill(tr("model trained {0} steps (loaded)"), {std::to_string(m.steps)});
    if (m.running) state += tr(", training");
    same_line_if_fits(text_width(state.c_str()));
    ImGui::TextUnformatted(state.c_str());
    same_line_if_fits(button_width(m.running ? tr("Pause training") : tr("Train")));
    if (m.running) {
      if (ImGui::SmallButton(tr_id("Pause training").c_str())) workspace_->pause_training();
    } else if (ImGui::SmallButton(tr_id("Train").c_str())) {
      workspace_->start_training();
    }
    if (m.steps == 0 && !m.running && lstm_ui::example_model_exists()) {
      same_line_if_fits(button_width(tr("Load the trained example")));
      if (ImGui::SmallButton(tr_id("Load the trained example").c_str()))
        report(workspace_->load_model(lstm_ui::example_model_path()));
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s",
                          tr("a model trained earlier by this app on the same text (assets/models/README.md):\nno need "
                             "to wait for training on a computer without a GPU"));
    }
    // Said only once training has moved past the weights this text was written with.
    if (generator_ && m.steps != weights_step_) {
      const std::string weights = fill(tr("generating with the weights of step {0}"), {std::to_string(weights_step_)});
      ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
      text_after_bar(weights.c_str());
      ImGui::PopStyleColor();
      same_line_if_fits(button_width(tr("Use the newest weights")));
      if (ImGui::SmallButton(tr_id("Use the newest weights").c_str())) report(restart());
    }
  }

  void draw_controls() {
    const float em = ImGui::GetFontSize();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Prime text"));
    // The controls flow onto new lines where the panel is narrow.
    const float prime_width = std::min(22 * em, ImGui::GetContentRegionAvail().x);
    same_line_if_fits(prime_width);
    ImGui::SetNextItemWidth(prime_width);
    if (code_font_) ImGui::PushFont(code_font_);
    const bool entered = ImGui::InputText("##prime", &o_.prime, ImGuiInputTextFlags_EnterReturnsTrue);
    if (code_font_) ImGui::PopFont();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("The model reads these characters first (they build up its memory), then writes on."));
    same_line_if_fits(button_width(tr("Start from the prime")));
    if (ImGui::Button(tr_id("Start from the prime").c_str()) || entered) report(restart());
    if (same_line_if_fits(2 * em + button_width(tr("Step")))) ImGui::SameLine(0, 2 * em);
    if (ImGui::Button(tr_id("Step").c_str())) report(advance(1));
    const std::string burst = fill(tr("Step \xc3\x97{0}"), {std::to_string(o_.burst)}) + "###burst";
    same_line_if_fits(button_width(burst.c_str()));
    if (ImGui::Button(burst.c_str())) report(advance(o_.burst));
    same_line_if_fits(button_width(tr("Autoplay")));
    if (ImGui::Button(o_.autoplay ? tr_id("Stop", "autoplay").c_str() : tr_id("Autoplay").c_str()))
      o_.autoplay = !o_.autoplay;
    same_line_if_fits(labelled_width(9 * em, tr("steps/s")));
    ImGui::SetNextItemWidth(9 * em);
    ImGui::SliderFloat(tr_id("steps/s").c_str(), &o_.speed, 0.5f, 60.0f, "%.1f", ImGuiSliderFlags_Logarithmic);

    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Temperature"));
    const float slider_width = std::min(16 * em, ImGui::GetContentRegionAvail().x);
    same_line_if_fits(slider_width);
    ImGui::SetNextItemWidth(slider_width);
    const char* format = o_.temperature <= lstm::kGreedyTemperature ? tr("0: always the most likely") : "T = %.2f";
    ImGui::SliderFloat("##temperature", &o_.temperature, 0.0f, kMaxTemperature, format);
    const char* meaning = tr(o_.temperature <= lstm::kGreedyTemperature ? N_("no chance left: the top guess every time")
                             : o_.temperature < 0.75f ? N_("cautious: likely characters gain")
                             : o_.temperature <= 1.25f ? N_("close to the model's own odds")
                                                       : N_("adventurous: unlikely characters gain"));
    same_line_if_fits(text_width(meaning));
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    ImGui::TextUnformatted(meaning);
    ImGui::PopStyleColor();
    if (generator_ && step_us_ > 0) {
      const std::string step_time =
          fill(workspace_->session_device() == lstm::Device::kGpu ? tr("one step: {0} \u00b5s on the GPU")
                                                                  : tr("one step: {0} \u00b5s on the CPU"),
               {decimal_text(step_us_, 0)});
      if (same_line_if_fits(2 * em + text_width(step_time.c_str()))) ImGui::SameLine(0, 2 * em);
      ImGui::TextDisabled("%s", step_time.c_str());
    }
    draw_recorded_step_time();
  }

  // A GPU's time for a step beside this computer's, decided here: the recording's, when
  // there is no GPU here (only then is it loaded) and the text is written with the model it
  // was recorded with; none else.
  SourcedFigures<lstm::StepRecording> recorded_gpu_step() const {
    lstm::TrainingSession* session = workspace_->session();
    if (!recording_ || !session || weights_step_ != recording_->model_steps || recording_->model_steps == 0) return {};
    return {recording_, FigureSource::recorded(recording_->run)};
  }

  void draw_recorded_step_time() {
    const SourcedFigures<lstm::StepRecording> recorded = recorded_gpu_step();
    if (!recorded) return;
    const lstm::StepRecording& r = *recorded.figures;
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    ImGui::TextWrapped(
        "%s",
        fill(tr("The same model on a GPU: one step {0} \xc2\xb5s ({1}), {2}; that machine's CPU took {3} \xc2\xb5s."),
             {decimal_text(r.gpu.step_us, 0), r.gpu.generator, recorded.source.where(), decimal_text(r.cpu.step_us, 0)})
            .c_str());
    ImGui::PopStyleColor();
  }

  void draw_error() {
    if (error_.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    wrapped_text_unformatted(error_);
    ImGui::PopStyleColor();
  }

  void draw_step_header(const lstm::GenerationStep& step) {
    const bool latest = &step == generator_->latest();
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    if (latest)
      ImGui::TextUnformatted(fill(tr("Step {0} (the latest)"), {std::to_string(step.index + 1)}).c_str());
    else
      ImGui::TextUnformatted(
          fill(tr("Step {0} (an earlier one: {1})"),
               {std::to_string(step.index + 1),
                pinned_ == step.index && hovered_ < 0 ? tr("pinned, click it again to let go") : tr("under the mouse")})
              .c_str());
    ImGui::PopStyleColor();
    ImFont* big = code_font_;
    // The pieces flow onto the next line where the panel is narrow.
    same_line_if_fits(text_width(tr("in:")) + 4 * ImGui::GetFontSize());
    ImGui::TextUnformatted(tr("in:"));
    ImGui::SameLine();
    if (big) ImGui::PushFont(big);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().gpu_alt), "%s", quoted(step.input_char).c_str());
    if (big) ImGui::PopFont();
    const char* source = step.primed ? tr("(from the prime text)") : tr("(the model's own earlier draw)");
    same_line_if_fits(text_width(source));
    ImGui::TextDisabled("%s", source);
    // Inside the prime text the draw is not fed in: the prime's next character is.
    const lstm::GenerationStep* next = find_step(step.index + 1);
    const bool overridden = next && next->primed;
    const char* drawn =
        overridden ? tr("\xe2\x86\x92 drawn (unused, the prime goes on):") : tr("\xe2\x86\x92 drawn next:");
    if (same_line_if_fits(2 * ImGui::GetFontSize() + text_width(drawn))) ImGui::SameLine(0, 2 * ImGui::GetFontSize());
    ImGui::TextUnformatted(drawn);
    ImGui::SameLine();
    if (big) ImGui::PushFont(big);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().warning), "%s", quoted(step.drawn_char).c_str());
    if (big) ImGui::PopFont();
    const float p = step.drawn >= 0 && step.drawn < static_cast<int>(step.tempered.size()) ? step.tempered[step.drawn] : 0.0f;
    const std::string chance =
        fill(tr("(chance {0}% at T = {1})"), {decimal_text(100.0 * p, 0), decimal_text(step.temperature, 2)});
    same_line_if_fits(text_width(chance.c_str()));
    ImGui::TextDisabled("%s", chance.c_str());
  }

  void draw_strips(const lstm::GenerationStep& step) {
    const int hidden = static_cast<int>(step.cell.cell.size());
    if (hidden == 0) return;
    // Labels at the left of the strips while that leaves the strips most of the width;
    // on a narrow panel each label goes above its strip.
    using lstm_ui::HeatScale;
    const float range = cell_range();
    // The strips shown, top to bottom: a label (and its tooltip) on each.
    struct Strip {
      const char* id;
      const char* label;
      const char* tip;
      const float* values;
      HeatScale heat;
      float range;
    };
    std::vector<Strip> strips;
    if (o_.gates) {
      strips.push_back({"i", N_("input gate i"),
                        N_("How much of the new candidate g is written into the cell (0 = none, 1 = all)."),
                        step.cell.gate(lstm::kInputGate), HeatScale::Unit, 1.0f});
      strips.push_back({"f", N_("forget gate f"), N_("How much of the old cell value is kept (1 = keep it all, 0 = forget)."),
                        step.cell.gate(lstm::kForgetGate), HeatScale::Unit, 1.0f});
      strips.push_back({"o", N_("output gate o"), N_("How much of the cell is let out into h (and so into the prediction)."),
                        step.cell.gate(lstm::kOutputGate), HeatScale::Unit, 1.0f});
      strips.push_back({"g", N_("candidate g"), N_("The new content proposed for the cell, -1 .. +1."),
                        step.cell.gate(lstm::kCandidate), HeatScale::Signed, 1.0f});
    }
    if (o_.state) {
      strips.push_back({"c", N_("cell state c"),
                        N_("The long-term memory: c = f \xc2\xb7 c_before + i \xc2\xb7 g. Not squashed, so it can grow."),
                        step.cell.cell.data(), HeatScale::Signed, range});
      strips.push_back({"h", N_("hidden state h"),
                        N_("What the cell shows the rest of the network: h = o \xc2\xb7 tanh(c), -1 .. +1."),
                        step.cell.hidden.data(), HeatScale::Signed, 1.0f});
    }
    // Labels at the left of the strips while that leaves the strips most of the width;
    // on a narrow panel each label goes above its strip.
    const float avail = ImGui::GetContentRegionAvail().x;
    float label_width = 0.0f;
    for (const Strip& strip : strips) label_width = std::max(label_width, text_width(tr(strip.label)));
    label_width += ImGui::GetFontSize();
    const bool labels_above = label_width > 0.35f * avail;
    const float width = labels_above ? avail : avail - label_width;
    const float height = 20.0f * scale_;
    int hovered_unit = -1;
    for (const Strip& strip : strips) {
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(tr(strip.label));
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(strip.tip));
      if (!labels_above) {
        ImGui::SameLine(0, 0);
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, label_width - ImGui::GetItemRectSize().x));
      }
      const int unit = lstm_ui::draw_heat_strip(strip.id, strip.values, hidden, strip.heat, strip.range,
                                                ImVec2(width, height), marked_unit_);
      if (unit >= 0) hovered_unit = unit;
    }
    // Legends, on one line where they fit (under the strips, past their labels).
    if (!labels_above) {
      ImGui::Dummy(ImVec2(label_width - ImGui::GetStyle().ItemSpacing.x, 0));
      ImGui::SameLine();
    }
    const float legend = 70.0f * scale_;
    const auto legend_width = [&](const char* name, float hi) {
      char ends[32];
      std::snprintf(ends, sizeof ends, "%s -%g %+g", name, hi, hi);
      return text_width(ends) + legend + 4 * ImGui::GetStyle().ItemSpacing.x;
    };
    ImGui::TextDisabled("%s", tr("gates:"));
    ImGui::SameLine();
    lstm_ui::draw_heat_legend(HeatScale::Unit, 1.0f, legend, 10.0f * scale_);
    if (same_line_if_fits(ImGui::GetFontSize() + legend_width("g, h:", 1.0f))) ImGui::SameLine(0, ImGui::GetFontSize());
    ImGui::TextDisabled("g, h:");
    ImGui::SameLine();
    lstm_ui::draw_heat_legend(HeatScale::Signed, 1.0f, legend, 10.0f * scale_);
    if (o_.state) {
      if (same_line_if_fits(ImGui::GetFontSize() + legend_width("c:", range))) ImGui::SameLine(0, ImGui::GetFontSize());
      ImGui::TextDisabled("c:");
      ImGui::SameLine();
      lstm_ui::draw_heat_legend(HeatScale::Signed, range, legend, 10.0f * scale_);
    }
    ImGui::TextDisabled(
        "%s", fill(tr("{0} hidden units, one column each; hover a column to read that unit"), {std::to_string(hidden)})
                  .c_str());
    marked_unit_ = hovered_unit;
    if (hovered_unit >= 0) unit_tooltip(step, hovered_unit);
  }

  void unit_tooltip(const lstm::GenerationStep& step, int unit) {
    const float i = step.cell.gate(lstm::kInputGate)[unit];
    const float f = step.cell.gate(lstm::kForgetGate)[unit];
    const float o = step.cell.gate(lstm::kOutputGate)[unit];
    const float g = step.cell.gate(lstm::kCandidate)[unit];
    const float c = step.cell.cell[static_cast<std::size_t>(unit)];
    const float h = step.cell.hidden[static_cast<std::size_t>(unit)];
    ImGui::BeginTooltip();
    if (code_font_) ImGui::PushFont(code_font_);
    ImGui::TextUnformatted(
        fill(tr("unit {0} at step {1}"), {std::to_string(unit), std::to_string(step.index + 1)}).c_str());
    ImGui::Text("i = %.2f  f = %.2f  o = %.2f  g = %+.2f", i, f, o, g);
    // c before this step: the previous step's (zero at the start of the text).
    const lstm::GenerationStep* before = step.index == 0 ? nullptr : find_step(step.index - 1);
    if (step.index == 0 || before) {
      const float c_before = before ? before->cell.cell[static_cast<std::size_t>(unit)] : 0.0f;
      ImGui::Text("c = f\xc2\xb7" "c_before + i\xc2\xb7g = %.2f\xc2\xb7(%+.2f) + %.2f\xc2\xb7(%+.2f) = %+.2f", f, c_before, i,
                  g, c);
    } else {
      ImGui::Text("c = %+.2f", c);
    }
    ImGui::Text("h = o\xc2\xb7tanh(c) = %.2f\xc2\xb7%+.2f = %+.2f", o, std::tanh(c), h);
    if (code_font_) ImGui::PopFont();
    ImGui::EndTooltip();
  }

  void draw_bars(const lstm::GenerationStep& step, float width) {
    draw_untrained_note();
    // The bars follow the slider at once (the step's own draw used step.temperature).
    if (tempered_index_ != step.index || tempered_t_ != temperature() || tempered_generator_ != generator_.get()) {
      lstm::softmax_at_temperature(step.cell.logits, temperature(), &tempered_);
      tempered_index_ = step.index;
      tempered_t_ = temperature();
      tempered_generator_ = generator_.get();
    }
    lstm_ui::ProbabilityBarsInput in;
    in.vocabulary = &generator_->vocabulary();
    in.at_one = &step.probabilities;
    in.tempered = &tempered_;
    in.temperature = o_.temperature;
    in.drawn = step.drawn;
    in.top = o_.top;
    lstm_ui::draw_probability_bars(in, width, scale_, code_font_);
    if (std::fabs(step.temperature - temperature()) > 1e-4f)
      ImGui::TextDisabled("%s", fill(tr("this step drew at T = {0}; the next steps use the slider's"),
                                     {decimal_text(step.temperature, 2)})
                                    .c_str());
  }

  // Beside the guesses while the weights are random: they are noise, and the trained
  // example is one click away.
  void draw_untrained_note() {
    lstm::TrainingSession* session = workspace_->session();
    if (!session || session->metrics().steps > 0 || weights_step_ > 0) return;
    ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
    ImGui::TextWrapped("%s", tr("untrained (random weights): these guesses are noise"));
    ImGui::PopStyleColor();
    if (!lstm_ui::example_model_exists() || session->metrics().running) return;
    if (ImGui::SmallButton(tr_id("Load the trained example", "bars").c_str()))
      report(workspace_->load_model(lstm_ui::example_model_path()));
  }

  void draw_text() {
    const lstm::GenerationStep* shown = shown_step();
    // Up to six and a half lines, fewer on a short screen with large text, so that the
    // strips or guesses under it still come into view.
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float lines = std::clamp(0.22f * ImGui::GetMainViewport()->Size.y / line, 3.0f, 6.5f);
    const lstm_ui::TextViewResult r =
        text_view_.draw(generator_->history(), shown ? shown->index : -1, lines * line, code_font_);
    hovered_ = r.hovered;
    if (r.clicked >= 0) pinned_ = pinned_ == r.clicked ? -1 : r.clicked;
    ImGui::TextDisabled("%s", tr("The text so far (grey: your prime; underlined: drawn, fed in at the next step). "
                                 "Hover a character to see its step again; click to pin it."));
  }

  std::shared_ptr<LstmWorkspace> workspace_;
  StepOptions o_;
  std::unique_ptr<lstm::TextGenerator> generator_;
  int generation_ = 0;
  std::uint64_t seed_ = 1;
  long long weights_step_ = 0;
  long long pinned_ = -1;
  long long hovered_ = -1;
  int marked_unit_ = -1;
  double owed_steps_ = 0.0;
  double step_us_ = 0.0;
  double prime_ms_ = 0.0;
  float cell_range_ = 1.0f;
  long long ranged_until_ = -1;
  std::vector<float> tempered_;
  long long tempered_index_ = -1;
  float tempered_t_ = -1.0f;
  const lstm::TextGenerator* tempered_generator_ = nullptr;
  lstm_ui::GeneratedTextView text_view_;
  std::string error_;
  float scale_ = 1.0f;
  ImFont* code_font_ = nullptr;
  const lstm::StepRecording* recording_ = nullptr;  // no GPU here: the example model's steps on one
};

}  // namespace

const PanelType& lstm_step_panel_type() {
  static const PanelType type = {
      "lstm-step",
      N_("the character LSTM writing one step at a time: gates, cell and hidden state, next-character guesses, "
      "temperature"),
      step_fields().table(),
      LstmStepPanel::buttons().specs(),
      [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
        StepOptions o = step_fields().options(p);
        o.inspect_asked = false;  // no step exists yet when the page opens: it starts at the latest
        return std::make_unique<LstmStepPanel>(LstmWorkspace::get(o.session), std::move(o));
      },
      {"autoplay", "stop"}};
  return type;
}

}  // namespace whygpu::app
