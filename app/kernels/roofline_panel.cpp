// The roofline of this GPU (and CPU), drawn from measured ceilings: a kernel that does I
// floating-point operations per byte it moves to or from memory can run no faster than
// min(peak FLOP/s, I x memory bandwidth). Each kernel of the timing lessons is placed as a
// point at its arithmetic intensity: vector add far left under the sloped memory roof,
// the matrix products far right, climbing towards the flat compute roofs as they are
// optimised. Without a GPU, the GPU roofs and points are the recorded H100 run (dashed,
// hollow) and the CPU's are live.
//
// Parameters (besides SweepPanel's): n (matrix size of the matmul points, 2048), vector
// (log2 of the vector-add length, 26), peak-n (cuBLAS size of the compute ceilings, 4096).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/files/figure_source.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/kernels/ceilings.h"
#include "app/kernels/curves.h"
#include "app/kernels/reference.h"
#include "app/kernels/sweep_panel.h"
#include "app/kernels/timing_colours.h"
#include "app/plot/plot.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/kernels/matmul.h"
#include "compute/kernels/vector_add_bench.h"

namespace whygpu::app {
namespace {

using kernels::MatmulVariant;
using kernels::Measurement;

constexpr double kMinIntensity = 0.01;  // flop per byte: the chart's left and right ends
constexpr double kMaxIntensity = 1e4;

// Floating-point operations per byte of memory traffic, counting each input read once and
// the output written once: the least traffic any implementation can have.
double intensity(const Measurement& row) {
  if (row.benchmark == "matmul") {
    const double n = static_cast<double>(row.size);
    const double input_bytes = row.precision == "fp16" || row.precision == "bf16" ? 2.0 : 4.0;
    return 2.0 * n * n * n / ((2.0 * input_bytes + 4.0) * n * n);
  }
  return row.bytes > 0 ? row.flop / row.bytes : std::nan("");
}

// The measured row of (benchmark, variant) at `size`, or at the largest size when size is 0.
const Measurement* pick(const std::vector<Measurement>& rows, const char* benchmark, std::string_view variant,
                        std::int64_t size) {
  const Measurement* found = nullptr;
  for (const Measurement& r : rows) {
    if (r.state != kernels::RowState::Measured || r.benchmark != benchmark || r.variant != variant || !r.phase.empty())
      continue;
    if (size > 0 ? r.size == size : (!found || r.size > found->size)) found = &r;
  }
  return found;
}

struct KernelPoint {
  const char* benchmark;
  const char* variant;
  const char* name;
  bool on_gpu;
  ImU32 colour;
  plot::Marker marker;
};

std::vector<KernelPoint> kernel_points() {
  const TimingColours c = timing_colours();
  return {
      {"vector-add", "gpu", N_("GPU vector add"), true, c.gpu, plot::Marker::Circle},
      {"matmul", "gpu-naive", N_("GPU naive"), true, c.gpu_naive, plot::Marker::Triangle},
      {"matmul", "gpu-coalesced", N_("GPU coalesced"), true, c.gpu_coalesced, plot::Marker::Triangle},
      {"matmul", "gpu-tiled", N_("GPU shared tiles"), true, c.gpu_tiled, plot::Marker::Square},
      {"matmul", "gpu-register-tiled", N_("GPU register tiles"), true, c.gpu_register, plot::Marker::Diamond},
      {"matmul", "gpu-tc-wmma-fp16", "GPU WMMA FP16", true, c.gpu_tc_wmma_fp16, plot::Marker::Triangle},
      {"matmul", "gpu-tc-wmma-bf16", "GPU WMMA BF16", true, c.gpu_tc_wmma_bf16, plot::Marker::Triangle},
      {"matmul", "gpu-tc-mma-bf16", "GPU mma.sync BF16", true, c.gpu_tc_mma, plot::Marker::Square},
      {"matmul", "gpu-tc-wgmma-bf16", "GPU wgmma BF16", true, c.gpu_tc_wgmma, plot::Marker::Diamond},
      {"matmul", "cublas-fp32", "cuBLAS FP32", true, c.cublas_fp32, plot::Marker::Circle},
      {"matmul", "cublas-tf32", "cuBLAS TF32", true, c.cublas_tf32, plot::Marker::Square},
      {"matmul", "cublas-fp16", "cuBLAS FP16", true, c.cublas_fp16, plot::Marker::Triangle},
      {"matmul", "cublas-bf16", "cuBLAS BF16", true, c.cublas_bf16, plot::Marker::Diamond},
      {"vector-add", "cpu-threads", N_("CPU vector add"), false, c.cpu_threads, plot::Marker::Circle},
      {"matmul", "cpu-naive", N_("CPU naive"), false, c.cpu, plot::Marker::Triangle},
      {"matmul", "cpu-blocked", N_("CPU blocked"), false, c.cpu_threads, plot::Marker::Square},
      {"matmul", "cpu-openblas", "OpenBLAS", false, c.cpu_blas, plot::Marker::Diamond},
  };
}

std::string gflops_text(double v) {
  return v >= 1000 ? plot::format_value(v / 1000, plot::ValueFormat::Number, 3) + " TFLOP/s"
                   : plot::format_value(v, plot::ValueFormat::Number, 3) + " GFLOP/s";
}

// The panel's own parameters (the shared ones are SweepSettings): what is placed on the
// roofline, and the size that measures its ceilings.
struct RooflineSizes {
  int n = 2048;
  int vector_log = 26;
  int peak_n = CeilingSizes{}.gpu_matmul_n;
};

const PanelFields<RooflineSizes>& roofline_fields() {
  using S = RooflineSizes;
  static const PanelFields<S> fields{{
      whole_field("n", &S::n, 64, 16384, "n of the matrix products placed on the roofline"),
      whole_field("vector", &S::vector_log, 16, 30, "vector add of 2^vector elements placed on the roofline"),
      whole_field("peak_n", &S::peak_n, 256, 32768, "n of the cuBLAS products that measure the peaks"),
  }};
  return fields;
}

class RooflinePanel final : public SweepPanel {
 public:
  explicit RooflinePanel(const PanelParams& params)
      : SweepPanel("roofline", params), sizes_(roofline_fields().options(params)) {
    if (!gpu_info().available) reference_ = h100_reference(&reference_error_);
  }

