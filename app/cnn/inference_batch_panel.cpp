// "Inference": the CNN answering requests of 1 to 4096 images on the CPU and the GPU,
// one plot of images per second against the latency of a request, one point per batch
// size, with the latency budget marked and the largest batch that keeps within it named.
// The CPU side is always live; without a GPU the GPU side is the recorded run
// (assets/reference/inference.json), dashed and labelled.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
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
#include "app/plot/chart_beside.h"
#include "app/plot/plot.h"
#include "app/shell/training_threads.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/cnn/inference_sweep.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app {
namespace {

using cnn::InferencePoint;

// The largest batch measured and the latency budget marked on the plot.
struct InferenceChoice {
  int max_batch = cnn::kInferenceMaxBatch;
  double budget_ms = cnn::kDefaultLatencyBudgetMs;
};

// The panel's parameters, declared once: the lesson's and a script's `set`.
const PanelFields<InferenceChoice>& inference_fields() {
  using C = InferenceChoice;
  static const PanelFields<C> fields{{
      whole_field("max_batch", &C::max_batch, 1, cnn::kInferenceMaxBatch,
                  "the largest batch measured (powers of two from 1)"),
      number_field("budget_ms", &C::budget_ms, 0.01, 10000, "the latency budget marked on the plot"),
  }};
  return fields;
}

class InferenceBatchPanel final : public Panel {
 public:
  explicit InferenceBatchPanel(const PanelParams& params)
      : c_(inference_fields().options(params)) {
    if (!gpu_info().available)
      recording_ = recorded_file<cnn::InferenceRecording>(cnn::kInferenceRecordingPath, cnn::kInferenceRecording,
                                                          &recording_error_);
  }

  void draw(const FrameContext& frame) override {
    std::vector<InferencePoint> live;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      live = points_;
    }
    // The curve and what it says first, then the button and the budget.
    draw_chart_beside(view_, "inference-batch", make_chart(live), {300.0f, 0.3f, 0.6f, 280.0f, 420.0f},
                      frame.content_width, frame.font_scale, [&](float) { draw_words(live); });
    ImGui::Spacing();
    if (!work_.busy()) {
      if (ImGui::Button(tr_id("Measure every batch size").c_str())) (void)press("run");
    } else if (ImGui::Button(tr_id("Cancel").c_str())) {
      work_.cancel();
    }
    const float field = ImGui::GetFontSize() * 6;
    same_line_if_fits(labelled_width(field, tr("latency budget (ms)")));
    ImGui::SetNextItemWidth(field);
    ImGui::InputDouble(tr_id("latency budget (ms)").c_str(), &c_.budget_ms, 0.0, 0.0, "%g");
    c_.budget_ms = std::clamp(c_.budget_ms, 0.01, 10000.0);
    if (!work_.error().empty()) wrapped_text(work_.error(), palette().error);
  }

