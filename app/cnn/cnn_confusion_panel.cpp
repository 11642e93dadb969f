// Where the network goes wrong: the confusion matrix of the newest test-set evaluation
// (rows: the true class, columns: the network's answer; hover a cell for its count) and a
// gallery of misclassified test images, the most confident mistakes first, each with its
// true and predicted label. Clicking a cell keeps only its mistakes; clicking an image
// shows it in the feature maps (the shared session's shown image).
// Parameters and buttons: the panel type at the end of this file.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "app/cnn/session_bar.h"
#include "app/cnn/session_panel.h"
#include "app/cnn/thumbnail_atlas.h"
#include "app/i18n/number_text.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {
namespace {

// A square of the matrix at text x1, wide enough for a count of four digits, and the
// smallest it shrinks to in a short window (its count then in smaller type).
constexpr float kMatrixCell = 36.0f;
constexpr float kMinMatrixCell = 14.0f;

using cnn_ui::SharedSession;

struct ConfusionOptions {
  std::string session = "main";
  int gallery = 40;
  bool controls = false;
};

// The panel's parameters, declared once; each is read when the panel is made.
const PanelFields<ConfusionOptions>& confusion_fields() {
  using O = ConfusionOptions;
  static const PanelFields<O> fields{{
      text_field("session", &O::session, "the training session this panel shows (panels with one name share it)"),
      whole_field("gallery", &O::gallery, 1, 400, "most misclassified images shown"),
      flag_field("controls", &O::controls, "show the session's buttons"),
  }};
  return fields;
}

// Cells fade from the background to full colour as their share of the row grows; the
// square root lets a handful of mistakes among a thousand still show.
ImU32 cell_colour(ImU32 colour, double share) {
  const float t = static_cast<float>(std::sqrt(std::clamp(share, 0.0, 1.0)));
  ImVec4 c = ImGui::ColorConvertU32ToFloat4(colour);
  c.w = share > 0.0 ? 0.12f + 0.88f * t : 0.0f;
  return ImGui::ColorConvertFloat4ToU32(c);
}

class CnnConfusionPanel final : public cnn_ui::SessionPanel {
 public:
  CnnConfusionPanel(ConfusionOptions options, std::shared_ptr<SharedSession> shared)
      : SessionPanel(std::move(shared), options.controls), o_(std::move(options)) {}

  Status press(const std::string& button) override { return buttons().press(*this, button); }
  // Busy while the test asked for runs: a demo's wait-idle then waits for the matrix.
  bool busy() const override { return SessionPanel::busy() || shared_->testing(); }

  static const PanelButtons<CnnConfusionPanel>& buttons() {
    using P = CnnConfusionPanel;
    static const PanelButtons<P> table{
        {"evaluate", "test on the test set now", [](P& p) { p.shared_->evaluate(); }},
        {"all", "show every misclassified image (clear the cell filter)",
         [](P& p) {
           p.filter_true_ = p.filter_predicted_ = -1;
           p.gallery_key_.clear();
         }},
        {"first", "show the gallery's first image to the network",
         [](P& p) {
           if (p.gallery_.empty()) return Status::error(tr("no misclassified test image to show (evaluate first)"));
           p.shared_->show_test_image(p.gallery_.front());
           return Status::ok();
         }},
    };
    return table;
  }

