// The matrix-multiply ladder, live: C = A B for n x n matrices from 32 to 4096, from the
// textbook triple loop on one CPU core up to cuBLAS on the Tensor Cores, in time per
// product or GFLOP/s, through the same code as `whygpu bench matmul`. Beside the plot, a
// table ranks the rungs at the largest size every rung reached.
//
// Parameters (besides SweepPanel's): min, max, step (log2 of n: 5, 12, 1), view
// (time | rate), naive-max (largest n for the naive CPU loop, 512: on an H100 server's
// Xeon one product took 0.18 s there and 6 s at 1024; 0: no limit), variants
// (comma-separated keys, default all), opengl (auto | on | off). Without a GPU the CPU
// rungs are live and the GPU rungs come from the recorded H100 run, dashed and labelled;
// the product written as OpenGL shaders, on whatever GPU OpenGL offers, is live beside them
// (app/glcompute).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string_view>

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
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/kernels/matmul.h"

namespace whygpu::app {
namespace {

using kernels::MatmulVariant;
using kernels::Measurement;

struct RungStyle {
  ImU32 colour;
  plot::Marker marker;
};

RungStyle style_of(MatmulVariant v) {
  const TimingColours c = timing_colours();
  switch (v) {
    case MatmulVariant::CpuNaive: return {c.cpu, plot::Marker::Circle};
    case MatmulVariant::CpuBlocked: return {c.cpu_threads, plot::Marker::Square};
    case MatmulVariant::CpuOpenBlas: return {c.cpu_blas, plot::Marker::Diamond};
    case MatmulVariant::GpuNaive: return {c.gpu_naive, plot::Marker::Triangle};
    case MatmulVariant::GpuCoalesced: return {c.gpu_coalesced, plot::Marker::Triangle};
    case MatmulVariant::GpuSharedTiled: return {c.gpu_tiled, plot::Marker::Square};
    case MatmulVariant::GpuRegisterTiled: return {c.gpu_register, plot::Marker::Diamond};
    case MatmulVariant::GpuTcWmmaFp16: return {c.gpu_tc_wmma_fp16, plot::Marker::Triangle};
    case MatmulVariant::GpuTcWmmaBf16: return {c.gpu_tc_wmma_bf16, plot::Marker::Triangle};
    case MatmulVariant::GpuTcMmaBf16: return {c.gpu_tc_mma, plot::Marker::Square};
    case MatmulVariant::GpuTcWgmmaBf16: return {c.gpu_tc_wgmma, plot::Marker::Diamond};
    case MatmulVariant::CublasFp32: return {c.cublas_fp32, plot::Marker::Circle};
    case MatmulVariant::CublasTf32: return {c.cublas_tf32, plot::Marker::Square};
    case MatmulVariant::CublasFp16: return {c.cublas_fp16, plot::Marker::Triangle};
    case MatmulVariant::CublasBf16: return {c.cublas_bf16, plot::Marker::Diamond};
  }
  return {c.cpu, plot::Marker::Circle};
}

// Short names for the legend and the table (the module's labels are sentences), marked for
// translation where they are words; the full label and what the rung does are in the tooltip.
const char* short_name(MatmulVariant v) {
  switch (v) {
    case MatmulVariant::CpuNaive: return N_("CPU naive loop");
    case MatmulVariant::CpuBlocked: return N_("CPU blocked");
    case MatmulVariant::CpuOpenBlas: return "OpenBLAS";
    case MatmulVariant::GpuNaive: return N_("GPU naive");
    case MatmulVariant::GpuCoalesced: return N_("GPU coalesced");
    case MatmulVariant::GpuSharedTiled: return N_("GPU shared tiles");
    case MatmulVariant::GpuRegisterTiled: return N_("GPU register tiles");
    case MatmulVariant::GpuTcWmmaFp16: return "GPU WMMA FP16";
    case MatmulVariant::GpuTcWmmaBf16: return "GPU WMMA BF16";
    case MatmulVariant::GpuTcMmaBf16: return "GPU mma.sync BF16";
    case MatmulVariant::GpuTcWgmmaBf16: return "GPU wgmma BF16";
    case MatmulVariant::CublasFp32: return "cuBLAS FP32";
    case MatmulVariant::CublasTf32: return "cuBLAS TF32";
    case MatmulVariant::CublasFp16: return "cuBLAS FP16";
    case MatmulVariant::CublasBf16: return "cuBLAS BF16";
  }
  return "?";
}

double median_ms(const Measurement& r) { return r.time.median_ms; }
double gflops(const Measurement& r) { return r.gflops(); }

Status parse_variants(const std::string& text, std::vector<MatmulVariant>* out) {
  out->clear();
  std::stringstream in(text);
  std::string key;
  while (std::getline(in, key, ',')) {
    if (key.empty()) continue;
    MatmulVariant v{};
    if (!kernels::find_matmul_variant(key, &v)) {
      std::string known;
      for (MatmulVariant k : kernels::all_matmul_variants()) {
        known += known.empty() ? "" : ", ";
        known += kernels::matmul_variant_info(k).key;
      }
      return Status::error(Wording::sentence(N_("unknown matmul variant '{0}' (known: {1})"), {key, known}));
    }
    out->push_back(v);
  }
  if (out->empty()) return Status::error(Wording::sentence(N_("name at least one variant")));
  return Status::ok();
}

// The OpenGL shaders' rungs, in ladder order.
const std::vector<GlKernel> kGlRungs = {GlKernel::MatmulFragment, GlKernel::MatmulComputeNaive,
                                        GlKernel::MatmulComputeTiled};

// A row of the table and a curve of the chart: one of the module's variants, or an
// OpenGL shader (app/glcompute).
struct Rung {
  std::string name;     // short, for the table
  std::string tooltip;  // the full label and what it does
  RungStyle style;
  bool blas = false;  // the OpenBLAS baseline
  FigureSource source = FigureSource::this_computer();
  Curve time, rate;
};

// A rung's tooltip: its label and what it does (both marked N_() in their tables), in the
// page's language.
std::string rung_tooltip(std::string_view label, std::string_view about) {
  return fill(tr("{0}: {1}"), {tr(std::string(label)), tr(std::string(about))});
}

Rung variant_rung(MatmulVariant v, const FigureSource& source, Curve time, Curve rate) {
  const kernels::VariantInfo& info = kernels::matmul_variant_info(v);
  return {tr(short_name(v)), rung_tooltip(info.label, info.about), style_of(v),
          v == MatmulVariant::CpuOpenBlas, source, std::move(time), std::move(rate)};
}

// The panel's own parameters (the shared ones are SweepSettings).
struct MatmulSettings {
  int min_log = 5, max_log = 12, step_log = 1;  // n from 2^min to 2^max, every 2^step
  int naive_max = 512;                          // the naive CPU loop's largest n (0: no limit)
  std::string view = "rate";                    // or "time"
  std::string variants;                         // the rungs, comma-separated (empty: all)
  std::string opengl = "auto";
};

const PanelFields<MatmulSettings>& matmul_fields() {
  using S = MatmulSettings;
  static const PanelFields<S> fields{{
      whole_field("min", &S::min_log, 1, 14, "smallest n, as a power of two"),
      whole_field("max", &S::max_log, 1, 14, "largest n, as a power of two"),
      whole_field("step", &S::step_log, 1, 6, "power-of-two step between sizes"),
      whole_field("naive_max", &S::naive_max, 0, 1 << 14, "largest n the naive CPU loop runs (0: no limit)"),
      choice_field("view", &S::view, {"time", "rate"}, "GFLOP/s, or time per product"),
      text_field("variants", &S::variants, "comma-separated rungs to run (empty: all; whygpu bench matmul --list)",
                 [](const std::string& text) {
                   std::vector<MatmulVariant> parsed;
                   return text.empty() ? Status::ok() : parse_variants(text, &parsed);
                 }),
      opengl_field(&S::opengl),
  }};
  return fields;
}

// min above max is read the other way round.
MatmulSettings ordered(MatmulSettings s) {
  if (s.max_log < s.min_log) std::swap(s.min_log, s.max_log);
  return s;
}

// The rungs `text` names (checked by the table), or every rung.
std::vector<MatmulVariant> chosen_variants(const std::string& text) {
  std::vector<MatmulVariant> variants = kernels::all_matmul_variants();
  if (!text.empty()) parse_variants(text, &variants);
  return variants;
}

class MatmulSweepPanel final : public SweepPanel {
 public:
  explicit MatmulSweepPanel(const PanelParams& params)
      : SweepPanel("matmul-sweep", params),
        s_(ordered(matmul_fields().options(params))),
        variants_(chosen_variants(s_.variants)),
        gl_(s_.opengl) {
    if (!gpu_info().available) reference_ = h100_reference(&reference_error_);
  }

