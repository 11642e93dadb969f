// "Where does the GPU start to win?": c = a + b from 2^10 to 2^28 elements on one CPU
// core, on every core, as a GPU kernel alone and with the copies to and from the GPU,
// measured live (through the same harness as `whygpu bench vector-add`), plotted
// log-log, with the crossover sizes marked and put into words beside the plot.
//
// Parameters (besides SweepPanel's): min, max, step (log2 of the sizes: 10, 28, 1),
// view (time | rate), opengl (auto | on | off). Without a GPU the CPU curves are live and
// the GPU curves come from the recorded H100 run, dashed and labelled; the same addition
// as an OpenGL shader on whatever GPU OpenGL offers is live beside them (app/glcompute).
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "app/files/figure_source.h"
#include "app/glcompute/gl_bench.h"
#include "app/glcompute/gl_sweep_side.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/kernels/curves.h"
#include "app/kernels/reference.h"
#include "app/kernels/sweep_panel.h"
#include "app/kernels/timing_colours.h"
#include "app/plot/plot.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/kernels/thread_pool.h"
#include "compute/kernels/vector_add_bench.h"

namespace whygpu::app {
namespace {

using kernels::Measurement;

double median_ms(const Measurement& r) { return r.time.median_ms; }
double rate_gbs(const Measurement& r) { return r.gbytes_per_s(); }

// "about 2^14.5 = 23,170 elements (280kB of data)", the count grouped by thousands as the
// page groups its other whole numbers (23 170 in French).
std::string describe_size(double n) {
  return fill(tr("about 2^{0} = {1} elements ({2}B of data)"),
              {decimal_text(std::log2(n), 1), with_commas(n),
               plot::format_value(12.0 * n, plot::ValueFormat::Number, 2)});
}

// The curves of one source (this computer, or the recorded run).
struct VectorCurves {
  Curve cpu, cpu_threads, gpu, gpu_total, copies, d2d;
};

VectorCurves curves_from(const std::vector<Measurement>& rows, bool rate) {
  const auto value = rate ? rate_gbs : median_ms;
  VectorCurves c;
  c.cpu = curve_of(rows, "vector-add", "cpu", "", value);
  c.cpu_threads = curve_of(rows, "vector-add", "cpu-threads", "", value);
  c.gpu = curve_of(rows, "vector-add", "gpu", "", value);
  c.gpu_total = curve_of(rows, "vector-add", "gpu-with-copies", "total", value);
  c.d2d = curve_of(rows, "vector-add", "d2d-copy", "", value);
  // The copies alone: h2d + d2h time (or the bytes of both over that time).
  const Curve h2d = curve_of(rows, "vector-add", "gpu-with-copies", "h2d", median_ms);
  const Curve d2h = curve_of(rows, "vector-add", "gpu-with-copies", "d2h", median_ms);
  const std::vector<double> back = sample_at(d2h, h2d.x);
  for (std::size_t i = 0; i < h2d.x.size(); ++i) {
    if (std::isnan(back[i])) continue;
    const double ms = h2d.y[i] + back[i];
    c.copies.x.push_back(h2d.x[i]);
    c.copies.y.push_back(rate ? 12.0 * h2d.x[i] / (ms * 1e6) : ms);
    c.copies.notes.push_back(
        fill(tr("copy a, b in and c out: {0}"), {plot::format_value(ms, plot::ValueFormat::Milliseconds, 4)}));
  }
  return c;
}

// One sentence on where `gpu` overtakes `cpu` (times: lower is better).
std::string crossover_sentence(const std::string& gpu_name, const Curve& gpu, const std::string& cpu_name,
                               const Curve& cpu, double* at) {
  *at = std::nan("");
  if (gpu.empty() || cpu.empty()) return "";
  const std::vector<double> sizes = all_sizes({&gpu, &cpu});
  bool gpu_slower_at_end = false;
  const double x = plot::crossover_x(sizes, sample_at(gpu, sizes), sample_at(cpu, sizes), true, true, &gpu_slower_at_end);
  const std::string largest = plot::format_value(sizes.back(), plot::ValueFormat::PowerOfTwo);
  if (std::isnan(x))
    return gpu_slower_at_end
               ? fill(tr("{0} is slower than {1} at every size measured, up to {2}."), {gpu_name, cpu_name, largest})
               : fill(tr("{0} is faster than {1} at every size measured."), {gpu_name, cpu_name});
  if (gpu_slower_at_end) return fill(tr("{0} falls behind {1} above {2}."), {gpu_name, cpu_name, describe_size(x)});
  *at = x;
  return fill(tr("{0} beats {1} from {2} upwards."), {gpu_name, cpu_name, describe_size(x)});
}

// The panel's own parameters (the shared ones are SweepSettings).
struct VectorAddSettings {
  int min_log = 10, max_log = 28, step_log = 1;  // sizes 2^min to 2^max, every 2^step
  std::string view = "time";                     // or "rate"
  std::string opengl = "auto";
};

const PanelFields<VectorAddSettings>& vector_add_fields() {
  using S = VectorAddSettings;
  static const PanelFields<S> fields{{
      whole_field("min", &S::min_log, 1, 30, "smallest vector, as a power of two (2^min elements)"),
      whole_field("max", &S::max_log, 1, 30, "largest vector, as a power of two"),
      whole_field("step", &S::step_log, 1, 10, "power-of-two step between sizes"),
      choice_field("view", &S::view, {"time", "rate"}, "time per addition, or throughput in GB/s"),
      opengl_field(&S::opengl),
  }};
  return fields;
}

// min above max is read the other way round.
VectorAddSettings ordered(VectorAddSettings s) {
  if (s.max_log < s.min_log) std::swap(s.min_log, s.max_log);
  return s;
}

class VectorAddSweepPanel final : public SweepPanel {
 public:
  explicit VectorAddSweepPanel(const PanelParams& params)
      : SweepPanel("vector-add-sweep", params),
        s_(ordered(vector_add_fields().options(params))),
        gl_(s_.opengl) {
    if (!gpu_info().available) reference_ = h100_reference(&reference_error_);
  }

