// "The data pipeline on the GPU": a real photo through the steps a training program runs
// on every image (decode, resize, augment, colour jitter, colour conversion, normalise),
// each step's output drawn, and each step timed on one CPU core and on the GPU for one
// image and for a batch of 256. Without a GPU the CPU is timed live and the GPU's times
// come from a recorded run, faded and labelled; when there is none, the panel says so.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>

#include "app/cnn/background_work.h"
#include "app/files/figure_source.h"
#include "app/files/recorded_file.h"
#include "app/files/untrusted_text.h"
#include "app/i18n/number_text.h"
#include "app/i18n/recorded_label.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/pipeline/pipeline_pictures.h"
#include "app/plot/plot_math.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/table_fit.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/pipeline/pipeline_bench.h"
#include "compute/pipeline/pipeline_cpu.h"
#include "compute/pipeline/pipeline_recording.h"

namespace whygpu::app {
namespace {

using pipeline::PipelineSettings;
using pipeline::PipelineTiming;
using pipeline::Step;
using pipeline::StepTiming;

std::string duration(double ms) { return plot::format_value(ms, plot::ValueFormat::Milliseconds, 3); }

const pipeline::PipelineRecording* pipeline_recording(std::string* error) {
  return recorded_file<pipeline::PipelineRecording>(pipeline::kPipelineReferencePath,
                            pipeline::kPipelineRecording, error);
}

ImU32 faded(ImU32 colour) { return (colour & 0x00ffffffu) | 0x60000000u; }

// What the panel draws and times: the pipeline's settings and the image of the batch shown.
struct PipelineChoice {
  PipelineSettings settings;
  int image = 0;  // its own random draw of the augmentation
};

// The panel's parameters, declared once: the lesson's and a script's `set`.
const PanelFields<PipelineChoice>& pipeline_fields() {
  using C = PipelineChoice;
  static const PanelFields<C> fields{{
      whole_field<C>("side", [](C& c) -> int& { return c.settings.side; }, pipeline::kMinSide, pipeline::kMaxSide,
                     "the resized photo's shorter side"),
      whole_field<C>("crop", [](C& c) -> int& { return c.settings.crop; }, pipeline::kMinSide, pipeline::kMaxSide,
                     "the square cut out for the network"),
      number_field<C>("degrees", [](C& c) -> float& { return c.settings.augment.max_degrees; }, 0.0, 180.0,
                      "largest rotation, either way"),
      number_field<C>("zoom", [](C& c) -> float& { return c.settings.augment.max_zoom; }, 0.0, 0.5,
                      "largest zoom in or out (0.15: 15%)"),
      flag_field<C>("flip", [](C& c) -> bool& { return c.settings.augment.flip; }, "mirror half of the images"),
      number_field<C>("jitter", [](C& c) -> float& { return c.settings.augment.jitter; }, 0.0, 0.9,
                      "brightness, contrast and saturation jitter"),
      whole_field("image", &C::image, 0, pipeline::kBatch - 1,
                  "which image of the batch is drawn (its own random draw)"),
  }};
  return fields;
}

class DataPipelinePanel final : public Panel {
 public:
  explicit DataPipelinePanel(const PipelineChoice& choice) : c_(choice) {
    path_ = pipeline::photo_path();
    std::string jpeg;
    pipeline::Picture decoded;
    Status s = pipeline::read_photo_bytes(path_, &jpeg);
    if (s) s = pipeline::cpu_decode(path_, &decoded);
    if (!s) photo_error_ = translated(s);
    else pictures_ = std::make_unique<PipelinePictures>(std::move(jpeg), std::move(decoded));
    if (!gpu_info().available) recording_ = pipeline_recording(&recording_error_);
  }

