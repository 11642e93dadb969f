// "Train the character LSTM, live": the model of lessons 9.x learning a text on the CPU
// or the GPU. Train and pause, a new model with another hidden size, the loss curve,
// characters per second, and a sample written every few hundred steps (newest first), so
// the text is seen turning from noise into words. Any UTF-8 text file can be opened; the
// model can be saved and loaded. The step-by-step view (lstm-step) uses the same model.
// busy() is true while a text or model is being prepared and during a train-for run.
// Parameters and buttons: the panel type at the end of this file.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "app/files/file_locations.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/lstm/loss_chart.h"
#include "app/lstm/lstm_workspace.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/plot/plot.h"
#include "app/shell/file_dialog.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/device_choice.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {
namespace {

using lstm_ui::LstmWorkspace;

constexpr int kHiddenChoices[] = {16, 32, 64, 128, 256, 512};
constexpr double kLogEverySeconds = 2.0;

// The panel's settings: the model's choices the shared workspace holds (device, shape,
// samples) and the panel's own (the files its buttons use, the Train for goal, what it shows).
struct TrainerOptions {
  std::string session = "main";
  lstm_ui::LstmChoices choices;
  std::string text_path;   // the Open field (empty: the workspace's text, or the speeches)
  std::string model_path;  // empty: lstm.model in the models folder, beside the CNN's weights
  long long goal_steps = 0;
  double goal_seconds = 10.0;
  bool controls = true, curve = true, samples = true;
};

// "cpu" or "gpu" (the table has checked it).
lstm::Device device_choice(const std::string& text) {
  return text == "gpu" ? lstm::Device::kGpu : lstm::Device::kCpu;
}

// The panel's parameters, declared once: the lesson's and a script's `set`.
const PanelFields<TrainerOptions>& trainer_fields() {
  using O = TrainerOptions;
  static const PanelFields<O> fields{
      {
          text_field("session", &O::session, "the LSTM session this panel shows (shared with lstm-step)"),
          choice_field<O>(
              "device", {"cpu", "gpu"}, "cpu", [](O& o, const std::string& v) { o.choices.device = device_choice(v); },
              "where the first model trains"),
          whole_field<O>("hidden", [](O& o) -> int& { return o.choices.hidden; }, 4, lstm::kMaxHidden,
                         "hidden units of the first model (later: of the next New model)"),
          whole_field<O>("sample_every", [](O& o) -> int& { return o.choices.sample_every; }, 1, 1000000,
                         "training steps between samples"),
          text_field("text", &O::text_path, "a UTF-8 text file to open (empty: the speeches that ship with whygpu)")
              .naming(PathUse::kRead),
          text_field("model", &O::model_path, "the file Save and Load use in the models folder (empty: lstm.model)")
              .naming(PathUse::kModelName),
          whole_field("steps", &O::goal_steps, 0, 1000000000, "the Train for button's goal in steps (0: none)"),
          number_field("seconds", &O::goal_seconds, 0, 86400, "the Train for button's goal in seconds (0: none)"),
          flag_field("controls", &O::controls, "show the buttons and settings"),
          flag_field("curve", &O::curve, "show the loss curve"),
          flag_field("samples", &O::samples, "show the samples"),
      },
      {"session"}};  // the panel joins that session when it is made: lesson only
  return fields;
}

// An empty model file stands for lstm.model in the models folder.
TrainerOptions with_default_model(TrainerOptions o) {
  if (o.model_path.empty()) o.model_path = saved_model_path("lstm.model");
  return o;
}

// Asks the workspace for what differs between `wanted` and its choices now: moving to
// the other device, the next model's hidden size, how often it writes a sample.
Status change_choices(LstmWorkspace& workspace, const lstm_ui::LstmChoices& wanted) {
  if (wanted.device != workspace.choices().device)
    if (Status s = workspace.move_to(wanted.device); !s) return s;
  if (wanted.hidden != workspace.choices().hidden)
    if (Status s = workspace.set_hidden(wanted.hidden); !s) return s;
  if (wanted.sample_every != workspace.choices().sample_every) return workspace.set_sample_every(wanted.sample_every);
  return Status::ok();
}

unsigned device_colour(lstm::Device device) { return device == lstm::Device::kGpu ? palette().gpu : palette().cpu; }

// Samples are read as one running line: a line break is shown, not obeyed.
std::string one_line(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\n') out += " \xe2\x86\xb5 ";  // ↵
    else out += c;
  }
  return out;
}