  void draw(const FrameContext& frame) override {
    if (poll(frame)) dirty_ = true;
    draw_run_controls(frame, N_("Run the sweep"));
    if (dirty_) rebuild();
    // The result right under the button the class watches; how to view it, after it.
    draw_chart_and_column(frame, "vector-add", chart_, {260.0f, 0.3f, 0.58f, 260.0f, 600.0f},
                          [this](float) { draw_explanation(); });
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Show:"));
    same_line_if_fits(check_width(tr("time per addition")));
    if (ImGui::RadioButton(tr_id("time per addition").c_str(), !rate_view())) set_view(false);
    same_line_if_fits(check_width(tr("throughput (GB/s)")));
    if (ImGui::RadioButton(tr_id("throughput (GB/s)").c_str(), rate_view())) set_view(true);
    draw_note_after(
        fill(tr("sizes 2^{0} to 2^{1}, {2}"), {std::to_string(s_.min_log), std::to_string(s_.max_log), sizes_note()}));
    draw_export_row(frame, true);
  }

 protected:
  Status make_jobs(const kernels::BenchOptions& options, std::vector<kernels::SweepJob>* jobs) override {
    std::vector<kernels::VectorAddVariant> variants = {kernels::VectorAddVariant::Cpu,
                                                       kernels::VectorAddVariant::CpuThreads};
    if (gpu_info().available)
      variants.insert(variants.end(), {kernels::VectorAddVariant::Gpu, kernels::VectorAddVariant::GpuWithCopies,
                                       kernels::VectorAddVariant::DeviceCopy});
    // OpenGL's best way here: compute shaders where the context offers them.
    std::vector<GlVariant> gl_variants;
    if (gl_.enabled()) {
      GlRenderer renderer;
      gl_.thread()->wait_ready(&renderer);
      const GlKernel kernel = renderer.compute_shaders ? GlKernel::VectorAddCompute : GlKernel::VectorAddFragment;
      gl_variants = {{kernel, false}, {kernel, true}};
    }
    jobs->clear();
    for (const std::size_t n : sizes()) {  // size by size, so every curve grows together
      for (auto& job : kernels::vector_add_jobs(variants, {n}, options)) jobs->push_back(std::move(job));
      if (!gl_variants.empty())
        for (auto& job : gl_vector_add_jobs(gl_.thread(), gl_variants, {n}, options)) jobs->push_back(std::move(job));
    }
    return Status::ok();
  }

  std::string describe_sweep() const override {
    std::string list;
    for (const std::size_t n : sizes()) {
      list += list.empty() ? "" : ",";
      list += std::to_string(n);
    }
    return "whygpu app: vector-add-sweep --sizes " + list;
  }

