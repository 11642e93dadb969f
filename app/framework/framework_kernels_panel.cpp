// "What a framework does for you": the CNN as a Keras program writes it, beside what one
// training step really launches on the GPU, kernel by kernel (name, grid, block, time,
// coloured by library): our own CNN's step, recorded live with CUPTI when there is a GPU,
// and PyTorch's step on the same model, recorded with torch.profiler on an H100. Without
// a GPU both lists are recordings, faded and labelled.
#include <imgui.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <thread>

#include "app/files/file_locations.h"
#include "app/framework/kernel_list.h"
#include "app/files/figure_source.h"
#include "app/i18n/recorded_label.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/widgets/code_fit.h"
#include "app/widgets/flow_layout.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/framework/kernel_groups.h"
#include "compute/profile/cupti_recorder.h"
#include "compute/profile/timeline_json.h"
#include "compute/profile/work.h"

namespace whygpu::app {
namespace {

using framework::KernelRow;

// A recorded step from assets/reference/timelines/<name>.json (app/files/file_locations.h).
struct Recorded {
  std::optional<profile::Timeline> timeline;
  std::string error;
};

Recorded load_recorded(const std::string& name) {
  Recorded r;
  profile::Timeline t;
  const std::string path = shipped_path("assets/reference/timelines") + "/" + name + ".json";
  if (Status s = profile::load_timeline(path, &t); s) r.timeline = std::move(t);
  else r.error = translated(s);
  return r;
}

struct StepList {
  std::vector<KernelRow> rows;
  std::string label;   // where it comes from
  std::string error;   // why there is none
  FigureSource source = FigureSource::this_computer();
};

StepList list_of(const Recorded& r) {
  StepList l;
  if (!r.timeline) {
    l.error = tr("No recording yet.");
    l.label = r.error;  // the reason, on hover
    return l;
  }
  l.rows = framework::kernel_rows(*r.timeline);
  l.source = FigureSource::recorded(r.timeline->run);
  l.label = fill(tr("{0}. {1}."), {translated(r.timeline->description), recorded_label(*r.timeline, true)});
  return l;
}

// How the training step's kernels were launched: one by one, or replayed as one CUDA graph.
struct LaunchChoice {
  std::string launches = "eager";
};

const PanelFields<LaunchChoice>& launch_fields() {
  static const PanelFields<LaunchChoice> fields{{
      choice_field("launches", &LaunchChoice::launches, {"eager", "graph"},
                   "kernels launched one by one, or replayed as one CUDA graph"),
  }};
  return fields;
}

class FrameworkKernelsPanel final : public Panel {
 public:
  explicit FrameworkKernelsPanel(const LaunchChoice& choice) : graph_(choice.launches == "graph") { load(); }

  ~FrameworkKernelsPanel() override {
    if (worker_.joinable()) worker_.join();
  }

  void draw(const FrameContext& frame) override {
    take_live();
    ImGui::PushID(this);
    const float scale = frame.font_scale;
    const float gap = 16.0f * scale;
    ImFont* code = frame.fonts ? frame.fonts->code : nullptr;
    // The Keras column as wide as its longest line; the two lists share the rest.
    if (code) ImGui::PushFont(code);
    float keras_width = 0.0f;
    for (const std::string& line : framework::keras_model_lines())
      keras_width = std::max(keras_width, ImGui::CalcTextSize(line.c_str()).x);
    if (code) ImGui::PopFont();
    // Keras and the two lists side by side when they fit; else Keras above the lists; else
    // everything one under the other.
    const float least_list = 380.0f * scale;
    const bool three_across = frame.content_width >= keras_width + 2.0f * (least_list + gap);
    const bool two_across = frame.content_width >= 2.0f * least_list + gap;
    const float list_width = three_across ? (frame.content_width - keras_width - 2.0f * gap) * 0.5f - 4.0f
                             : two_across ? (frame.content_width - gap) * 0.5f - 4.0f
                                          : frame.content_width;
    const float list_height = 300.0f * scale;

    const auto draw_keras = [&](const char* note) {
      ImGui::BeginGroup();
      ImGui::TextUnformatted(tr("What you write (Keras)"));
      if (code) ImGui::PushFont(code);
      // Smaller, not cut, where the page is narrower than the longest line.
      std::string all;
      for (const std::string& line : framework::keras_model_lines()) all += line + "\n";
      ImGui::SetWindowFontScale(code_scale_to_fit(all, ImGui::GetContentRegionAvail().x));
      for (const std::string& line : framework::keras_model_lines()) ImGui::TextUnformatted(line.c_str());
      ImGui::SetWindowFontScale(1.0f);
      if (code) ImGui::PopFont();
      ImGui::Spacing();
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::min(keras_width, frame.content_width));
      wrapped_text(tr(note), ImGui::GetColorU32(ImGuiCol_TextDisabled));
      ImGui::PopTextWrapPos();
      ImGui::EndGroup();
    };
    const auto draw_lists = [&] {
      draw_column("ours", N_("Our CNN's step (whygpu's own kernels + cuBLAS)"), ours_, list_width, list_height, code);
      if (two_across) ImGui::SameLine(0.0f, gap);
      else ImGui::Spacing();
      draw_column("pytorch", N_("PyTorch's step (the same model, .to(\"cuda\"))"), pytorch_, list_width, list_height,
                  code);
    };
    // The kernels the step ran are the result: first, or beside the Keras that made them
    // where all three fit across; the launch choice and the button after them.
    if (three_across) {
      draw_keras(N_("To the right: what one step of model.fit makes the GPU run, kernel by kernel."));
      ImGui::SameLine(0.0f, gap);
      draw_lists();
    } else {
      draw_lists();
      ImGui::Spacing();
      draw_keras(N_("Above: what one step of model.fit makes the GPU run, kernel by kernel."));
    }
    ImGui::Spacing();
    draw_controls();
    ImGui::PopID();
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    if (busy()) return Status::error(tr("our step is being recorded: wait for it"));
    LaunchChoice wanted{graph_ ? "graph" : "eager"};
    if (Status s = launch_fields().set(key, value, &wanted); !s) return s;
    graph_ = wanted.launches == "graph";
    load();
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<FrameworkKernelsPanel>& buttons() {
    using P = FrameworkKernelsPanel;
    static const PanelButtons<P> table{
        {"record", "record one training step of our CNN on this computer's GPU (CUPTI)", [](P& p) { return p.record(); }},
    };
    return table;
  }