  void draw(const FrameContext& frame) override {
    ImGui::PushID(this);
    if (!photo_error_.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
      wrapped_text_unformatted(photo_error_);
      ImGui::PopStyleColor();
      ImGui::PopID();
      return;
    }
    if (stale_ && !work_.busy()) {
      stale_ = false;
      if (Status s = pictures_->update(c_.settings, c_.image); !s) picture_error_ = translated(s);
      else picture_error_.clear();
    }
    draw_controls(frame);
    draw_pictures(frame);
    draw_times(frame);
    ImGui::PopID();
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    if (work_.busy()) return Status::error(tr("the pipeline is being timed: wait for it"));
    PipelineChoice wanted = c_;
    if (Status st = pipeline_fields().set(key, value, &wanted); !st) return st;
    if (Status st = pipeline::check_settings(wanted.settings); !st) return st;
    c_ = wanted;
    stale_ = true;
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<DataPipelinePanel>& buttons() {
    using P = DataPipelinePanel;
    static const PanelButtons<P> table{
        {"run", "time every step on the CPU and the GPU", [](P& p) { return p.start_timing(); }},
        {"cancel", "stop the timing", [](P& p) { p.work_.cancel(); }},
        {"next", "draw the next image of the batch",
         [](P& p) {
           p.c_.image = (p.c_.image + 1) % pipeline::kBatch;
           p.stale_ = true;
         }},
    };
    return table;
  }

  // Times every step of the pipeline on a worker thread, with the settings shown now.
  Status start_timing() {
    if (!pictures_) return Status::error(photo_error_);
    const PipelineSettings settings = c_.settings;
    const std::string path = path_;
    return work_.start([this, settings, path](const std::atomic<bool>* cancel) {
      MeasureOptions options;
      options.repeats = 12;
      options.budget_seconds = 1.0;
      options.cancel = cancel;
      PipelineTiming timing;
      if (Status s = pipeline::measure_pipeline(path, settings, options, &timing); !s) return s;
      std::lock_guard<std::mutex> lock(mutex_);
      live_ = std::move(timing);
      return Status::ok();
    });
  }

  bool busy() const override { return work_.busy(); }
  bool timing_the_cpu() const override { return work_.busy(); }

  bool result(const std::string& name, PanelResult* out) const override {
    if (busy()) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    if (!live_ || !same_sizes(*live_)) return false;
    if (name == "decode_share") {
      double total = 0.0;
      for (const StepTiming& s : live_->steps) total += s.cpu_batch.median_ms;
      if (total <= 0.0) return false;
      out->value = 100.0 * live_->at(Step::decode).cpu_batch.median_ms / total;
      out->text = fill(tr("decoding is {0}% of one CPU core's time for a batch of {1} on this computer"),
                       {decimal_text(out->value, 0), std::to_string(pipeline::kBatch)});
    } else if (name == "batch_speedup") {
      const SourcedFigures<PipelineTiming> gpu = gpu_side();
      if (!gpu) return false;
      out->value = combined_batch_speedup(*gpu.figures);
      // The CPU is this computer's either way: the source says whose GPU it is against.
      out->text = fill(gpu.source.faded() ? tr("the GPU runs the batch's pipeline {0} times as fast as one CPU core "
                                               "(this CPU against the recorded GPU)")
                                          : tr("the GPU runs the batch's pipeline {0} times as fast as one CPU core on "
                                               "this computer"),
                       {decimal_text(out->value, 0)});
    } else {
      return false;
    }
    return out->value > 0.0;
  }

 private:
  bool same_sizes(const PipelineTiming& t) const {
    return t.settings.side == c_.settings.side && t.settings.crop == c_.settings.crop;
  }

  // The GPU's times, decided here for the bars, the notes, the sentences and the result
  // alike: this computer's when it timed the GPU, else the recording at the same sizes; none
  // without either. Call with mutex_ held.
  SourcedFigures<PipelineTiming> gpu_side() const {
    if (live_ && live_->gpu_measured && same_sizes(*live_)) return {&*live_, FigureSource::this_computer()};
    if (recording_ && recording_->timing.gpu_measured && same_sizes(recording_->timing))
      return {&recording_->timing, FigureSource::recorded(recording_->run)};
    return {};
  }

  // The live CPU's batch time over the steps the GPU side timed, divided by the GPU's.
  double combined_batch_speedup(const PipelineTiming& gpu) const {
    double c = 0.0, g = 0.0;
    for (const Step step : pipeline::kAllSteps) {
      const StepTiming& gs = gpu.at(step);
      const StepTiming& cs = live_->at(step);
      if (gs.gpu_batch.repeats > 0 && cs.cpu_batch.repeats > 0) {
        c += cs.cpu_batch.median_ms;
        g += gs.gpu_batch.median_ms;
      }
    }
    return g > 0.0 ? c / g : 0.0;
  }

  void draw_controls(const FrameContext& frame) {
    ImGui::BeginDisabled(work_.busy());
    const float field = 110.0f * frame.font_scale;
    bool changed = false;
    bool first = true;
    auto next = [&](const char* label) {
      if (!first) same_line_if_fits(field + ImGui::CalcTextSize(label).x + ImGui::GetStyle().ItemInnerSpacing.x);
      first = false;
      ImGui::SetNextItemWidth(field);
    };
    next("side");
    int side = c_.settings.side;
    if (ImGui::InputInt(tr_id("side").c_str(), &side, 16, 64)) {
      c_.settings.side = std::clamp(side, std::max(pipeline::kMinSide, c_.settings.crop), pipeline::kMaxSide);
      changed = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("the resized photo's shorter side, in pixels"));
    next("crop");
    int crop = c_.settings.crop;
    if (ImGui::InputInt(tr_id("crop").c_str(), &crop, 16, 64)) {
      c_.settings.crop = std::clamp(crop, pipeline::kMinSide, c_.settings.side);
      changed = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("the square the network sees, cut from the resized photo"));
    next("rotation");
    changed |=
        ImGui::SliderFloat(
            tr_id("rotation").c_str(), &c_.settings.augment.max_degrees, 0.0f, 45.0f,
            as_literal_format(fill(tr("up to {0}°"), {decimal_text(c_.settings.augment.max_degrees, 0)})).c_str());
    next("jitter");
    changed |= ImGui::SliderFloat(tr_id("jitter").c_str(), &c_.settings.augment.jitter, 0.0f, 0.9f,
                                  as_literal_format(fill(tr("up to {0}"), {decimal_text(c_.settings.augment.jitter, 2)})).c_str());
    same_line_if_fits(ImGui::GetFrameHeight() + ImGui::CalcTextSize(tr("mirror")).x + 8.0f);
    changed |= ImGui::Checkbox(tr_id("mirror").c_str(), &c_.settings.augment.flip);
    const std::string next_label =
        fill(tr("Image {0} of {1}: next"), {std::to_string(c_.image + 1), std::to_string(pipeline::kBatch)}) + "###next";
    same_line_if_fits(button_width(next_label.c_str()));
    if (ImGui::Button(next_label.c_str())) (void)press("next");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("each image of a batch gets its own random rotation, zoom, mirror, crop and jitter"));
    same_line_if_fits(button_width(tr("Time it")));
    if (ImGui::Button(tr_id("Time it").c_str())) {
      if (Status s = press("run"); !s) run_error_ = translated(s);
    }
    ImGui::EndDisabled();
    if (changed) stale_ = true;
    if (work_.busy()) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s",
                          fill(tr("timing one CPU core, then the GPU (a batch of {0} takes seconds on one core)..."),
                               {std::to_string(pipeline::kBatch)})
                              .c_str());
      ImGui::SameLine();
      if (ImGui::SmallButton(tr_id("Cancel").c_str())) work_.cancel();
    }
  }

