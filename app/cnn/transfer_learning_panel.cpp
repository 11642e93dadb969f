// "Transfer learning": the CNN's convolutional base trained on digits (or clothes),
// frozen, with a new head trained on 1,000 labelled images of the other task, against
// the same network trained from scratch on the same images: test accuracy against
// training time, both live on this computer's CPU, with a picture of what is frozen and
// what is trained next to the numbers.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <filesystem>
#include <mutex>

#include "app/cnn/background_work.h"
#include "app/cnn/cnn_data.h"
#include "app/files/file_locations.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_registry.h"
#include "app/plot/chart_beside.h"
#include "app/plot/plot.h"
#include "app/shell/training_threads.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/cnn/transfer.h"
#include "compute/cnn/weights_file.h"

namespace whygpu::app {
namespace {

using cnn::TransferPoint;

constexpr ImU32 kFrozenColour = IM_COL32(70, 150, 235, 255);
constexpr ImU32 kScratchColour = IM_COL32(235, 140, 60, 255);

// The bases shipped in assets/models (whygpu bench cnn-transfer --save-base); trained
// here when missing.
std::string shipped_base(bool from_digits) {
  return shipped_path("assets/models") +
         (from_digits ? "/cnn-digits-base.weights" : "/cnn-fashion-base.weights");
}

struct TransferSettings {
  bool from_digits = true;  // the base learned the digits, the new head learns clothes
  int labelled = 1000;
  int epochs = 10;
  std::string base;  // a weights file (empty: the shipped base, or one trained here)
};

// The panel's parameters, declared once: the lesson's and a script's `set`.
const PanelFields<TransferSettings>& transfer_fields() {
  using S = TransferSettings;
  static const PanelFields<S> fields{{
      choice_field<S>(
          "direction", {"digits-to-fashion", "fashion-to-digits"}, "digits-to-fashion",
          [](S& s, const std::string& v) { s.from_digits = v == "digits-to-fashion"; },
          "which data set the base learned, and which the new head learns"),
      whole_field("labelled", &S::labelled, 64, 60000, "labelled images of the new task both runs train on"),
      whole_field("epochs", &S::epochs, 1, 50, "epochs both runs train"),
      text_field("base", &S::base, "a weights file to take the base from (empty: the shipped base, or one trained here)")
          .naming(PathUse::kRead),
  }};
  return fields;
}

class TransferLearningPanel final : public Panel {
 public:
  explicit TransferLearningPanel(const TransferSettings& settings) : s_(settings) {}

  void draw(const FrameContext& frame) override {
    const float scale = frame.font_scale;
    Snapshot snap;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      snap = snapshot_;
    }
    // The two runs' curves first, the network and the words beside them (or under them
    // on a narrow panel); then the settings and the button.
    draw_chart_beside(view_, "transfer-learning", make_chart(snap), {330.0f, 0.34f, 0.6f, 260.0f, 400.0f},
                      frame.content_width, scale, [&](float width) {
                        draw_picture(width, scale);
                        draw_words(snap);
                      });
    ImGui::Spacing();
    draw_controls(snap);
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    if (work_.busy()) return Status::error(fill(tr("cannot change {0} while training"), {key}));
    return transfer_fields().set(key, value, &s_);
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<TransferLearningPanel>& buttons() {
    using P = TransferLearningPanel;
    static const PanelButtons<P> table{
        {"run", "train the new head on the frozen base, then the whole network from scratch",
         [](P& p) { return p.start_run(); }},
        {"cancel", "stop after the epoch in progress", [](P& p) { p.work_.cancel(); }},
    };
    return table;
  }