  Status set_own_param(const std::string& key, const ParamValue& value) override {
    VectorAddSettings wanted = s_;
    if (Status s = vector_add_fields().set(key, value, &wanted); !s) return s;
    wanted = ordered(std::move(wanted));
    const bool sizes_change = wanted.min_log != s_.min_log || wanted.max_log != s_.max_log || wanted.step_log != s_.step_log;
    if (busy() && sizes_change) return Status::error(tr("cannot change the sizes while the sweep runs"));
    if (busy() && wanted.opengl != s_.opengl) return Status::error(tr("cannot change opengl while the sweep runs"));
    if (wanted.opengl != s_.opengl) {
      gl_.set_mode(wanted.opengl);
      dirty_ = true;
    }
    if (wanted.view != s_.view) set_view(wanted.view == "rate");
    s_ = std::move(wanted);
    return Status::ok();
  }

 private:
  std::vector<std::size_t> sizes() const {
    std::vector<std::size_t> out;
    for (int log = s_.min_log; log <= s_.max_log; log += s_.step_log) out.push_back(std::size_t{1} << log);
    return out;
  }

  std::string sizes_note() const {
    return s_.step_log == 1 ? tr("every power of two") : "every " + std::to_string(1 << s_.step_log) + "x";
  }

  bool rate_view() const { return s_.view == "rate"; }

  void set_view(bool rate) {
    if (rate == rate_view()) return;
    s_.view = rate ? "rate" : "time";
    dirty_ = true;
  }

  // One source's curves: in the view's unit (time or GB/s), and as times for the crossovers.
  struct SourceCurves {
    VectorCurves shown, time;
  };

  SourceCurves curves_of(const std::vector<Measurement>& rows) const {
    SourceCurves c;
    c.shown = curves_from(rows, rate_view());
    c.time = rate_view() ? curves_from(rows, false) : c.shown;
    return c;
  }

  // The GPU's curves, decided here for the chart, the crossovers, the words and the result
  // alike: this computer's when it has a GPU, else the recorded run's (compared with that
  // run's own CPU, never with this one); none without either.
  SourcedFigures<SourceCurves> gpu_curves() const {
    if (gpu_info().available) return {&live_, FigureSource::this_computer()};
    if (reference_) return {&recorded_, FigureSource::recorded(reference_->run)};
    return {};
  }

  // Adds one source's curves to the chart; recorded ones dashed and hollow.
  void add_series(const VectorCurves& c, const FigureSource& source, bool with_cpu) {
    const TimingColours& colours = timing_colours();
    const bool recorded = source.faded();
    const plot::Line line = recorded ? plot::Line::Dashed : plot::Line::Solid;
    auto add = [&](const std::string& label, const Curve& curve, ImU32 colour, plot::Marker marker, plot::Line l,
                   float thickness = 2.0f) {
      if (curve.empty()) return;
      plot::Series s{label, curve.x, curve.y, colour, marker, l, recorded, thickness, curve.notes};
      chart_.series.push_back(std::move(s));
    };
    if (with_cpu) {
      add(tr("CPU, one core"), c.cpu, colours.cpu, plot::Marker::Circle, line);
      const int threads = kernels::resolve_threads(cpu_threads());
      add(fill(tr_n("CPU, all {0} thread", "CPU, all {0} threads", static_cast<unsigned long>(threads)),
               {std::to_string(threads)}),
          c.cpu_threads, colours.cpu_threads, plot::Marker::Square, line);
    }
    add(tr("GPU kernel only"), c.gpu, colours.gpu, plot::Marker::Triangle, line);
    add(tr("GPU incl. copies in and out"), c.gpu_total, colours.gpu_with_copies, plot::Marker::Diamond, line);
    add(tr("copies alone (h2d + d2h)"), c.copies, colours.gpu_with_copies, plot::Marker::None, plot::Line::Dotted, 1.5f);
    if (rate_view())
      add(tr("GPU memory copy (ceiling)"), c.d2d, colours.gpu, plot::Marker::None, plot::Line::Dotted, 1.5f);
  }

  void rebuild() {
    dirty_ = false;
    chart_ = plot::Chart{};
    chart_.x_title = tr("elements per vector");
    chart_.x = {plot::ScaleKind::Log, plot::ValueFormat::PowerOfTwo, true};
    chart_.y_title = rate_view() ? tr("GB/s (12 bytes per element)") : tr("time per addition");
    chart_.y = {plot::ScaleKind::Log, rate_view() ? plot::ValueFormat::Number : plot::ValueFormat::Milliseconds, false};
    chart_.x_span = {std::ldexp(1.0, s_.min_log), std::ldexp(1.0, s_.max_log)};
    chart_.empty_message = busy() ? tr("measuring the first size...") : tr("press \"Run the sweep\" to measure");
    live_ = curves_of(results().rows);
    if (reference_) recorded_ = curves_of(reference_->rows);
    // This computer's CPU curves, with its GPU's when it has one.
    add_series(live_.shown, FigureSource::this_computer(), true);
    add_gl_series();
    sentences_.clear();
    crossover_ = std::numeric_limits<double>::quiet_NaN();
    transfer_note_.clear();
    const SourcedFigures<SourceCurves> gpu = gpu_curves();
    if (gpu.source.faded()) {
      add_series(gpu.figures->shown, gpu.source, false);
      chart_.footnote = gpu.source.chart_note();
    }
    if (gpu) add_crossovers(gpu.figures->time, gpu.source);
    add_gl_crossover();
  }

