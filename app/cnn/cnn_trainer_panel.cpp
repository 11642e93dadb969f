// "Train a CNN, live": the curriculum's MNIST network training on the CPU or the GPU,
// with the controls a teacher needs on a projector (train, pause, single step, reset,
// batch size and learning rate changed while it runs, the data set switched between
// digits, clothes and a folder of the user's own images), the loss and accuracy curves
// for training batches and the test set, epoch progress, images per second, and saved
// weights. A preview shows the training images as the network sees them (28x28 grey).
// busy() is true while the session is being prepared and while a train-epochs run is
// under way. Parameters and buttons: cnn_trainer_panel_type() at the end.
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <utility>
#include <vector>

#include "app/cnn/own_images.h"
#include "app/cnn/session_bar.h"
#include "app/cnn/shared_session.h"
#include "app/cnn/thumbnail_atlas.h"
#include "app/cnn/training_charts.h"
#include "app/files/file_locations.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/plot/plot.h"
#include "app/shell/file_dialog.h"
#include "app/text/wrapped_text.h"
#include "app/vitals/app_vitals.h"
#include "app/vitals/epoch_energy.h"
#include "app/widgets/device_choice.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/core/measure.h"

namespace whygpu::app {
namespace {

using cnn_ui::BackendChoice;
using cnn_ui::DataChoice;
using cnn_ui::SharedSession;

constexpr int kPreviewPerClass = 12;
constexpr double kLogEverySeconds = 2.0;

// The panel's settings: the shared session's (where it trains, on what, how fast) and the
// panel's own (what it shows, the epochs its button runs, the file Save writes).
struct TrainerSettings {
  std::string session = "main";
  cnn_ui::SessionConfig train;
  int epochs = 1;
  bool controls = true;
  bool curves = true;
  bool preview = false;
  std::string weights;  // a path in the models folder (empty: mnist-cnn.weights there)
};

// "auto", "cpu" or "gpu" (the table has checked it).
BackendChoice backend_choice(const std::string& text) {
  return text == "cpu" ? BackendChoice::kCpu : text == "gpu" ? BackendChoice::kGpu : BackendChoice::kAuto;
}

// The panel's parameters, declared once: the lesson's and a script's `set`.
const PanelFields<TrainerSettings>& trainer_fields() {
  using S = TrainerSettings;
  static const PanelFields<S> fields{
      {
          text_field("session", &S::session, "the training session this panel shows (panels with one name share it)"),
          choice_field<S>(
              "backend", {"auto", "cpu", "gpu"}, "auto",
              [](S& s, const std::string& v) { s.train.backend = backend_choice(v); },
              "where it trains (auto: the GPU when there is one)"),
          choice_field<S>(
              "dataset", {"digits", "fashion", "folder"}, "digits",
              [](S& s, const std::string& v) { (void)cnn_ui::parse_choice(v, &s.train.data.choice); },
              "MNIST digits, Fashion-MNIST, or a folder of your own images"),
          text_field<S>("folder", [](S& s) -> std::string& { return s.train.data.folder; },
                        "the image folder for dataset=folder (empty: the example folder)")
              .naming(PathUse::kRead)
              .also([](S& s) { s.train.data.choice = DataChoice::kFolder; }),
          whole_field<S>("batch", [](S& s) -> int& { return s.train.batch; }, 1, cnn::kMaxBatch,
                         "images per training step"),
          number_field<S>("lr", [](S& s) -> float& { return s.train.learning_rate; }, 1e-6, 0.5,
                          "Adam's learning rate"),
          flag_field<S>("augment", [](S& s) -> bool& { return s.train.augment; },
                        "rotate and shift each training image at random inside the step"),
          whole_field<S>("seed", [](S& s) -> std::uint64_t& { return s.train.seed; }, 0, 2147483647,
                         "initial weights and batch order"),
          whole_field("epochs", &S::epochs, 1, 1000, "epochs the Train N epochs button runs"),
          flag_field("controls", &S::controls, "show the buttons and settings"),
          flag_field("curves", &S::curves, "show the loss and accuracy curves"),
          flag_field("preview", &S::preview, "show example images of each class (always on for dataset=folder)"),
          text_field("weights", &S::weights,
                     "the file Save and Load use in the models folder (empty: mnist-cnn.weights)")
              .naming(PathUse::kModelName),
      },
      {"session", "seed"}};  // the session is made with them when the panel is: lesson only
  return fields;
}

// What an empty folder or weights file stands for.
TrainerSettings with_defaults(TrainerSettings s) {
  if (s.train.data.choice == DataChoice::kFolder && s.train.data.folder.empty())
    s.train.data.folder = cnn_ui::default_image_folder();
  if (s.weights.empty()) s.weights = saved_model_path("mnist-cnn.weights");
  return s;
}

// Tells the session what differs between `wanted` and how it is now: a data set or a
// backend that did not change is not prepared again.
void push_to_session(SharedSession& shared, const cnn_ui::SessionConfig& wanted) {
  const cnn_ui::SessionConfig& now = shared.config();
  if (wanted.backend != now.backend) shared.set_backend(wanted.backend);
  if (!(wanted.data == now.data)) shared.set_data(wanted.data);
  if (wanted.batch != now.batch) shared.set_batch(wanted.batch);
  if (wanted.learning_rate != now.learning_rate) shared.set_learning_rate(wanted.learning_rate);
  if (wanted.augment != now.augment) shared.set_augment(wanted.augment);
}

class CnnTrainerPanel final : public Panel {
 public:
  CnnTrainerPanel(TrainerSettings settings, std::shared_ptr<SharedSession> shared)
      : o_(std::move(settings)), shared_(std::move(shared)) {
    const cnn_ui::DataRequest& data = shared_->config().data;
    std::snprintf(folder_buffer_, sizeof folder_buffer_, "%s",
                  data.folder.empty() ? cnn_ui::default_image_folder().c_str() : data.folder.c_str());
    std::snprintf(weights_buffer_, sizeof weights_buffer_, "%s", o_.weights.c_str());
  }