  void draw(const FrameContext& frame) override {
    if (poll(frame)) dirty_ = true;
    draw_run_controls(frame, N_("Measure the roofline"));
    if (dirty_) rebuild();
    draw_chart_and_column(frame, "roofline", chart_, {280.0f, 0.3f, 0.62f, 280.0f, 640.0f},
                          [this](float) { draw_explanation(); });
    draw_export_row(frame, true);
  }

 protected:
  Status make_jobs(const kernels::BenchOptions& options, std::vector<kernels::SweepJob>* jobs) override {
    const bool gpu = gpu_info().available;
    *jobs = ceiling_jobs(options, ceiling_sizes(), gpu);
    auto append = [jobs](std::vector<kernels::SweepJob> more) {
      for (auto& j : more) jobs->push_back(std::move(j));
    };
    // The naive CPU loop at a size it finishes in about a second.
    append(kernels::matmul_jobs({MatmulVariant::CpuNaive}, {std::min(sizes_.n, 512)}, options));
    append(kernels::matmul_jobs({MatmulVariant::CpuBlocked}, {sizes_.n}, options));
    if (gpu) {
      append(kernels::vector_add_jobs({kernels::VectorAddVariant::Gpu}, {std::size_t{1} << sizes_.vector_log}, options));
      append(kernels::matmul_jobs({MatmulVariant::GpuNaive, MatmulVariant::GpuCoalesced, MatmulVariant::GpuSharedTiled,
                                   MatmulVariant::GpuRegisterTiled, MatmulVariant::GpuTcWmmaFp16,
                                   MatmulVariant::GpuTcWmmaBf16, MatmulVariant::GpuTcMmaBf16,
                                   MatmulVariant::GpuTcWgmmaBf16, MatmulVariant::CublasFp32, MatmulVariant::CublasTf32,
                                   MatmulVariant::CublasFp16, MatmulVariant::CublasBf16},
                                  {sizes_.n}, options));
    }
    return Status::ok();
  }

