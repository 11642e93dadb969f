// "A dense layer from three kernels": y = sigmoid(W x + b) drawn as grids with one
// thread's row outlined, then timed four ways side by side: one CPU core, the three GPU
// kernels (product, add, sigmoid) each on its own, the three back to back, and one fused
// kernel. Sizes (outputs, inputs, batch) are adjustable. Without a GPU the CPU is timed
// live and the GPU rows come from the recorded H100 run at the same sizes, faded and
// labelled.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "app/dense_layer/dense_picture.h"
#include "app/dense_layer/dense_runner.h"
#include "app/files/figure_source.h"
#include "app/files/recorded_file.h"
#include "app/i18n/number_text.h"
#include "app/i18n/recorded_label.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_registry.h"
#include "app/plot/plot_math.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/table_fit.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/dense_layer/dense_recording.h"

namespace whygpu::app {
namespace {

using dense_layer::DenseSizes;
using dense_layer::DenseTiming;

std::string duration(double ms) { return plot::format_value(ms, plot::ValueFormat::Milliseconds, 3); }

// "512 x 256, batch 64" in the page's language; DenseSizes::text() is the command line's.
std::string shown_sizes(const DenseSizes& s) {
  return fill(tr("{0} x {1}, batch {2}"), {std::to_string(s.out), std::to_string(s.in), std::to_string(s.batch)});
}

// The recording shipped in assets/reference (app/files/file_locations.h).
const dense_layer::DenseRecording* dense_recording(std::string* error) {
  return recorded_file<dense_layer::DenseRecording>(dense_layer::kDenseReferencePath,
                            dense_layer::kDenseRecording, error);
}

// The layer's sizes, declared once: the lesson's parameters and a script's `set`.
const PanelFields<DenseSizes>& dense_fields() {
  static const PanelFields<DenseSizes> fields{Fields<DenseSizes>{
      whole_field("out", &DenseSizes::out, 1, dense_layer::kMaxSide, "outputs: rows of W"),
      whole_field("in", &DenseSizes::in, 1, dense_layer::kMaxSide, "inputs: columns of W"),
      whole_field("batch", &DenseSizes::batch, 1, dense_layer::kMaxBatch, "samples that go through the layer together"),
  }};
  return fields;
}

// Seconds the outlined thread stays on one row before the next thread is shown.
constexpr float kSecondsPerThread = 0.8f;

class DenseLayerPanel final : public Panel {
 public:
  explicit DenseLayerPanel(const DenseSizes& sizes) : sizes_(sizes) {
    if (!gpu_info().available) recording_ = dense_recording(&recording_error_);
  }