  void draw(const FrameContext& frame) override {
    if (poll(frame)) dirty_ = true;
    draw_run_controls(frame, N_("Run the ladder"));
    if (dirty_) rebuild();
    // The result right under the button the class watches; how to view it, after it.
    draw_chart_and_column(frame, "matmul", chart_, {300.0f, 0.28f, 0.6f, 260.0f, 620.0f},
                          [this](float width) { draw_ladder_table(width); });
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Show:"));
    same_line_if_fits(check_width(tr("GFLOP/s")));
    if (ImGui::RadioButton(tr_id("GFLOP/s").c_str(), rate_view())) set_view(true);
    same_line_if_fits(check_width(tr("time per product")));
    if (ImGui::RadioButton(tr_id("time per product").c_str(), !rate_view())) set_view(false);
    draw_note_after(fill(tr("n = {0} to {1}; the naive CPU loop stops at n = {2}"),
                         {std::to_string(1 << s_.min_log), std::to_string(1 << s_.max_log),
                          std::to_string(s_.naive_max > 0 ? s_.naive_max : 1 << s_.max_log)}));
    draw_export_row(frame, true);
  }

 protected:
  Status make_jobs(const kernels::BenchOptions& options, std::vector<kernels::SweepJob>* jobs) override {
    kernels::BenchOptions o = options;
    o.cpu_naive_max_n = s_.naive_max;
    std::vector<MatmulVariant> run;
    for (MatmulVariant v : variants_)
      if (gpu_info().available || !kernels::matmul_variant_info(v).on_gpu) run.push_back(v);
    jobs->clear();
    for (const int n : sizes()) {  // size by size, so every curve grows together
      for (auto& job : kernels::matmul_jobs(run, {n}, o)) jobs->push_back(std::move(job));
      if (gl_.enabled())
        for (auto& job : gl_matmul_jobs(gl_.thread(), kGlRungs, {n}, o)) jobs->push_back(std::move(job));
    }
    return Status::ok();
  }