  // The budget may move at any time; the largest batch not while the sweep runs.
  Status set_param(const std::string& key, const ParamValue& value) override {
    InferenceChoice wanted = c_;
    if (Status s = inference_fields().set(key, value, &wanted); !s) return s;
    if (work_.busy() && wanted.max_batch != c_.max_batch)
      return Status::error(Wording::sentence(N_("cannot change {0} while the sweep runs"), {key}));
    c_ = wanted;
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<InferenceBatchPanel>& buttons() {
    using P = InferenceBatchPanel;
    static const PanelButtons<P> table{
        {"run", "measure every batch size on a worker thread", [](P& p) { return p.start_sweep(); }},
        {"cancel", "stop after the request in progress", [](P& p) { p.work_.cancel(); }},
    };
    return table;
  }

  // Measures every batch size on a worker thread.
  Status start_sweep() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      points_.clear();
    }
    timing_cpu_.store(false);
    const int max_batch = c_.max_batch;
    return work_.start([this, max_batch](const std::atomic<bool>* cancel) { return sweep(max_batch, cancel); });
  }

  bool busy() const override { return work_.busy(); }
  bool timing_the_cpu() const override { return work_.busy() && timing_cpu_.load(); }

  bool result(const std::string& name, PanelResult* out) const override {
    if (name != "gpu_batch_over_budget" || work_.busy()) return false;
    std::vector<InferencePoint> live;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      live = points_;
    }
    const SourcedFigures<std::vector<InferencePoint>> gpu = gpu_points(live);
    if (!gpu) return false;
    const int over = cnn::first_batch_over(*gpu.figures, true, c_.budget_ms);
    if (over == 0) return false;
    out->value = over;
    out->text = fill(tr("a batch of {0} images is the first to take longer than {1} ms on the GPU, {2}"),
                     {std::to_string(over), significant_text(c_.budget_ms, 6), gpu.source.where()});
    return true;
  }

 private:
  Status sweep(int max_batch, const std::atomic<bool>* cancel) {
    std::shared_ptr<const cnn::DatasetPair> data;
    if (Status s = cnn_ui::load_data(cnn_ui::DataRequest{}, &data); !s) return s;
    // The timing does not depend on the weights' values; a fixed seed keeps runs alike.
    const std::vector<float> params = cnn::initial_parameters(1);
    cnn::InferenceSweepOptions o;
    o.max_batch = max_batch;
    o.repeats = 10;
    o.budget_seconds = 0.5;
    o.cpu_threads = training_threads();
    o.cancel = cancel;
    scratch_.clear();
    o.on_point = [this](const InferencePoint& p) {
      std::lock_guard<std::mutex> lock(mutex_);
      points_.push_back(p);
    };
    if (gpu_info().available)
      if (Status s = cnn::sweep_gpu_inference(params, data->test, o, &scratch_); !s) return s;
    timing_cpu_.store(true);
    return cnn::sweep_cpu_inference(params, data->test, o, &scratch_);
  }

  // The GPU's points, decided here for the chart, the words and the result alike: this
  // computer's when its sweep measured the GPU, else the recorded run's; none without either.
  SourcedFigures<std::vector<InferencePoint>> gpu_points(const std::vector<InferencePoint>& live) const {
    for (const InferencePoint& p : live)
      if (p.on_gpu) return {&live, FigureSource::this_computer()};
    if (recording_) return {&recording_->points, FigureSource::recorded(recording_->run)};
    return {};
  }

  plot::Chart make_chart(const std::vector<InferencePoint>& live) const {
    plot::Chart chart;
    chart.x_title = tr("latency of one request");
    chart.x = {plot::ScaleKind::Log, plot::ValueFormat::Milliseconds, false};
    chart.y_title = tr("images per second");
    chart.y = {plot::ScaleKind::Log, plot::ValueFormat::Number, false};
    chart.empty_message = work_.busy() ? tr("measuring batch 1...") : tr("press \"Measure every batch size\"");
    const auto add = [&](const std::vector<InferencePoint>& points, bool gpu, const FigureSource& source) {
      plot::Series s;
      s.label = gpu ? "GPU" : "CPU";
      s.colour = gpu ? palette().gpu : palette().cpu;
      s.marker = gpu ? plot::Marker::Triangle : plot::Marker::Circle;
      s.line = source.faded() ? plot::Line::Dashed : plot::Line::Solid;
      s.recorded = source.faded();
      for (const InferencePoint& p : points) {
        if (p.on_gpu != gpu) continue;
        s.x.push_back(p.median_ms);
        s.y.push_back(p.images_per_s());
        char note[64];
        std::snprintf(note, sizeof note, "batch %d", p.batch);
        s.point_notes.push_back(note);
        if ((p.batch & (p.batch - 1)) == 0 && (p.batch == 1 || p.batch == 64 || p.batch == 4096 ||
                                                p.batch == cnn::largest_batch_within(points, gpu, c_.budget_ms)))
          chart.labels.push_back({p.median_ms, p.images_per_s(), std::to_string(p.batch), s.colour});
      }
      if (!s.x.empty()) chart.series.push_back(std::move(s));
    };
    add(live, false, FigureSource::this_computer());
    if (const SourcedFigures<std::vector<InferencePoint>> gpu = gpu_points(live)) {
      add(*gpu.figures, true, gpu.source);
      chart.footnote = gpu.source.chart_note();
    }
    char mark[64];
    std::snprintf(mark, sizeof mark, "%g ms budget", c_.budget_ms);
    chart.marks.push_back({c_.budget_ms, mark, palette().warning});
    return chart;
  }

  void draw_side(const std::vector<InferencePoint>& points, bool gpu, const char* where) const {
    const int within = cnn::largest_batch_within(points, gpu, c_.budget_ms);
    const int over = cnn::first_batch_over(points, gpu, c_.budget_ms);
    bool any = false;
    for (const InferencePoint& p : points) any |= p.on_gpu == gpu;
    if (!any) return;
    ImGui::PushStyleColor(ImGuiCol_Text, gpu ? palette().gpu : palette().cpu);
    ImGui::TextUnformatted(gpu ? "GPU" : "CPU");
    ImGui::PopStyleColor();
    ImGui::SameLine();
    wrapped_text(where, ImGui::GetColorU32(ImGuiCol_TextDisabled));
    for (const InferencePoint& p : points)
      if (p.on_gpu == gpu && p.batch == within)
        wrapped_text_unformatted(fill(tr("Largest batch within {0} ms: {1} images, answered in {2} ms, {3} images per second."),
                       {significant_text(c_.budget_ms, 6), std::to_string(within), decimal_text(p.median_ms, 2),
                        decimal_text(p.images_per_s(), 0)}));
    if (within == 0)
      wrapped_text_unformatted(fill(tr("Even one image takes longer than {0} ms."), {significant_text(c_.budget_ms, 6)}));
    for (const InferencePoint& p : points)
      if (p.on_gpu == gpu && p.batch == 1)
        wrapped_text_unformatted(fill(tr("One image alone: {0} ms, {1} images per second."),
                                      {decimal_text(p.median_ms, 3), decimal_text(p.images_per_s(), 0)}));
    if (over)
      wrapped_text_unformatted(fill(tr("From batch {0} on, a request waits longer than the budget."), {std::to_string(over)}));
    ImGui::Spacing();
  }

  void draw_words(const std::vector<InferencePoint>& live) const {
    if (const SourcedFigures<std::vector<InferencePoint>> gpu = gpu_points(live))
      draw_side(*gpu.figures, true, gpu.source.tag());
    else if (!gpu_info().available)
      wrapped_text_unformatted(fill(tr("No NVIDIA GPU here, and no recorded GPU run to show ({0})."), {recording_error_}));
    draw_side(live, false, FigureSource::this_computer().tag());
    wrapped_text(tr("Each point is one batch size: up and to the right means more images per second but a longer "
                    "wait for every request in the batch."),
                 ImGui::GetColorU32(ImGuiCol_TextDisabled));
  }

  InferenceChoice c_;
  const cnn::InferenceRecording* recording_ = nullptr;  // no GPU here: the shipped run
  std::string recording_error_;
  mutable std::mutex mutex_;
  std::vector<InferencePoint> points_;  // guarded by mutex_
  std::vector<InferencePoint> scratch_;  // the sweeps' own list (the worker's); the panel copies via on_point
  std::atomic<bool> timing_cpu_{false};
  plot::PlotView view_;
  BackgroundWork work_;
};

}  // namespace

const PanelType& inference_batch_panel_type() {
  static const PanelType type = {
      "inference-batch",
      N_("The CNN answering requests of 1 to 4096 images on CPU and GPU: latency against images per second"),
      inference_fields().table(),
      InferenceBatchPanel::buttons().specs(),
      [](const PanelParams& params, std::string*) -> std::unique_ptr<Panel> {
        return std::make_unique<InferenceBatchPanel>(params);
      },
      {"run", "cancel"},
      {{"gpu_batch_over_budget", "images", "the first batch size whose GPU latency passes the budget"}}};
  return type;
}

}  // namespace whygpu::app
