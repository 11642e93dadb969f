// "Your hardware": what the CUDA runtime and the OS say about this computer's GPU and CPU,
// next to what they really deliver when measured (Measure button): memory bandwidth,
// copies over the bus, and the best matrix-multiply rate of cuBLAS (FP32 and Tensor
// Cores) and of OpenBLAS. Without a GPU, the GPU column is the recorded H100 run, with
// that run's own CPU beside it, so recorded and live numbers are never compared.
//
// Parameters (besides SweepPanel's): peak-n (cuBLAS size, 4096), cpu-n (OpenBLAS size,
// 2048), copy-mb (copy size, 256), stream (log2 of the CPU streaming add's length, 26).
#include <imgui.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>

#include "app/files/figure_source.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/kernels/ceilings.h"
#include "app/kernels/reference.h"
#include "app/kernels/sweep_panel.h"
#include "app/plot/plot_math.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/table_fit.h"
#include "app/widgets/ui_style.h"
#include "compute/bench/run_info.h"
#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"
#include "compute/core/thread_pool.h"

namespace whygpu::app {
namespace {

// FP32 lanes ("CUDA cores") and Tensor Cores per SM, and the Tensor Core generation, by
// compute capability, from NVIDIA's architecture whitepapers (Volta to Blackwell).
struct SmFacts {
  int fp32_lanes = 0;
  int tensor_cores = 0;
  const char* tensor_generation = "";  // N_(): translated where shown
  const char* tensor_precisions = "";
};

SmFacts sm_facts(int major, int minor) {
  if (major == 7 && minor < 5) return {64, 8, N_("1st generation (Volta)"), "FP16"};
  if (major == 7) return {64, 8, N_("2nd generation (Turing)"), "FP16, INT8"};
  if (major == 8 && minor == 0) return {64, 4, N_("3rd generation (Ampere)"), "TF32, BF16, FP16, INT8"};
  if (major == 8 && minor < 9) return {128, 4, N_("3rd generation (Ampere)"), "TF32, BF16, FP16, INT8"};
  if (major == 8) return {128, 4, N_("4th generation (Ada)"), "FP8, TF32, BF16, FP16, INT8"};
  if (major == 9) return {128, 4, N_("4th generation (Hopper)"), "FP8, TF32, BF16, FP16, INT8"};
  if (major >= 10) return {128, 4, N_("5th generation (Blackwell)"), "FP4, FP6, FP8, TF32, BF16, FP16"};
  return {};
}

// "1.95 TB/s" from GB/s, "48.2 TFLOP/s" from GFLOP/s: big numbers in big units.
std::string big_rate(double giga, const char* unit) {
  if (std::isnan(giga) || giga <= 0) return "-";
  if (giga >= 1000) return plot::format_value(giga / 1000, plot::ValueFormat::Number, 3) + " T" + unit;
  return plot::format_value(giga, plot::ValueFormat::Number, 3) + " G" + unit;
}

std::string percent_of(double measured, double theoretical) {
  if (std::isnan(measured) || !(theoretical > 0)) return "";
  char text[48];
  std::snprintf(text, sizeof text, " (%.0f%% of the theoretical peak)", 100.0 * measured / theoretical);
  return text;
}

std::string ratio(double a, double b) {
  if (std::isnan(a) || std::isnan(b) || !(b > 0)) return "?";
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", a / b);
  return text;
}

double host_memory_gib() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<double>(pages) * page / double(1 << 30) : 0.0;
}

// The panel's own parameters (the shared ones are SweepSettings): the sizes that measure
// each ceiling.
const PanelFields<CeilingSizes>& ceiling_fields() {
  using S = CeilingSizes;
  static const S defaults;
  static const PanelFields<S> fields{{
      whole_field("peak_n", &S::gpu_matmul_n, 256, 32768, "n of the cuBLAS products that measure the GPU's peaks"),
      whole_field("cpu_n", &S::cpu_matmul_n, 64, 16384, "n of the OpenBLAS product that measures the CPU's peak"),
      whole_field<S>(
          "copy_mb", 1, 16384, static_cast<long long>(defaults.copy_bytes >> 20),
          [](S& s, long long mib) { s.copy_bytes = static_cast<std::size_t>(mib) << 20; },
          "MiB copied to measure the bus and GPU memory"),
      whole_field<S>(
          "stream", 16, 30, std::lround(std::log2(static_cast<double>(defaults.cpu_stream_elements))),
          [](S& s, long long log) { s.cpu_stream_elements = std::size_t{1} << log; },
          "CPU vector add of 2^stream elements that measures the CPU's memory"),
  }};
  return fields;
}

class HardwareCeilingsPanel final : public SweepPanel {
 public:
  explicit HardwareCeilingsPanel(const PanelParams& params)
      : SweepPanel("hardware-ceilings", params), sizes_(ceiling_fields().options(params)) {
    run_ = bench::describe_this_run("", 0);
    if (!gpu_info().available) {
      reference_ = h100_reference(&reference_error_);
      if (reference_) recorded_ = ceilings_from(reference_->rows);
    }
  }