  void draw(const FrameContext& frame) override {
    if (std::optional<DenseRunner::Outcome> o = runner_.take()) {
      error_ = o->error;
      if (error_.empty()) live_ = o->timing;
    }
    ImGui::PushID(this);
    // The timings the class predicted first, then the sizes and the button, then the
    // picture of one thread's work (the tallest part, which the page's text explains).
    draw_table(frame);
    ImGui::Spacing();
    draw_controls(frame);
    ImGui::Spacing();
    draw_picture(frame);
    ImGui::PopID();
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    if (runner_.busy()) return Status::error(tr("the layer is being timed: wait for it"));
    DenseSizes s = sizes_;
    if (Status st = dense_fields().set(key, value, &s); !st) return st;
    if (Status st = dense_layer::check_sizes(s); !st) return st;
    sizes_ = s;
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<DenseLayerPanel>& buttons() {
    using P = DenseLayerPanel;
    static const PanelButtons<P> table{
        {"run", "time the layer on the CPU and the GPU",
         [](P& p) {
           if (p.runner_.busy()) return Status::error(tr("the layer is already being timed"));
           p.error_.clear();
           p.runner_.start(p.sizes_);
           return Status::ok();
         }},
        {"cancel", "stop the timing", [](P& p) { p.runner_.cancel(); }},
    };
    return table;
  }

  bool busy() const override { return runner_.busy(); }
  bool timing_the_cpu() const override { return runner_.busy(); }

  bool result(const std::string& name, PanelResult* out) const override {
    if (busy() || !live_ || !(live_->sizes == sizes_)) return false;
    const SourcedFigures<DenseTiming> gpu = gpu_timing();
    if (!gpu) return false;
    if (name == "fused_speedup") {
      out->value = gpu.figures->fused_speedup();
      out->text = fill(tr("the fused kernel is {0} times as fast as the three, {1}"),
                       {decimal_text(out->value, 2), gpu.source.where()});
    } else if (name == "gpu_speedup" && !gpu.source.faded()) {  // the CPU and the GPU of one computer
      out->value = gpu.figures->gpu_speedup();
      out->text = fill(tr("the fused kernel is {0} times as fast as one CPU core, {1}"),
                       {decimal_text(out->value, 0), gpu.source.where()});
    } else {
      return false;
    }
    return out->value > 0.0;
  }

 private:
  const DenseTiming* recorded_row() const { return recording_ ? recording_->find(sizes_) : nullptr; }

  // The GPU's times at these sizes, decided here for the table, the sentences and the result
  // alike: this computer's when it timed the GPU, else the recorded run's row.
  SourcedFigures<DenseTiming> gpu_timing() const {
    if (live_ && live_->sizes == sizes_ && live_->gpu_measured) return {&*live_, FigureSource::this_computer()};
    if (const DenseTiming* row = recorded_row()) return {row, FigureSource::recorded(recording_->run)};
    return {};
  }

  void draw_controls(const FrameContext& frame) {
    ImGui::BeginDisabled(runner_.busy());
    const float field = 130.0f * frame.font_scale;
    bool first = true;
    auto size_input = [&](const char* text, int* value, int max, const char* help) {
      // The field, its - and + buttons and its label, kept on one line.
      const float buttons = 2 * (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x);
      if (!first) same_line_if_fits(field + buttons + text_width(tr(text)) + ImGui::GetStyle().ItemInnerSpacing.x);
      first = false;
      ImGui::SetNextItemWidth(field + buttons);
      int v = *value;
      if (ImGui::InputInt(tr_id(text).c_str(), &v, 1, 64)) {
        *value = std::clamp(v, 1, max);
        live_.reset();
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(help));
    };
    size_input(N_("outputs"), &sizes_.out, dense_layer::kMaxSide, N_("rows of W: one thread per output, per sample"));
    size_input(N_("inputs"), &sizes_.in, dense_layer::kMaxSide, N_("columns of W: each thread's loop runs over these"));
    size_input(N_("batch"), &sizes_.batch, dense_layer::kMaxBatch, N_("samples that go through the layer together"));
    same_line_if_fits(button_width(tr("Time it")));
    if (ImGui::Button(tr_id("Time it").c_str())) (void)press("run");
    ImGui::EndDisabled();
    if (runner_.busy()) {
      same_line_if_fits(text_width(tr("timing the CPU, then the GPU...")));
      ImGui::TextDisabled("%s", tr("timing the CPU, then the GPU..."));
      same_line_if_fits(button_width(tr("Cancel")));
      if (ImGui::SmallButton(tr_id("Cancel").c_str())) runner_.cancel();
    }
  }

  void draw_picture(const FrameContext& frame) {
    // The outlined thread walks down the rows (and samples) by itself unless the mouse
    // picks one.
    clock_ += frame.delta_seconds;
    const int rows = picture_rows(sizes_), samples = picture_samples(sizes_);
    if (clock_ > kSecondsPerThread && !hovering_) {
      clock_ = 0.0f;
      if (++focus_.row >= rows) {
        focus_.row = 0;
        focus_.sample = (focus_.sample + 1) % samples;
      }
    }
    // The words beside the picture when there is room for both, else below it.
    const float words = 380.0f * frame.font_scale;
    const bool beside = frame.content_width >= 2.0f * words;
    const float width = beside ? std::min(frame.content_width - words, 760.0f * frame.font_scale) : frame.content_width;
    ImGui::BeginGroup();
    const DensePictureFocus picked = draw_dense_picture(sizes_, focus_, width, frame.font_scale);
    hovering_ = picked.row != focus_.row || picked.sample != focus_.sample || ImGui::IsItemHovered();
    focus_ = picked;
    ImGui::EndGroup();
    if (beside) ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(beside ? ImGui::GetCursorPosX() + frame.content_width - width - 20.0f : 0.0f);
    const int r = focus_.row, s = focus_.sample;
    wrapped_text_unformatted(fill(tr("Thread ({0}, {1}) computes y[{2}][{3}]: row {4} of W times sample {5} of x, {6} "
                                     "products added up, plus b[{7}], through the sigmoid."),
                                  {std::to_string(r), std::to_string(s), std::to_string(s), std::to_string(r),
                                   std::to_string(r), std::to_string(s), std::to_string(sizes_.in), std::to_string(r)}));
    ImGui::Spacing();
    wrapped_text_unformatted(tr("Three kernels: the product writes z = W x to GPU memory; the add kernel reads z and b "
                                "and writes z + b; the sigmoid kernel reads that and writes y. Fused: each thread "
                                "keeps its sum in a register, adds b[r], applies the sigmoid and writes y once."));
    ImGui::Spacing();
    ImGui::TextDisabled(
        "%s", fill(tr_n("x holds {0} sample, one per column. {1} x {2} = {3} threads in all; the picture shows the "
                        "top-left corner. Hover a row of W or a cell of y to follow that thread.",
                        "x holds {0} samples, one per column. {1} x {2} = {3} threads in all; the picture shows the "
                        "top-left corner. Hover a row of W or a cell of y to follow that thread.",
                        static_cast<unsigned long>(sizes_.batch)),
                   {std::to_string(sizes_.batch), std::to_string(sizes_.out), std::to_string(sizes_.batch),
                    plot::format_value(static_cast<double>(sizes_.out) * sizes_.batch, plot::ValueFormat::Number, 3)})
                  .c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
  }

  void draw_table(const FrameContext& frame) {
    const Palette& colours = palette();
    const DenseTiming* recorded = recorded_row();
    const bool have_live = live_ && live_->sizes == sizes_;
    const DenseTiming* live = have_live ? &*live_ : nullptr;
    if (!error_.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, colours.error);
      wrapped_text_unformatted(error_);
      ImGui::PopStyleColor();
    }
    if (!gpu_info().available) {
      ImGui::PushStyleColor(ImGuiCol_Text, colours.warning);
      if (recorded)
        wrapped_text_unformatted(fill(tr("No GPU here: the CPU is timed live on this computer; the GPU rows are from "
                                         "the recorded run at these sizes, faded. {0}."),
                                      {recorded_label(recording_->run, true)}));
      else if (recording_)
        wrapped_text_unformatted(fill(tr("No GPU here, and the recorded run has no row for {0}. Sizes it has: {1}."),
                                      {shown_sizes(sizes_), recorded_sizes()}));
      else
        wrapped_text_unformatted(tr("No GPU here, and no recording of the GPU yet: only the CPU can be timed."));
      ImGui::PopStyleColor();
      if (!recording_ && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", recording_error_.c_str());
    }
    const SourcedFigures<DenseTiming> shown_gpu = gpu_timing();
    const DenseTiming* gpu = shown_gpu.figures;
    const bool gpu_recorded = shown_gpu.source.faded();
    const TimingStats* cpu = live && live->cpu.repeats > 0 ? &live->cpu : nullptr;

    struct Row {
      std::string what;
      const TimingStats* time;
      bool on_gpu;
    };
    const Row rows[] = {
        {tr("CPU, one core: the same loops"), cpu, false},
        {tr("GPU kernel 1: z = W x (product)"), gpu ? &gpu->product : nullptr, true},
        {tr("GPU kernel 2: z = z + b (add)"), gpu ? &gpu->add : nullptr, true},
        {tr("GPU kernel 3: y = sigmoid(z)"), gpu ? &gpu->sigmoid : nullptr, true},
        {tr("GPU, the three back to back"), gpu ? &gpu->three : nullptr, true},
        {tr("GPU, one fused kernel"), gpu ? &gpu->fused : nullptr, true},
    };
    // What each row's time cell says.
    const auto time_text = [&](const Row& r) -> std::string {
      if (r.time && r.time->repeats > 0) return duration(r.time->median_ms);
      if (r.on_gpu) return "-";
      return live && !live->cpu_note.empty() ? tr("not timed") : tr("press Time it");
    };
    const auto label = [&](const Row& r) {
      return r.on_gpu && gpu_recorded ? fill(tr("{0} (recorded)"), {r.what}) : r.what;
    };
    double longest = 0.0;
    for (const Row& r : rows)
      if (r.time && r.time->repeats > 0) longest = std::max(longest, r.time->median_ms);
    // The words and the times wrap by word in columns as wide as they need, the bars take
    // what is left (at least 5 ems): at a projector's text x2 the fixed widths ran 1,400
    // pixels past the page.
    std::vector<std::string> names = {""}, times = {tr("median time")};
    for (const Row& r : rows) {
      names.push_back(label(r));
      times.push_back(time_text(r));
    }
    const float bar_least = 5.0f * ImGui::GetFontSize();
    const float available = ImGui::GetContentRegionAvail().x;
    const std::vector<float> widths =
        fit_column_widths({column_need(names), column_need(times)}, available - bar_least);
    // The bars' column stretches over what the two text columns leave, in a table exactly
    // as wide as the panel, up to 300 pixels a bar at text x1.
    const float bar_most = 300.0f * frame.font_scale;
    if (!ImGui::BeginTable("dense timings", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit,
                           ImVec2(available, 0.0f)))
      return;
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, widths[0]);
    ImGui::TableSetupColumn(tr("median time"), ImGuiTableColumnFlags_WidthFixed, widths[1]);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch);
    wrapped_headers_row({"", tr("median time"), ""});
    ImGui::PushTextWrapPos(0.0f);  // at each cell's edge
    for (const Row& r : rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const bool faded = r.on_gpu && gpu_recorded;
      if (faded) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextUnformatted(label(r).c_str());
      ImGui::TableNextColumn();
      const bool timed = r.time && r.time->repeats > 0;
      if (!timed && !faded) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextUnformatted(time_text(r).c_str());
      if (!timed && !faded) ImGui::PopStyleColor();
      if (faded) ImGui::PopStyleColor();
      if (!r.on_gpu && !timed && live && !live->cpu_note.empty() && ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", live->cpu_note.c_str());
      if (!timed) continue;
      ImGui::TableNextColumn();
      const float bar_room = std::max(1.0f, std::min(bar_most, ImGui::GetContentRegionAvail().x));
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float h = ImGui::GetTextLineHeight();
      // Log scale from 1 us: the CPU's milliseconds and the add kernel's microseconds both show.
      const double span = std::max(1.0, std::log10(longest * 1e3));
      const float f = static_cast<float>(std::clamp(std::log10(std::max(r.time->median_ms * 1e3, 1.0)) / span, 0.02, 1.0));
      ImU32 colour = r.on_gpu ? colours.gpu : colours.cpu;
      if (faded) colour = (colour & 0x00ffffffu) | 0x60000000u;
      ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + h * 0.15f), ImVec2(p.x + bar_room * f, p.y + h * 0.85f),
                                                colour);
      ImGui::Dummy(ImVec2(bar_room, h));
    }
    ImGui::EndTable();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextUnformatted(tr("Bars on a log scale. GPU times are device time between CUDA events (medians); each "
                              "GPU result was checked against the CPU's before it was timed."));
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
    draw_sentences(cpu, gpu, gpu_recorded);
  }

