// "Draw a digit": a canvas to draw on with the mouse, the 28x28 picture the network is
// given (the strokes fitted and centred as MNIST's digits were, app/cnn/drawn_digit.h),
// and the network's probabilities for it, updated while the stroke is being drawn. The
// drawing is what the shared session shows, so the feature maps on the same page follow
// it too.
// Parameters and buttons: the panel type at the end of this file.
#include <imgui.h>

#include <algorithm>
#include <optional>

#include "app/cnn/drawn_digit.h"
#include "app/cnn/probability_bars.h"
#include "app/cnn/session_bar.h"
#include "app/cnn/session_panel.h"
#include "app/cnn/thumbnail_atlas.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {
namespace {

using cnn_ui::SharedSession;

const Wording kDrawingLabel = Wording::sentence(N_("your drawing"));
constexpr float kMinPointStep = 0.006f;    // canvas fractions between recorded points
constexpr float kShownPenWidth = 0.075f;   // the pen on the canvas, as a fraction of its side

struct DrawOptions {
  std::string session = "main";
  bool controls = true;
  std::string strokes;          // a drawing put on the canvas
  bool strokes_given = false;   // set with `strokes` (an empty drawing clears the canvas)
  int digit = -1;               // a test image copied onto the canvas (-1: none)
};

// The panel's parameters, declared once: the lesson's and a script's `set`.
const PanelFields<DrawOptions>& draw_fields() {
  using O = DrawOptions;
  static const PanelFields<O> fields{
      {
          text_field("session", &O::session, "the training session this panel shows (panels with one name share it)"),
          flag_field("controls", &O::controls, "show the session's buttons"),
          text_field("strokes", &O::strokes,
                     "a drawing for scripts: points x,y in 0..1 separated by spaces, strokes by ';'",
                     [](const std::string& text) {
                       std::vector<cnn_ui::Stroke> strokes;
                       return text.empty() ? Status::ok() : cnn_ui::parse_strokes(text, &strokes);
                     })
              .also([](O& o) { o.strokes_given = true; }),
          whole_field("digit", &O::digit, -1, cnn_ui::kMaxTestImage, "copy this test image onto the canvas (-1: none)"),
      },
      {"session", "controls"}};  // read when the panel is made: lesson only
  return fields;
}

class CnnDrawPanel final : public cnn_ui::SessionPanel {
 public:
  CnnDrawPanel(DrawOptions options, std::shared_ptr<SharedSession> shared)
      : SessionPanel(std::move(shared), options.controls), o_(std::move(options)) {
    if (o_.digit >= 0) pending_digit_ = o_.digit;
  }

  // The lesson's strokes are parsed by the factory; errors there stop the panel.
  Status set_strokes(const std::string& text) {
    std::vector<cnn_ui::Stroke> strokes;
    if (Status s = cnn_ui::parse_strokes(text, &strokes); !s) return s;
    strokes_ = std::move(strokes);
    copied_.reset();
    redraw();
    return Status::ok();
  }

