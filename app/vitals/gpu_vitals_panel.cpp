// The GPU's vital signs, live: power, SM and memory clocks, utilisation, memory used and
// temperature from the app's NVML sampler, plotted over the last minute; and performance
// per watt: the MNIST CNN trained for a few seconds on the GPU and on the CPU while their
// energy counters are read (NVML, RAPL), giving images per joule and joules per epoch.
//
// Without NVML (no NVIDIA GPU) the plots and the GPU side come from a recording made on
// the GPU machine (assets/reference/vitals), dashed and labelled; the CPU side still
// trains here, and its energy is shown where this computer lets RAPL be read.
// Parameters and buttons: the panel type at the end of this file.
#include <imgui.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <future>

#include "app/cnn/cnn_data.h"
#include "app/cnn/shared_session.h"
#include "app/files/file_locations.h"
#include "app/i18n/number_text.h"
#include "app/i18n/recorded_label.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_registry.h"
#include "app/plot/plot.h"
#include "app/predict/prediction.h"
#include "app/shell/training_threads.h"
#include "app/text/wrapped_text.h"
#include "app/vitals/app_vitals.h"
#include "app/vitals/vitals_figures.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/vitals/energy_run.h"
#include "compute/vitals/vitals_trace.h"

namespace whygpu::app {
namespace {

using namespace vitals_view;

constexpr double kDefaultWindowSeconds = 60.0;
constexpr double kDefaultTrainSeconds = 3.0;

std::string recording_path() { return shipped_path("assets/reference/vitals/h100-vitals.json"); }

// The phases of a recording as marks on its plots.
std::string phase_label(const std::string& name) {
  if (name == "cnn-gpu") return tr("CNN trains on the GPU");
  if (name == "cnn-cpu") return tr("CNN trains on the CPU");
  if (name.rfind("matmul-", 0) == 0) return "matmul n = " + name.substr(7);
  return "";
}

struct Measurement {
  std::vector<Status> status;  // one per side tried
  std::vector<vitals::EnergyRun> runs;
};

struct Options {
  double window_seconds = kDefaultWindowSeconds;
  double train_seconds = kDefaultTrainSeconds;
  Quantity plot = Quantity::Clocks;
  bool energy = true;
};

// The panel's parameters, declared once. Whether it shows the energy measurement is the
// lesson's choice alone.
const PanelFields<Options>& vitals_fields() {
  static const PanelFields<Options> fields{
      Fields<Options>{
          choice_field<Options>(
              "plot", quantity_keys(), quantity_keys()[static_cast<int>(Options{}.plot)],
              [](Options& o, const std::string& key) { o.plot = quantity_from_key(key); },
              "what the second plot shows beside the power"),
          number_field("seconds", &Options::window_seconds, 5, 600, "seconds of history the live plots show"),
          number_field("train_seconds", &Options::train_seconds, 1, 120,
                       "seconds the CNN trains on each of GPU and CPU"),
          flag_field("energy", &Options::energy, "show the performance-per-watt measurement"),
      },
      {"energy"}};
  return fields;
}

class GpuVitalsPanel final : public Panel {
 public:
  explicit GpuVitalsPanel(Options o) : o_(o) {
    if (!app_vitals().sampler) {
      if (Status s = vitals::load_trace(recording_path(), &trace_); s) have_trace_ = true;
      else trace_problem_ = translated(s);
    }
  }

