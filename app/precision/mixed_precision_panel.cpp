// "Mixed precision on Tensor Cores": the MNIST CNN (at width x1, x4 or x16) trained in
// FP32, TF32, BF16 and FP16 one after another on this GPU, images per second and test
// accuracy side by side; beside it, what each format keeps of a number the student types
// and why FP16 needs loss scaling. Without a GPU the race is the recorded run
// (assets/reference/precision.json), labelled; the format picture is always live.
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>

#include "app/cnn/background_work.h"
#include "app/cnn/cnn_data.h"
#include "app/files/file_locations.h"
#include "app/i18n/number_text.h"
#include "app/i18n/recorded_label.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_registry.h"
#include "app/precision/format_picture.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/precision/mixed_trainer.h"
#include "compute/precision/precision_recording.h"

namespace whygpu::app {
namespace {

using precision::Precision;

constexpr int kBatch = 64;
constexpr int kTimedSteps = 100;

// One lane of the race.
struct Lane {
  Precision precision = Precision::fp32;
  double images_per_s = 0.0;
  double accuracy = 0.0;
  double train_seconds = 0.0;
  int skipped_steps = 0;
};

ImU32 lane_colour(Precision p) {
  switch (p) {
    case Precision::fp32: return IM_COL32(70, 150, 235, 255);
    case Precision::tf32: return IM_COL32(130, 110, 240, 255);
    case Precision::bf16: return IM_COL32(235, 80, 160, 255);
    case Precision::fp16: return IM_COL32(200, 90, 220, 255);
  }
  return IM_COL32(200, 200, 200, 255);
}

class MixedPrecisionPanel final : public Panel {
 public:
  explicit MixedPrecisionPanel(const PanelParams& params)
      : width_(std::stoi(params.text("width"))),
        epochs_(params.whole_as<int>("epochs")),
        value_(params.number_as<float>("value")),
        gradient_(params.number_as<float>("gradient")) {
    if (!gpu_info().available) {
      const Status s = precision::load_precision_recording(
          shipped_path(precision::kPrecisionRecordingPath), &recording_);
      if (s) has_recording_ = true;
      else recording_error_ = s.message();
    }
  }

  void draw(const FrameContext& frame) override {
    const float scale = frame.font_scale;
    draw_controls();
    draw_race(scale);
    ImGui::Separator();
    ImGui::TextUnformatted(tr("What each format keeps of a number:"));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    ImGui::InputFloat(tr_id("a value").c_str(), &value_, 0.0f, 0.0f, "%g");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    ImGui::InputFloat(tr_id("a small gradient").c_str(), &gradient_, 0.0f, 0.0f, "%g");
    draw_format_picture(value_, gradient_, scale);
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    if (key == "value") value_ = static_cast<float>(value.number);
    else if (key == "gradient") gradient_ = static_cast<float>(value.number);
    else if (work_.busy()) return Status::error("cannot change " + key + " while the race runs");
    else if (key == "width") width_ = std::stoi(value.text);
    else if (key == "epochs") epochs_ = static_cast<int>(value.whole);
    return Status::ok();
  }

  Status press(const std::string& button) override {
    if (button == "cancel") {
      work_.cancel();
      return Status::ok();
    }
    if (button != "race") return Panel::press(button);
    if (Status s = require_gpu(); !s)
      return Status::error("the race trains on an NVIDIA GPU, and there is none here (" + s.message() +
                           "): the bars show the recorded run");
    {
      std::lock_guard<std::mutex> lock(mutex_);
      lanes_.clear();
      status_ = "loading the digits";
      raced_width_ = width_;
    }
    const int width = width_, epochs = epochs_;
    return work_.start([this, width, epochs](const std::atomic<bool>* cancel) { return race(width, epochs, cancel); });
  }

  bool busy() const override { return work_.busy(); }

  bool result(const std::string& name, PanelResult* out) const override {
    if (name != "speedup" || work_.busy()) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    const std::vector<Lane> lanes = shown_lanes();
    const Lane *fp32 = nullptr, *bf16 = nullptr;
    for (const Lane& l : lanes) {
      if (l.precision == Precision::fp32) fp32 = &l;
      if (l.precision == Precision::bf16) bf16 = &l;
    }
    if (!fp32 || !bf16 || !(fp32->images_per_s > 0)) return false;
    out->value = bf16->images_per_s / fp32->images_per_s;
    char text[200];
    std::snprintf(
        text, sizeof text, "BF16 ran %.2f times the FP32 rate at width x%d, %s", out->value, shown_width(),
        lanes_.empty() ? ("on the recorded machine (" + recording_.run.gpu_name + ")").c_str() : tr("on this GPU"));
    out->text = text;
    return true;
  }