class LstmTrainerPanel final : public Panel {
 public:
  LstmTrainerPanel(std::shared_ptr<LstmWorkspace> workspace, TrainerOptions options)
      : workspace_(std::move(workspace)), o_(std::move(options)) {
    if (o_.text_path.empty())
      o_.text_path = workspace_->text_path().empty() ? lstm_ui::default_text_path() : workspace_->text_path();
  }

  // A script's `set`, onto the choices the workspace holds now (another page may have
  // changed them).
  Status set_param(const std::string& key, const ParamValue& value) override {
    TrainerOptions wanted = o_;
    wanted.choices = workspace_->choices();
    if (Status s = trainer_fields().set(key, value, &wanted); !s) return s;
    if (Status s = change_choices(*workspace_, wanted.choices); !s) return s;
    o_ = with_default_model(std::move(wanted));
    return Status::ok();
  }

  Status press(const std::string& button) override {
    workspace_->poll();
    return buttons().press(*this, button);
  }

  static const PanelButtons<LstmTrainerPanel>& buttons() {
    using P = LstmTrainerPanel;
    static const PanelButtons<P> table{
        {"train", "train until paused", [](P& p) { return p.start(); }},
        {"pause", "pause training", [](P& p) { p.workspace_->pause_training(); }},
        {"new-model", "a new model with random weights", [](P& p) { return p.workspace_->new_model(); }},
        {"open", "open the text file", [](P& p) { return p.workspace_->open_text(p.o_.text_path); }},
        {"save", "save the model", [](P& p) { return p.shown(p.workspace_->save_model(p.o_.model_path)); }},
        {"load", "load the model", [](P& p) { return p.workspace_->load_model(p.o_.model_path); }},
        {"load-example", "load the trained example model",
         [](P& p) { return p.workspace_->load_model(lstm_ui::example_model_path()); }},
        {"train-for", "train for `steps` steps or `seconds` seconds",
         [](P& p) { return p.workspace_->train_for(p.o_.goal_steps, p.o_.goal_seconds); }},
    };
    return table;
  }

  bool busy() const override { return workspace_->busy(); }

  bool running() const override {
    const lstm::TrainingSession* session = workspace_->session();
    return session && session->metrics().running;
  }

  // "loss": the training loss of the latest slice, once the model has trained 500 steps.
  bool result(const std::string& name, PanelResult* out) const override {
    const auto& curve = workspace_->loss_curve();
    if (name != "loss" || curve.empty() || curve.back().step < 500) return false;
    out->value = curve.back().loss;
    out->text = fill(tr_n("{0} nats per character after {1} step", "{0} nats per character after {1} steps",
                          static_cast<unsigned long>(curve.back().step)),
                     {decimal_text(out->value, 2), with_commas(curve.back().step)});
    return true;
  }