  void draw(const FrameContext& frame) override {
    if (poll(frame)) live_ = ceilings_from(results().rows);
    draw_run_controls(frame, N_("Measure"));
    ImGui::Spacing();
    const SourcedFigures<Ceilings> gpu = gpu_ceilings();
    rows_.clear();
    if (gpu.source.faded()) recorded_rows();
    else live_rows();
    draw_table(frame, gpu.source);
    ImGui::Spacing();
    draw_summary(gpu);
    draw_export_row(frame, false);
  }

 protected:
  Status make_jobs(const kernels::BenchOptions& options, std::vector<kernels::SweepJob>* jobs) override {
    *jobs = ceiling_jobs(options, sizes_, gpu_info().available);
    return Status::ok();
  }

  Status set_own_param(const std::string& key, const ParamValue& value) override {
    if (busy()) return Status::error(tr("cannot change the sizes while measuring"));
    return ceiling_fields().set(key, value, &sizes_);
  }

  std::string describe_sweep() const override {
    return "whygpu app: hardware-ceilings (copy " + std::to_string(sizes_.copy_bytes) + " bytes, cuBLAS n=" +
           std::to_string(sizes_.gpu_matmul_n) + ", OpenBLAS n=" + std::to_string(sizes_.cpu_matmul_n) +
           ", CPU add " + std::to_string(sizes_.cpu_stream_elements) + " elements)";
  }

 private:
  struct Row {
    const char* what;  // N_(): translated where drawn
    std::vector<std::string> cells;
    const char* why;  // N_(), a tooltip, or null
  };

