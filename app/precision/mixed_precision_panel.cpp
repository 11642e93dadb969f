// "Mixed precision on Tensor Cores": the MNIST CNN (at width x1, x4 or x16) trained in
// FP32, TF32, BF16 and FP16 one after another on this GPU, images per second and test
// accuracy side by side; beside it, what each format keeps of a number the student types
// and why FP16 needs loss scaling. Without a GPU the race is the recorded run
// (assets/reference/precision.json), labelled; the format picture is always live.
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <memory>
#include <mutex>

#include "app/cnn/background_work.h"
#include "app/cnn/cnn_data.h"
#include "app/files/figure_source.h"
#include "app/files/recorded_file.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/precision/format_picture.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"
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

// The race as shown: its lanes, the width they trained at and where they come from.
struct ShownRace {
  std::vector<Lane> lanes;
  int width = 1;
  FigureSource source = FigureSource::this_computer();
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

// The race's width and length, and the numbers the format picture rounds.
struct PrecisionChoice {
  int width = 1;   // channels of the convolutions: x1, x4 or x16
  int epochs = 2;  // each format trains this many in the race
  float value = 0.1f;
  float gradient = 1e-8f;
};

// The panel's parameters, declared once: the lesson's and a script's `set`.
const PanelFields<PrecisionChoice>& precision_fields() {
  using C = PrecisionChoice;
  static const PanelFields<C> fields{{
      choice_field<C>(
          "width", {"1", "4", "16"}, "1", [](C& c, const std::string& v) { c.width = std::stoi(v); },
          "channels of the convolutions: x1 (32/64/64), x4 or x16"),
      whole_field("epochs", &C::epochs, 1, 20, "epochs each format trains in the race"),
      number_field("value", &C::value, -1e30, 1e30, "the number the format picture rounds into each format"),
      number_field("gradient", &C::gradient, 1e-30, 1.0, "the small gradient of the loss-scaling example"),
  }};
  return fields;
}

class MixedPrecisionPanel final : public Panel {
 public:
  explicit MixedPrecisionPanel(const PanelParams& params)
      : c_(precision_fields().options(params)) {
    if (!gpu_info().available)
      recording_ = recorded_file<precision::PrecisionRecording>(precision::kPrecisionRecordingPath,
                                                                precision::kPrecisionRecording, &recording_error_);
  }

  void draw(const FrameContext& frame) override {
    const float scale = frame.font_scale;
    // The race's bars first (what the class predicted), then what starts it, then the
    // picture of what each format keeps.
    draw_race();
    draw_controls();
    ImGui::Separator();
    wrapped_text_unformatted(tr("What each format keeps of a number:"));
    const float field = ImGui::GetFontSize() * 10;
    ImGui::SetNextItemWidth(field);
    ImGui::InputFloat(tr_id("a value").c_str(), &c_.value, 0.0f, 0.0f, "%g");
    same_line_if_fits(labelled_width(field, tr("a small gradient")));
    ImGui::SetNextItemWidth(field);
    ImGui::InputFloat(tr_id("a small gradient").c_str(), &c_.gradient, 0.0f, 0.0f, "%g");
    draw_format_picture(c_.value, c_.gradient, scale);
  }