  // A script's `set`: a drawing, or a test image, put on the canvas now.
  Status set_param(const std::string& key, const ParamValue& value) override {
    DrawOptions asked;
    if (Status s = draw_fields().set(key, value, &asked); !s) return s;
    if (asked.strokes_given) return set_strokes(asked.strokes);
    if (asked.digit >= 0) pending_digit_ = asked.digit;
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<CnnDrawPanel>& buttons() {
    using P = CnnDrawPanel;
    static const PanelButtons<P> table{
        {"clear", "clear the canvas", [](P& p) { p.clear(); }},
        {"show", "show the drawing to the network again", [](P& p) { p.show(); }},
        {"train", "train until paused", [](P& p) { p.shared_->play(); }},
        {"pause", "pause training", [](P& p) { p.shared_->pause(); }},
    };
    return table;
  }

  void draw_ready(const FrameContext& frame) override {
    copy_pending_digit();
    draw_contents(frame.content_width);
  }

 private:
  void clear() {
    strokes_.clear();
    copied_.reset();
    stroke_open_ = false;
    redraw();
  }

  void show() { shared_->show_image(pixels_, kDrawingLabel); }

  bool shown_to_network() const {
    return shared_->shown_test_index() < 0 && shared_->shown_label() == kDrawingLabel;
  }

  void copy_pending_digit() {
    auto data = shared_->data();
    if (pending_digit_ < 0 || !data || data->test.count == 0) return;
    const int index = std::min(pending_digit_, data->test.count - 1);
    pending_digit_ = -1;
    cnn_ui::DigitPixels pixels;
    std::copy(data->test.image(index), data->test.image(index) + cnn::kImagePixels, pixels.begin());
    copied_ = pixels;
    copied_from_ = index;
    strokes_.clear();
    redraw();
  }

  // The picture the network gets changed: rasterise, show it, hand it to the network.
  void redraw() {
    pixels_ = copied_ ? *copied_ : cnn_ui::rasterise_strokes(strokes_);
    if (Status s = preview_.set({pixels_.data()}); !s) error_ = translated(s);
    show();
  }

  void draw_contents(float width) {
    const char* seen_title = tr("What the network gets");
    const float seen = std::max(28.0f * 5.0f * scale_, ImGui::CalcTextSize(seen_title).x);
    // The answer (the network's bars) beside the two pictures while it has room for them
    // (a dozen ems): the canvas gives up width for it, down to 200 pixels. On a narrower
    // panel the answer goes underneath.
    const float answer_min = 12.0f * ImGui::GetFontSize();
    const float gaps = 40.0f * scale_;
    const float canvas_min = std::max(200.0f, button_width(tr("Copy a test digit")));  // the button under it
    float canvas = std::clamp(width * 0.3f, canvas_min, std::max(canvas_min, 320.0f * scale_));
    if (const float squeezed = std::clamp(width - seen - answer_min - gaps, canvas_min, canvas);
        width - squeezed - seen - gaps >= answer_min)
      canvas = squeezed;
    const float answer_room = width - canvas - seen - gaps;
    const bool answer_beside = answer_room >= answer_min;
    if (!ImGui::BeginTable("draw", answer_beside ? 3 : 2, ImGuiTableFlags_None)) return;
    ImGui::TableSetupColumn(tr("canvas"), ImGuiTableColumnFlags_WidthFixed, canvas + 8.0f);
    ImGui::TableSetupColumn(tr("seen"), ImGuiTableColumnFlags_WidthFixed, seen + 8.0f);
    if (answer_beside) ImGui::TableSetupColumn(tr("answer"), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(tr("Draw a digit (hold the left button)"));
    draw_canvas(canvas);
    if (ImGui::Button(tr_id("Clear").c_str())) clear();
    same_line_if_fits(button_width(tr("Copy a test digit")));
    auto data = shared_->data();
    if (ImGui::Button(tr_id("Copy a test digit").c_str()) && data && data->test.count > 0) {
      pending_digit_ = copied_ ? (copied_from_ + 1) % data->test.count : copied_from_;
      copy_pending_digit();
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("puts the next handwritten digit of the test set on the canvas"));

    ImGui::TableNextColumn();
    ImGui::TextUnformatted(seen_title);
    preview_.draw(0, 28.0f * 5.0f * scale_);
    ImGui::TextDisabled("%s", copied_ ? fill(tr("test image {0}, as it is in the data set"), {std::to_string(copied_from_)}).c_str()
                                      : tr("28 x 28 pixels: your strokes scaled into a 20 x 20 box and centred, like MNIST's"));

    if (answer_beside) {
      ImGui::TableNextColumn();
      draw_answer(answer_room);
    }
    ImGui::EndTable();
    if (!answer_beside) {
      ImGui::Spacing();
      draw_answer(width);
    }
    if (!error_.empty()) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().error), "%s", error_.c_str());
  }

  void draw_canvas(float side) {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("canvas", ImVec2(side, side));
    const ImVec2 end(origin.x + side, origin.y + side);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, end, IM_COL32(0, 0, 0, 255));
    draw->AddRect(origin, end, ImGui::GetColorU32(ImGuiCol_Border), 0.0f, 0, 2.0f);

    if (ImGui::IsItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
      const ImVec2 mouse = ImGui::GetIO().MousePos;
      const cnn_ui::CanvasPoint p{std::clamp((mouse.x - origin.x) / side, 0.0f, 1.0f),
                                  std::clamp((mouse.y - origin.y) / side, 0.0f, 1.0f)};
      if (!stroke_open_) {
        if (copied_) strokes_.clear();
        copied_.reset();
        strokes_.emplace_back();
        stroke_open_ = true;
      }
      cnn_ui::Stroke& stroke = strokes_.back();
      const bool moved = stroke.empty() || std::abs(stroke.back().x - p.x) + std::abs(stroke.back().y - p.y) > kMinPointStep;
      if (moved) {
        stroke.push_back(p);
        redraw();
      }
    } else {
      stroke_open_ = false;
    }