  // A script's `set`: onto the session as it is now (the class may have changed the batch
  // since) and the folder and weights file the text boxes show.
  Status set_param(const std::string& key, const ParamValue& value) override {
    TrainerSettings wanted = o_;
    wanted.train = shared_->config();
    if (wanted.train.data.choice != DataChoice::kFolder) wanted.train.data.folder = folder_buffer_;
    wanted.weights = weights_buffer_;
    if (Status s = trainer_fields().set(key, value, &wanted); !s) return s;
    wanted = with_defaults(std::move(wanted));
    push_to_session(*shared_, wanted.train);
    std::snprintf(folder_buffer_, sizeof folder_buffer_, "%s", wanted.train.data.folder.c_str());
    std::snprintf(weights_buffer_, sizeof weights_buffer_, "%s", wanted.weights.c_str());
    o_ = std::move(wanted);
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<CnnTrainerPanel>& buttons() {
    using P = CnnTrainerPanel;
    static const PanelButtons<P> table{
        {"train", "train until paused", [](P& p) { p.shared_->play(); }},
        {"pause", "pause training", [](P& p) { p.shared_->pause(); }},
        {"step", "one training step", [](P& p) { p.shared_->step(1); }},
        {"reset", "new random weights", [](P& p) { p.shared_->reset(); }},
        {"evaluate", "test on the test set now", [](P& p) { p.shared_->evaluate(); }},
        {"train-epochs", "train `epochs` epochs, then stop", [](P& p) { p.shared_->train_epochs(p.o_.epochs); }},
        {"save", "save the weights", [](P& p) { p.shared_->save_weights(p.weights_buffer_); }},
        {"load", "load the weights", [](P& p) { p.shared_->load_weights(p.weights_buffer_); }},
        {"reload", "read the data set again", [](P& p) { p.shared_->reload(); }},
        {"make-example", "write an example image folder to train on", [](P& p) { return p.make_example_folder(); }},
    };
    return table;
  }

  bool busy() const override {
    return shared_->phase() == SharedSession::Phase::kPreparing || shared_->scripted_run_active();
  }

  bool running() const override { return shared_->snapshot().state == cnn::SessionSnapshot::State::kRunning; }

  // "accuracy": the last test on the test set, once training has gone a whole epoch.
  bool result(const std::string& name, PanelResult* out) const override {
    const cnn::SessionSnapshot& snap = shared_->snapshot();
    if (name != "accuracy" || !snap.last_test || snap.progress.epochs_completed < 1) return false;
    out->value = 100.0 * snap.last_test->accuracy;
    const int epochs = snap.progress.epochs_completed;
    out->text = fill(tr_n("{0}% of the {1} test images right after {2} epoch",
                          "{0}% of the {1} test images right after {2} epochs", static_cast<unsigned long>(epochs)),
                     {decimal_text(out->value, 1), number_as_read(std::to_string(snap.last_test->count)),
                      std::to_string(epochs)});
    return true;
  }

  void draw(const FrameContext& frame) override {
    scale_ = frame.font_scale;
    ImGui::PushID(this);
    ImGui::PushTextWrapPos(0.0f);  // every line wraps at the edge of its column or the panel
    const bool ready = cnn_ui::draw_session_bar(*shared_, true);
    // Controls beside the curves while both keep a readable width; on a narrow panel
    // (large text, a small projector) the curves go underneath.
    const bool side_by_side = o_.controls && o_.curves && frame.content_width >= kSideBySideEm * ImGui::GetFontSize();
    const float controls_width = std::min(440.0f * scale_, frame.content_width * 0.42f);
    if (side_by_side) {
      if (ImGui::BeginTable("cnn-trainer", 2, ImGuiTableFlags_BordersInnerV)) {
        ImGui::TableSetupColumn(tr("controls"), ImGuiTableColumnFlags_WidthFixed, controls_width);
        ImGui::TableSetupColumn(tr("curves"), ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        draw_controls(ready, true);
        ImGui::TableNextColumn();
        draw_curves(frame.content_width - controls_width);
        ImGui::EndTable();
      }
    } else {
      // One column: the curves right under the session's line (epoch, step, speed), then
      // the progress and its buttons, then the settings, so that a maximised panel at a
      // projector shows the training before its sliders.
      if (o_.curves) draw_curves(frame.content_width);
      if (o_.controls && ready) draw_progress();
      if (o_.controls) draw_controls(ready, false);
      else if (o_.curves) draw_live_settings(ready);
    }
    if (o_.preview) draw_preview(frame.content_width);
    ImGui::PopTextWrapPos();
    log_progress(frame);
    ImGui::PopID();
  }

 private:
  // Below this many font sizes (ems) of panel width, the curves go under the controls.
  static constexpr float kSideBySideEm = 44.0f;

  // ---- controls ---------------------------------------------------------------------

  // with_progress: false where the one-column layout has drawn the progress above the curves.
  void draw_controls(bool ready, bool with_progress) {
    ImGui::PushItemWidth(-ImGui::CalcTextSize((std::string(tr("learning rate")) + " ").c_str()).x);
    draw_backend_choice();
    draw_data_choice();
    ImGui::Separator();
    draw_live_settings(ready);
    if (ready && with_progress) draw_progress();
    ImGui::Separator();
    draw_weights(ready);
    ImGui::PopItemWidth();
  }

  void draw_backend_choice() {
    const bool on_gpu = shared_->backend() == cnn::Backend::kGpu;
    if (auto clicked = draw_device_choice(on_gpu ? ComputeDevice::kGpu : ComputeDevice::kCpu))
      shared_->set_backend(*clicked == ComputeDevice::kGpu ? BackendChoice::kGpu : BackendChoice::kCpu);
  }

  void draw_data_choice() {
    const cnn_ui::DataRequest& data = shared_->config().data;
    ImGui::AlignTextToFramePadding();  // level with the radio buttons, as "Train on:" is
    ImGui::TextUnformatted(tr("Data:"));
    same_line_if_fits(check_width(tr("digits")));
    if (ImGui::RadioButton(tr_id("digits").c_str(), data.choice == DataChoice::kDigits))
      shared_->set_data({DataChoice::kDigits, ""});
    same_line_if_fits(check_width(tr("clothes")));
    if (ImGui::RadioButton(tr_id("clothes").c_str(), data.choice == DataChoice::kFashion))
      shared_->set_data({DataChoice::kFashion, ""});
    same_line_if_fits(check_width(tr("your images")));
    if (ImGui::RadioButton(tr_id("your images").c_str(), data.choice == DataChoice::kFolder)) {
      shared_->set_data({DataChoice::kFolder, folder_buffer_});
      o_.preview = true;
    }
    if (data.choice != DataChoice::kFolder) return;
    ImGui::InputText(tr_id("folder").c_str(), folder_buffer_, sizeof folder_buffer_);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("one sub-folder per class (at most 10), PNG or JPEG images of any size in each;\nor "
                                 "the four IDX files of the official MNIST (train-images-idx3-ubyte, ...)"));
    if (ImGui::Button(tr_id("Use this folder").c_str())) {
      if (std::string(folder_buffer_) == data.folder) shared_->reload();
      else shared_->set_data({DataChoice::kFolder, folder_buffer_});
    }
    same_line_if_fits(button_width(tr("Open...")));
    if (std::string chosen; folder_dialog_.draw("folder", PickWhat::kFolder, folder_buffer_, &chosen)) {
      std::snprintf(folder_buffer_, sizeof folder_buffer_, "%s", chosen.c_str());
      shared_->set_data({DataChoice::kFolder, folder_buffer_});
    }
    same_line_if_fits(button_width(tr("Make an example folder")));
    if (ImGui::Button(tr_id("Make an example folder").c_str())) make_example_folder();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s",
                        tr("writes 30 test digits of each class into the folder above, as dark ink on white paper"));
    if (!example_message_.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, example_ok_ ? palette().muted_text : palette().error);
      wrapped_text_unformatted(example_message_);
      ImGui::PopStyleColor();
    }
  }