  // The picture's numbers change at any time; the race's width and length not while it runs.
  Status set_param(const std::string& key, const ParamValue& value) override {
    PrecisionChoice wanted = c_;
    if (Status s = precision_fields().set(key, value, &wanted); !s) return s;
    if (work_.busy() && (wanted.width != c_.width || wanted.epochs != c_.epochs))
      return Status::error(fill(tr("cannot change {0} while the race runs"), {key}));
    c_ = wanted;
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<MixedPrecisionPanel>& buttons() {
    using P = MixedPrecisionPanel;
    static const PanelButtons<P> table{
        {"race", "train and time each precision in turn (needs an NVIDIA GPU)", [](P& p) { return p.start_race(); }},
        {"cancel", "stop the race", [](P& p) { p.work_.cancel(); }},
    };
    return table;
  }

  // Trains and times each precision in turn on a worker thread.
  Status start_race() {
    if (Status s = require_gpu(); !s)
      return Status::error(
          fill(tr("the race trains on an NVIDIA GPU, and there is none here ({0}): the bars show the recorded run"),
               {translated(s)}));
    {
      std::lock_guard<std::mutex> lock(mutex_);
      lanes_.clear();
      status_ = tr("loading the digits");
      raced_width_ = c_.width;
    }
    const int width = c_.width, epochs = c_.epochs;
    return work_.start([this, width, epochs](const std::atomic<bool>* cancel) { return race(width, epochs, cancel); });
  }

  bool busy() const override { return work_.busy(); }

  bool result(const std::string& name, PanelResult* out) const override {
    if (name != "speedup" || work_.busy()) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    const ShownRace race = shown_race();
    const Lane *fp32 = nullptr, *bf16 = nullptr;
    for (const Lane& l : race.lanes) {
      if (l.precision == Precision::fp32) fp32 = &l;
      if (l.precision == Precision::bf16) bf16 = &l;
    }
    if (!fp32 || !bf16 || !(fp32->images_per_s > 0)) return false;
    out->value = bf16->images_per_s / fp32->images_per_s;
    out->text = fill(tr("BF16 ran {0} times the FP32 rate at width x{1}, {2}"),
                     {decimal_text(out->value, 2), std::to_string(race.width), race.source.where()});
    return true;
  }

 private:
  // Trains each precision from the same seed for the same epochs, then times its steps.
  Status race(int width, int epochs, const std::atomic<bool>* cancel) {
    std::shared_ptr<const cnn::DatasetPair> data;
    if (Status s = cnn_ui::load_data(cnn_ui::DataRequest{}, &data); !s) return s;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      raced_epochs_ = epochs;
      raced_test_images_ = data->test.count;
    }
    for (Precision p : precision::kAllPrecisions) {
      if (cancel->load()) return cancelled_status();
      set_status(fill(tr("training in {0}"), {tr(precision::format_info(p).label)}));
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
        if (cancel->load()) return cancelled_status();
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
      set_status(fill(tr("timing {0}"), {tr(precision::format_info(p).label)}));
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

  // The race shown, decided here for the bars, the sentences and the result alike: this
  // GPU's lanes once it raced (none yet on a computer that can race), else the recording's
  // at the chosen width; none without either. Under mutex_.
  ShownRace shown_race() const {
    if (!lanes_.empty() || gpu_info().available)
      return {lanes_, lanes_.empty() ? c_.width : raced_width_, FigureSource::this_computer()};
    ShownRace race;
    race.width = c_.width;
    if (!recording_) return race;
    for (Precision p : precision::kAllPrecisions) {
      const precision::PrecisionTiming* t = precision::find_timing(*recording_, p, c_.width);
      if (!t) continue;
      Lane lane;
      lane.precision = p;
      lane.images_per_s = t->images_per_s();
      lane.accuracy = precision::mean_accuracy(*recording_, p, c_.width);
      race.lanes.push_back(lane);
    }
    if (!race.lanes.empty()) race.source = FigureSource::recorded(recording_->run);
    return race;
  }

  void draw_controls() {
    const bool busy = work_.busy();
    ImGui::BeginDisabled(busy);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Channels:"));
    for (int w : precision::kPanelWidths) {
      const std::string label = "x" + std::to_string(w);
      same_line_if_fits(check_width(label.c_str()));
      if (ImGui::RadioButton(label.c_str(), c_.width == w)) c_.width = w;
    }
    const float field = ImGui::GetFontSize() * 5;
    same_line_if_fits(labelled_width(field, tr("epochs")));
    ImGui::SetNextItemWidth(field);
    ImGui::InputInt(tr_id("epochs").c_str(), &c_.epochs);
    c_.epochs = std::clamp(c_.epochs, 1, 20);
    ImGui::EndDisabled();
    if (!busy) {
      same_line_if_fits(button_width(tr("Race the precisions")));
      ImGui::BeginDisabled(!gpu_info().available);
      if (ImGui::Button(tr_id("Race the precisions").c_str())) (void)press("race");
      ImGui::EndDisabled();
    } else {
      same_line_if_fits(button_width(tr("Cancel")));
      if (ImGui::Button(tr_id("Cancel").c_str())) work_.cancel();
    }
    draw_shape_note();
  }

  void draw_shape_note() const {
    precision::WideShape shape;
    if (!precision::wide_shape(c_.width, &shape)) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetColorU32(ImGuiCol_TextDisabled));
    wrapped_text_unformatted(fill(tr("{0}; {1} GFLOP of matrix arithmetic per training step of {2} images"),
                                  {translated(shape.describe()), decimal_text(shape.step_flop_per_image() * kBatch * 1e-9, 2),
                                   std::to_string(kBatch)}));
    ImGui::PopStyleColor();
  }

  // A bar per format: its name in a column as wide as the longest, the bar to the edge.
  static void draw_lane_bars(const std::vector<Lane>& lanes, const std::function<float(const Lane&)>& fraction,
                             const std::function<std::string(const Lane&)>& overlay) {
    float names = 0.0f;
    for (const Lane& l : lanes) names = std::max(names, text_width(precision::format_info(l.precision).key));
    names += 2 * ImGui::GetStyle().ItemSpacing.x;
    for (const Lane& l : lanes) {
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(precision::format_info(l.precision).key);
      ImGui::SameLine(names);
      ImGui::PushStyleColor(ImGuiCol_PlotHistogram, lane_colour(l.precision));
      ImGui::ProgressBar(fraction(l), ImVec2(-1.0f, 0.0f), overlay(l).c_str());
      ImGui::PopStyleColor();
    }
  }

  void draw_race() {
    std::lock_guard<std::mutex> lock(mutex_);
    const ShownRace race = shown_race();
    const std::vector<Lane>& lanes = race.lanes;
    if (race.source.faded()) {
      wrapped_text(fill(tr("No NVIDIA GPU here: {0}. Width x{1}."), {race.source.where(), std::to_string(race.width)}),
                   palette().warning);
    } else if (lanes.empty()) {
      if (!gpu_info().available)
        wrapped_text_unformatted(fill(tr("No NVIDIA GPU here, and no recorded race to show ({0})."),
                                      {recording_ ? tr("none at this width") : recording_error_}));
      else if (!work_.busy())
        wrapped_text_unformatted(fill(tr_n("Press “Race the precisions”: each format trains the same network from the "
                                           "same weights on the same batches for {0} epoch, then its steps are timed.",
                                           "Press “Race the precisions”: each format trains the same network from the "
                                           "same weights on the same batches for {0} epochs, then its steps are timed.",
                                           static_cast<unsigned long>(c_.epochs)),
                                      {std::to_string(c_.epochs)}));
    }
    if (work_.busy()) ImGui::TextDisabled("%s...", status_.c_str());
    if (!work_.error().empty()) wrapped_text(work_.error(), palette().error);
    if (lanes.empty()) return;
    double fastest = 0;
    for (const Lane& l : lanes) fastest = std::max(fastest, l.images_per_s);
    const double fp32_rate = lanes.front().precision == Precision::fp32 ? lanes.front().images_per_s : 0.0;
    wrapped_text_unformatted(tr("Training images per second (longer is faster):"));
    draw_lane_bars(
        lanes, [&](const Lane& l) { return static_cast<float>(l.images_per_s / fastest); },
        [&](const Lane& l) {
          const std::string rate = with_commas(std::round(l.images_per_s));
          return fp32_rate > 0 ? fill(tr("{0} images/s ({1}x FP32)"), {rate, decimal_text(l.images_per_s / fp32_rate, 2)})
                               : fill(tr("{0} images/s"), {rate});
        });
    ImGui::Spacing();
    // How long each format trained and on what, from the race or the recording itself.
    const precision::PrecisionAccuracy* first_recorded = nullptr;
    if (recording_)
      for (const precision::PrecisionAccuracy& a : recording_->accuracy)
        if (a.width == c_.width && !first_recorded) first_recorded = &a;
    if (race.source.faded() && first_recorded) {
      // The recording names its data in English: in the tooltip, not in the sentence.
      wrapped_text_unformatted(fill(tr("Test accuracy after {0} epochs of training, on digits it never trained on:"),
                                    {std::to_string(first_recorded->epochs)}));
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", recording_->data.c_str());
    } else {
      wrapped_text_unformatted(fill(tr("Test accuracy after {0} epochs of training ({1} held-out digits):"),
                                    {std::to_string(raced_epochs_), with_commas(raced_test_images_)}));
    }
    // From 90% to 100%, so that differences of a fraction of a point show.
    draw_lane_bars(
        lanes,
        [](const Lane& l) {
          return std::isnan(l.accuracy) ? 0.0f : static_cast<float>(std::clamp((l.accuracy - 0.9) / 0.1, 0.0, 1.0));
        },
        [](const Lane& l) {
          return std::isnan(l.accuracy) ? std::string(tr("not recorded")) : decimal_text(100 * l.accuracy, 2) + "%";
        });
    wrapped_text(race.source.faded() ? tr("accuracy bars run from 90% to 100%; mean over the recorded seeds")
                                     : tr("accuracy bars run from 90% to 100%"),
                 ImGui::GetColorU32(ImGuiCol_TextDisabled));
  }

  PrecisionChoice c_;
  int raced_width_ = 1;
  int raced_epochs_ = 0;        // guarded by mutex_
  long raced_test_images_ = 0;  // guarded by mutex_
  const precision::PrecisionRecording* recording_ = nullptr;  // no GPU here: the shipped run
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
      N_("The CNN trained in FP32, TF32, BF16 and FP16 on the GPU: images per second and accuracy; what each format keeps"),
      precision_fields().table(),
      MixedPrecisionPanel::buttons().specs(),
      [](const PanelParams& params, std::string*) -> std::unique_ptr<Panel> {
        return std::make_unique<MixedPrecisionPanel>(params);
      },
      {"race", "cancel"},
      {{"speedup", "times", "BF16's training images per second over FP32's, at the chosen width"}}};
  return type;
}

}  // namespace whygpu::app