  std::string describe_sweep() const override {
    return "whygpu app: roofline (matmul n=" + std::to_string(sizes_.n) + ", vector add 2^" + std::to_string(sizes_.vector_log) +
           ", ceilings: cuBLAS n=" + std::to_string(sizes_.peak_n) + ")";
  }

  Status set_own_param(const std::string& key, const ParamValue& value) override {
    if (busy()) return Status::error(tr("cannot change the sizes while measuring"));
    return roofline_fields().set(key, value, &sizes_);
  }

 private:
  CeilingSizes ceiling_sizes() const {
    CeilingSizes sizes;
    sizes.gpu_matmul_n = sizes_.peak_n;
    sizes.cpu_matmul_n = sizes_.n;  // the OpenBLAS ceiling is also its point
    sizes.cpu_stream_elements = std::size_t{1} << sizes_.vector_log;
    return sizes;
  }

  struct Placed {
    std::string variant;
    double x, y;
    std::int64_t size;
  };

  // A roof: the sloped memory part up to the ridge, then flat at the peak.
  void add_roof(const std::string& label, double bandwidth_gbs, double peak_gflops, ImU32 colour,
                const FigureSource& source, float thickness) {
    if (std::isnan(bandwidth_gbs) || std::isnan(peak_gflops) || bandwidth_gbs <= 0 || peak_gflops <= 0) return;
    const double ridge = peak_gflops / bandwidth_gbs;
    const std::string bandwidth = plot::format_value(bandwidth_gbs, plot::ValueFormat::Number, 3);
    plot::Series roof{fill(tr("{0} roof: {1}, {2} GB/s"), {label, gflops_text(peak_gflops), bandwidth}),
                      {kMinIntensity, ridge, kMaxIntensity},
                      {bandwidth_gbs * kMinIntensity, peak_gflops, peak_gflops},
                      colour,
                      plot::Marker::None,
                      source.faded() ? plot::Line::Dashed : plot::Line::Solid,
                      source.faded(),
                      thickness,
                      {fill(tr("memory roof: {0} GB/s"), {bandwidth}),
                       fill(tr("ridge point: {0} flop/byte"), {plot::format_value(ridge, plot::ValueFormat::Number, 3)}),
                       fill(tr("peak: {0}"), {gflops_text(peak_gflops)})}};
    chart_.series.push_back(std::move(roof));
  }

  // The kernels of one source as points, each with its name beside it.
  void add_points(const std::vector<Measurement>& rows, bool on_gpu, const FigureSource& source,
                  std::vector<Placed>* placed) {
    for (const KernelPoint& k : kernel_points()) {
      if (k.on_gpu != on_gpu) continue;
      std::int64_t size = 0;  // recorded: the largest size; live: the size this panel measured
      if (!source.faded()) {
        if (std::string_view(k.benchmark) == "vector-add") size = std::int64_t{1} << sizes_.vector_log;
        else size = std::string_view(k.variant) == "cpu-naive" ? std::min(sizes_.n, 512) : sizes_.n;
      }
      const Measurement* row = pick(rows, k.benchmark, k.variant, size);
      if (!row) continue;
      const double x = intensity(*row);
      const double y = row->gflops();
      if (!(x > 0) || !(y > 0)) continue;
      char note[160];
      std::snprintf(note, sizeof note, "%s at %s: %.3g flop/byte, %s", k.variant,
                    std::string_view(k.benchmark) == "matmul" ? ("n = " + std::to_string(row->size)).c_str()
                                                               : ("2^" + std::to_string(std::lround(std::log2(row->size)))).c_str(),
                    x, gflops_text(y).c_str());
      chart_.series.push_back(
          {tr(k.name), {x}, {y}, k.colour, k.marker, plot::Line::None, source.faded(), 2.0f, {note}, false});
      chart_.labels.push_back({x, y, tr(k.name), k.colour, static_cast<int>(chart_.series.size()) - 1});
      placed->push_back({k.variant, x, y, row->size});
    }
  }

