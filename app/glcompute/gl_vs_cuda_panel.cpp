// "The 2001 way against the 2006 way": C = A B written as a graphics shader (a fragment
// shader drawing into a float texture, one fragment per element looping over k) against
// the same product written as a CUDA kernel (one thread per element, the ladder's
// coalesced rung), on the same GPU, in GFLOP/s for n = 2^min to 2^max. Without an NVIDIA
// GPU the shader runs on whatever GPU OpenGL offers and is compared with the CPU (OpenBLAS
// on every core); the recorded H100 run, where shipped, shows both ways on one GPU, dashed.
//
// Parameters (besides SweepPanel's): min, max (log2 of n: 8, 11).
// Result `same_gpu`: which was faster on one GPU, as the index of the lesson's choices
// (0: the CUDA kernel by over 3 times, 1: within 3 times, 2: the shader by over 3 times).
#include <imgui.h>

#include <cmath>

#include "app/files/figure_source.h"
#include "app/glcompute/gl_bench.h"
#include "app/glcompute/gl_sweep_side.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/kernels/curves.h"
#include "app/kernels/reference.h"
#include "app/kernels/sweep_panel.h"
#include "app/kernels/timing_colours.h"
#include "app/panels/panel_registry.h"
#include "app/plot/plot.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/kernels/matmul.h"
#include "compute/kernels/thread_pool.h"

namespace whygpu::app {
namespace {

using kernels::MatmulVariant;
using kernels::Measurement;

constexpr const char* kShader = "gl-fragment";
constexpr const char* kCuda = "gpu-coalesced";
constexpr const char* kCpu = "cpu-openblas";

double gflops(const Measurement& r) { return r.gflops(); }

// The two ways at the largest n both reached, from one source of rows.
struct Comparison {
  double n = 0, shader = 0, cuda = 0;
  bool found = false;
};

Comparison compare(const std::vector<Measurement>& rows, const char* peer) {
  const Curve shader = curve_of(rows, "matmul", kShader, "", gflops);
  const Curve other = curve_of(rows, "matmul", peer, "", gflops);
  Comparison c;
  for (std::size_t i = shader.x.size(); i-- > 0;) {
    const double v = sample_at(other, {shader.x[i]})[0];
    if (std::isnan(v) || !(v > 0) || !(shader.y[i] > 0)) continue;
    c = {shader.x[i], shader.y[i], v, true};
    break;
  }
  return c;
}

// 0: CUDA faster by over 3x, 1: within 3x, 2: the shader faster by over 3x.
int verdict(const Comparison& c) { return c.cuda > 3 * c.shader ? 0 : c.shader > 3 * c.cuda ? 2 : 1; }

std::string rate(double gflop_per_s) { return plot::format_value(gflop_per_s, plot::ValueFormat::Number, 3) + " GFLOP/s"; }

// The panel's own parameters (the shared ones are SweepSettings): the sizes raced.
struct RaceSizes {
  int min_log = 8, max_log = 11;  // n from 2^min to 2^max
};

const PanelFields<RaceSizes>& race_fields() {
  using S = RaceSizes;
  static const PanelFields<S> fields{{
      whole_field("min", &S::min_log, 4, 13, "smallest n, as a power of two"),
      whole_field("max", &S::max_log, 4, 13, "largest n, as a power of two"),
  }};
  return fields;
}

// min above max is read the other way round.
RaceSizes ordered(RaceSizes s) {
  if (s.max_log < s.min_log) std::swap(s.min_log, s.max_log);
  return s;
}

class GlVsCudaPanel final : public SweepPanel {
 public:
  explicit GlVsCudaPanel(const PanelParams& params)
      : SweepPanel("gl-vs-cuda", params), sizes_(ordered(race_fields().options(params))), gl_("on") {
    reference_ = h100_opengl_reference(&reference_error_);
  }

  void draw(const FrameContext& frame) override {
    if (poll(frame)) dirty_ = true;
    draw_run_controls(frame, N_("Race the two ways"));
    if (dirty_ || !renderer_known_) rebuild();
    draw_chart_and_column(frame, "gl-vs-cuda", chart_, {260.0f, 0.34f, 0.55f, 240.0f, 520.0f},
                          [this](float) { draw_explanation(); });
    // The sizes under the chart: beside the progress bar they ran past the page's edge.
    ImGui::TextDisabled(
        "%s", fill(tr("n = {0} to {1}"), {std::to_string(1 << sizes_.min_log), std::to_string(1 << sizes_.max_log)}).c_str());
    draw_export_row(frame, true);
  }