  // Crossovers, always between curves of the same source (live with live, recorded with
  // recorded), and where the time goes at the largest size both phases were measured.
  void add_crossovers(const VectorCurves& t, const FigureSource& source) {
    const TimingColours& colours = timing_colours();
    const int threads = source.faded() ? reference_->run.cpu_threads : kernels::resolve_threads(cpu_threads());
    const std::string threads_name = fill(tr("all {0} CPU threads"), {std::to_string(threads)});
    struct Pair {
      const char* gpu_name;
      const Curve* gpu;
      std::string cpu_name;
      const Curve* cpu;
      ImU32 colour;
      const char* mark;
    };
    const Pair pairs[] = {
        {tr("The GPU kernel"), &t.gpu, tr("one CPU core"), &t.cpu, colours.gpu, tr("kernel beats 1 core")},
        {tr("The GPU kernel"), &t.gpu, threads_name, &t.cpu_threads, colours.gpu, tr("kernel beats all cores")},
        {tr("The GPU with its copies"), &t.gpu_total, tr("one CPU core"), &t.cpu, colours.gpu_with_copies,
         tr("with copies beats 1 core")},
        {tr("The GPU with its copies"), &t.gpu_total, threads_name, &t.cpu_threads, colours.gpu_with_copies,
         tr("with copies beats all cores")},
    };
    for (const Pair& p : pairs) {
      double at = std::numeric_limits<double>::quiet_NaN();
      const std::string s = crossover_sentence(p.gpu_name, *p.gpu, p.cpu_name, *p.cpu, &at);
      if (&p == &pairs[0]) crossover_ = at;
      if (s.empty()) continue;
      sentences_.push_back({s, p.colour});
      // Marks between recorded curves say so: they are the recorded machine's sizes.
      if (!std::isnan(at))
        chart_.marks.push_back({at, source.faded() ? fill(tr("{0} (recorded)"), {p.mark}) : p.mark, p.colour});
    }
    if (!t.gpu.empty() && !t.copies.empty() && !t.gpu_total.empty()) {
      const double n = t.copies.x.back();
      const std::vector<double> kernel = sample_at(t.gpu, {n});
      const std::vector<double> total = sample_at(t.gpu_total, {n});
      if (!std::isnan(kernel[0]) && !std::isnan(total[0])) {
        transfer_note_ = fill(tr("At {0} elements the addition itself takes {1} on the GPU, but copying a and b to it "
                                 "and c back takes {2}: {3}% of the {4} the whole trip costs."),
                              {plot::format_value(n, plot::ValueFormat::PowerOfTwo),
                               plot::format_value(kernel[0], plot::ValueFormat::Milliseconds),
                               plot::format_value(t.copies.y.back(), plot::ValueFormat::Milliseconds),
                               decimal_text(100.0 * t.copies.y.back() / total[0], 0),
                               plot::format_value(total[0], plot::ValueFormat::Milliseconds)});
      }
    }
  }

  // The OpenGL curves (kernel alone, and with its copies) of whichever shader ran.
  void add_gl_series() {
    const std::vector<Measurement>& rows = results().rows;
    const auto value = rate_view() ? rate_gbs : median_ms;
    const TimingColours& colours = timing_colours();
    for (const std::string key : {"gl-compute", "gl-fragment"}) {
      const Curve kernel = curve_of(rows, "vector-add", key, "", value);
      const Curve total = curve_of(rows, "vector-add", key + "-with-copies", "total", value);
      const std::string what = key == "gl-compute" ? tr("compute shader") : tr("fragment shader");
      if (!kernel.empty())
        chart_.series.push_back({gl_series_label(rows, "vector-add", key, what), kernel.x, kernel.y,
                                 key == "gl-compute" ? colours.gl_compute : colours.gl_fragment, plot::Marker::Cross,
                                 plot::Line::Solid, false, 2.0f, kernel.notes});
      if (!total.empty())
        chart_.series.push_back({gl_series_label(rows, "vector-add", key, fill(tr("{0} incl. copies"), {what})), total.x, total.y,
                                 colours.gl_with_copies, plot::Marker::Cross, plot::Line::Solid, false, 1.5f,
                                 total.notes});
    }
  }

