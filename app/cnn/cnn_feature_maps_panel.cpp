// Inside the network, live: for one image (a test image, or the user's drawing), every
// layer's feature maps, the conv filters, and the answer, redrawn as the weights change
// (15 times a second while training). On a GPU session the maps are colour-mapped by a CUDA
// kernel from the trainer's device memory straight into OpenGL buffers (CUDA-OpenGL
// interop); on a CPU session they are drawn on the CPU. Hovering a map pixel reads its
// value.
// Parameters and buttons: the panel type at the end of this file.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "app/cnn/network_pictures.h"
#include "app/cnn/probability_bars.h"
#include "app/cnn/session_bar.h"
#include "app/cnn/session_panel.h"
#include "app/files/figure_source.h"
#include "app/files/recorded_gpu.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/cnn/answers_recording.h"
#include "compute/cnn/feature_map_pixel.h"
#include "compute/core/gpu_info.h"
#include "compute/core/split_mix.h"

namespace whygpu::app {
namespace {

using cnn_ui::FilterBank;
using cnn_ui::NetworkPictures;
using cnn_ui::SharedSession;

const char* layer_key(cnn::Layer layer) {
  switch (layer) {
    case cnn::Layer::kInput: return "input";
    case cnn::Layer::kConv1: return "conv1";
    case cnn::Layer::kPool1: return "pool1";
    case cnn::Layer::kConv2: return "conv2";
    case cnn::Layer::kPool2: return "pool2";
    case cnn::Layer::kConv3: return "conv3";
    case cnn::Layer::kDense1: return "dense1";
    case cnn::Layer::kOutput: return "output";
  }
  return "?";
}

// What each picture shows, in a line a student can read.
const char* layer_caption(cnn::Layer layer) {
  switch (layer) {
    case cnn::Layer::kInput: return tr("the 28 x 28 input");
    case cnn::Layer::kConv1: return tr("conv1: 32 maps of 26 x 26, one per filter (after ReLU)");
    case cnn::Layer::kPool1: return tr("pool1: the same 32 maps, 13 x 13 (the largest of each 2 x 2)");
    case cnn::Layer::kConv2: return tr("conv2: 64 maps of 11 x 11 (after ReLU)");
    case cnn::Layer::kPool2: return tr("pool2: 64 maps of 5 x 5");
    case cnn::Layer::kConv3: return tr("conv3: 64 maps of 3 x 3 (after ReLU)");
    case cnn::Layer::kDense1: return tr("dense1: 64 units, drawn as an 8 x 8 square");
    case cnn::Layer::kOutput: return tr("output");
  }
  return "";
}

Status parse_layers(const std::string& text, std::vector<cnn::Layer>* out) {
  out->clear();
  if (text == "all") {
    out->assign(cnn_ui::kPictureLayers.begin(), cnn_ui::kPictureLayers.end());
    return Status::ok();
  }
  std::stringstream in(text);
  std::string name;
  while (std::getline(in, name, ',')) {
    bool found = false;
    for (cnn::Layer layer : cnn_ui::kPictureLayers)
      if (name == layer_key(layer)) {
        out->push_back(layer);
        found = true;
      }
    if (!found)
      return Status::error(Wording::sentence(
          N_("layers must be all or a comma list of input, conv1, pool1, conv2, pool2, conv3, dense1 (got '{0}')"),
          {name}));
  }
  if (out->empty()) return Status::error(Wording::sentence(N_("the layers list names no layer")));
  return Status::ok();
}

struct MapsOptions {
  std::string session = "main";
  int image = -1;  // a test image to show (-1: the one the session shows)
  std::vector<cnn::Layer> layers{cnn_ui::kPictureLayers.begin(), cnn_ui::kPictureLayers.end()};
  bool conv1_filters = true;
  bool conv2_filters = false;
  cnn::Normalization normalization = cnn::Normalization::kPerMap;
  bool controls = true;
  int max_zoom = 10;
};

Status parse_filters(const std::string& text, MapsOptions* o) {
  if (text == "conv1") o->conv1_filters = true, o->conv2_filters = false;
  else if (text == "conv2") o->conv1_filters = false, o->conv2_filters = true;
  else if (text == "both") o->conv1_filters = o->conv2_filters = true;
  else if (text == "none") o->conv1_filters = o->conv2_filters = false;
  else return Status::error(Wording::sentence(N_("must be conv1, conv2, both or none (got '{0}')"), {text}));
  return Status::ok();
}

Status parse_normalization(const std::string& text, cnn::Normalization* out) {
  if (text == "map") *out = cnn::Normalization::kPerMap;
  else if (text == "layer") *out = cnn::Normalization::kPerLayer;
  else return Status::error(Wording::sentence(N_("must be map or layer (got '{0}')"), {text}));
  return Status::ok();
}

// The panel's parameters, declared once: the lesson's and a script's `set`.
const PanelFields<MapsOptions>& maps_fields() {
  using O = MapsOptions;
  static const PanelFields<O> fields{[] {
    Field<O> layers = parsed_field<O>(
        "layers", "all", [](O& o, const std::string& text) { return parse_layers(text, &o.layers); },
        "layers drawn: all, or a comma-separated list of input, conv1, pool1, conv2, pool2, conv3, dense1, output");
    layers.spec.check_text = [](const std::string& text) {
      std::vector<cnn::Layer> parsed;
      return parse_layers(text, &parsed);
    };
    return Fields<O>{
        text_field("session", &O::session, "the training session this panel shows (panels with one name share it)"),
        whole_field("image", &O::image, -1, cnn_ui::kMaxTestImage, "test image shown (-1: the one the session shows)"),
        layers,
        choice_field<O>(
            "filters", {"conv1", "conv2", "both", "none"}, "conv1",
            [](O& o, const std::string& text) { (void)parse_filters(text, &o); }, "which layers' learned filters to draw"),
        choice_field<O>(
            "normalize", {"map", "layer"}, "map",
            [](O& o, const std::string& text) { (void)parse_normalization(text, &o.normalization); },
            "scale the grey of each map alone, or of a layer together"),
        flag_field("controls", &O::controls, "show the session's buttons"),
        whole_field("max_zoom", &O::max_zoom, 1, 32, "largest magnification of a map"),
    };
  }(), {"session", "controls", "max_zoom"}};  // read when the panel is made: lesson only
  return fields;
}

// A horizontal colour bar for a colour map, with labels at its ends (and middle).
void draw_colour_scale(cnn::ColourMap colour_map, const char* low, const char* middle, const char* high, float width,
                       float scale) {
  const float height = 12.0f * scale;
  // The bar gives way before its labels leave the line (down to a third of its width).
  const float labels = text_width(low) + text_width(high) + 2 * ImGui::GetStyle().ItemSpacing.x;
  width = std::clamp(ImGui::GetContentRegionAvail().x - labels, width / 3, width);
  ImGui::TextDisabled("%s", low);
  same_line_if_fits(width);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 bar(at.x, at.y + (ImGui::GetTextLineHeight() - height) * 0.5f);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  constexpr int kSteps = 48;
  for (int i = 0; i < kSteps; ++i) {
    const float t0 = static_cast<float>(i) / kSteps, t1 = static_cast<float>(i + 1) / kSteps;
    draw->AddRectFilled(ImVec2(bar.x + width * t0, bar.y), ImVec2(bar.x + width * t1 + 1.0f, bar.y + height),
                        cnn::colour_map_rgba((t0 + t1) * 0.5f, colour_map));
  }
  if (middle && *middle) {
    const float w = ImGui::CalcTextSize(middle).x;
    draw->AddText(ImVec2(bar.x + (width - w) * 0.5f, bar.y + height), ImGui::GetColorU32(ImGuiCol_TextDisabled), middle);
  }
  ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
  const bool high_on_the_line = same_line_if_fits(text_width(high));
  // The middle label hangs half a line under the bar: a high label moved to the next line
  // goes under it, not over it (French at x2: "poids positif" over the "0").
  const bool middle_below = middle && *middle;
  if (!high_on_the_line && middle_below) ImGui::Dummy(ImVec2(1, ImGui::GetTextLineHeight() * 0.5f));
  ImGui::TextDisabled("%s", high);
  if (high_on_the_line && middle_below) ImGui::Dummy(ImVec2(1, ImGui::GetTextLineHeight() * 0.5f));
}

// While training runs the pictures follow the weights 15 times a second, not after every
// chunk: each redraw is CUDA work and an OpenGL hand-over on the GPU that trains. On an
// H200 (tests/device/results/2026-11-29-0451-h200-frames-maps15hz.log, batch 64, 60 Hz):
// after every chunk 355-377k images/s while drawing, at 15 Hz 391-417k, of 447k headless.
constexpr double kTrainingRefreshSeconds = 1.0 / 15;

class CnnFeatureMapsPanel final : public cnn_ui::SessionPanel {
 public:
  CnnFeatureMapsPanel(MapsOptions options, std::shared_ptr<SharedSession> shared)
      : SessionPanel(std::move(shared), options.controls), o_(std::move(options)) {
    if (o_.image >= 0) shared_->show_test_image(o_.image);
    if (!gpu_info().available)
      answers_ = recorded_part<cnn::AnswersRecording>(cnn::kAnswersRecording);
  }