  void draw(const FrameContext& frame) override {
    workspace_->poll();
    scale_ = frame.font_scale;
    code_font_ = frame.fonts ? frame.fonts->code : nullptr;
    ImGui::PushID(this);
    ImGui::PushTextWrapPos(0.0f);  // every line wraps at the edge of its column or the panel
    draw_status_line();
    // The result first (the loss and what the model writes, side by side where both keep a
    // readable width), the controls under it: at a projector the class sees the model learn.
    const bool side_by_side = frame.content_width >= kSideBySideEm * ImGui::GetFontSize();
    const bool result_side_by_side = frame.content_width >= kResultSideBySideEm * ImGui::GetFontSize();
    const float result_height = curve_height(frame.content_width);
    if (o_.curve && o_.samples && result_side_by_side &&
        ImGui::BeginTable("lstm-result", 2, ImGuiTableFlags_BordersInnerV)) {
      ImGui::TableSetupColumn(tr("curve"), ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableSetupColumn(tr("samples"), ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      draw_curve(ImGui::GetContentRegionAvail().x, result_height);
      ImGui::TableNextColumn();
      draw_samples(result_height);
      ImGui::EndTable();
    } else {
      if (o_.curve) draw_curve(frame.content_width, result_height);
      if (o_.samples) draw_samples(9.0f * ImGui::GetTextLineHeightWithSpacing());
    }
    if (o_.controls) {
      ImGui::Spacing();
      draw_controls(frame.content_width, side_by_side);
    }
    ImGui::PopTextWrapPos();
    log_progress(frame);
    ImGui::PopID();
  }

 private:
  // Below this many font sizes (ems) of panel width, the files go under the training
  // controls, and the samples under the curve.
  static constexpr float kSideBySideEm = 44.0f;
  static constexpr float kResultSideBySideEm = 30.0f;

  Status start() {
    if (!workspace_->session())
      return Status::error(workspace_->job_running()
                               ? fill(tr("the model is not ready yet ({0})"), {workspace_->job_description()})
                               : tr("no model: open a text first"));
    workspace_->start_training();
    return Status::ok();
  }

  // Shows a button's failure where the person looked (scripts get it as well).
  Status shown(const Status& s) {
    if (!s) workspace_->set_message(translated(s), true);
    return s;
  }

  // ---- drawing ---------------------------------------------------------------------

  void draw_status_line() {
    lstm::TrainingSession* session = workspace_->session();
    if (workspace_->job_running()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      ImGui::TextWrapped("%s...", workspace_->job_description().c_str());
      ImGui::PopStyleColor();
    } else if (session) {
      const lstm::SessionMetrics m = session->metrics();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(device_colour(workspace_->session_device())), "%s",
                         lstm_ui::device_name(workspace_->session_device()));
      const std::string state = fill(m.running ? tr("training: {0}") : tr("paused: {0}"), {translated(m.trainer)});
      same_line_if_fits(text_width(state.c_str()));
      ImGui::TextUnformatted(state.c_str());
      if (!m.error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
        wrapped_text_unformatted(fill(tr("Training stopped: {0}"), {translated(m.error)}));
        ImGui::PopStyleColor();
      }
    }
    if (!workspace_->message().empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, workspace_->message_is_error() ? palette().error : palette().muted_text);
      wrapped_text_unformatted(workspace_->message());
      ImGui::PopStyleColor();
    }
  }