  std::string describe_sweep() const override {
    std::string list, keys;
    for (const int n : sizes()) {
      list += list.empty() ? "" : ",";
      list += std::to_string(n);
    }
    for (MatmulVariant v : variants_) {
      keys += keys.empty() ? "" : ",";
      keys += kernels::matmul_variant_info(v).key;
    }
    return "whygpu app: matmul-sweep --sizes " + list + " --variants " + keys + " --cpu-naive-max-n " +
           std::to_string(s_.naive_max);
  }

  Status set_own_param(const std::string& key, const ParamValue& value) override {
    MatmulSettings wanted = s_;
    if (Status s = matmul_fields().set(key, value, &wanted); !s) return s;
    wanted = ordered(std::move(wanted));
    // The view may change while the sweep runs; the sweep itself may not.
    if (busy() && !same_sweep(wanted, s_)) return Status::error(tr("cannot change the sweep while it runs"));
    if (wanted.opengl != s_.opengl) gl_.set_mode(wanted.opengl);
    if (wanted.variants != s_.variants) variants_ = chosen_variants(wanted.variants);
    if (!same_sweep(wanted, s_)) dirty_ = true;
    if (wanted.view != s_.view) set_view(wanted.view == "rate");
    s_ = std::move(wanted);
    return Status::ok();
  }