  ~GpuVitalsPanel() override {
    cancel_ = true;
    if (job_.valid()) job_.wait();
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    return vitals_fields().set(key, value, &o_);
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<GpuVitalsPanel>& buttons() {
    using P = GpuVitalsPanel;
    static const PanelButtons<P> table{
        {"measure", "train the CNN on the GPU, then on the CPU, counting the energy of each",
         [](P& p) {
           if (p.busy()) return Status::error(tr("the measurement is already running"));
           p.start_measurement();
           return Status::ok();
         }},
        {"cancel", "stop the measurement after the chunk of steps under way", [](P& p) { p.cancel_ = true; }},
    };
    return table;
  }

  bool busy() const override { return job_.valid(); }
  bool timing_the_cpu() const override { return busy() && cpu_phase_; }

  bool result(const std::string& name, PanelResult* out) const override {
    if (busy()) return false;
    const EnergySide gpu = gpu_side(), cpu = cpu_side();
    if (name == "gpu_images_per_joule" || name == "training_watts") {
      if (!std::isfinite(gpu.images_per_joule())) return false;
      if (name == "training_watts") {
        out->value = gpu.watts();
        out->text = gpu.source.after(
            fill(tr("{0} W drawn by the GPU board while it trained"), {readable_number(std::round(out->value))}));
      } else {
        out->value = gpu.images_per_joule();
        out->text =
            gpu.source.after(fill(tr("{0} images per joule on the GPU"), {readable_number(std::round(out->value))}));
      }
      return true;
    }
    if (name == "cpu_images_per_joule") {
      if (!std::isfinite(cpu.images_per_joule())) return false;
      out->value = cpu.images_per_joule();
      out->text = cpu.source.after(fill(tr("{0} images per joule on the CPU"), {readable_number(out->value)}));
      return true;
    }
    if (name == "efficiency_ratio") {
      const double g = gpu.images_per_joule(), c = cpu.images_per_joule();
      if (!std::isfinite(g) || !std::isfinite(c) || c <= 0 || gpu.source.faded() != cpu.source.faded()) return false;
      out->value = g / c;
      out->text = gpu.source.after(comparison_sentence(gpu, cpu));
      return true;
    }
    return false;
  }

  void draw(const FrameContext& frame) override {
    poll();
    frame_fonts_ = frame.fonts;
    const vitals::VitalsSampler* sampler = app_vitals().sampler;
    if (sampler) draw_live_header(*sampler);
    else draw_recorded_header();
    draw_plots(frame, sampler);
    if (o_.energy) draw_energy(frame);
  }

 private:
  // The GPU side: measured here once a measurement ran on a GPU, else the recording's.
  EnergySide gpu_side() const {
    if (gpu_run_) return side_from_run(*gpu_run_);
    return have_trace_ ? side_from_trace(trace_, "cnn-gpu") : EnergySide{"GPU"};
  }
  EnergySide cpu_side() const {
    if (cpu_run_) return side_from_run(*cpu_run_);
    // Beside a recorded GPU side, the recorded CPU side of the same machine.
    return have_trace_ && !gpu_run_ ? side_from_trace(trace_, "cnn-cpu") : EnergySide{"CPU"};
  }

  void draw_live_header(const vitals::VitalsSampler& sampler) {
    const std::optional<vitals::VitalsSample> latest = sampler.latest();
    wrapped_text_unformatted(fill(tr("{0}, driver {1}, read through NVML every quarter of a second."),
                                  {sampler.gpu_name(), sampler.driver_version()})
                                 );
    if (latest) {
      if (frame_fonts_) ImGui::PushFont(frame_fonts_->heading2);
      wrapped_text(strip_text(latest->gpu), palette().gpu);
      if (frame_fonts_) ImGui::PopFont();
    }
    if (const std::string error = sampler.last_error(); !error.empty()) wrapped_text(error, palette().error);
  }

  void draw_recorded_header() {
    wrapped_text(fill(tr("No NVIDIA GPU's vital signs can be read here ({0})."), {app_vitals().unavailable}),
                 palette().warning);
    if (have_trace_) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
      ImGui::TextWrapped("%s",
                         fill(tr("The plots show a recording instead: {0}. Dashed lines; the marks say what ran when."),
                              {recorded_label(trace_)})
                             .c_str());
      ImGui::PopStyleColor();
    } else {
      wrapped_text(fill(tr("The recording that would stand in for it could not be read: {0}"), {trace_problem_}),
                   palette().error);
    }
  }

  void draw_plots(const FrameContext& frame, const vitals::VitalsSampler* sampler) {
    std::vector<vitals::VitalsSample> samples;
    double now = 0.0;
    if (sampler) {
      samples = sampler->samples();
      now = sampler->now_s();
      const double from = now - o_.window_seconds;
      std::erase_if(samples, [from](const vitals::VitalsSample& s) { return s.time_s < from; });
    } else if (have_trace_) {
      samples = trace_.samples;
    }
    if (samples.empty()) return;
    // Power always; the second plot shows the quantity chosen.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Beside the power:"));
    for (std::size_t i = 1; i < quantity_keys().size(); ++i) {
      ImGui::SameLine();
      const Quantity q = static_cast<Quantity>(i);
      if (ImGui::RadioButton((quantity_name(q) + "###" + quantity_keys()[i]).c_str(), o_.plot == q)) o_.plot = q;
    }
    const bool side_by_side = frame.content_width > 900.0f * frame.font_scale;
    const float width = side_by_side ? (frame.content_width - ImGui::GetStyle().ItemSpacing.x) / 2 : frame.content_width;
    const float height = 260.0f * frame.font_scale;
    chart(&power_chart_, Quantity::Power, samples, !sampler, now);
    chart(&other_chart_, o_.plot, samples, !sampler, now);
    power_view_.draw("power", power_chart_, ImVec2(width, height), frame.font_scale);
    if (side_by_side) ImGui::SameLine();
    other_view_.draw("other", other_chart_, ImVec2(width, height), frame.font_scale);
  }