  // A script's `set`; `image` shows that test image now.
  Status set_param(const std::string& key, const ParamValue& value) override {
    MapsOptions wanted = o_;
    wanted.image = -1;
    if (Status s = maps_fields().set(key, value, &wanted); !s) return s;
    if (wanted.image >= 0) shared_->show_test_image(wanted.image);
    o_ = std::move(wanted);
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<CnnFeatureMapsPanel>& buttons() {
    using P = CnnFeatureMapsPanel;
    static const PanelButtons<P> table{
        {"next", "the next test image", [](P& p) { p.step_image(+1); }},
        {"previous", "the previous test image", [](P& p) { p.step_image(-1); }},
        {"train", "train until paused", [](P& p) { p.shared_->play(); }},
        {"pause", "pause training", [](P& p) { p.shared_->pause(); }},
    };
    return table;
  }

  void draw_ready(const FrameContext& frame) override {
    refresh_pictures();
    draw_image_choice();
    draw_contents(frame.content_width);
  }

 private:
  void step_image(int delta) {
    auto data = shared_->data();
    const int count = data ? data->test.count : 1;
    const int now = std::max(shared_->shown_test_index(), 0);
    shared_->show_test_image(((now + delta) % count + count) % count);
  }

  void refresh_pictures() {
    NetworkPictures::Options options;
    options.normalization = o_.normalization;
    options.filters = o_.conv1_filters || o_.conv2_filters;
    options.conv2_filters = o_.conv2_filters;
    const bool changed = options.normalization != drawn_options_.normalization ||
                         options.filters != drawn_options_.filters ||
                         options.conv2_filters != drawn_options_.conv2_filters;
    if (shared_->inference_stamp() == drawn_stamp_ && !changed) return;
    const double now = cnn::steady_clock_seconds();
    if (!changed && shared_->running() && now - drawn_at_ < kTrainingRefreshSeconds) return;
    drawn_at_ = now;
    drawn_stamp_ = shared_->inference_stamp();
    drawn_options_ = options;
    const Status s = pictures_.refresh(*shared_, options);
    error_ = s ? "" : translated(s);
  }

  void draw_image_choice() {
    auto data = shared_->data();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(fill(tr("Shown: {0}"), {translated(shared_->shown_label())}).c_str());
    if (shared_->inference() && !(shared_->inference_label() == shared_->shown_label())) {
      const std::string still = fill(tr("(the pictures below are still of {0})"), {translated(shared_->inference_label())});
      same_line_if_fits(text_width(still.c_str()));
      ImGui::TextDisabled("%s", still.c_str());
    }
    // Arrows, the button and the checkbox flow onto the next line where the panel is narrow.
    const float arrow = ImGui::GetFrameHeight();
    same_line_if_fits(2 * arrow + ImGui::GetStyle().ItemSpacing.x);
    if (ImGui::ArrowButton("previous-image", ImGuiDir_Left)) step_image(-1);
    ImGui::SameLine();
    if (ImGui::ArrowButton("next-image", ImGuiDir_Right)) step_image(+1);
    same_line_if_fits(button_width(tr("Random test image")));
    if (ImGui::Button(tr_id("Random test image").c_str()) && data && data->test.count > 0)
      shared_->show_test_image(static_cast<int>(random_.below(static_cast<std::uint32_t>(data->test.count))));
  }

  // How the maps' grey is stretched: a setting of the maps, drawn above them.
  void draw_normalization_choice() {
    bool per_layer = o_.normalization == cnn::Normalization::kPerLayer;
    if (ImGui::Checkbox(tr_id("one colour range per layer").c_str(), &per_layer))
      o_.normalization = per_layer ? cnn::Normalization::kPerLayer : cnn::Normalization::kPerMap;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("off: each map is stretched over its own range, so every map's pattern shows\non: one "
                                 "range for the whole layer, so you see which maps respond most"));
  }