  // Trains the new head on the frozen base, then the whole network from scratch, on a worker thread.
  Status start_run() {
    cnn::ConvBase base;
    if (!s_.base.empty()) {
      // Checked now, before anything already shown is cleared: a file of another network,
      // or a base of another shape, leaves the last run on screen.
      if (Status s = cnn::load_weights(s_.base, &base.params); !s) return s.with_context("the base");
      base.source = s_.base;
      if (Status s = cnn::check_base_fits(base); !s) return s;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      snapshot_ = Snapshot{};
      snapshot_.status = tr("loading the data sets");
      snapshot_.from_digits = s_.from_digits;
    }
    cnn::TransferOptions o;
    o.labelled = s_.labelled;
    o.epochs = s_.epochs;
    o.cpu_threads = training_threads();
    const bool from_digits = s_.from_digits;
    return work_.start([this, o, from_digits, base = std::move(base)](const std::atomic<bool>* cancel) mutable {
      return run(from_digits, std::move(base), o, cancel);
    });
  }

  bool busy() const override { return work_.busy(); }
  bool timing_the_cpu() const override { return work_.busy(); }

  bool result(const std::string& name, PanelResult* out) const override {
    if (work_.busy()) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    const std::vector<TransferPoint>& points = name == "frozen_accuracy" ? snapshot_.frozen : snapshot_.scratch;
    if ((name != "frozen_accuracy" && name != "scratch_accuracy") || points.size() < 2) return false;
    out->value = 100.0 * points.back().accuracy;
    out->text = fill(tr("{0}% after {1} epochs on {2} labelled images, on this computer"),
                     {decimal_text(out->value, 1), std::to_string(points.back().epoch), std::to_string(s_.labelled)});
    return true;
  }

 private:
  struct Snapshot {
    std::vector<TransferPoint> frozen, scratch;
    std::string status;
    Wording base_source;
    bool from_digits = true;
  };

  Status run(bool from_digits, cnn::ConvBase base, cnn::TransferOptions o, const std::atomic<bool>* cancel) {
    o.cancel = cancel;
    std::shared_ptr<const cnn::DatasetPair> digits, clothes;
    if (Status s = cnn_ui::load_data({cnn_ui::DataChoice::kDigits, ""}, &digits); !s) return s;
    if (Status s = cnn_ui::load_data({cnn_ui::DataChoice::kFashion, ""}, &clothes); !s) return s;
    if (base.params.empty()) {
      const std::string shipped = shipped_base(from_digits);
      if (std::filesystem::exists(shipped) && cnn::load_weights(shipped, &base.params)) {
        base.source = Wording::sentence(
            N_("trained on {0} ({1})"),
            {from_digits ? Wording::sentence(N_("the digits")) : Wording("Fashion-MNIST"), shipped});
      } else {
        set_status(fill(tr("training a base on {0} first (no shipped base found)"),
                        {from_digits ? tr("the digits") : "Fashion-MNIST"}));
        if (Status s = cnn::train_base(from_digits ? *digits : *clothes, from_digits ? 5 : 2, 1, true, cancel, &base);
            !s)
          return s;
      }
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      snapshot_.base_source = base.source;
      snapshot_.status = tr("training the new head, then the whole network from scratch");
    }
    cnn::TransferResult result;
    return cnn::run_transfer(base, from_digits ? *clothes : *digits, o,
                             [this](const TransferPoint& p) {
                               std::lock_guard<std::mutex> lock(mutex_);
                               (p.frozen ? snapshot_.frozen : snapshot_.scratch).push_back(p);
                             },
                             &result);
  }

  void set_status(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    snapshot_.status = text;
  }