  void chart(plot::Chart* c, Quantity q, const std::vector<vitals::VitalsSample>& samples, bool recorded, double now) {
    *c = plot::Chart{};
    c->x_title = recorded ? tr("seconds into the recording") : tr("seconds since whygpu started");
    c->y_title = quantity_axis(q);
    c->x = {plot::ScaleKind::Linear, plot::ValueFormat::Number, false};
    c->y = {plot::ScaleKind::Linear, plot::ValueFormat::Number, false};
    const ImU32 colours[] = {palette().gpu, q == Quantity::Power ? palette().cpu : palette().gpu_alt};
    int i = 0;
    for (const Line& line : quantity_lines(samples, q)) {
      plot::Series s{line.label, line.x, line.y, colours[std::min(i++, 1)], plot::Marker::None,
                     recorded ? plot::Line::Dashed : plot::Line::Solid, recorded};
      c->series.push_back(std::move(s));
    }
    c->y_span = {0.0};  // from zero, so that a change is seen at its true size
    if (!recorded) {
      c->x_span = {now - o_.window_seconds, now};
      return;
    }
    for (const vitals::TracePhase& p : trace_.phases)
      if (const std::string label = phase_label(p.name); !label.empty())
        c->marks.push_back({p.begin_s, label, p.name == "cnn-cpu" ? palette().cpu : palette().muted_text});
  }

  void start_measurement() {
    cnn_ui::SharedSession::pause_all_except({});  // the machine to itself, as the race does
    cancel_ = false;
    cpu_phase_ = false;
    problems_.clear();
    const double seconds = o_.train_seconds;
    const bool with_gpu = gpu_info().available;
    job_ = std::async(std::launch::async, [this, seconds, with_gpu] {
      Measurement m;
      std::shared_ptr<const cnn::DatasetPair> data;
      if (Status s = cnn_ui::load_data(cnn_ui::DataRequest{}, &data); !s) {
        m.status.push_back(s);
        m.runs.emplace_back();
        return m;
      }
      for (const cnn::Backend backend : {cnn::Backend::kGpu, cnn::Backend::kCpu}) {
        if ((backend == cnn::Backend::kGpu && !with_gpu) || cancel_) continue;
        cpu_phase_ = backend == cnn::Backend::kCpu;
        vitals::EnergyRunOptions o;
        o.backend = backend;
        o.seconds = seconds;
        o.cpu_threads = training_threads();
        vitals::EnergyRun run;
        m.status.push_back(vitals::run_cnn_energy(data->train, o, &cancel_, &run));
        m.runs.push_back(std::move(run));
      }
      return m;
    });
  }