  // A GPU's answers beside this computer's, decided here: the recording's, when there is
  // no GPU here (only then is it loaded) and the pictures show the weights it was recorded
  // with; none else.
  SourcedFigures<cnn::AnswersRecording> recorded_gpu_answers() {
    if (!answers_ || shared_->shown_test_index() < 0 || !shared_->session()) return {};
    if (fingerprint_stamp_ != shared_->inference_stamp()) {
      fingerprint_stamp_ = shared_->inference_stamp();
      std::vector<float> params;
      shared_->session()->latest_parameters(&params);
      fingerprint_ = cnn::weights_fingerprint(params);
    }
    if (fingerprint_ != answers_->weights) return {};
    return {answers_, FigureSource::recorded(answers_->run)};
  }

  // The recorded GPU's answer for the shown test image and how close its maps came to its
  // CPU's.
  void draw_recorded_answer(const std::vector<std::string>& names) {
    const SourcedFigures<cnn::AnswersRecording> recorded = recorded_gpu_answers();
    if (!recorded) return;
    const cnn::AnswersRecording& answers = *recorded.figures;
    const cnn::RecordedAnswer* a = answers.find(shared_->shown_test_index());
    if (!a || a->predicted >= static_cast<int>(names.size())) return;
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    ImGui::TextWrapped(
        "%s", fill(tr("The same weights and image on a GPU ({0}): the answer {1} ({2}%), every feature map within {3} "
                      "of that machine's CPU's. Its whole test set: {4}% right in {5} ms (its CPU: {6} ms); {7}."),
                   {answers.gpu_trainer, names[static_cast<std::size_t>(a->predicted)],
                    decimal_text(100.0 * a->probability, 1), significant_text(a->max_map_difference, 1),
                    decimal_text(answers.gpu_test_accuracy, 2), decimal_text(answers.gpu_test_ms, 1),
                    decimal_text(answers.cpu_test_ms, 0), recorded.source.where()})
                  .c_str());
    ImGui::PopStyleColor();
  }