  void draw_sentences(const TimingStats* cpu, const DenseTiming* gpu, bool recorded) {
    if (!gpu) return;
    std::string text;
    const double three = gpu->three.median_ms, fused = gpu->fused.median_ms;
    const double parts = gpu->product.median_ms + gpu->add.median_ms + gpu->sigmoid.median_ms;
    text += fill(recorded ? tr("Fused, the layer takes {0} instead of {1}: {2} times as fast (recorded). The product is "
                               "{3}% of the three kernels' own time; ")
                          : tr("Fused, the layer takes {0} instead of {1}: {2} times as fast. The product is {3}% of "
                               "the three kernels' own time; "),
                 {duration(fused), duration(three), decimal_text(gpu->fused_speedup(), 2),
                  decimal_text(parts > 0 ? 100.0 * gpu->product.median_ms / parts : 0.0, 0)});
    text += gpu->product.median_ms > 5.0 * (gpu->add.median_ms + gpu->sigmoid.median_ms)
                ? tr("the add and the sigmoid are small beside it, so fusing them saves little.")
                : tr("the add and the sigmoid, each a launch and a trip through memory, are a large part: fusing them "
                     "pays.");
    if (cpu && cpu->repeats > 0 && fused > 0.0) {
      text += " " + fill(recorded ? tr("One CPU core needs {0}: {1} times the fused kernel (this computer's CPU "
                                       "against the recorded GPU).")
                                  : tr("One CPU core needs {0}: {1} times the fused kernel."),
                         {duration(cpu->median_ms), decimal_text(cpu->median_ms / fused, 0)});
    }
    const double error = std::max(gpu->three_error, gpu->fused_error);
    char error_text[32];
    std::snprintf(error_text, sizeof error_text, "%.1e", error);
    text += " " + fill(tr("Largest difference from the CPU's y: {0}."), {in_language(error_text)});
    ImGui::Spacing();
    wrapped_text_unformatted(text);
  }