  void poll() {
    if (!job_.valid() || job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    Measurement m = job_.get();
    for (std::size_t i = 0; i < m.status.size(); ++i) {
      if (!m.status[i]) {
        problems_.push_back(translated(m.status[i]));
        continue;
      }
      (m.runs[i].backend == cnn::Backend::kGpu ? gpu_run_ : cpu_run_) = m.runs[i];
    }
  }

  void draw_energy(const FrameContext& frame) {
    ImGui::Spacing();
    if (frame.fonts) ImGui::PushFont(frame.fonts->strong);
    ImGui::TextUnformatted(tr("Performance per watt: the CNN trained on each, its energy counted"));
    if (frame.fonts) ImGui::PopFont();
    ImGui::BeginDisabled(busy());
    const std::string label = fill(tr("Measure: train {0} s on {1}"),
                                   {decimal_text(o_.train_seconds, 0),
                                    gpu_info().available ? tr("the GPU, then the CPU") : tr("the CPU")}) +
                              "###measure";
    if (ImGui::Button(label.c_str())) start_measurement();
    ImGui::EndDisabled();
    if (busy()) {
      ImGui::SameLine();
      if (ImGui::Button(tr_id("Cancel").c_str())) cancel_ = true;
      ImGui::SameLine();
      ImGui::TextDisabled("%s", fill(tr("training on the {0}..."), {cpu_phase_ ? "CPU" : "GPU"}).c_str());
    }
    for (const std::string& p : problems_) wrapped_text(p, palette().error);

    const EnergySide gpu = gpu_side(), cpu = cpu_side();
    if (ImGui::BeginTable("energy", 7, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH)) {
      for (const char* h : {"", N_("images"), N_("seconds"), N_("images/s"), N_("energy"), N_("images per joule"),
                            N_("joules per epoch")})
        ImGui::TableSetupColumn(tr(h));
      ImGui::TableHeadersRow();
      for (const EnergySide* side : {&gpu, &cpu}) draw_side_row(*side);
      ImGui::EndTable();
    }
    if (gpu_run_ && gpu_run_->cpu.available()) {
      wrapped_text_unformatted(fill(tr("While the GPU trained, the CPU packages that fed it used {0} J ({1} W)."),
                                    {decimal_text(gpu_run_->cpu.joules, 1),
                                     decimal_text(gpu_run_->cpu.joules / gpu_run_->seconds, 0)}));
    }
    const std::string sentence = comparison_sentence(gpu, cpu);
    if (!sentence.empty()) {
      ImGui::Spacing();
      if (frame.fonts) ImGui::PushFont(frame.fonts->heading2);
      wrapped_text_unformatted(sentence);
      if (frame.fonts) ImGui::PopFont();
    }
    if (gpu.source.faded() || cpu.source.faded()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
      wrapped_text_unformatted(fill(tr("Faded rows: {0}."), {recorded_label(trace_)}));
      ImGui::PopStyleColor();
    }
  }

  void draw_side_row(const EnergySide& s) {
    ImGui::TableNextRow();
    if (s.source.faded()) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.6f);
    ImGui::TableNextColumn();
    ImGui::PushStyleColor(ImGuiCol_Text, s.device == "GPU" ? palette().gpu : palette().cpu);
    ImGui::TextUnformatted(s.source.faded() ? fill(tr("{0} (recorded)"), {s.device}).c_str() : s.device.c_str());
    ImGui::PopStyleColor();
    if (!s.trainer.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.trainer.c_str());
    if (!s.measured()) {
      for (int skip = 0; skip < 4; ++skip) ImGui::TableNextColumn();  // the note under "energy"
      ImGui::TextDisabled("%s", s.source.faded() ? tr("not in the recording shipped with whygpu")
                                : s.device == "GPU" && !gpu_info().available ? tr("no GPU here, and no recording")
                                                                             : tr("not measured yet"));
      if (s.source.faded()) ImGui::PopStyleVar();
      return;
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(readable_number(static_cast<double>(s.images)).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(decimal_text(s.seconds, 2).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(readable_number(std::round(s.images_per_second())).c_str());
    ImGui::TableNextColumn();
    if (s.energy.available()) {
      ImGui::TextUnformatted(
          fill(tr("{0} J ({1} W)"), {decimal_text(s.energy.joules, 1), decimal_text(s.watts(), 0)}).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", shown_energy_method(s.energy.method).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(readable_number(std::round(s.images_per_joule())).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(
          fill(tr("{0} J"), {decimal_text(s.energy.joules * kEpochImages / static_cast<double>(s.images), 1)}).c_str());
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      ImGui::TextUnformatted(tr("unavailable (why: below)"));
      ImGui::PopStyleColor();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", shown_energy_method(s.energy.method).c_str());
    }
    if (s.source.faded()) ImGui::PopStyleVar();
  }

  Options o_;
  vitals::VitalsTrace trace_;
  bool have_trace_ = false;
  std::string trace_problem_;
  plot::Chart power_chart_, other_chart_;
  plot::PlotView power_view_, other_view_;
  const Fonts* frame_fonts_ = nullptr;

  std::future<Measurement> job_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> cpu_phase_{false};
  std::optional<vitals::EnergyRun> gpu_run_, cpu_run_;
  std::vector<std::string> problems_;
};

}  // namespace

const PanelType& gpu_vitals_panel_type() {
  static const PanelType type = {
      "gpu-vitals",
      N_("the GPU's power, clocks, load, memory and temperature over time (NVML), and images per joule of CNN "
      "training on the GPU and the CPU"),
      vitals_fields().table(),
      GpuVitalsPanel::buttons().specs(),
      [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
        return std::make_unique<GpuVitalsPanel>(vitals_fields().options(p));
      },
      {"measure", "cancel"},
      {{"gpu_images_per_joule", "images per joule", "MNIST images the GPU trained per joule of board energy"},
       {"cpu_images_per_joule", "images per joule", "MNIST images the CPU trained per joule of package energy"},
       {"efficiency_ratio", "times", "the GPU's images per joule over the CPU's"},
       {"training_watts", "W", "the GPU board's mean power while it trained the CNN"}}};
  return type;
}

}  // namespace whygpu::app