  // Records one training step of our CNN on this computer's GPU, on a worker thread.
  Status record() {
    if (busy()) return Status::error(tr("our step is already being recorded"));
    if (Status s = profile::timeline_recording_available(); !s) return s;
    if (worker_.joinable()) worker_.join();
    busy_.store(true);
    live_error_.clear();
    worker_ = std::thread([this, key = our_key()] {
      profile::Timeline t;
      const Status s = profile::record_work(key, profile::WorkOptions{}, "whygpu app: framework-kernels", &t);
      std::lock_guard<std::mutex> lock(mutex_);
      if (s) recorded_live_ = std::move(t);
      else finished_error_ = translated(s);
      busy_.store(false);
    });
    return Status::ok();
  }

  bool busy() const override { return busy_.load(); }

  bool result(const std::string& name, PanelResult* out) const override {
    const StepList& list = name == "pytorch_kernels" ? pytorch_ : ours_;
    if ((name != "pytorch_kernels" && name != "our_kernels") || list.rows.empty() || busy()) return false;
    out->value = static_cast<double>(list.rows.size());
    out->text = fill(tr("{0} kernels in one step, {1}"), {std::to_string(list.rows.size()), list.source.where()});
    return true;
  }

 private:
  std::string our_key() const { return graph_ ? "cnn-step-graph" : "cnn-step"; }

  void load() {
    ours_ = list_of(load_recorded(our_key()));
    pytorch_ = list_of(load_recorded(graph_ ? "pytorch-cnn-step-graph" : "pytorch-cnn-step"));
  }

  void take_live() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!finished_error_.empty()) live_error_ = std::move(finished_error_), finished_error_.clear();
    if (!recorded_live_) return;
    ours_.rows = framework::kernel_rows(*recorded_live_);
    ours_.label = fill(tr("{0}, recorded just now on this computer's {1}."), {translated(recorded_live_->description), gpu_info().name});
    ours_.source = FigureSource::this_computer();
    ours_.error.clear();
    recorded_live_.reset();
  }

  void draw_controls() {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Launches:"));
    ImGui::SameLine();
    ImGui::BeginDisabled(busy());
    if (ImGui::RadioButton(tr_id("one by one (eager)").c_str(), !graph_) && graph_)
      (void)set_param("launches", ParamValue{.text = "eager"});
    same_line_if_fits(button_width(tr("as one CUDA graph")) + ImGui::GetFrameHeight());
    if (ImGui::RadioButton(tr_id("as one CUDA graph").c_str(), graph_) && !graph_)
      (void)set_param("launches", ParamValue{.text = "graph"});
    if (gpu_info().available) {
      same_line_if_fits(button_width(tr("Record our step now")));
      if (ImGui::Button(tr_id("Record our step now").c_str()))
        if (Status s = press("record"); !s) live_error_ = translated(s);
    }
    ImGui::EndDisabled();
    if (busy()) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s", tr("recording one training step with CUPTI..."));
    }
    if (!live_error_.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
      wrapped_text_unformatted(live_error_);
      ImGui::PopStyleColor();
    }
  }

  void draw_column(const char* id, const char* title, const StepList& list, float width, float height, ImFont* code) {
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    wrapped_text_unformatted(tr(title));
    if (!list.error.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      wrapped_text_unformatted(list.error);
      ImGui::PopStyleColor();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", list.label.c_str());
    } else if (list.source.faded()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      wrapped_text_unformatted(list.label);
      ImGui::PopStyleColor();
    } else {
      wrapped_text_unformatted(list.label);
    }
    ImGui::PopTextWrapPos();
    if (!list.rows.empty()) draw_kernel_list(id, list.rows, width, height, list.source.faded(), code);
    ImGui::EndGroup();
  }

  bool graph_ = false;
  StepList ours_, pytorch_;
  std::string live_error_;
  std::atomic<bool> busy_{false};
  std::mutex mutex_;
  std::optional<profile::Timeline> recorded_live_;  // guarded by mutex_
  std::string finished_error_;                      // guarded by mutex_
  std::thread worker_;
};

}  // namespace

const PanelType& framework_kernels_panel_type() {
  static const PanelType type = {
      "framework-kernels",
      N_("the CNN as Keras writes it beside the kernels one training step launches: ours and PyTorch's (cuDNN, cuBLAS)"),
      launch_fields().table(),
      FrameworkKernelsPanel::buttons().specs(),
      [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
        return std::make_unique<FrameworkKernelsPanel>(launch_fields().options(p));
      },
      {"record", "record"},
      {{"pytorch_kernels", "kernels", "kernels PyTorch's training step launches"},
       {"our_kernels", "kernels", "kernels our CNN's training step launches"}}};
  return type;
}

}  // namespace whygpu::app