  Status make_example_folder() {
    std::shared_ptr<const cnn::DatasetPair> digits;
    Status s = cnn_ui::load_data({DataChoice::kDigits, ""}, &digits);
    int written = 0;
    if (s) s = cnn_ui::write_example_folder(digits->test, folder_buffer_, 30, &written);
    example_ok_ = s.is_ok();
    example_message_ = s ? fill(tr("wrote {0} images into {1}: add your own beside them, or replace them"),
                                {std::to_string(written), folder_buffer_})
                         : translated(s);
    if (s) shared_->set_data({DataChoice::kFolder, folder_buffer_});
    if (s && shared_->config().data.folder == folder_buffer_) shared_->reload();
    return s;
  }

  // Batch size and learning rate: applied when the slider is let go (one command per
  // change, not one per pixel dragged), while training runs.
  void draw_live_settings(bool ready) {
    if (!ready) return;
    const cnn::SessionSnapshot& snap = shared_->snapshot();
    if (!batch_editing_) batch_ = snap.batch_size;
    // Each slider with its label on one line within the column: no wider than what the
    // label leaves.
    const auto slider_width = [](const char* label) {
      return std::min(12.0f * ImGui::GetFontSize(), ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(label).x -
                                                        ImGui::GetStyle().ItemInnerSpacing.x - 2.0f);
    };
    ImGui::SetNextItemWidth(slider_width(tr("batch size")));
    ImGui::SliderInt(tr_id("batch size").c_str(), &batch_, 1, cnn::kMaxBatch, "%d", ImGuiSliderFlags_Logarithmic);
    batch_editing_ = ImGui::IsItemActive();
    if (ImGui::IsItemDeactivatedAfterEdit()) shared_->set_batch(std::clamp(batch_, 1, cnn::kMaxBatch));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("images per training step (Ctrl+click to type a value)"));
    if (!lr_editing_) lr_ = snap.learning_rate;
    ImGui::SetNextItemWidth(slider_width(tr("learning rate")));
    ImGui::SliderFloat(tr_id("learning rate").c_str(), &lr_, 1e-5f, 1e-1f, "%.5f", ImGuiSliderFlags_Logarithmic);
    lr_editing_ = ImGui::IsItemActive();
    if (ImGui::IsItemDeactivatedAfterEdit()) shared_->set_learning_rate(std::clamp(lr_, 1e-6f, 0.5f));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Adam's step size; 0.001 is the usual choice"));
    bool augment = shared_->config().augment;
    if (ImGui::Checkbox(tr_id("augment").c_str(), &augment)) shared_->set_augment(augment);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("each training image is rotated and shifted at random inside the training step; "
                                 "testing sees the images as they are"));
    // What augmenting does, after the box while it fits, wrapped under it where not (a
    // checkbox's label is never wrapped, so a long one was cut at the column's edge).
    const char* what = tr("(rotate up to 12 degrees, shift up to 2 pixels)");
    same_line_if_fits(text_width(what));
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    ImGui::TextWrapped("%s", what);
    ImGui::PopStyleColor();
  }

  // Joules per epoch from the app's vitals sampler (app/vitals/epoch_energy.h).
  void draw_epoch_energy(const cnn::SessionSnapshot& snap) {
    const vitals::VitalsSampler* sampler = app_vitals().sampler;
    if (!sampler) return;
    epoch_energy_.observe(sampler->now_s(), snap.progress, snap.state == cnn::SessionSnapshot::State::kRunning);
    if (const std::string text = epoch_energy_text(epoch_energy_, *sampler, shared_->backend()); !text.empty())
      wrapped_text_unformatted(text);
  }

  void draw_progress() {
    const cnn::SessionSnapshot& snap = shared_->snapshot();
    const cnn::TrainProgress& p = snap.progress;
    const float fraction = p.epoch_size > 0 ? static_cast<float>(p.epoch_position) / p.epoch_size : 0.0f;
    const std::string overlay =
        fill(tr("epoch {0}: {1} of {2} images"),
             {std::to_string(p.epochs_completed + 1), with_commas(p.epoch_position), with_commas(p.epoch_size)});
    ImGui::ProgressBar(fraction, ImVec2(-1, 0), overlay.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, cnn_ui::backend_colour(shared_->backend()));
    ImGui::TextUnformatted(fill(tr("{0} images per second"), {with_commas(snap.images_per_second)}).c_str());
    ImGui::PopStyleColor();
    draw_epoch_energy(snap);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetColorU32(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", fill(tr_n("{0} step, {1} images seen; {2}", "{0} steps, {1} images seen; {2}",
                                       static_cast<unsigned long>(p.steps)),
                                  {with_commas(static_cast<double>(p.steps)),
                                   with_commas(static_cast<double>(p.images_seen)), translated(snap.data_name)})
                                 .c_str());
    ImGui::PopStyleColor();
    if (ImGui::Button(tr_id("Evaluate on the test set").c_str())) shared_->evaluate();
    const std::string label = fill(tr_n("Train {0} epoch", "Train {0} epochs", static_cast<unsigned long>(o_.epochs)),
                                   {std::to_string(o_.epochs)}) +
                              "###train";
    same_line_if_fits(button_width(label.c_str()));
    if (ImGui::Button(label.c_str())) shared_->train_epochs(o_.epochs);
    if (!snap.message.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, snap.message_is_error ? palette().error : palette().muted_text);
      wrapped_text_unformatted(translated(snap.message));
      ImGui::PopStyleColor();
    }
  }

  void draw_weights(bool ready) {
    ImGui::InputText(tr_id("weights").c_str(), weights_buffer_, sizeof weights_buffer_);
    same_line_if_fits(button_width(tr("Open...")));
    if (std::string chosen; weights_dialog_.draw("weights", PickWhat::kFile, weights_buffer_, &chosen))
      std::snprintf(weights_buffer_, sizeof weights_buffer_, "%s", chosen.c_str());  // then Save or Load
    ImGui::BeginDisabled(!ready);
    if (ImGui::Button(tr_id("Save weights").c_str())) shared_->save_weights(weights_buffer_);
    same_line_if_fits(button_width(tr("Load weights")));
    if (ImGui::Button(tr_id("Load weights").c_str())) shared_->load_weights(weights_buffer_);
    ImGui::EndDisabled();
  }

  // ---- curves and preview -----------------------------------------------------------

  void draw_curves(float width) {
    const cnn::SessionSnapshot& snap = shared_->snapshot();
    const unsigned colour = cnn_ui::backend_colour(shared_->backend());
    const float w = std::max(200.0f, width - 2.0f * ImGui::GetStyle().CellPadding.x - 4.0f);
    // Side by side where each keeps a readable width; no taller than about a third of
    // the screen, so that both stay in view on a short projector with large text.
    const bool side_by_side = w > 540.0f * scale_;
    const float h = std::min(std::clamp(w * (side_by_side ? 0.2f : 0.32f), 150.0f * scale_, 300.0f * scale_),
                             std::max(120.0f * scale_, 0.33f * ImGui::GetMainViewport()->Size.y));
    if (side_by_side) {
      loss_view_.draw("loss", cnn_ui::loss_chart(snap, colour), ImVec2(w * 0.5f - 4.0f, h), scale_);
      ImGui::SameLine();
      accuracy_view_.draw("accuracy", cnn_ui::accuracy_chart(snap, colour), ImVec2(w * 0.5f - 4.0f, h), scale_);
    } else {
      loss_view_.draw("loss", cnn_ui::loss_chart(snap, colour), ImVec2(w, h), scale_);
      accuracy_view_.draw("accuracy", cnn_ui::accuracy_chart(snap, colour), ImVec2(w, h), scale_);
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetColorU32(ImGuiCol_TextDisabled));
    wrapped_text_unformatted(fill(tr("Faint line: the batches being trained on (noisy). Dots: the {0} held-out test "
                                     "images, after each epoch."),
                                  {shared_->data() ? with_commas(shared_->data()->test.count).c_str() : ""})
                                 );
    ImGui::PopStyleColor();
  }

  // What the network sees: the first training images of each class, 28x28 grey.
  void draw_preview(float width) {
    auto data = shared_->data();
    // After a failed change of data set the old images would be shown under the new name.
    if (!data || shared_->phase() == SharedSession::Phase::kFailed) return;
    if (data.get() != preview_data_) {
      preview_data_ = data.get();
      preview_rows_.assign(data->train.class_names.size(), {});
      std::vector<const std::uint8_t*> images;
      for (int i = 0; i < data->train.count; ++i) {
        std::vector<int>& row = preview_rows_[data->train.labels[i]];
        if (static_cast<int>(row.size()) >= kPreviewPerClass) continue;
        row.push_back(static_cast<int>(images.size()));
        images.push_back(data->train.image(i));
      }
      if (Status s = preview_.set(images); !s) preview_error_ = translated(s);
    }
    ImGui::Spacing();
    ImGui::TextWrapped(
        "%s", fill(tr("What the network sees: {0}, turned into 28 x 28 grey ({1} training and {2} test images)"),
                   {translated(data->train.name), with_commas(data->train.count), with_commas(data->test.count)})
                  .c_str());
    if (!preview_error_.empty()) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().error), "%s", preview_error_.c_str());
    const float label_width = 150.0f * scale_;
    const float side = std::clamp((width - label_width) / kPreviewPerClass - 4.0f * scale_, 24.0f, 56.0f * scale_);
    for (std::size_t c = 0; c < preview_rows_.size(); ++c) {
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(data->train.class_names[c].c_str());
      ImGui::SameLine(label_width);
      for (std::size_t k = 0; k < preview_rows_[c].size(); ++k) {
        if (k > 0) ImGui::SameLine(0, 3.0f * scale_);
        preview_.draw(preview_rows_[c][k], side);
      }
      if (preview_rows_[c].empty()) ImGui::TextDisabled("%s", tr("(no training images)"));
    }
  }

  // Headless runs (scripts, the GPU server) log the speed, for the record, and when the
  // training stops, how often the UI drew while it ran: the interval between frames, what
  // the teacher's clicks wait for (tests/app/cnn_cpu_frames.script, 33 ms is the aim on a
  // 2-core computer while its CPU trains).
  void log_progress(const FrameContext& frame) {
    frame_ms_ = frame_ms_ == 0.0 ? frame.delta_seconds * 1000.0 : 0.95 * frame_ms_ + 0.05 * frame.delta_seconds * 1000.0;
    if (!frame.headless) return;
    if (!shared_->running()) {
      if (!training_frame_ms_.empty()) log_training_frames();
      return;
    }
    // The first frame's interval began before the training did.
    if (std::exchange(was_running_, true)) training_frame_ms_.push_back(frame.delta_seconds * 1000.0);
    const double now = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    if (now - last_log_ < kLogEverySeconds) return;
    last_log_ = now;
    const cnn::SessionSnapshot& snap = shared_->snapshot();
    std::fprintf(stderr, "cnn-trainer[%s]: %s, batch %d: %.0f images/s while the UI draws at %.2f ms a frame; epoch %d, test accuracy %s\n",
                 shared_->name().c_str(), snap.trainer_name.c_str(), snap.batch_size, snap.images_per_second, frame_ms_,
                 snap.progress.epochs_completed + 1,
                 snap.test_accuracy.empty() ? "-" : (std::to_string(100.0 * snap.test_accuracy.back().value) + "%").c_str());
  }

  void log_training_frames() {
    std::vector<double> samples = std::exchange(training_frame_ms_, {});
    was_running_ = false;
    const long over_33 = std::count_if(samples.begin(), samples.end(), [](double ms) { return ms > 1000.0 / 30; });
    const TimingStats frames = TimingStats::from_samples(std::move(samples));
    // The log stays English with a decimal point, whatever the interface's language.
    std::fprintf(stderr, "cnn-trainer[%s]: UI while training: %d frames, one every %.1f ms (median), p90 %.1f ms, "
                 "worst %.1f ms; %ld over 33.3 ms\n", shared_->name().c_str(), frames.repeats, frames.median_ms,
                 frames.p90_ms, frames.max_ms, over_33);
  }

  TrainerSettings o_;
  std::shared_ptr<SharedSession> shared_;
  float scale_ = 1.0f;
  char folder_buffer_[1024] = {};
  char weights_buffer_[1024] = {};
  OpenButton folder_dialog_, weights_dialog_;
  std::string example_message_;
  bool example_ok_ = true;
  int batch_ = cnn::kDefaultBatch;
  bool batch_editing_ = false;
  float lr_ = cnn::AdamConfig{}.learning_rate;
  bool lr_editing_ = false;
  plot::PlotView loss_view_, accuracy_view_;
  EpochEnergy epoch_energy_;
  cnn_ui::ThumbnailAtlas preview_;
  const cnn::DatasetPair* preview_data_ = nullptr;
  std::vector<std::vector<int>> preview_rows_;
  std::string preview_error_;
  double frame_ms_ = 0.0;
  double last_log_ = 0.0;
  bool was_running_ = false;
  std::vector<double> training_frame_ms_;  // headless: each frame's interval while training
};

}  // namespace

const PanelType& cnn_trainer_panel_type() {
  static const PanelType type = {
      "cnn-trainer",
      N_("the MNIST CNN training live on the CPU or GPU: train, pause, step, reset, batch size, learning rate, data "
      "set, curves"),
      trainer_fields().table(),
      CnnTrainerPanel::buttons().specs(),
      [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
        TrainerSettings o = with_defaults(trainer_fields().options(p));
        o.preview = o.preview || o.train.data.choice == DataChoice::kFolder;
        auto shared = SharedSession::get(o.session, o.train);
        // A session other panels made first: this panel's explicit choices still apply.
        TrainerSettings wanted = o;
        wanted.train = shared->config();
        trainer_fields().apply_given(p, &wanted);
        push_to_session(*shared, with_defaults(std::move(wanted)).train);
        return std::make_unique<CnnTrainerPanel>(std::move(o), std::move(shared));
      },
      {"train", "pause"},
      {{"accuracy", "%", "test accuracy after the first whole epoch or more"}}};
  return type;
}

}  // namespace whygpu::app