  // One picture at `height` pixels tall (rows v0..v1 of its texture), captioned.
  void picture(const CudaGlImage& image, float height, float v0, float v1, const char* caption, const char* size) {
    if (image.texture() == 0 || image.height() == 0) return;
    const float aspect = static_cast<float>(image.width()) / (static_cast<float>(image.height()) * (v1 - v0));
    const float width = height * aspect;
    const float caption_w = std::max(ImGui::CalcTextSize(caption).x, ImGui::CalcTextSize(size).x);
    same_line_if_fits(std::max(width, caption_w));
    ImGui::BeginGroup();
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(image.texture())), ImVec2(width, height),
                 ImVec2(0.0f, v0), ImVec2(1.0f, v1));
    ImGui::TextUnformatted(caption);
    ImGui::TextDisabled("%s", size);
    ImGui::EndGroup();
  }

  void draw_pictures(const FrameContext& frame) {
    if (!picture_error_.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
      wrapped_text_unformatted(picture_error_);
      ImGui::PopStyleColor();
    }
    const float h = std::clamp(frame.content_width / 6.0f, 60.0f * frame.font_scale, 170.0f * frame.font_scale);
    const float small = h * 0.62f;
    char size[64];
    const CudaGlImage& photo = pictures_->picture(Step::decode);
    std::snprintf(size, sizeof size, "%d x %d RGB", photo.width(), photo.height());
    ImGui::NewLine();
    picture(photo, h, 0.0f, 1.0f, tr("1 decoded"), size);
    const CudaGlImage& resized = pictures_->picture(Step::resize);
    std::snprintf(size, sizeof size, "%d x %d", resized.width(), resized.height());
    picture(resized, h, 0.0f, 1.0f, tr("2 resized"), size);
    std::snprintf(size, sizeof size, "%d x %d", c_.settings.crop, c_.settings.crop);
    picture(pictures_->picture(Step::augment), h, 0.0f, 1.0f, tr("3 augmented"), size);
    picture(pictures_->picture(Step::jitter), h, 0.0f, 1.0f, tr("4 colour jitter"), size);
    static const char* const kPlanes[] = {N_("5 Y (brightness)"), N_("Cb (blue-yellow)"), N_("Cr (red-green)")};
    static const char* const kValues[] = {N_("6 Y normalised"), N_("Cb normalised"), N_("Cr normalised")};
    for (int p = 0; p < 3; ++p)
      picture(pictures_->picture(Step::colour), small, p / 3.0f, (p + 1) / 3.0f, tr(kPlanes[p]),
              p == 0 ? tr("bytes 0..255") : "");
    for (int p = 0; p < 3; ++p)
      picture(pictures_->picture(Step::normalise), small, p / 3.0f, (p + 1) / 3.0f, tr(kValues[p]),
              p == 0 ? tr("floats: blue < 0 < red") : "");
    wrapped_text(fill(tr("{0}. Photo: \"{1}\" by {2} ({3}), {4}, from the Debian package {5}."),
                      {pictures_->how(), pipeline::kPhoto.title, pipeline::kPhoto.author, pipeline::kPhoto.year,
                       pipeline::kPhoto.licence, pipeline::kPhoto.package}),
                 palette().muted_text);
  }

  // A bar of `ms` on a log scale from 1 us to `longest`, `width` pixels at most, with its value.
  void bar(double ms, double longest, float width, ImU32 colour, const FigureSource& source) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    const double span = std::max(1.0, std::log10(longest * 1e3));
    const float f = static_cast<float>(std::clamp(std::log10(std::max(ms * 1e3, 1.0)) / span, 0.02, 1.0));
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + h * 0.15f), ImVec2(p.x + width * f, p.y + h * 0.85f),
                                              source.faded() ? faded(colour) : colour);
    ImGui::Dummy(ImVec2(width * f, h));
    ImGui::SameLine();
    if (source.faded()) ImGui::TextDisabled("%s", duration(ms).c_str());
    else ImGui::TextUnformatted(duration(ms).c_str());
  }

  void timing_cell(const TimingStats* cpu, const TimingStats* gpu, const FigureSource& gpu_source,
                   const char* gpu_missing, double longest, float width) {
    const Palette& colours = palette();
    const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    if (cpu && cpu->repeats > 0) bar(cpu->median_ms, longest, width, colours.cpu, FigureSource::this_computer());
    else wrapped_text(tr("CPU: press Time it"), muted);
    if (gpu && gpu->repeats > 0) bar(gpu->median_ms, longest, width, colours.gpu, gpu_source);
    else wrapped_text(fill(tr("GPU: {0}"), {gpu_missing}), muted);
  }

  void draw_times(const FrameContext& frame) {
    const std::string error = work_.error();
    if (!error.empty() || !run_error_.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
      wrapped_text_unformatted(error.empty() ? run_error_.c_str() : error);
      ImGui::PopStyleColor();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    const PipelineTiming* live = live_ && same_sizes(*live_) ? &*live_ : nullptr;
    const SourcedFigures<PipelineTiming> shown_gpu = gpu_side();
    const PipelineTiming* gpu = shown_gpu.figures;
    draw_gpu_note(live, shown_gpu);

    double longest = 1e-3;
    for (const PipelineTiming* t : {live, gpu})
      if (t)
        for (const StepTiming& s : t->steps)
          for (const TimingStats* x : {&s.cpu_image, &s.cpu_batch, &s.gpu_image, &s.gpu_batch})
            if (x->repeats > 0) longest = std::max(longest, x->median_ms);
    const float scale = frame.font_scale;
    // The step's name and what it does (wrapped when narrow), then two columns of bars, each
    // with room for its value after it.
    float label_w = 0.0f, what_w = 0.0f;
    for (const Step step : pipeline::kAllSteps) {
      label_w = std::max(label_w, ImGui::CalcTextSize(tr(pipeline::step_name(step))).x);
      what_w = std::max(what_w, ImGui::CalcTextSize(tr(pipeline::step_what(step))).x);
    }
    label_w = std::max(label_w, std::min(what_w, 0.24f * frame.content_width)) + 8.0f * scale;
    const float value_w = ImGui::CalcTextSize("000.0 ms").x + 16.0f * scale;
    const float bar_w = std::max(50.0f * scale, (frame.content_width - label_w) / 2.0f - value_w - 24.0f * scale);
    if (!ImGui::BeginTable("pipeline times", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
    ImGui::TableSetupColumn(tr("step"), ImGuiTableColumnFlags_WidthFixed, label_w);
    ImGui::TableSetupColumn(tr("one image"), ImGuiTableColumnFlags_WidthFixed, bar_w + value_w);
    const std::string batch_header = fill(tr("batch of {0}"), {std::to_string(pipeline::kBatch)});
    ImGui::TableSetupColumn(batch_header.c_str(), ImGuiTableColumnFlags_WidthFixed, bar_w + value_w);
    wrapped_headers_row({tr("step"), tr("one image"), batch_header});
    ImGui::PushTextWrapPos(0.0f);  // at each cell's edge: "CPU: press Time it" is long in French
    for (const Step step : pipeline::kAllSteps) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      wrapped_text_unformatted(tr(pipeline::step_name(step)));
      wrapped_text(tr(pipeline::step_what(step)), palette().muted_text);
      const StepTiming* c = live ? &live->at(step) : nullptr;
      const StepTiming* g = gpu ? &gpu->at(step) : nullptr;
      const char* missing = !gpu ? "-" : (step == Step::decode && !gpu->gpu_decoded ? tr("no nvJPEG") : "-");
      ImGui::TableNextColumn();
      timing_cell(c ? &c->cpu_image : nullptr, g ? &g->gpu_image : nullptr, shown_gpu.source, missing, longest, bar_w);
      ImGui::TableNextColumn();
      timing_cell(c ? &c->cpu_batch : nullptr, g ? &g->gpu_batch : nullptr, shown_gpu.source, missing, longest, bar_w);
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTable();
    wrapped_text(
        tr("In each cell the CPU above, the GPU below; bars on a log scale, medians. CPU: one core. GPU: device time "
           "between CUDA events, except "
           "decoding: nvJPEG reads the Huffman codes on the CPU, so its time is the wall time until the pixels "
           "are on the GPU."),
        palette().muted_text);
    draw_sentences(live, shown_gpu);
  }

  void draw_gpu_note(const PipelineTiming* live, const SourcedFigures<PipelineTiming>& shown_gpu) {
    const Palette& colours = palette();
    const PipelineTiming* gpu = shown_gpu.figures;
    std::string note;
    if (live && !live->gpu_measured && gpu_info().available)
      note = fill(tr("The GPU could not be timed: {0}"), {live->gpu_note});
    if (!gpu_info().available) {
      if (shown_gpu.source.faded())
        note = fill(tr("No GPU here: the CPU is timed live on this computer; the GPU's times are faded. {0}."),
                    {recorded_label(recording_->run, true)});
      else if (recording_)
        note = fill(tr("No GPU here, and the recorded GPU run was made at side {0}, crop {1}: set those to see it."),
                    {std::to_string(recording_->timing.settings.side), std::to_string(recording_->timing.settings.crop)});
      else
        note = tr("No GPU here, and no recording of this pipeline on a GPU exists yet: only the CPU can be timed.");
    }
    if (gpu && !gpu->gpu_decoded && gpu->gpu_measured)
      note += (note.empty() ? "" : " ") +
              fill(tr("nvJPEG was not available ({0}): the GPU's pipeline starts from the CPU's decoded pixels, uploaded."),
                   {gpu->decode_note});
    if (note.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, colours.warning);
    wrapped_text_unformatted(note);
    ImGui::PopStyleColor();
    if (!recording_ && !gpu_info().available && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", recording_error_.c_str());
  }

  void draw_sentences(const PipelineTiming* live, const SourcedFigures<PipelineTiming>& shown_gpu) {
    if (!live) return;
    std::string text;
    char part[400];
    double total = 0.0;
    for (const StepTiming& s : live->steps) total += s.cpu_batch.median_ms;
    const double decode = live->at(Step::decode).cpu_batch.median_ms;
    if (total > 0.0) {
      std::snprintf(part, sizeof part, "One CPU core needs %s for a batch of %d (%.0f%% of it decoding the JPEG",
                    duration(total).c_str(), pipeline::kBatch, 100.0 * decode / total);
      text += part;
      if (total > 1000.0)
        std::snprintf(part, sizeof part, "): one batch every %.1f s at best, before the network does any work.",
                      total / 1000.0);
      else
        std::snprintf(part, sizeof part, "): %.0f batches a second at most, before the network does any work.",
                      1000.0 / total);
      text += part;
    }
    if (const PipelineTiming* gpu = shown_gpu.figures) {
      const double speedup = combined_batch_speedup(*gpu);
      if (speedup > 0.0) {
        std::snprintf(part, sizeof part, " The GPU runs the same steps %.0f times as fast%s.", speedup,
                      shown_gpu.source.faded() ? tr(" (this computer's CPU against the recorded GPU)") : "");
        text += part;
      }
      double worst = 0.0;
      for (const Step step : pipeline::kAllSteps)
        if (step != Step::decode) worst = std::max(worst, gpu->at(step).difference);
      std::snprintf(part, sizeof part, " Largest difference between the GPU's results and the CPU's: %.2g.", worst);
      text += part;
    }
    ImGui::Spacing();
    wrapped_text_unformatted(text);
  }

  PipelineChoice c_;
  std::string path_;
  std::string photo_error_, picture_error_, run_error_;
  std::unique_ptr<PipelinePictures> pictures_;
  bool stale_ = true;
  BackgroundWork work_;
  mutable std::mutex mutex_;
  std::optional<PipelineTiming> live_;  // guarded by mutex_
  const pipeline::PipelineRecording* recording_ = nullptr;
  std::string recording_error_;
};

}  // namespace

const PanelType& data_pipeline_panel_type() {
  static const PanelType type = {
      "data-pipeline",
      N_("a photo through a training data pipeline (decode, resize, augment, colour, normalise), each step drawn "
      "and timed on one CPU core and on the GPU, per image and per batch of 256"),
      pipeline_fields().table(),
      DataPipelinePanel::buttons().specs(),
      [](const PanelParams& p, std::string* error) -> std::unique_ptr<Panel> {
        const PipelineChoice choice = pipeline_fields().options(p);
        if (Status st = pipeline::check_settings(choice.settings); !st) {
          *error = translated(st);
          return nullptr;
        }
        return std::make_unique<DataPipelinePanel>(choice);
      },
      {"run", "cancel"},
      {{"decode_share", "%", "the share of one CPU core's batch time spent decoding the JPEG"},
       {"batch_speedup", "times", "how many times as fast the GPU runs the batch's steps as one CPU core"}}};
  return type;
}

}  // namespace whygpu::app