  // Training's controls beside the files where the panel is wide, under them where not;
  // alone on a page (no curve), they keep their width rather than stretch across it.
  void draw_controls(float width, bool side_by_side) {
    const bool ready = workspace_->session() && !workspace_->job_running();
    if (side_by_side && ImGui::BeginTable("lstm-controls", 2, ImGuiTableFlags_BordersInnerV)) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      draw_training_controls(ready);
      ImGui::TableNextColumn();
      draw_files(ready);
      ImGui::EndTable();
      return;
    }
    if (!ImGui::BeginTable("lstm-controls", 1, ImGuiTableFlags_None, ImVec2(std::min(640.0f * scale_, width), 0)))
      return;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    draw_training_controls(ready);
    ImGui::Separator();
    draw_files(ready);
    ImGui::EndTable();
  }

  void draw_training_controls(bool ready) {
    draw_training_device_choice();
    draw_hidden_choice();
    ImGui::BeginDisabled(!ready);
    const bool running = ready && workspace_->session()->metrics().running;
    if (ImGui::Button(running ? tr_id("Pause").c_str() : tr_id("Train").c_str(), ImVec2(8.0f * ImGui::GetFontSize(), 0))) {
      if (running) workspace_->pause_training();
      else shown(start());
    }
    same_line_if_fits(button_width(tr("New model")));
    if (ImGui::Button(tr_id("New model").c_str())) shown(workspace_->new_model());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("fresh random weights with the hidden size above, on the same text"));
    ImGui::EndDisabled();
    if (ready) draw_numbers();
  }

  void draw_training_device_choice() {
    const bool on_gpu = workspace_->choices().device == lstm::Device::kGpu;
    if (auto clicked = draw_device_choice(on_gpu ? ComputeDevice::kGpu : ComputeDevice::kCpu))
      shown(workspace_->move_to(*clicked == ComputeDevice::kGpu ? lstm::Device::kGpu : lstm::Device::kCpu));
  }

  void draw_hidden_choice() {
    const int chosen = workspace_->choices().hidden;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Hidden units:"));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(6.0f * ImGui::GetFontSize());
    if (ImGui::BeginCombo("##hidden", std::to_string(chosen).c_str())) {
      for (int h : kHiddenChoices)
        if (ImGui::Selectable(std::to_string(h).c_str(), h == chosen)) shown(workspace_->set_hidden(h));
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("the size of the memory (c and h): more units remember more and cost more per step"));
    lstm::TrainingSession* session = workspace_->session();
    if (session && session->shape().hidden != chosen) {
      same_line_if_fits(text_width(fill(tr("this model has {0}: press New model"), {"000"}).c_str()));
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      ImGui::TextWrapped(
          "%s", fill(tr("this model has {0}: press New model"), {std::to_string(session->shape().hidden)}).c_str());
      ImGui::PopStyleColor();
    }
  }

  void draw_numbers() {
    const lstm::SessionMetrics m = workspace_->session()->metrics();
    ImGui::PushStyleColor(ImGuiCol_Text, device_colour(workspace_->session_device()));
    ImGui::TextUnformatted(
        fill(tr("{0} characters per second"),
             {m.running || m.characters_per_second > 0 ? lstm_ui::short_count(m.characters_per_second).c_str() : "-"})
            .c_str());
    ImGui::PopStyleColor();
    if (m.steps == 0)
      ImGui::TextUnformatted(tr("untrained: random weights"));
    else if (m.loss > 0)
      ImGui::TextUnformatted(
          fill(tr("loss {0} after {1} steps"), {decimal_text(m.loss, 3), with_commas(m.steps)}).c_str());
    else
      ImGui::TextUnformatted(fill(tr("trained {0} steps before it was loaded"), {with_commas(m.steps)})
                                 .c_str());  // no slice measured yet
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    const lstm::TrainingShape& t = workspace_->session()->config().training;
    ImGui::TextWrapped(
        "%s", fill(tr("{0} characters trained on this run; a step is {1} streams x {2} characters; {3} hidden units"),
                   {lstm_ui::short_count(static_cast<double>(m.characters)), std::to_string(t.batch),
                    std::to_string(t.length), std::to_string(workspace_->session()->shape().hidden)})
                  .c_str());
    ImGui::PopStyleColor();
  }

  void draw_files(bool ready) {
    const float button_room = 9.0f * ImGui::GetFontSize();
    ImGui::TextUnformatted(tr("Text (any UTF-8 file):"));
    ImGui::SetNextItemWidth(-button_room);
    if (code_font_) ImGui::PushFont(code_font_);
    const bool open = ImGui::InputText("##text", &o_.text_path, ImGuiInputTextFlags_EnterReturnsTrue);
    if (code_font_) ImGui::PopFont();
    ImGui::SameLine();
    ImGui::BeginDisabled(workspace_->job_running());
    if (ImGui::Button(tr_id("Open text").c_str()) || open) shown(workspace_->open_text(o_.text_path));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("reads the file and starts a new, untrained model on it"));
    same_line_if_fits(button_width(tr("Open...")));
    if (text_dialog_.draw("text", PickWhat::kFile, o_.text_path, &o_.text_path)) shown(workspace_->open_text(o_.text_path));
    ImGui::EndDisabled();
    if (lstm::TrainingSession* session = workspace_->session()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
      wrapped_text_unformatted(fill(tr("training on {0}"), {lstm_ui::describe_text(session->corpus())}));
      ImGui::PopStyleColor();
    }

    ImGui::TextUnformatted(tr("Model file:"));
    ImGui::SetNextItemWidth(-button_room);
    if (code_font_) ImGui::PushFont(code_font_);
    ImGui::InputText("##model", &o_.model_path);
    if (code_font_) ImGui::PopFont();
    ImGui::SameLine();
    ImGui::BeginDisabled(!ready);
    if (ImGui::Button(tr_id("Save").c_str())) shown(workspace_->save_model(o_.model_path));
    same_line_if_fits(button_width(tr("Load")));
    if (ImGui::Button(tr_id("Load").c_str())) shown(workspace_->load_model(o_.model_path));
    ImGui::EndDisabled();
    same_line_if_fits(button_width(tr("Open...")));
    model_dialog_.draw("model", PickWhat::kFile, o_.model_path, &o_.model_path);  // then Save or Load
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", tr("a saved model goes with the text it was trained on: open that text first"));
    if (lstm_ui::example_model_exists()) {
      ImGui::BeginDisabled(!ready);
      if (ImGui::Button(tr_id("Load the trained example").c_str()))
        shown(workspace_->load_model(lstm_ui::example_model_path()));
      ImGui::EndDisabled();
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s", tr("a model trained earlier by this app on the State of the Union "
                                   "text\n(assets/models/README.md): on a computer without a GPU, no need to wait"));
    }
  }

  // No taller than about a third of the screen, so that the curve and the samples beside
  // or under it stay in view on a short projector with large text.
  float curve_height(float width) const {
    return std::min(std::clamp(width * 0.25f, 160.0f * scale_, 320.0f * scale_),
                    std::max(120.0f * scale_, 0.33f * ImGui::GetMainViewport()->Size.y));
  }

  void draw_curve(float width, float h) {
    const lstm::TrainingSession* session = workspace_->session();
    const int vocabulary = session ? session->corpus().vocabulary.size() : 0;
    const float w = std::max(200.0f, width - 2.0f * ImGui::GetStyle().CellPadding.x - 4.0f);
    loss_view_.draw("loss", lstm_ui::loss_chart(workspace_->loss_curve(), vocabulary,
                                                device_colour(workspace_->session_device())),
                    ImVec2(w, h), scale_);
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    ImGui::TextWrapped("%s", tr("The loss is how surprised the model is by the real next character, averaged over a "
                                "step's characters. Lower means better guesses."));
    ImGui::PopStyleColor();
  }

  void draw_samples(float height) {
    const std::vector<lstm::TextSample>& samples = workspace_->samples();
    ImGui::TextUnformatted(tr("What the model writes"));
    if (const lstm::TrainingSession* session = workspace_->session()) {
      const std::string note = fill(tr("(a sample every {0} steps, newest first, at temperature {1})"),
                                    {std::to_string(session->config().sample_every),
                                     decimal_text(session->config().sample_temperature, 1)});
      same_line_if_fits(text_width(note.c_str()));
      ImGui::TextDisabled("%s", note.c_str());
    }
    ImGui::PushStyleColor(ImGuiCol_ChildBg, palette().code_background);
    // The header above takes a line or two of the height the samples are given.
    const float line = ImGui::GetTextLineHeightWithSpacing();
    ImGui::BeginChild("samples", ImVec2(0, std::max(4.0f * line, height - 2.0f * line)), true);
    ImGui::PushTextWrapPos(0.0f);  // a child window starts without the panel's wrapping
    if (samples.empty()) ImGui::TextDisabled("%s", tr("the first sample appears when the model is ready"));
    for (auto it = samples.rbegin(); it != samples.rend(); ++it) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
      if (it->step == 0)
        ImGui::TextUnformatted(tr("step 0, untrained (random weights):"));
      else
        ImGui::TextUnformatted(fill(tr("step {0}:"), {std::to_string(it->step)}).c_str());
      ImGui::PopStyleColor();
      if (code_font_) ImGui::PushFont(code_font_);
      wrapped_text_unformatted(one_line(it->text));
      if (code_font_) ImGui::PopFont();
    }
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
    ImGui::PopStyleColor();
  }

  // Headless runs (the UI tests, the GPU check) print the training rate while the UI draws.
  void log_progress(const FrameContext& frame) {
    frame_ms_ = frame_ms_ == 0.0 ? frame.delta_seconds * 1000.0 : 0.95 * frame_ms_ + 0.05 * frame.delta_seconds * 1000.0;
    lstm::TrainingSession* session = workspace_->session();
    if (!frame.headless || !session) return;
    const lstm::SessionMetrics m = session->metrics();
    if (!m.running) return;
    const double now = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    if (now - last_log_ < kLogEverySeconds) return;
    last_log_ = now;
    std::fprintf(stderr, "lstm-trainer[%s]: %s: step %lld, loss %.3f, %.0f characters/s while the UI draws at %.1f ms a frame\n",
                 workspace_->name().c_str(), m.trainer.english().c_str(), m.steps, m.loss, m.characters_per_second, frame_ms_);
  }

  std::shared_ptr<LstmWorkspace> workspace_;
  TrainerOptions o_;
  OpenButton text_dialog_, model_dialog_;
  plot::PlotView loss_view_;
  float scale_ = 1.0f;
  ImFont* code_font_ = nullptr;
  double frame_ms_ = 0.0;
  double last_log_ = 0.0;
};

}  // namespace