 private:
  std::vector<int> sizes() const {
    std::vector<int> out;
    for (int log = s_.min_log; log <= s_.max_log; log += s_.step_log) out.push_back(1 << log);
    return out;
  }

  static bool same_sweep(const MatmulSettings& a, const MatmulSettings& b) {
    return a.min_log == b.min_log && a.max_log == b.max_log && a.step_log == b.step_log &&
           a.naive_max == b.naive_max && a.variants == b.variants && a.opengl == b.opengl;
  }

  bool rate_view() const { return s_.view == "rate"; }

  void set_view(bool rate) {
    if (rate == rate_view()) return;
    s_.view = rate ? "rate" : "time";
    dirty_ = true;
  }

  void rebuild() {
    dirty_ = false;
    chart_ = plot::Chart{};
    chart_.x_title = tr("n (n x n matrices)");
    chart_.x = {plot::ScaleKind::Log, plot::ValueFormat::Number, true};
    chart_.y_title = rate_view() ? tr("GFLOP/s (2 n\u00b3 per product)") : tr("time per product");
    chart_.y = {plot::ScaleKind::Log, rate_view() ? plot::ValueFormat::Number : plot::ValueFormat::Milliseconds, false};
    chart_.x_span = {std::ldexp(1.0, s_.min_log), std::ldexp(1.0, s_.max_log)};
    chart_.empty_message = busy() ? tr("measuring the first size...") : tr("press \"Run the ladder\" to measure");
    chart_.legend = plot::LegendPlace::Below;
    rungs_.clear();
    const SourcedFigures<std::vector<Measurement>> gpu = gpu_rows();
    const SourcedFigures<std::vector<Measurement>> cpu{&results().rows, FigureSource::this_computer()};
    for (MatmulVariant v : variants_) {
      const kernels::VariantInfo& info = kernels::matmul_variant_info(v);
      const SourcedFigures<std::vector<Measurement>>& rows = info.on_gpu ? gpu : cpu;
      if (!rows) continue;
      Rung r = variant_rung(v, rows.source, curve_of(*rows.figures, "matmul", info.key, "", median_ms),
                            curve_of(*rows.figures, "matmul", info.key, "", gflops));
      if (r.time.empty()) continue;
      const Curve& shown = rate_view() ? r.rate : r.time;
      chart_.series.push_back({r.name, shown.x, shown.y, r.style.colour, r.style.marker,
                               r.source.faded() ? plot::Line::Dashed : plot::Line::Solid, r.source.faded(), 2.0f,
                               shown.notes});
      rungs_.push_back(std::move(r));
    }
    add_gl_rungs();
    if (const Rung* recorded = recorded_rung())
      chart_.footnote = recorded->source.chart_note();
    // The comparison size: the largest n that most rungs reached (the naive CPU loop stops early).
    table_n_ = 0;
    for (const Rung& r : rungs_)
      table_n_ = std::max(table_n_, r.rate.x.empty() ? 0.0 : r.rate.x.back());
  }

  // The GPU rungs' rows, decided here for the chart, the table and the result alike: this
  // computer's when it has a GPU, else the recorded run's; none without either.
  SourcedFigures<std::vector<Measurement>> gpu_rows() const {
    if (gpu_info().available) return {&results().rows, FigureSource::this_computer()};
    if (reference_) return {&reference_->rows, FigureSource::recorded(reference_->run)};
    return {};
  }