  std::string recorded_sizes() const {
    std::string list;
    for (const DenseTiming& t : recording_->rows)
      list = list.empty() ? shown_sizes(t.sizes) : fill(tr("{0}; {1}"), {list, shown_sizes(t.sizes)});
    return list;
  }

  DenseSizes sizes_;
  DenseRunner runner_;
  std::optional<DenseTiming> live_;
  std::string error_;
  const dense_layer::DenseRecording* recording_ = nullptr;
  std::string recording_error_;
  DensePictureFocus focus_;
  float clock_ = 0.0f;
  bool hovering_ = false;
};

}  // namespace

const PanelType& dense_layer_panel_type() {
  static const PanelType type = [] {
    return PanelType{
        "dense-layer",
        N_("y = sigmoid(W x + b) drawn thread by thread, and timed as three GPU kernels, one fused kernel and one CPU "
        "core"),
        dense_fields().table(),
        DenseLayerPanel::buttons().specs(),
        [](const PanelParams& p, std::string* error) -> std::unique_ptr<Panel> {
          const DenseSizes s = dense_fields().options(p);
          if (Status st = dense_layer::check_sizes(s); !st) {
            *error = translated(st);
            return nullptr;
          }
          return std::make_unique<DenseLayerPanel>(s);
        },
        {"run", "cancel"},
        {{"fused_speedup", "times", "how many times as fast the fused kernel is as the three kernels back to back"},
         {"gpu_speedup", "times", "how many times as fast the fused kernel is as one CPU core"}}};
  }();
  return type;
}

}  // namespace whygpu::app