    if (copied_) {
      preview_.draw_at(0, origin, side);
    } else {
      const float pen = kShownPenWidth * side;
      const ImU32 ink = IM_COL32(255, 255, 255, 255);
      for (const cnn_ui::Stroke& stroke : strokes_)
        for (std::size_t i = 0; i < stroke.size(); ++i) {
          const ImVec2 a(origin.x + stroke[i].x * side, origin.y + stroke[i].y * side);
          draw->AddCircleFilled(a, pen * 0.5f, ink, 12);
          if (i + 1 < stroke.size())
            draw->AddLine(a, ImVec2(origin.x + stroke[i + 1].x * side, origin.y + stroke[i + 1].y * side), ink, pen);
        }
    }
    if (strokes_.empty() && !copied_) {
      const char* hint = tr("draw here");
      const ImVec2 size = ImGui::CalcTextSize(hint);
      draw->AddText(ImVec2(origin.x + (side - size.x) * 0.5f, origin.y + (side - size.y) * 0.5f),
                    ImGui::GetColorU32(ImGuiCol_TextDisabled), hint);
    }
  }

  void draw_answer(float width) {
    const cnn::Inference* inference = shared_->inference();
    if (strokes_.empty() && !copied_) {
      ImGui::TextWrapped("%s",
                         tr("Draw a digit on the black square: the network's answer appears here while you draw."));
      return;
    }
    if (!shown_to_network()) {
      ImGui::TextWrapped(
          "%s",
          fill(tr("The network is looking at {0} now (another panel chose it)."), {translated(shared_->shown_label())}).c_str());
      if (ImGui::Button(tr_id("Show it my drawing").c_str())) show();
      return;
    }
    if (!inference || !(shared_->inference_label() == kDrawingLabel)) {
      ImGui::TextDisabled("%s", tr("waiting for the network's answer..."));
      return;
    }
    auto data = shared_->data();
    const std::vector<std::string> names = data ? data->test.class_names : cnn::digit_class_names();
    const int predicted = std::min<int>(inference->predicted, static_cast<int>(names.size()) - 1);
    ImGui::TextUnformatted(
        fill(tr("The network says: {0} ({1}% sure)"),
             {names[predicted], decimal_text(100.0f * inference->probabilities[inference->predicted], 1)})
            .c_str());
    cnn_ui::draw_untrained_note(*shared_);
    cnn_ui::draw_probability_bars(*inference, names, std::max(200.0f, std::min(width, 520.0f * scale_)),
                                  cnn_ui::backend_colour(shared_->backend()));
    const cnn::SessionSnapshot& snap = shared_->snapshot();
    if (snap.progress.steps == 0)
      ImGui::TextWrapped(
          "%s", tr("These weights are still random: the answer is a guess. Train the network, then draw again."));
    else
      ImGui::TextDisabled(
          "%s", fill(tr("after {0} training steps"), {with_commas(static_cast<double>(snap.progress.steps))}).c_str());
  }

  DrawOptions o_;
  std::vector<cnn_ui::Stroke> strokes_;
  bool stroke_open_ = false;
  std::optional<cnn_ui::DigitPixels> copied_;  // a test image put on the canvas
  int copied_from_ = 0;
  int pending_digit_ = -1;  // a test image to copy once the data is loaded
  cnn_ui::DigitPixels pixels_{};
  cnn_ui::ThumbnailAtlas preview_;
  std::string error_;
};

}  // namespace

const PanelType& cnn_draw_panel_type() {
  static const PanelType type = {
      "cnn-draw",
      N_("draw a digit with the mouse; the network's probabilities update while you draw"),
      draw_fields().table(),
      CnnDrawPanel::buttons().specs(),
      [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
        const DrawOptions o = draw_fields().options(p);
        auto panel = std::make_unique<CnnDrawPanel>(o, SharedSession::get(o.session, cnn_ui::SessionConfig{}));
        if (!o.strokes.empty()) panel->set_strokes(o.strokes);  // the table has checked them
        return panel;
      },
      {"train", "pause"}};
  return type;
}

}  // namespace whygpu::app