 private:
  // Trains each precision from the same seed for the same epochs, then times its steps.
  Status race(int width, int epochs, const std::atomic<bool>* cancel) {
    std::shared_ptr<const cnn::DatasetPair> data;
    if (Status s = cnn_ui::load_data(cnn_ui::DataRequest{}, &data); !s) return s;
    for (Precision p : precision::kAllPrecisions) {
      if (cancel->load()) return Status::error(tr("cancelled"));
      set_status(std::string("training in ") + precision::format_info(p).label);
      precision::MixedOptions options;
      options.width = width;
      options.precision = p;
      options.batch_size = kBatch;
      std::unique_ptr<precision::MixedTrainer> trainer;
      if (Status s = precision::create_mixed_trainer(options, &trainer); !s) return s;
      if (Status s = trainer->set_training_data(data->train); !s) return s;
      Lane lane;
      lane.precision = p;
      const int steps_per_epoch = data->train.count / kBatch;
      const auto start = std::chrono::steady_clock::now();
      for (int e = 0; e < epochs; ++e) {
        if (cancel->load()) return Status::error(tr("cancelled"));
        trainer->set_learning_rate(static_cast<float>(2e-3 * std::pow(0.5, e)));  // bench cnn's recipe
        if (Status s = trainer->train(steps_per_epoch, nullptr); !s) return s;
      }
      lane.train_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      cnn::Evaluation eval;
      if (Status s = trainer->evaluate(data->test, &eval); !s) return s;
      lane.accuracy = eval.accuracy;
      precision::LossScaleState scale;
      if (Status s = trainer->loss_scale(&scale); !s) return s;
      lane.skipped_steps = scale.skipped_steps;
      set_status(std::string("timing ") + precision::format_info(p).label);
      cnn::StepTiming timing;
      if (Status s = trainer->time_steps(20, kTimedSteps, &timing); !s) return s;
      lane.images_per_s = kBatch * 1e3 / timing.median_ms;
      std::lock_guard<std::mutex> lock(mutex_);
      lanes_.push_back(lane);
    }
    set_status("");
    return Status::ok();
  }

  void set_status(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    status_ = text;
  }

  // Live lanes when this GPU raced, else the recording's for the chosen width. Under mutex_.
  std::vector<Lane> shown_lanes() const {
    if (!lanes_.empty() || gpu_info().available) return lanes_;
    std::vector<Lane> lanes;
    if (!has_recording_) return lanes;
    for (Precision p : precision::kAllPrecisions) {
      const precision::PrecisionTiming* t = precision::find_timing(recording_, p, width_);
      if (!t) continue;
      Lane lane;
      lane.precision = p;
      lane.images_per_s = t->images_per_s();
      lane.accuracy = precision::mean_accuracy(recording_, p, width_);
      lanes.push_back(lane);
    }
    return lanes;
  }
  int shown_width() const { return lanes_.empty() ? width_ : raced_width_; }

  void draw_controls() {
    const bool busy = work_.busy();
    ImGui::BeginDisabled(busy);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Channels:"));
    for (int w : precision::kPanelWidths) {
      ImGui::SameLine();
      char label[16];
      std::snprintf(label, sizeof label, "x%d", w);
      if (ImGui::RadioButton(label, width_ == w)) width_ = w;
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
    ImGui::InputInt(tr_id("epochs").c_str(), &epochs_);
    epochs_ = std::clamp(epochs_, 1, 20);
    ImGui::EndDisabled();
    if (ImGui::GetContentRegionAvail().x > 40.0f * ImGui::GetFontSize()) ImGui::SameLine();
    if (!busy) {
      ImGui::BeginDisabled(!gpu_info().available);
      if (ImGui::Button(tr_id("Race the precisions").c_str())) (void)press("race");
      ImGui::EndDisabled();
    } else if (ImGui::Button(tr_id("Cancel").c_str())) {
      work_.cancel();
    }
    draw_shape_note();
  }

  void draw_shape_note() const {
    precision::WideShape shape;
    if (!precision::wide_shape(width_, &shape)) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetColorU32(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", fill(tr("{0}; {1} GFLOP of matrix arithmetic per training step of {2} images"),
                                  {shape.describe(), decimal_text(shape.step_flop_per_image() * kBatch * 1e-9, 2),
                                   std::to_string(kBatch)})
                                 .c_str());
    ImGui::PopStyleColor();
  }