  void draw_ready(const FrameContext& frame) override {
    const float width = frame.content_width;
    const cnn::SessionSnapshot& snap = shared_->snapshot();
    auto data = shared_->data();
    if ((!snap.last_test || !data) && shared_->testing()) {
      wrapped_text_unformatted(fill(tr("Testing the network on the {0} held-out images..."),
                                    {data ? with_commas(data->test.count).c_str() : ""}));
      return;
    }
    if (!snap.last_test || !data) {
      wrapped_text_unformatted(fill(tr("No test results yet. The network is tested on the {0} held-out images after "
                                       "every epoch; press the button to test it now."),
                                    {data ? with_commas(data->test.count).c_str() : ""}));
      if (ImGui::Button(tr_id("Test on the test set now").c_str())) shared_->evaluate();
      return;
    }
    const cnn::Evaluation& eval = *snap.last_test;
    refresh_gallery(eval, *data);
    // The matrix on the left as tall as the window shows (a demo stop shows it whole) and
    // at most about half the width; beside it, in the same height, what the test found
    // and the gallery of its mistakes, scrolled within.
    const int classes = std::min<int>(cnn::kClasses, static_cast<int>(data->test.class_names.size()));
    const float spacing = ImGui::GetStyle().ItemSpacing.y + ImGui::GetStyle().CellPadding.y * 2;
    const float by_height =
        frame.visible_height > 0 ? (frame.visible_height - spacing) / (classes + 1.2f) : kMatrixCell * scale_;
    const float cell = std::clamp(std::min(by_height, width * 0.45f / (classes + 1.2f)), kMinMatrixCell * scale_,
                                  kMatrixCell * scale_);
    const float matrix_side = cell * (classes + 1.2f);
    if (!ImGui::BeginTable("confusion", 2, ImGuiTableFlags_BordersInnerV)) return;
    ImGui::TableSetupColumn(tr("matrix"), ImGuiTableColumnFlags_WidthFixed, matrix_side);
    ImGui::TableSetupColumn(tr("gallery"), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    draw_matrix(eval, data->test.class_names, cell);
    ImGui::TableNextColumn();
    if (ImGui::BeginChild("findings", ImVec2(0, matrix_side))) {
      wrapped_text_unformatted(fill(tr("Test set: {0} images, {1}% right, {2} wrong (after {3} training steps)"),
                                    {with_commas(eval.count), decimal_text(100.0 * eval.accuracy, 2),
                                     with_commas(eval.count - correct(eval)),
                                     with_commas(static_cast<double>(snap.progress.steps))}));
      const std::string again = tr_id("Test again");
      same_line_if_fits(button_width(again.c_str()));
      if (shared_->testing()) ImGui::TextDisabled("%s", tr("testing..."));
      else if (ImGui::SmallButton(again.c_str())) shared_->evaluate();
      wrapped_text_unformatted(tr("Rows: the true class. Columns: the network's answer. Green: read right. Red: "
                                  "mistakes (darker: more of that row)."));
      cnn_ui::draw_untrained_note(*shared_);
      draw_gallery(eval, *data, ImGui::GetContentRegionAvail().x);
    }
    ImGui::EndChild();
    ImGui::EndTable();
  }

  static int correct(const cnn::Evaluation& eval) {
    int sum = 0;
    for (int c = 0; c < cnn::kClasses; ++c) sum += eval.confusion[c][c];
    return sum;
  }

  // `cell`: the side of a square, in pixels; its count is written in a type that fits it.
  void draw_matrix(const cnn::Evaluation& eval, const std::vector<std::string>& names, float cell) {
    const int classes = std::min<int>(cnn::kClasses, static_cast<int>(names.size()));
    const float type = std::min(ImGui::GetFontSize(), cell * 0.5f);
    ImFont* font = ImGui::GetFont();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float label = cell * 1.2f;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    auto short_name = [&](int c) { return names[c].size() <= 3 ? names[c] : std::to_string(c); };
    for (int c = 0; c < classes; ++c) {
      const std::string n = short_name(c);
      const ImVec2 size = font->CalcTextSizeA(type, FLT_MAX, 0.0f, n.c_str());
      draw->AddText(font, type, ImVec2(origin.x + label + c * cell + (cell - size.x) * 0.5f, origin.y), muted, n.c_str());
      draw->AddText(font, type,
                    ImVec2(origin.x + label - size.x - 4.0f * scale_, origin.y + label + c * cell + (cell - size.y) * 0.5f),
                    muted, n.c_str());
    }
    const ImVec2 grid(origin.x + label, origin.y + label);
    int hovered_true = -1, hovered_predicted = -1;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (int t = 0; t < classes; ++t) {
      const int row_total = std::accumulate(eval.confusion[t].begin(), eval.confusion[t].end(), 0);
      for (int p = 0; p < classes; ++p) {
        const int count = eval.confusion[t][p];
        const ImVec2 a(grid.x + p * cell, grid.y + t * cell), b(a.x + cell - 1.0f, a.y + cell - 1.0f);
        const double share = row_total > 0 ? static_cast<double>(count) / row_total : 0.0;
        draw->AddRectFilled(a, b, ImGui::GetColorU32(ImGuiCol_FrameBg));
        draw->AddRectFilled(a, b, cell_colour(t == p ? palette().gpu : palette().error, t == p ? share : share * 10.0));
        if (t == filter_true_ && p == filter_predicted_) draw->AddRect(a, b, text, 0.0f, 0, 2.0f * scale_);
        if (count > 0) {
          const std::string n = count >= 1000 ? std::to_string(count / 100 / 10.0).substr(0, 3) + "k" : std::to_string(count);
          const ImVec2 size = font->CalcTextSizeA(type, FLT_MAX, 0.0f, n.c_str());
          draw->AddText(font, type, ImVec2(a.x + (cell - size.x) * 0.5f, a.y + (cell - size.y) * 0.5f), text, n.c_str());
        }
        if (mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y) hovered_true = t, hovered_predicted = p;
      }
    }
    ImGui::InvisibleButton("matrix", ImVec2(label + classes * cell, label + classes * cell));
    if (ImGui::IsItemHovered() && hovered_true >= 0) {
      const int count = eval.confusion[hovered_true][hovered_predicted];
      const int row_total = std::accumulate(eval.confusion[hovered_true].begin(), eval.confusion[hovered_true].end(), 0);
      if (hovered_true == hovered_predicted)
        ImGui::SetTooltip("%s", fill(tr("{0} read right: {1} of {2} test images ({3}%)"),
                                     {names[hovered_true], std::to_string(count), std::to_string(row_total),
                                      decimal_text(row_total ? 100.0 * count / row_total : 0.0, 1)})
                                    .c_str());
      else
        ImGui::SetTooltip(
            "%s", fill(tr("{0} read as {1}: {2} of {3} test images ({4}%)\nclick: show only these in the gallery"),
                       {names[hovered_true], names[hovered_predicted], std::to_string(count), std::to_string(row_total),
                        decimal_text(row_total ? 100.0 * count / row_total : 0.0, 1)})
                      .c_str());
      if (ImGui::IsItemClicked() && hovered_true != hovered_predicted) {
        const bool same = filter_true_ == hovered_true && filter_predicted_ == hovered_predicted;
        filter_true_ = same ? -1 : hovered_true;
        filter_predicted_ = same ? -1 : hovered_predicted;
      }
    }
  }

  // The mistakes to show (under the cell filter), most confident first, as thumbnails.
  void refresh_gallery(const cnn::Evaluation& eval, const cnn::DatasetPair& data) {
    char key[128];
    std::snprintf(key, sizeof key, "%p %d %.9f %d %d", static_cast<const void*>(&data), eval.count, eval.mean_loss,
                  filter_true_, filter_predicted_);
    if (gallery_key_ == key) return;
    gallery_key_ = key;
    gallery_.clear();
    const int count = std::min<int>(eval.count, static_cast<int>(eval.predicted.size()));
    for (int i = 0; i < std::min(count, data.test.count); ++i) {
      const int truth = data.test.labels[i], guess = eval.predicted[i];
      if (truth == guess) continue;
      if (filter_true_ >= 0 && (truth != filter_true_ || guess != filter_predicted_)) continue;
      gallery_.push_back(i);
    }
    wrong_total_ = static_cast<int>(gallery_.size());
    std::stable_sort(gallery_.begin(), gallery_.end(), [&](int a, int b) {
      return eval.confidence[a] > eval.confidence[b];
    });
    if (static_cast<int>(gallery_.size()) > o_.gallery) gallery_.resize(o_.gallery);
    std::vector<const std::uint8_t*> images;
    for (int i : gallery_) images.push_back(data.test.image(i));
    const Status s = thumbnails_.set(images);
    error_ = s ? "" : translated(s);
  }

  void draw_gallery(const cnn::Evaluation& eval, const cnn::DatasetPair& data, float width) {
    const std::vector<std::string>& names = data.test.class_names;
    if (filter_true_ >= 0) {
      ImGui::TextUnformatted(
          fill(tr_n("{0} read as {1}: {2} image", "{0} read as {1}: {2} images", wrong_total_),
               {names[filter_true_], names[filter_predicted_], std::to_string(wrong_total_)})
              .c_str());
      ImGui::SameLine();
      if (ImGui::SmallButton(tr_id("Show all mistakes").c_str())) filter_true_ = filter_predicted_ = -1;
    } else {
      ImGui::TextUnformatted(
          fill(tr("Misclassified test images ({0}; the most confident mistakes first)"), {with_commas(wrong_total_)})
              .c_str());
    }
    if (!error_.empty()) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().error), "%s", error_.c_str());
    if (gallery_.empty()) {
      ImGui::TextDisabled("%s", tr("none"));
      return;
    }
    ImGui::TextDisabled(
        "%s",
        tr("Click an image to see it inside the network. Caption: the true label \xE2\x86\x92 the network's answer."));
    const float side = 56.0f * scale_;
    float caption_width = 0.0f;
    for (int index : gallery_)
      caption_width = std::max(caption_width, ImGui::CalcTextSize(caption(names, data.test.labels[index],
                                                                         eval.predicted[index]).c_str()).x);
    const float cell = std::max(side, caption_width) + 10.0f * scale_;
    const int columns = std::max(1, static_cast<int>(width / cell));
    for (std::size_t k = 0; k < gallery_.size(); ++k) {
      const int index = gallery_[k];
      if (k % columns != 0) ImGui::SameLine(static_cast<float>(k % columns) * cell);
      ImGui::BeginGroup();
      ImGui::PushID(index);
      const ImVec2 at = ImGui::GetCursorScreenPos();
      thumbnails_.draw(static_cast<int>(k), side);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", fill(tr("test image {0}: it is {1}, the network said {2} ({3}% sure)"),
                                     {std::to_string(index), names[data.test.labels[index]],
                                      names[eval.predicted[index]], decimal_text(100.0f * eval.confidence[index], 0)})
                                    .c_str());
      if (ImGui::IsItemClicked()) shared_->show_test_image(index);
      if (shared_->shown_test_index() == index)
        ImGui::GetWindowDrawList()->AddRect(at, ImVec2(at.x + side, at.y + side), palette().warning, 0.0f, 0,
                                            2.0f * scale_);
      ImGui::TextUnformatted(caption(names, data.test.labels[index], eval.predicted[index]).c_str());
      ImGui::PopID();
      ImGui::EndGroup();
    }
  }

  // "4 -> 9" with an arrow; long class names ("Ankle boot") are cut to 5 letters so the
  // gallery stays a grid.
  static std::string caption(const std::vector<std::string>& names, int truth, int guess) {
    auto cut = [&](int c) { return names[c].size() <= 5 ? names[c] : names[c].substr(0, 4) + "."; };
    return cut(truth) + " \xE2\x86\x92 " + cut(guess);
  }

  ConfusionOptions o_;
  int filter_true_ = -1, filter_predicted_ = -1;
  std::string gallery_key_;
  std::vector<int> gallery_;  // test image indices shown
  int wrong_total_ = 0;
  cnn_ui::ThumbnailAtlas thumbnails_;
  std::string error_;
};

}  // namespace

const PanelType& cnn_confusion_panel_type() {
  static const PanelType type = {
      "cnn-confusion",
      N_("the test set's confusion matrix and a gallery of the misclassified images"),
      confusion_fields().table(),
      CnnConfusionPanel::buttons().specs(),
      [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
        const ConfusionOptions o = confusion_fields().options(p);
        return std::make_unique<CnnConfusionPanel>(o, SharedSession::get(o.session, cnn_ui::SessionConfig{}));
      },
      {"evaluate", "evaluate"}};
  return type;
}

}  // namespace whygpu::app