  // The input beside the first layer's filters that slide over it, then the maps they
  // make, two to a row, then the network's answer, then the second layer's filters: the
  // order the data flows in, and the pictures first, so that a maximised panel at a
  // projector shows them before ten rows of bars.
  void draw_contents(float width) {
    const cnn::Inference* inference = shared_->inference();
    if (!inference) {
      ImGui::TextDisabled("%s", tr("waiting for the network's first answer..."));
      return;
    }
    auto data = shared_->data();
    const std::vector<std::string> names = data ? data->test.class_names : cnn::digit_class_names();
    const float cell_pad = 2.0f * ImGui::GetStyle().CellPadding.x + 8.0f;
    const float half = (width - cell_pad) * 0.5f;
    const bool show_input = std::find(o_.layers.begin(), o_.layers.end(), cnn::Layer::kInput) != o_.layers.end();
    const float input_width = 150.0f * scale_;
    if ((show_input || o_.conv1_filters) && ImGui::BeginTable("input", 2, ImGuiTableFlags_None)) {
      ImGui::TableSetupColumn(tr("input"), ImGuiTableColumnFlags_WidthFixed, show_input ? input_width : 1.0f);
      ImGui::TableSetupColumn(tr("filters"), ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (show_input) draw_layer(cnn::Layer::kInput, 140.0f * scale_, *inference);
      ImGui::TableNextColumn();
      if (o_.conv1_filters) draw_filters(FilterBank::kConv1, width - cell_pad - (show_input ? input_width : 0.0f));
      ImGui::EndTable();
    }
    std::vector<cnn::Layer> rest;
    for (cnn::Layer layer : o_.layers)
      if (layer != cnn::Layer::kInput) rest.push_back(layer);
    if (!rest.empty()) {
      draw_normalization_choice();
      draw_activation_scale(*inference, rest);
      const bool two = rest.size() > 1 && width > 900.0f * scale_;
      if (ImGui::BeginTable("layers", two ? 2 : 1, ImGuiTableFlags_BordersInnerV)) {
        for (std::size_t i = 0; i < rest.size(); ++i) {
          if (i % (two ? 2 : 1) == 0) ImGui::TableNextRow();
          ImGui::TableNextColumn();
          draw_layer(rest[i], two ? half : width - cell_pad, *inference);
        }
        ImGui::EndTable();
      }
    }
    ImGui::TextUnformatted(fill(tr("The answer: {0} ({1}%)"),
                                {names[std::min<int>(inference->predicted, static_cast<int>(names.size()) - 1)],
                                 decimal_text(100.0f * inference->probabilities[inference->predicted], 1)})
                               .c_str());
    cnn_ui::draw_untrained_note(*shared_);
    cnn_ui::draw_probability_bars(*inference, names, std::min(width - 170.0f * scale_, 520.0f * scale_),
                                  cnn_ui::backend_colour(shared_->backend()));
    draw_recorded_answer(names);
    if (o_.conv2_filters) draw_filters(FilterBank::kConv2, width - cell_pad);
    ImGui::TextDisabled(
        "%s", fill(tr("Pictures {0}, {1} ms; redrawn as the weights change, 15 times a second while training."),
                   {pictures_.how_drawn(), decimal_text(pictures_.last_refresh_ms(), 2)})
                  .c_str());
    if (!error_.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
      wrapped_text_unformatted(error_);
      ImGui::PopStyleColor();
    }
  }

  void draw_activation_scale(const cnn::Inference& inference, const std::vector<cnn::Layer>& layers) {
    if (o_.normalization == cnn::Normalization::kPerMap) {
      draw_colour_scale(cnn::ColourMap::kViridis, tr("lowest"), "", tr("highest value of each map"), 200.0f * scale_, scale_);
      return;
    }
    float lo = 0, hi = 0;
    std::string ranges;
    for (cnn::Layer layer : layers) {
      cnn_ui::value_range(inference.activations[static_cast<int>(layer)], &lo, &hi);
      const std::string range =
          // TRANSLATORS: a layer's values from lowest to highest: "conv1 -0.52 to 1.87".
          fill(tr("{0} {1} to {2}"), {layer_key(layer), decimal_text(lo, 2), decimal_text(hi, 2)});
      // TRANSLATORS: joins the layers' ranges into a list: "conv1 ..., conv2 ...".
      ranges = ranges.empty() ? range : fill(tr("{0}, {1}"), {ranges, range});
    }
    draw_colour_scale(cnn::ColourMap::kViridis, tr("lowest"), "", tr("highest value in the layer"), 200.0f * scale_, scale_);
    ImGui::TextDisabled("%s", fill(tr("Ranges: {0}"), {ranges}).c_str());
  }

  // A picture magnified by a whole number (crisp pixels) to fit `width`.
  float zoom_for(const cnn::FeatureMapLayout& layout, float width) const {
    const float fit = std::floor(width / static_cast<float>(layout.width()));
    return std::clamp(fit, 1.0f, static_cast<float>(o_.max_zoom) * scale_);
  }

  void draw_layer(cnn::Layer layer, float width, const cnn::Inference& inference) {
    if (layer != cnn::Layer::kInput) ImGui::TextUnformatted(layer_caption(layer));
    if (!pictures_.has(layer)) {
      ImGui::TextDisabled("%s", tr("(not drawn yet)"));
      return;
    }
    const cnn_ui::PictureLayout& pl = pictures_.layout(layer);
    const float zoom = layer == cnn::Layer::kDense1 ? std::min(zoom_for(pl.layout, width), 16.0f * scale_)
                                                    : zoom_for(pl.layout, width);
    const std::vector<float>& values = inference.activations[static_cast<int>(layer)];
    if (draw_picture(pictures_.picture(layer), pl.layout, zoom)) {
      int channel = 0, index = 0;
      if (hovered_pixel(pl.layout, zoom, &channel, &index)) {
        const int per_map = pl.layout.map_width * pl.layout.map_height;
        const std::size_t at = static_cast<std::size_t>(channel) * per_map + index;
        if (at < values.size()) {
          if (layer == cnn::Layer::kDense1)
            ImGui::SetTooltip("%s",
                              fill(tr("unit {0}: {1}"), {std::to_string(index), decimal_text(values[at], 3)}).c_str());
          else if (layer == cnn::Layer::kInput)
            ImGui::SetTooltip("%s", fill(tr("pixel ({0}, {1}): {2}"),
                                         {std::to_string(index % pl.layout.map_width),
                                          std::to_string(index / pl.layout.map_width), decimal_text(values[at], 3)})
                                        .c_str());
          else
            ImGui::SetTooltip(
                "%s", fill(tr("{0} map {1} at ({2}, {3}): {4}"),
                           {layer_key(layer), std::to_string(channel), std::to_string(index % pl.layout.map_width),
                            std::to_string(index / pl.layout.map_width), decimal_text(values[at], 3)})
                          .c_str());
        }
      }
    }
  }

  // Returns true when the picture is hovered.
  bool draw_picture(const CudaGlImage& image, const cnn::FeatureMapLayout& layout, float zoom) {
    picture_origin_ = ImGui::GetCursorScreenPos();
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(image.texture())),
                 ImVec2(layout.width() * zoom, layout.height() * zoom));
    return ImGui::IsItemHovered();
  }