  // Where an OpenGL shader on a real GPU overtakes one CPU core, both measured here. (A
  // software renderer is the CPU itself: the note beside the chart says so instead.)
  void add_gl_crossover() {
    const std::vector<Measurement>& rows = results().rows;
    for (const std::string key : {"gl-compute", "gl-fragment"}) {
      const Curve kernel = curve_of(rows, "vector-add", key, "", median_ms);
      if (kernel.empty() || gl_rows_are_software(rows, "vector-add", key)) continue;
      double at = std::numeric_limits<double>::quiet_NaN();
      const std::string name =
          fill(key == "gl-compute" ? tr("The compute shader on {0}") : tr("The fragment shader on {0}"),
               {gl_device_of(rows, "vector-add", key)});
      const std::string s = crossover_sentence(name, kernel, tr("one CPU core"), live_.time.cpu, &at);
      if (!s.empty()) sentences_.push_back({s, timing_colours().gl_compute});
      if (!std::isnan(at)) chart_.marks.push_back({at, tr("OpenGL beats 1 core"), timing_colours().gl_compute});
    }
  }

  void draw_explanation() {
    const SourcedFigures<SourceCurves> gpu = gpu_curves();
    const bool gpu_measured = gpu && !gpu.figures->time.gpu.empty();
    if (gpu_measured && !gpu.source.faded()) {
      ImGui::TextUnformatted(tr("Measured on this computer:"));
    } else if (gpu_measured) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      ImGui::TextWrapped("%s", tr("No GPU here: the GPU curves and the sentences below are from the recorded run "
                                  "(dashed). Your CPU's curves are live once you run the sweep."));
      ImGui::PopStyleColor();
    } else if (!gpu_info().available) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      wrapped_text_unformatted(fill(tr("No GPU here, and the recorded GPU results could not be read ({0}). Only the "
                                       "CPU curves can be shown."),
                                    {reference_error_})
                                   );
      ImGui::PopStyleColor();
    } else {
      ImGui::TextWrapped(
          "%s",
          tr("Press the button to measure. The sweep runs in the background; the curves grow as each size is done."));
    }
    ImGui::Spacing();
    for (const auto& [text, colour] : sentences_) {
      ImGui::PushStyleColor(ImGuiCol_Text, colour);
      ImGui::TextUnformatted(tr("\xe2\x80\xa2"));  // bullet
      ImGui::PopStyleColor();
      ImGui::SameLine();
      wrapped_text_unformatted(text);
    }
    if (!transfer_note_.empty()) {
      ImGui::Spacing();
      wrapped_text_unformatted(transfer_note_);
    }
    ImGui::Spacing();
    if (gl_.draw_toggle(busy())) dirty_ = true;
    gl_.draw_note();
    if (!sentences_.empty()) {
      ImGui::Spacing();
      ImGui::TextDisabled("%s", tr("Hover a point for its numbers; click a legend entry to hide a curve."));
    }
  }

  bool result(const std::string& name, PanelResult* out) const override {
    // Once a sweep has run here; without a GPU the GPU side is the recorded machine's.
    if (name != "crossover" || busy() || results().rows.empty() || std::isnan(crossover_)) return false;
    out->value = crossover_;
    out->text = fill(tr("{0} elements, {1}"), {with_commas(crossover_), gpu_curves().source.where()});
    return true;
  }

  VectorAddSettings s_;
  double crossover_ = 0.0;  // where the GPU kernel overtakes one CPU core (NaN: nowhere)
  bool dirty_ = true;
  const bench::ReferenceData* reference_ = nullptr;
  std::string reference_error_;
  SourceCurves live_, recorded_;
  plot::Chart chart_;
  std::vector<std::pair<std::string, ImU32>> sentences_;
  std::string transfer_note_;
  GlSweepSide gl_;
};

}  // namespace

const PanelType& vector_add_sweep_panel_type() {
  static const PanelType type = sweep_panel_type<VectorAddSweepPanel>(
      "vector-add-sweep",
      N_("c = a + b from 2^10 to 2^28 on CPU and GPU, with and without copies: where the GPU starts to win"),
      vector_add_fields().table(),
      {{"crossover", "elements", "the vector size from which the GPU kernel (data already on the GPU) beats one CPU core"}});
  return type;
}

}  // namespace whygpu::app