  plot::Chart make_chart(const Snapshot& snap) const {
    plot::Chart chart;
    chart.x_title = tr("training time (testing not counted)");
    chart.x = {plot::ScaleKind::Linear, plot::ValueFormat::Number, false};
    chart.y_title = tr("test accuracy (%)");
    chart.y = {plot::ScaleKind::Linear, plot::ValueFormat::Number, false};
    chart.y_span = {0.0, 100.0};
    chart.empty_message = work_.busy() ? tr("training...") : tr("press \"Train both\"");
    const auto add = [&](const std::vector<TransferPoint>& points, const char* label, ImU32 colour) {
      plot::Series s;
      s.label = label;
      s.colour = colour;
      for (const TransferPoint& p : points) {
        s.x.push_back(p.seconds);
        s.y.push_back(100.0 * p.accuracy);
        s.point_notes.push_back(fill(tr("epoch {0}, {1} multiply-adds"),
                                     {std::to_string(p.epoch), significant_text(p.multiply_adds, 2)}));
      }
      if (!s.x.empty()) chart.series.push_back(std::move(s));
    };
    add(snap.frozen, tr("frozen base + new head"), kFrozenColour);
    add(snap.scratch, tr("whole network from scratch"), kScratchColour);
    chart.footnote = tr("seconds of training on this computer's CPU; both runs see the same images in the same order");
    return chart;
  }

  void draw_controls(const Snapshot& snap) {
    const bool busy = work_.busy();
    ImGui::BeginDisabled(busy);
    if (ImGui::RadioButton(tr_id("digits base -> clothes").c_str(), s_.from_digits)) s_.from_digits = true;
    same_line_if_fits(check_width(tr("clothes base -> digits")));
    if (ImGui::RadioButton(tr_id("clothes base -> digits").c_str(), !s_.from_digits)) s_.from_digits = false;
    const float labelled_field = ImGui::GetFontSize() * 6, epochs_field = ImGui::GetFontSize() * 5;
    const float steppers = 2 * (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x);
    same_line_if_fits(labelled_width(labelled_field + steppers, tr("labelled images")));
    ImGui::SetNextItemWidth(labelled_field + steppers);
    ImGui::InputInt(tr_id("labelled images").c_str(), &s_.labelled, 100, 1000);
    s_.labelled = std::clamp(s_.labelled, 64, 60000);
    same_line_if_fits(labelled_width(epochs_field + steppers, tr("epochs")));
    ImGui::SetNextItemWidth(epochs_field + steppers);
    ImGui::InputInt(tr_id("epochs").c_str(), &s_.epochs);
    s_.epochs = std::clamp(s_.epochs, 1, 50);
    ImGui::EndDisabled();
    if (!busy) {
      same_line_if_fits(button_width(tr("Train both")));
      if (ImGui::Button(tr_id("Train both").c_str())) (void)press("run");
    } else {
      same_line_if_fits(button_width(tr("Cancel")));
      if (ImGui::Button(tr_id("Cancel").c_str())) work_.cancel();
    }
    if (busy) ImGui::TextDisabled("%s...", snap.status.c_str());
    if (!work_.error().empty()) wrapped_text(work_.error(), palette().error);
    if (!snap.base_source.empty())
      wrapped_text(fill(tr("base: {0}"), {translated(snap.base_source)}), ImGui::GetColorU32(ImGuiCol_TextDisabled));
  }