  // The rows first, then columns as wide as their words need (fit_column_widths): a
  // column never gets narrower than its longest word ("bandwidth" was cut in two in
  // French at a projector's text x2 when the columns shared the width by fixed weights).
  void draw_table(const FrameContext& frame, const FigureSource& gpu_source) {
    const std::vector<std::pair<std::string, ImU32>> headers =
        gpu_source.faded() ? std::vector<std::pair<std::string, ImU32>>{{"", 0},
                                                              {tr("CPU (this computer, live)"), palette().cpu},
                                                              {tr("CPU of the recorded run"), palette().cpu},
                                                              {tr("GPU of the recorded run"), palette().gpu}}
                 : std::vector<std::pair<std::string, ImU32>>{{"", 0},
                                                              {tr("CPU (this computer, live)"), palette().cpu},
                                                              {tr("GPU (this computer, live)"), palette().gpu}};
    const int columns = static_cast<int>(headers.size());
    std::vector<std::vector<std::string>> cells(columns);
    for (int c = 0; c < columns; ++c) cells[c].push_back(headers[c].first);
    for (const Row& r : rows_) {
      cells[0].push_back(tr(r.what));
      for (int c = 1; c < columns; ++c) cells[c].push_back(c - 1 < static_cast<int>(r.cells.size()) ? r.cells[c - 1] : "");
    }
    std::vector<ColumnNeed> needs;
    for (const auto& column : cells) needs.push_back(column_need(column));
    const float width = std::min(frame.content_width, 1500.0f * frame.font_scale);
    const std::vector<float> widths = fit_column_widths(needs, width);
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("ceilings", columns, flags)) return;
    for (int c = 0; c < columns; ++c)
      ImGui::TableSetupColumn(headers[c].first.c_str(), ImGuiTableColumnFlags_WidthFixed, widths[c]);
    ImGui::PushTextWrapPos(0.0f);  // at each cell's edge
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < columns; ++c) {
      ImGui::TableNextColumn();
      if (c > 0) wrapped_text(headers[c].first, headers[c].second);
    }
    for (const Row& r : rows_) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      wrapped_text_unformatted(tr(r.what));
      if (r.why && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(r.why));
      for (int c = 1; c < columns; ++c) {
        ImGui::TableNextColumn();
        const std::string& cell = cells[c][&r - rows_.data() + 1];
        if (cell.empty() || cell == "-") ImGui::TextDisabled("-");
        else wrapped_text_unformatted(cell);
      }
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTable();
  }

  void row(const char* what, const std::vector<std::string>& cells, const char* why = nullptr) {
    rows_.push_back({what, cells, why});
  }

  std::vector<Row> rows_;  // this frame's, made by live_rows() or recorded_rows()

  std::string cpu_cores() const {
    return fill(tr("{0} hardware threads; vector unit {1}"), {std::to_string(hardware_threads()), run_.cpu_kernel});
  }

  std::string measured(double v, const char* unit, bool running_hint = true) const {
    if (!std::isnan(v) && v > 0) return big_rate(v, unit);
    return running_hint && busy() ? tr("measuring...") : "-";
  }

  void live_rows() {
    const GpuInfo& gpu = gpu_info();
    const SmFacts sm = sm_facts(gpu.compute_major, gpu.compute_minor);
    const double fp32_peak = sm.fp32_lanes > 0 ? gpu.sm_count * sm.fp32_lanes * 2.0 * gpu.sm_clock_khz / 1e6 : 0.0;
    const double memory_peak = gpu.peak_memory_bandwidth_gbs();
    if (!gpu.available) {
      row(N_("Model"), {run_.cpu_model, fill(tr("no GPU: {0}"), {translated(gpu.unavailable_reason)})});
      row(N_("Parallel units"), {cpu_cores(), ""});
      row(N_("Measured memory bandwidth"), {measured(live_.cpu_memory_gbs, "B/s"), ""});
      row(N_("Measured FP32 matmul peak"), {measured(live_.openblas, "FLOP/s"), ""});
      return;
    }
    char text[256];
    row(N_("Model"), {run_.cpu_model, fill(tr("{0}, compute capability {1}"), {gpu.name, gpu.compute_capability()})});
    row(N_("Parallel units"),
        {cpu_cores(), fill(tr("{0} SMs x {1} FP32 lanes = {2} lanes at up to {3} GHz"),
                           {std::to_string(gpu.sm_count), std::to_string(sm.fp32_lanes),
                            with_commas(gpu.sm_count * sm.fp32_lanes), decimal_text(gpu.sm_clock_khz / 1e6, 2)})});
    std::snprintf(text, sizeof text, "%d (%s): %s", gpu.sm_count * sm.tensor_cores, tr(sm.tensor_generation),
                  sm.tensor_precisions);
    row(N_("Tensor Cores"), {tr("none"), sm.tensor_cores > 0 ? text : tr("none")});
    char host[64];
    std::snprintf(host, sizeof host, "%.0f GiB", host_memory_gib());
    row(N_("Memory"), {host, fill(tr("{0} GiB, {1}-bit bus at {2} GHz"),
                                  {decimal_text(gpu.total_memory_bytes / double(1 << 30), 1),
                                   std::to_string(gpu.memory_bus_width_bits), decimal_text(gpu.memory_clock_khz / 1e6, 2)})});
    row(N_("Last-level cache"), {mib(static_cast<double>(cpu_last_level_cache_bytes())),
                             mib(gpu.l2_cache_bytes) + " (L2)"});
    row(N_("Theoretical memory bandwidth"), {"", big_rate(memory_peak, "B/s")},
        N_("Clock x bus width x 2 (double data rate): what the memory could deliver at best."));
    row(N_("Measured memory bandwidth"),
        {measured(live_.cpu_memory_gbs, "B/s") +
             (std::isnan(live_.cpu_memory_gbs) ? "" : tr(" (c = a + b, all threads)")),
         measured(live_.gpu_memory_gbs, "B/s") + percent_of(live_.gpu_memory_gbs, memory_peak)},
        N_("CPU: a streaming add on every thread, 12 bytes per element. GPU: a device-to-device copy, bytes read "
           "plus bytes written."));
    row(N_("Copies over the bus (pinned)"),
        {"", fill(tr("to GPU {0}, back {1}"),
                  {measured(live_.host_to_device_gbs, "B/s"), measured(live_.device_to_host_gbs, "B/s")})},
        N_("cudaMemcpy of a large pinned buffer: the link every byte crosses to reach the GPU."));
    row(N_("Theoretical FP32 peak"), {"", big_rate(fp32_peak, "FLOP/s")},
        N_("SMs x FP32 lanes x 2 (a fused multiply-add counts as two operations) x clock."));
    row(N_("Measured FP32 matmul peak"),
        {measured(live_.openblas, "FLOP/s") + (std::isnan(live_.openblas) ? "" : tr(" (OpenBLAS)")),
         measured(live_.cublas_fp32, "FLOP/s") + (std::isnan(live_.cublas_fp32) ? "" : tr(" (cuBLAS)")) +
             percent_of(live_.cublas_fp32, fp32_peak)});
    row(N_("Measured Tensor Core matmul peak"),
        {"", "TF32 " + measured(live_.cublas_tf32, "FLOP/s") + ", FP16 " + measured(live_.cublas_fp16, "FLOP/s") +
                 ", BF16 " + measured(live_.cublas_bf16, "FLOP/s")});
  }

  void recorded_rows() {
    const bench::RunInfo& r = reference_->run;
    char text[160];
    row(N_("Model"), {run_.cpu_model, r.cpu_model, fill(tr("{0}, compute capability {1}"), {r.gpu_name, r.gpu_compute_capability})});
    std::snprintf(text, sizeof text, "%d SMs", r.gpu_sm_count);
    row(N_("Parallel units"),
        {cpu_cores(), fill(tr("{0} hardware threads"), {std::to_string(r.cpu_threads)}), text});
    std::snprintf(text, sizeof text, "%.1f GiB", r.gpu_memory_gib);
    char host[64];
    std::snprintf(host, sizeof host, "%.0f GiB", host_memory_gib());
    row(N_("Memory"), {host, "", text});
    row(N_("Measured memory bandwidth"),
        {measured(live_.cpu_memory_gbs, "B/s"), big_rate(recorded_.cpu_memory_gbs, "B/s"),
         big_rate(recorded_.gpu_memory_gbs, "B/s")});
    row(N_("Copies over the bus (pinned)"),
        {"", "", fill(tr("to GPU {0}, back {1}"),
                      {big_rate(recorded_.host_to_device_gbs, "B/s"), big_rate(recorded_.device_to_host_gbs, "B/s")})});
    row(N_("Measured FP32 matmul peak"),
        {measured(live_.openblas, "FLOP/s"), big_rate(recorded_.openblas, "FLOP/s"),
         big_rate(recorded_.cublas_fp32, "FLOP/s") + tr(" (cuBLAS)")});
    row(N_("Measured Tensor Core matmul peak"),
        {"", "", "TF32 " + big_rate(recorded_.cublas_tf32, "FLOP/s") + ", FP16 " +
                     big_rate(recorded_.cublas_fp16, "FLOP/s") + ", BF16 " + big_rate(recorded_.cublas_bf16, "FLOP/s")});
  }

  static std::string mib(double bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f MiB", bytes / double(1 << 20));
    return text;
  }

  void draw_summary(const SourcedFigures<Ceilings>& gpu) {
    if (gpu.source.faded()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      wrapped_text_unformatted(fill(tr("No GPU here. The two right-hand columns are {0}. The comparison below is "
                                       "between that machine's GPU and its own CPU."),
                                    {gpu.source.where()}));
      ImGui::PopStyleColor();
    } else if (!gpu) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      ImGui::TextWrapped(
          "%s",
          fill(tr("No GPU here, and the recorded GPU results could not be read ({0})."), {reference_error_}).c_str());
      ImGui::PopStyleColor();
      return;
    }
    const Ceilings& g = *gpu.figures;
    if (!g.has_gpu() || !g.has_cpu()) {
      ImGui::TextWrapped("%s", tr("Press Measure: each ceiling is a short benchmark (a few seconds in all)."));
      return;
    }
    ImGui::TextWrapped(
        "%s",
        fill(tr("The GPU's memory delivers {0}x the bytes per second of the CPU's, and its FP32 matrix multiply "
                "runs {1}x faster than OpenBLAS on every core; on the Tensor Cores (FP16) {2}x; all {3}. But data "
                "cross the bus to the GPU at only {4}: {5}x slower than the GPU reads its own memory."),
             {ratio(g.gpu_memory_gbs, g.cpu_memory_gbs), ratio(g.cublas_fp32, g.openblas),
              ratio(g.cublas_fp16, g.openblas), gpu.source.where(), big_rate(g.host_to_device_gbs, "B/s"),
              ratio(g.gpu_memory_gbs, g.host_to_device_gbs)})
            .c_str());
  }

  CeilingSizes sizes_;
  bench::RunInfo run_;
  // "memory_ratio": GPU memory against CPU memory, each machine with its own CPU (the
  // recorded run's when there is no GPU here).
  bool result(const std::string& name, PanelResult* out) const override {
    if (name != "memory_ratio" || busy() || results().rows.empty()) return false;
    const SourcedFigures<Ceilings> gpu = gpu_ceilings();
    if (!gpu) return false;
    const Ceilings& c = *gpu.figures;
    if (!(c.gpu_memory_gbs > 0) || !(c.cpu_memory_gbs > 0)) return false;
    out->value = c.gpu_memory_gbs / c.cpu_memory_gbs;
    out->text = fill(tr("{0} GB/s against {1} GB/s: {2} times, {3}"),
                     {decimal_text(c.gpu_memory_gbs, 0), decimal_text(c.cpu_memory_gbs, 0), significant_text(out->value, 3),
                      gpu.source.where()});
    return true;
  }

  // The ceilings the GPU column, the comparison and the result read, decided here for all
  // three: this computer's when it has a GPU, else the recorded run's (beside that run's
  // own CPU); none without either.
  SourcedFigures<Ceilings> gpu_ceilings() const {
    if (gpu_info().available) return {&live_, FigureSource::this_computer()};
    if (reference_) return {&recorded_, FigureSource::recorded(reference_->run)};
    return {};
  }

  Ceilings live_ = ceilings_from({});
  Ceilings recorded_ = ceilings_from({});
  const bench::ReferenceData* reference_ = nullptr;
  std::string reference_error_;
};

}  // namespace

const PanelType& hardware_ceilings_panel_type() {
  static const PanelType type = sweep_panel_type<HardwareCeilingsPanel>(
      "hardware-ceilings",
      N_("this computer's GPU and CPU: what the specifications promise and what a Measure button finds"),
      ceiling_fields().table(),
      {{"memory_ratio", "times", "how many times faster GPU memory streams data than the CPU's memory"}});
  return type;
}

}  // namespace whygpu::app