  void draw_race(float scale) {
    std::lock_guard<std::mutex> lock(mutex_);
    const std::vector<Lane> lanes = shown_lanes();
    const bool recorded = lanes_.empty() && !lanes.empty();
    if (recorded) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      ImGui::TextWrapped("%s", fill(tr("No NVIDIA GPU here: {0}. Width x{1}."),
                                    {recorded_label(recording_.run, true), std::to_string(width_)})
                                   .c_str());
      ImGui::PopStyleColor();
    } else if (lanes.empty()) {
      if (!gpu_info().available)
        ImGui::TextWrapped("%s", fill(tr("No NVIDIA GPU here, and no recorded race to show ({0})."),
                                      {has_recording_ ? tr("none at this width") : recording_error_})
                                     .c_str());
      else if (!work_.busy())
        ImGui::TextWrapped("%s", fill(tr_n("Press “Race the precisions”: each format trains the same network from the same "
                                           "weights on the same batches for {0} epoch, then its steps are timed.",
                                           "Press “Race the precisions”: each format trains the same network from the same "
                                           "weights on the same batches for {0} epochs, then its steps are timed.",
                                           static_cast<unsigned long>(epochs_)),
                                      {std::to_string(epochs_)})
                                     .c_str());
    }
    if (work_.busy()) ImGui::TextDisabled("%s...", status_.c_str());
    if (!work_.error().empty()) ImGui::TextColored(ImColor(palette().error), "%s", work_.error().c_str());
    if (lanes.empty()) return;
    double fastest = 0;
    for (const Lane& l : lanes) fastest = std::max(fastest, l.images_per_s);
    const double fp32_rate = lanes.front().precision == Precision::fp32 ? lanes.front().images_per_s : 0.0;
    const float bar_width = ImGui::GetContentRegionAvail().x - 120.0f * scale;
    ImGui::TextUnformatted(tr("Training images per second (longer is faster):"));
    for (const Lane& l : lanes) {
      char overlay[96];
      if (fp32_rate > 0)
        std::snprintf(overlay, sizeof overlay, "%.0f images/s (%.2fx FP32)", l.images_per_s, l.images_per_s / fp32_rate);
      else
        std::snprintf(overlay, sizeof overlay, "%.0f images/s", l.images_per_s);
      ImGui::TextUnformatted(precision::format_info(l.precision).key);
      ImGui::SameLine(60.0f * scale);
      ImGui::PushStyleColor(ImGuiCol_PlotHistogram, lane_colour(l.precision));
      ImGui::ProgressBar(static_cast<float>(l.images_per_s / fastest), ImVec2(bar_width, 0), overlay);
      ImGui::PopStyleColor();
    }
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("Test accuracy after the same epochs (2,000 held-out digits):"));
    for (const Lane& l : lanes) {
      char overlay[96];
      if (std::isnan(l.accuracy)) std::snprintf(overlay, sizeof overlay, "not recorded");
      else std::snprintf(overlay, sizeof overlay, "%.2f%%", 100 * l.accuracy);
      ImGui::TextUnformatted(precision::format_info(l.precision).key);
      ImGui::SameLine(60.0f * scale);
      ImGui::PushStyleColor(ImGuiCol_PlotHistogram, lane_colour(l.precision));
      // From 90% to 100%, so that differences of a fraction of a point show.
      const float fraction = std::isnan(l.accuracy) ? 0.0f : static_cast<float>(std::clamp((l.accuracy - 0.9) / 0.1, 0.0, 1.0));
      ImGui::ProgressBar(fraction, ImVec2(bar_width, 0), overlay);
      ImGui::PopStyleColor();
    }
    ImGui::TextDisabled(
        "%s", recorded ? tr("accuracy bars run from 90% to 100%; mean over the recorded seeds")
                       : tr("accuracy bars run from 90% to 100%"));
  }

  int width_;
  int epochs_;
  float value_;
  float gradient_;
  int raced_width_ = 1;
  precision::PrecisionRecording recording_;
  bool has_recording_ = false;
  std::string recording_error_;
  mutable std::mutex mutex_;
  std::vector<Lane> lanes_;  // guarded by mutex_
  std::string status_;       // guarded by mutex_
  BackgroundWork work_;
};

}  // namespace

const PanelType& mixed_precision_panel_type() {
  static const PanelType type = {
      "mixed-precision",
      "The CNN trained in FP32, TF32, BF16 and FP16 on the GPU: images per second and accuracy; what each format keeps",
      {
          choice_param("width", "1", {"1", "4", "16"}, "channels of the convolutions: x1 (32/64/64), x4 or x16"),
          whole_param("epochs", 2, 1, 20, "epochs each format trains in the race"),
          number_param("value", 0.1, -1e30, 1e30, "the number the format picture rounds into each format"),
          number_param("gradient", 1e-8, 1e-30, 1.0, "the small gradient of the loss-scaling example"),
      },
      {{"race", "train and time each precision in turn (needs an NVIDIA GPU)"}, {"cancel", "stop the race"}},
      [](const PanelParams& params, std::string*) -> std::unique_ptr<Panel> {
        return std::make_unique<MixedPrecisionPanel>(params);
      },
      {"race", "cancel"},
      {{"speedup", "times", "BF16's training images per second over FP32's, at the chosen width"}}};
  return type;
}

}  // namespace whygpu::app