 protected:
  Status make_jobs(const kernels::BenchOptions& options, std::vector<kernels::SweepJob>* jobs) override {
    const MatmulVariant peer = gpu_info().available ? MatmulVariant::GpuCoalesced : MatmulVariant::CpuOpenBlas;
    jobs->clear();
    for (const int n : sizes()) {
      for (auto& j : gl_matmul_jobs(gl_.thread(), {GlKernel::MatmulFragment}, {n}, options)) jobs->push_back(std::move(j));
      for (auto& j : kernels::matmul_jobs({peer}, {n}, options)) jobs->push_back(std::move(j));
    }
    return Status::ok();
  }

  std::string describe_sweep() const override {
    return "whygpu app: gl-vs-cuda n=" + std::to_string(1 << sizes_.min_log) + ".." + std::to_string(1 << sizes_.max_log);
  }

  Status set_own_param(const std::string& key, const ParamValue& value) override {
    if (busy()) return Status::error(tr("cannot change the sizes while the race runs"));
    if (Status s = race_fields().set(key, value, &sizes_); !s) return s;
    sizes_ = ordered(sizes_);
    dirty_ = true;
    return Status::ok();
  }

  bool result(const std::string& name, PanelResult* out) const override {
    if (name != "same_gpu" || busy()) return false;
    const SourcedFigures<std::vector<Measurement>> both = one_gpu_rows();
    if (!both) return false;
    const Comparison c = compare(*both.figures, kCuda);
    if (!c.found) return false;
    out->value = verdict(c);
    out->text = both.source.after(fill(tr("at n = {0}: CUDA kernel {1}, fragment shader {2}"),
                                       {plot::format_value(c.n, plot::ValueFormat::Number), rate(c.cuda),
                                        rate(c.shader)}));
    return true;
  }

 private:
  // Both ways ran here on one GPU: CUDA is here and OpenGL was not a software renderer
  // (an NVIDIA machine whose EGL falls back to llvmpipe would race the CPU against the GPU).
  bool one_gpu_here() const {
    return gpu_info().available && !gl_rows_are_software(results().rows, "matmul", kShader);
  }

  // Both ways on one GPU, decided here for the chart, the sentences and the result alike:
  // this computer's rows when it ran both on its NVIDIA GPU, else the recorded run's; none
  // without either.
  SourcedFigures<std::vector<Measurement>> one_gpu_rows() const {
    if (one_gpu_here()) return {&results().rows, FigureSource::this_computer()};
    if (reference_) return {&reference_->rows, FigureSource::recorded(reference_->run)};
    return {};
  }

  std::vector<int> sizes() const {
    std::vector<int> out;
    for (int log = sizes_.min_log; log <= sizes_.max_log; ++log) out.push_back(1 << log);
    return out;
  }

  // `label` names the series in the legend; `name`, a few words, is written beside one of
  // its points, so that the class can tell the curves apart when the legend is below the
  // fold of a projector's page (a recorded series is told by its dashed line, which the
  // footnote explains). The k-th series is named at the k-th of four places along the x
  // axis, so that the names do not crowd one end.
  void add(const std::vector<Measurement>& rows, const char* variant, const std::string& label,
           const std::string& name, ImU32 colour, plot::Marker marker, bool recorded) {
    const Curve c = curve_of(rows, "matmul", variant, "", gflops);
    if (c.empty()) return;
    const int k = static_cast<int>(chart_.series.size());
    chart_.series.push_back({label, c.x, c.y, colour, marker, recorded ? plot::Line::Dashed : plot::Line::Solid,
                             recorded, 2.0f, c.notes});
    const std::size_t at = (c.x.size() - 1) * (2 * (k % 4) + 1) / 8;
    chart_.labels.push_back({c.x[at], c.y[at], name, colour, k});
  }