  // The network as boxes: the three convolutions grey and locked (frozen), the two dense
  // layers coloured (trained), the labelled images coming in on the left.
  void draw_picture(float width, float scale) const {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const char* names[] = {"conv1", "conv2", "conv3", "dense 64", "dense 10"};
    const float gap = 8.0f * scale;
    // Five boxes as wide as the widest name, narrower (with smaller names) where the
    // column is narrower than that.
    float natural = 0.0f;
    for (const char* name : names) natural = std::max(natural, text_width(name) + 10.0f * scale);
    const float w = std::min(natural, (width - 4 * gap) / 5);
    const float font_size = ImGui::GetFontSize() * std::min(1.0f, w / natural);
    const float h = std::max(34.0f * scale * std::min(1.0f, w / natural), font_size * 1.4f);
    float x = o.x;
    for (int i = 0; i < 5; ++i) {
      const bool frozen = i < 3;
      const ImU32 fill = frozen ? IM_COL32(120, 120, 130, 255) : kFrozenColour;
      draw->AddRectFilled(ImVec2(x, o.y), ImVec2(x + w, o.y + h), fill, 4.0f * scale);
      const ImVec2 size = ImGui::GetFont()->CalcTextSizeA(font_size, FLT_MAX, 0.0f, names[i]);
      draw->AddText(ImGui::GetFont(), font_size, ImVec2(x + (w - std::min(size.x, w)) / 2, o.y + (h - size.y) / 2),
                    IM_COL32(255, 255, 255, 255), names[i]);
      if (i < 4) draw->AddLine(ImVec2(x + w, o.y + h / 2), ImVec2(x + w + gap, o.y + h / 2), palette().muted_text);
      x += w + gap;
    }
    ImGui::Dummy(ImVec2(x - o.x - gap, h));  // no gap after the last box
    // What the two parts are, under the base and the head, or one under the other where
    // they do not fit side by side.
    const float base_width = 3 * (w + gap) - gap;
    wrapped_text(tr("base: frozen, reused"), palette().muted_text);
    if (text_width(tr("base: frozen, reused")) + gap <= base_width + gap &&
        base_width + gap + text_width(tr("new head: trained")) <= width)
      ImGui::SameLine(base_width + gap);
    wrapped_text(tr("new head: trained"), kFrozenColour);
  }

  void draw_words(const Snapshot& snap) const {
    wrapped_text_unformatted(fill(snap.from_digits ? tr("The grey layers keep the weights they learned on the digits; "
                                                        "only the two dense layers learn the clothes, from {0} labelled "
                                                        "images.")
                                                   : tr("The grey layers keep the weights they learned on the clothes; "
                                                        "only the two dense layers learn the digits, from {0} labelled "
                                                        "images."),
                                  {std::to_string(s_.labelled)}));
    if (snap.frozen.size() < 2 || snap.scratch.size() < 2) return;
    const TransferPoint &f = snap.frozen.back(), &s = snap.scratch.back();
    ImGui::Spacing();
    ImGui::TextColored(ImColor(kFrozenColour), "%s",
                       fill(tr("frozen base + new head: {0}% in {1} s"),
                            {decimal_text(100 * f.accuracy, 1), decimal_text(f.seconds, 2)})
                           .c_str());
    ImGui::TextColored(
        ImColor(kScratchColour), "%s",
        fill(tr("from scratch: {0}% in {1} s"), {decimal_text(100 * s.accuracy, 1), decimal_text(s.seconds, 2)})
            .c_str());
    if (f.multiply_adds > 0)
      wrapped_text_unformatted(fill(tr("Training arithmetic: {0} multiply-adds for the frozen base and head, {1} from scratch ({2} "
                        "times as many): the base's outputs were computed once, and nothing flowed back through it."),
                     {significant_text(f.multiply_adds, 2), significant_text(s.multiply_adds, 2),
                      decimal_text(s.multiply_adds / f.multiply_adds, 0)}));
  }

  TransferSettings s_;
  mutable std::mutex mutex_;
  Snapshot snapshot_;  // guarded by mutex_
  plot::PlotView view_;
  BackgroundWork work_;
};

}  // namespace

const PanelType& transfer_learning_panel_type() {
  static const PanelType type = {
      "transfer-learning",
      N_("A frozen CNN base with a new head against the whole network from scratch, on 1,000 labelled images"),
      transfer_fields().table(),
      TransferLearningPanel::buttons().specs(),
      [](const PanelParams& params, std::string*) -> std::unique_ptr<Panel> {
        return std::make_unique<TransferLearningPanel>(transfer_fields().options(params));
      },
      {"run", "cancel"},
      {{"frozen_accuracy", "%", "test accuracy of the frozen base with its new head after the last epoch"},
       {"scratch_accuracy", "%", "test accuracy of the network trained from scratch after the last epoch"}}};
  return type;
}

}  // namespace whygpu::app