  // A rung drawn from the recording, if any (null: every rung measured here).
  const Rung* recorded_rung() const {
    for (const Rung& r : rungs_)
      if (r.source.faded()) return &r;
    return nullptr;
  }

  void draw_ladder_table(float width) {
    if (gl_.draw_toggle(busy())) dirty_ = true;
    if (rungs_.empty()) {
      if (!gpu_rows()) {
        ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
        ImGui::TextWrapped(
            "%s",
            fill(tr("No GPU here, and the recorded GPU results could not be read ({0})."), {reference_error_}).c_str());
        ImGui::PopStyleColor();
      }
      ImGui::TextWrapped("%s", tr("Each rung of the ladder is a different way to compute the same product. Run the "
                                  "ladder to see how far apart they are."));
      return;
    }
    const auto value_at = [](const Curve& c, double n) {
      const std::vector<double> v = sample_at(c, {n});
      return v[0];
    };
    // The fair CPU baseline of the same source: live rungs against this CPU, recorded ones
    // against the recorded machine's CPU, so live and recorded numbers never mix.
    double blas_live = std::nan(""), blas_recorded = std::nan("");
    for (const Rung& r : rungs_)
      if (r.blas && !r.source.faded()) blas_live = value_at(r.rate, table_n_);
    if (const SourcedFigures<std::vector<Measurement>> gpu = gpu_rows(); gpu.source.faded())
      blas_recorded = value_at(curve_of(*gpu.figures, "matmul", "cpu-openblas", "", gflops), table_n_);
    ImGui::TextUnformatted(fill(tr("At n = {0}:"), {decimal_text(table_n_, 0)}).c_str());
    if (ImGui::BeginTable("ladder", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit, ImVec2(width, 0))) {
      ImGui::TableSetupColumn(tr("rung"), ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableSetupColumn(tr("GFLOP/s"));
      ImGui::TableSetupColumn(tr("x OpenBLAS"));
      ImGui::TableHeadersRow();
      ImGui::PushTextWrapPos(0.0f);  // a long rung name wraps in its cell
      for (const Rung& r : rungs_) {
        const double rate = value_at(r.rate, table_n_);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushStyleColor(ImGuiCol_Text, r.style.colour);
        ImGui::Text("%s%s", r.name.c_str(), r.source.faded() ? tr(" (rec.)") : "");
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.tooltip.c_str());
        ImGui::TableNextColumn();
        if (std::isnan(rate)) {
          ImGui::TextDisabled("%s", tr("not run"));
          if (ImGui::IsItemHovered() && !r.rate.x.empty())
            ImGui::SetTooltip("%s", fill(tr("measured up to n = {0}"), {decimal_text(r.rate.x.back(), 0)}).c_str());
        } else {
          ImGui::Text("%s", plot::format_value(rate, plot::ValueFormat::Number, 3).c_str());
        }
        ImGui::TableNextColumn();
        const double blas = r.source.faded() ? blas_recorded : blas_live;
        if (!std::isnan(rate) && !std::isnan(blas) && blas > 0)
          ImGui::Text("%s", (plot::format_value(rate / blas, plot::ValueFormat::Number, 2) + "x").c_str());
      }
      ImGui::PopTextWrapPos();
      ImGui::EndTable();
    }
    ImGui::Spacing();
    ImGui::TextWrapped("%s", tr("Same arithmetic on every row: 2 n\u00b3 floating-point operations. The differences "
                                "come from how the data are moved (caches, coalescing, shared memory, registers) and "
                                "which units multiply (CUDA cores or Tensor Cores). Hover a name for what it does."));
    if (recorded_rung()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      ImGui::TextWrapped("%s", tr("(rec.): recorded on another machine, not measured here; its x OpenBLAS compares it "
                                  "with that machine's own CPU."));
      ImGui::PopStyleColor();
    }
    ImGui::Spacing();
    gl_.draw_note();
  }