  void rebuild() {
    dirty_ = false;
    renderer_known_ = gl_.renderer(&renderer_);
    chart_ = plot::Chart{};
    chart_.x_title = tr("n (n x n matrices)");
    chart_.x = {plot::ScaleKind::Log, plot::ValueFormat::Number, true};
    chart_.y_title = tr("GFLOP/s (2 n\u00b3 per product)");
    chart_.y = {plot::ScaleKind::Log, plot::ValueFormat::Number, false};
    chart_.x_span = {std::ldexp(1.0, sizes_.min_log), std::ldexp(1.0, sizes_.max_log)};
    chart_.empty_message = busy() ? tr("measuring the first size...") : tr("press \"Race the two ways\" to measure");
    const TimingColours colours = timing_colours();
    const std::vector<Measurement>& rows = results().rows;
    const std::string shader = tr("2001: shader"), cuda = tr("2006: CUDA");
    add(rows, kShader, "2001: " + gl_series_label(rows, "matmul", kShader, tr("fragment shader")), shader,
        colours.gl_fragment, plot::Marker::Cross, false);
    if (gpu_info().available)
      add(rows, kCuda, fill(tr("2006: CUDA kernel on {0}"), {gpu_info().name}), cuda, colours.gpu_coalesced,
          plot::Marker::Triangle, false);
    else
      add(rows, kCpu,
          fill(tr("CPU: OpenBLAS, {0} threads"), {std::to_string(kernels::resolve_threads(cpu_threads()))}),
          tr("CPU"), colours.cpu_blas, plot::Marker::Diamond, false);
    if (const SourcedFigures<std::vector<Measurement>> both = one_gpu_rows(); both.source.faded()) {
      add(*both.figures, kShader,
          "2001: " + gl_series_label(*both.figures, "matmul", kShader, tr("fragment shader")), shader,
          colours.gl_fragment, plot::Marker::Cross, true);
      add(*both.figures, kCuda, fill(tr("2006: CUDA kernel on {0}"), {reference_->run.gpu_name}), cuda,
          colours.gpu_coalesced, plot::Marker::Triangle, true);
      chart_.footnote = both.source.chart_note();
    }
  }

  // "At n = 2048 on this computer: the fragment shader ..., the CUDA kernel ..., so the
  // CUDA kernel is 3.1 times faster."
  void sentence(const Comparison& c, const std::string& peer_name, const std::string& where) {
    const double ratio = c.cuda / c.shader;
    const std::string times = plot::format_value(ratio >= 1 ? ratio : 1 / ratio, plot::ValueFormat::Number, 2);
    wrapped_text_unformatted(fill(tr("At n = {0} {1}: the fragment shader {2}, {3} {4}, so {5} is {6} times faster."),
                                  {decimal_text(c.n, 0), where, rate(c.shader), peer_name,
                                   rate(c.cuda), ratio >= 1 ? peer_name : tr("the shader"), times}));
  }

  void draw_explanation() {
    wrapped_text_unformatted(tr("The same product C = A B twice: as a graphics shader that \"draws\" C one pixel per element (how GPUs were "
           "used for computing around 2001), and as a CUDA kernel with one thread per element (2006)."));
    ImGui::Spacing();
    const bool cuda = gpu_info().available;
    const Comparison live = compare(results().rows, cuda ? kCuda : kCpu);
    if (live.found) sentence(live, cuda ? tr("the CUDA kernel") : tr("OpenBLAS on the CPU"), tr("on this computer"));
    if (cuda && !one_gpu_here()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      wrapped_text_unformatted(tr("OpenGL did not run on the NVIDIA GPU here but on a software renderer, so this is "
                                  "not a race on one GPU."));
      ImGui::PopStyleColor();
    }
    if (const SourcedFigures<std::vector<Measurement>> both = one_gpu_rows(); both.source.faded()) {
      const Comparison recorded = compare(*both.figures, kCuda);
      if (recorded.found) {
        ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
        sentence(recorded, tr("the CUDA kernel"),
                 fill(tr("in the recorded run on {0} (not this computer)"), {reference_->run.gpu_name}));
        ImGui::PopStyleColor();
      }
    } else if (!cuda) {
      ImGui::TextDisabled(
          "%s",
          fill(tr("No NVIDIA GPU here, and no recorded run of both ways on one ({0})."), {reference_error_}).c_str());
    }
    // Why the shader stopped early, when it did (a software renderer's size limit).
    for (const Measurement& r : results().rows)
      if (r.variant == kShader && r.state == kernels::RowState::Absent) {
        wrapped_text_unformatted(fill(tr("Shader at n = {0}: {1}."), {std::to_string(static_cast<long long>(r.size)), gl_.shown_row_note(r.note)}));
        break;
      }
    ImGui::Spacing();
    gl_.draw_note();
  }

  RaceSizes sizes_;
  bool dirty_ = true;
  bool renderer_known_ = false;
  GlRenderer renderer_;
  GlSweepSide gl_;
  const bench::ReferenceData* reference_ = nullptr;
  std::string reference_error_;
  plot::Chart chart_;
};

}  // namespace

const PanelType& gl_vs_cuda_panel_type() {
  static const PanelType type = sweep_panel_type<GlVsCudaPanel>(
      "gl-vs-cuda",
      N_("matrix multiplication as a 2001 graphics shader against a 2006 CUDA kernel on the same GPU (else the CPU)"),
      race_fields().table(),
      {{"same_gpu", "choice", "which way was faster on one GPU: 0 the CUDA kernel by over 3 times, 1 within 3 times, "
                              "2 the shader by over 3 times (live with an NVIDIA GPU, else from the recorded H100)"}});
  return type;
}

}  // namespace whygpu::app