  void rebuild() {
    dirty_ = false;
    chart_ = plot::Chart{};
    chart_.x_title = tr("arithmetic intensity (flop per byte of memory traffic)");
    chart_.x = {plot::ScaleKind::Log, plot::ValueFormat::Number, false};
    chart_.y_title = tr("GFLOP/s");
    chart_.y = {plot::ScaleKind::Log, plot::ValueFormat::Number, false};
    chart_.x_span = {kMinIntensity, kMaxIntensity};
    chart_.legend = plot::LegendPlace::Below;
    chart_.empty_message = busy() ? tr("measuring the ceilings...") : tr("press \"Measure the roofline\"");
    const TimingColours colours = timing_colours();
    live_ = ceilings_from(results().rows);
    gpu_points_.clear();
    cpu_points_.clear();
    const SourcedFigures<std::vector<Measurement>> gpu = gpu_rows();
    gpu_ceilings_ = gpu.source.faded() ? ceilings_from(*gpu.figures) : live_;
    add_roof("GPU FP32", gpu_ceilings_.gpu_memory_gbs, gpu_ceilings_.cublas_fp32, colours.cublas_fp32, gpu.source, 2.5f);
    add_roof("GPU TF32 Tensor Core", gpu_ceilings_.gpu_memory_gbs, gpu_ceilings_.cublas_tf32, colours.cublas_tf32,
             gpu.source, 1.5f);
    add_roof("GPU FP16 Tensor Core", gpu_ceilings_.gpu_memory_gbs, gpu_ceilings_.cublas_fp16, colours.cublas_fp16,
             gpu.source, 1.5f);
    add_roof("CPU", live_.cpu_memory_gbs, live_.openblas, colours.cpu, FigureSource::this_computer(), 2.5f);
    if (gpu) add_points(*gpu.figures, true, gpu.source, &gpu_points_);
    add_points(results().rows, false, FigureSource::this_computer(), &cpu_points_);
    chart_.footnote = gpu.source.chart_note();
    // Room above the highest roof for the labels of the points just under it.
    double top = 0.0;
    for (const plot::Series& s : chart_.series)
      for (const double y : s.y) top = std::max(top, y);
    if (top > 0) chart_.y_span = {top * 4};
  }

  // "vector_add_of_peak": the GPU vector add's FLOP/s as a share of the GPU's FP32 peak.
  bool result(const std::string& name, PanelResult* out) const override {
    if (name != "vector_add_of_peak" || busy() || results().rows.empty()) return false;
    for (const Placed& p : gpu_points_) {
      if (p.variant != "gpu" || !(gpu_ceilings_.cublas_fp32 > 0)) continue;
      out->value = 100.0 * p.y / gpu_ceilings_.cublas_fp32;
      out->text = fill(tr("{0}% of the FP32 peak ({1} of {2}), {3}"),
                       {significant_text(out->value, 2), gflops_text(p.y), gflops_text(gpu_ceilings_.cublas_fp32),
                        gpu_rows().source.where()});
      return true;
    }
    return false;
  }

  // The GPU's rows, decided here for the roofs, the points, the words and the result alike:
  // this computer's when it has a GPU, else the recorded run's; none without either.
  SourcedFigures<std::vector<Measurement>> gpu_rows() const {
    if (gpu_info().available) return {&results().rows, FigureSource::this_computer()};
    if (reference_) return {&reference_->rows, FigureSource::recorded(reference_->run)};
    return {};
  }

  double fraction_of_roof(const Placed& p, double bandwidth, double peak) const {
    const double roof = std::min(peak, p.x * bandwidth);
    return p.y / roof;
  }