  // The OpenGL shaders' rungs, measured here, named by the renderer in the legend.
  void add_gl_rungs() {
    const std::vector<Measurement>& rows = results().rows;
    const TimingColours colours = timing_colours();
    for (const GlKernel k : kGlRungs) {
      const GlKernelInfo& info = gl_kernel_info(k);
      const std::string key(info.key);
      const std::string what = k == GlKernel::MatmulFragment       ? tr("fragment shader")
                               : k == GlKernel::MatmulComputeNaive ? tr("compute naive")
                                                                   : tr("compute tiles");
      const bool software = gl_rows_are_software(rows, "matmul", key);
      Rung r{"GL " + what + (software ? tr(" (CPU)") : ""),
             fill(tr("{0}: {1}"), {gl_device_of(rows, "matmul", key), rung_tooltip(info.label, info.about)}),
             {k == GlKernel::MatmulFragment       ? colours.gl_fragment
              : k == GlKernel::MatmulComputeNaive ? colours.gl_compute
                                                  : colours.gl_compute_tiled,
              plot::Marker::Cross},
             false,
             FigureSource::this_computer(),
             curve_of(rows, "matmul", key, "", median_ms),
             curve_of(rows, "matmul", key, "", gflops)};
      if (r.time.empty()) continue;
      const Curve& shown = rate_view() ? r.rate : r.time;
      chart_.series.push_back({gl_series_label(rows, "matmul", key, what), shown.x, shown.y, r.style.colour,
                               r.style.marker, plot::Line::Solid, false, 2.0f, shown.notes});
      rungs_.push_back(std::move(r));
    }
  }

  // "ladder_climb": the fastest rung against the naive CPU loop at the largest n the loop
  // ran, within one source (this computer's rows, or without a GPU the recorded ones, the
  // recorded machine's CPU with them).
  bool result(const std::string& name, PanelResult* out) const override {
    if (name != "ladder_climb" || busy() || results().rows.empty()) return false;
    SourcedFigures<std::vector<Measurement>> ladder = gpu_rows();
    if (!ladder.source.faded()) ladder = {&results().rows, FigureSource::this_computer()};
    const std::vector<Measurement>& rows = *ladder.figures;
    const Curve naive = curve_of(rows, "matmul", "cpu-naive", "", gflops);
    if (naive.x.empty()) return false;
    const double n = naive.x.back();
    double best = 0.0;
    std::string best_name;
    for (MatmulVariant v : kernels::all_matmul_variants()) {
      const double rate = sample_at(curve_of(rows, "matmul", kernels::matmul_variant_info(v).key, "", gflops), {n})[0];
      if (rate > best) best = rate, best_name = tr(short_name(v));
    }
    if (!(best > 0) || !(naive.y.back() > 0)) return false;
    out->value = best / naive.y.back();
    out->text = fill(tr("{0} times ({1} at n = {2}, {3})"),
                     {plot::format_value(out->value, plot::ValueFormat::Number, 3), best_name,
                      plot::format_value(n, plot::ValueFormat::Number), ladder.source.where()});
    return true;
  }

  MatmulSettings s_;
  bool dirty_ = true;
  std::vector<MatmulVariant> variants_;
  const bench::ReferenceData* reference_ = nullptr;
  std::string reference_error_;
  std::vector<Rung> rungs_;
  double table_n_ = 0;
  plot::Chart chart_;
  GlSweepSide gl_;
};

}  // namespace

const PanelType& matmul_sweep_panel_type() {
  static const PanelType type = sweep_panel_type<MatmulSweepPanel>(
      "matmul-sweep",
      N_("the matrix-multiply ladder from the naive CPU loop to cuBLAS on Tensor Cores, n = 32 to 4096"),
      matmul_fields().table(),
      {{"ladder_climb", "times", "the fastest rung's speed over the naive CPU loop's, at the largest n the loop ran"}});
  return type;
}

}  // namespace whygpu::app