  bool hovered_pixel(const cnn::FeatureMapLayout& layout, float zoom, int* channel, int* index) const {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int px = static_cast<int>((mouse.x - picture_origin_.x) / zoom);
    const int py = static_cast<int>((mouse.y - picture_origin_.y) / zoom);
    if (px < 0 || py < 0 || px >= layout.width() || py >= layout.height()) return false;
    return cnn::locate_pixel(layout, px, py, channel, index);
  }

  // One layer's filters under their caption, with their own colour scale (weights, not
  // activations) below them.
  void draw_filters(FilterBank bank, float width) {
    const int b = bank == FilterBank::kConv1 ? 0 : 1;
    const cnn_ui::PictureLayout& pl = pictures_.layout(bank);
    ImGui::TextUnformatted(
        b == 0
            ? tr("conv1 filters: 32 of 3 x 3 weights, each slid over the image to make one conv1 map")
            : tr("conv2 filters: one row per filter, 32 kernels of 3 x 3 each (one for every conv1 map it reads)"));
    if (!pictures_.has(bank)) {
      ImGui::TextDisabled("%s", tr("(not drawn yet)"));
      return;
    }
    const float zoom = std::min(zoom_for(pl.layout, width), b == 0 ? 14.0f * scale_ : 4.0f * scale_);
    if (draw_picture(pictures_.picture(bank), pl.layout, zoom)) {
      int channel = 0, index = 0;
      if (hovered_pixel(pl.layout, zoom, &channel, &index)) {
        const std::vector<float>& params = pictures_.host_parameters();
        const int base = cnn::kParamBlocks[b == 0 ? cnn::kConv1Weight : cnn::kConv2Weight].offset;
        const std::size_t at = static_cast<std::size_t>(base) + static_cast<std::size_t>(channel) * 9 + index;
        const int filter = b == 0 ? channel : channel / cnn::kConv2.in_channels;
        if (at < params.size())
          ImGui::SetTooltip("%s", fill(tr("filter {0}, weight ({1}, {2}): {3}"),
                                       {std::to_string(filter), std::to_string(index % 3), std::to_string(index / 3),
                                        decimal_text(params[at], 4)})
                                      .c_str());
        else if (b == 0)
          ImGui::SetTooltip(
              "%s", fill(tr("filter {0}: it makes conv1 map {1}"), {std::to_string(filter), std::to_string(filter)})
                        .c_str());
        else
          ImGui::SetTooltip("%s", fill(tr("filter {0}, kernel for conv1 map {1}"),
                                       {std::to_string(filter), std::to_string(channel % cnn::kConv2.in_channels)})
                                      .c_str());
      }
    }
    draw_colour_scale(cnn::ColourMap::kDiverging, tr("negative"), "0", tr("positive weight"), 200.0f * scale_, scale_);
  }

  MapsOptions o_;
  NetworkPictures pictures_;
  NetworkPictures::Options drawn_options_;
  long drawn_stamp_ = -1;
  double drawn_at_ = 0.0;  // steady_clock_seconds() of the last refresh
  std::string error_;
  ImVec2 picture_origin_;
  SplitMix64 random_{0x5EED};
  const cnn::AnswersRecording* answers_ = nullptr;  // no GPU here: the example weights' answers on one
  long fingerprint_stamp_ = -1;
  std::string fingerprint_;  // of the weights the pictures show
};

}  // namespace

const PanelType& cnn_feature_maps_panel_type() {
  static const PanelType type = {
      "cnn-feature-maps",
      N_("every layer's feature maps and the conv filters for one image, redrawn as the weights change (CUDA-OpenGL "
      "interop)"),
      maps_fields().table(),
      CnnFeatureMapsPanel::buttons().specs(),
      [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
        MapsOptions o = maps_fields().options(p);
        auto shared = cnn_ui::SharedSession::get(o.session, cnn_ui::SessionConfig{});
        return std::make_unique<CnnFeatureMapsPanel>(std::move(o), std::move(shared));
      },
      {"train", "pause"}};
  return type;
}

}  // namespace whygpu::app