  void draw_explanation() {
    const Ceilings& g = gpu_ceilings_;
    const SourcedFigures<std::vector<Measurement>> gpu = gpu_rows();
    if (gpu.source.faded()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      ImGui::TextWrapped("%s", tr("No GPU here: the GPU roofs and points are the recorded run (dashed); the CPU's are "
                                  "measured live when you press the button."));
      ImGui::PopStyleColor();
      ImGui::Spacing();
    } else if (!gpu) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      ImGui::TextWrapped(
          "%s",
          fill(tr("No GPU here, and the recorded GPU results could not be read ({0})."), {reference_error_}).c_str());
      ImGui::PopStyleColor();
    }
    if (std::isnan(g.gpu_memory_gbs) || std::isnan(g.cublas_fp32)) {
      ImGui::TextWrapped("%s",
                         tr("A kernel that does I floating-point operations for every byte it reads or writes can go "
                            "no faster than I times the memory bandwidth, and never faster than the peak of its "
                            "arithmetic units. Press the button to measure both ceilings and place the kernels."));
      return;
    }
    const double ridge = g.cublas_fp32 / g.gpu_memory_gbs;
    ImGui::TextWrapped("%s", fill(tr("The GPU's FP32 roof bends at {0} flop per byte (its ridge point). Left of it, a "
                                     "kernel waits for memory; right of it, for arithmetic."),
                                  {significant_text(ridge, 3)})
                                 .c_str());
    for (const Placed& p : gpu_points_) {
      if (p.variant == "gpu") {
        ImGui::Spacing();
        ImGui::TextWrapped(
            "%s",
            fill(tr("Vector add does 1 addition per 12 bytes ({0} flop/byte), far left: it reaches {1}% of the memory "
                    "roof, and the arithmetic units idle. More FLOP/s would not help it; only more bandwidth would."),
                 {significant_text(p.x, 3),
                  decimal_text(100.0 * fraction_of_roof(p, g.gpu_memory_gbs, g.cublas_fp32), 0)})
                .c_str());
      }
    }
    const Placed* naive = nullptr;
    const Placed* best = nullptr;
    for (const Placed& p : gpu_points_) {
      if (p.variant == "gpu-naive") naive = &p;
      if (p.variant == "cublas-fp32") best = &p;
    }
    if (naive && best) {
      ImGui::Spacing();
      ImGui::TextWrapped(
          "%s", fill(tr("The n = {0} matrix product can do {1} flop per byte, far right of the ridge: its limit is "
                        "arithmetic. The naive kernel still reaches only {2}% of the FP32 roof, because it fetches the "
                        "same values from memory and caches again and again; each rung of the ladder climbs closer, "
                        "and cuBLAS FP32 reaches {3}%. The Tensor Cores raise the roof itself."),
                     {std::to_string(static_cast<long long>(naive->size)), significant_text(naive->x, 3),
                      decimal_text(100.0 * fraction_of_roof(*naive, g.gpu_memory_gbs, g.cublas_fp32), 1),
                      decimal_text(100.0 * fraction_of_roof(*best, g.gpu_memory_gbs, g.cublas_fp32), 0)})
                    .c_str());
    }
    if (!std::isnan(live_.openblas) && !std::isnan(live_.cpu_memory_gbs)) {
      ImGui::Spacing();
      ImGui::TextWrapped("%s", fill(tr("The orange roof is this computer's CPU: {0} of memory bandwidth and {1} with "
                                       "OpenBLAS. Both roofs have the same shape; the GPU's is higher on both sides."),
                                    {(plot::format_value(live_.cpu_memory_gbs, plot::ValueFormat::Number, 3) + " GB/s"),
                                     gflops_text(live_.openblas)})
                                   .c_str());
    }
  }

  RooflineSizes sizes_;
  bool dirty_ = true;
  const bench::ReferenceData* reference_ = nullptr;
  std::string reference_error_;
  Ceilings live_ = ceilings_from({});
  Ceilings gpu_ceilings_ = ceilings_from({});
  std::vector<Placed> gpu_points_, cpu_points_;
  plot::Chart chart_;
};

}  // namespace

const PanelType& roofline_panel_type() {
  static const PanelType type = sweep_panel_type<RooflinePanel>(
      "roofline",
      N_("the roofline of this GPU and CPU from measured ceilings, with each kernel placed at its arithmetic intensity"),
      roofline_fields().table(),
      {{"vector_add_of_peak", "%", "the GPU vector add's arithmetic rate as a share of the GPU's FP32 peak"}});
  return type;
}

}  // namespace whygpu::app