const PanelType& lstm_trainer_panel_type() {
  static const PanelType type = {
      "lstm-trainer",
      N_("the character LSTM learning a text live on the CPU or GPU: train, pause, hidden size, loss curve, "
      "characters/s, samples, open a text, save/load"),
      trainer_fields().table(),
      LstmTrainerPanel::buttons().specs(),
      [](const PanelParams& p, std::string* error) -> std::unique_ptr<Panel> {
        const TrainerOptions o = with_default_model(trainer_fields().options(p));
        auto workspace = LstmWorkspace::get(o.session);
        // The model's shape and text apply to the first model; later pages keep the model
        // that the earlier ones made (press New model or Open to change them).
        // Only what the lesson's line gives: the workspace's own choices stand for the rest
        // (its device is the GPU where there is one, whatever the table's "cpu" says).
        if (workspace->fresh()) {
          const lstm_ui::LstmChoices& now = workspace->choices();
          TrainerOptions wanted = o;
          wanted.choices = now;
          trainer_fields().apply_given(p, &wanted);
          if (!o.text_path.empty()) workspace->set_text_path(o.text_path);
          if (wanted.choices.hidden != now.hidden)
            if (Status s = workspace->set_hidden(wanted.choices.hidden); !s) {
              *error = translated(s);
              return nullptr;
            }
          if (wanted.choices.device != now.device)
            if (Status s = workspace->set_device(wanted.choices.device); !s)
              workspace->set_message(fill(tr("{0}; training on the CPU"), {translated(s)}), true);  // the panel still starts
          if (wanted.choices.sample_every != now.sample_every) workspace->set_sample_every(wanted.choices.sample_every);
        }
        return std::make_unique<LstmTrainerPanel>(std::move(workspace), o);
      },
      {"train", "pause"},
      {{"loss", "nats", "the training loss after 500 steps or more (ln 98 = 4.6 for a uniform guess)"}}};
  return type;
}

}  // namespace whygpu::app
