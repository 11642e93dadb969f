#include "app/cnn/network_pictures.h"

#include <algorithm>
#include <chrono>

#include "app/i18n/translate.h"

namespace whygpu::app::cnn_ui {
namespace {

using Clock = std::chrono::steady_clock;

// A CPU session's weights are copied (373 KB) at most this often for the filters.
constexpr double kHostFilterRefreshSeconds = 0.2;

double seconds_now() { return std::chrono::duration<double>(Clock::now().time_since_epoch()).count(); }

int columns_of(cnn::Layer layer) {
  switch (layer) {
    case cnn::Layer::kConv1:
    case cnn::Layer::kPool1: return 8;
    case cnn::Layer::kConv2:
    case cnn::Layer::kPool2:
    case cnn::Layer::kConv3: return 16;
    default: return 1;
  }
}

}  // namespace

void value_range(const std::vector<float>& values, float* lo, float* hi) {
  *lo = *hi = 0.0f;
  if (values.empty()) return;
  const auto [mn, mx] = std::minmax_element(values.begin(), values.end());
  *lo = *mn;
  *hi = *mx;
}

NetworkPictures::NetworkPictures() {
  for (std::size_t i = 0; i < kPictureLayers.size(); ++i) {
    const cnn::Layer layer = kPictureLayers[i];
    cnn::LayerShape shape = cnn::layer_shape(layer);
    if (layer == cnn::Layer::kDense1) shape = {shape.name, 1, 8, 8};  // 64 units as an 8x8 square
    layouts_[i].layout = cnn::feature_map_layout(shape, columns_of(layer), 1, 1);
  }
  const cnn::LayerShape conv1_filters{"conv1 filters", cnn::kConv1.out_channels * cnn::kConv1.in_channels, 3, 3};
  const cnn::LayerShape conv2_filters{"conv2 filters", cnn::kConv2.out_channels * cnn::kConv2.in_channels, 3, 3};
  filter_layouts_[0].layout = cnn::feature_map_layout(conv1_filters, 8, 1, 1);
  // One row per conv2 filter: its 32 kernels, one for each conv1 map it reads.
  filter_layouts_[1].layout = cnn::feature_map_layout(conv2_filters, cnn::kConv2.in_channels, 1, 1);
}

int NetworkPictures::index_of(cnn::Layer layer) {
  for (std::size_t i = 0; i < kPictureLayers.size(); ++i)
    if (kPictureLayers[i] == layer) return static_cast<int>(i);
  return 0;
}

void NetworkPictures::set_styles(const Options& options) {
  for (std::size_t i = 0; i < kPictureLayers.size(); ++i) {
    cnn::FeatureMapStyle& style = layouts_[i].style;
    const cnn::Layer layer = kPictureLayers[i];
    style.colour_map = layer == cnn::Layer::kInput ? cnn::ColourMap::kGrey : cnn::ColourMap::kViridis;
    // The input and the dense units are one map each: one range either way.
    style.normalization = options.normalization;
  }
  for (PictureLayout& f : filter_layouts_) {
    f.style.colour_map = cnn::ColourMap::kDiverging;
    f.style.normalization = cnn::Normalization::kPerLayer;  // weights compare across filters
  }
}

std::string NetworkPictures::how_drawn() const {
  std::string text = describe(path_);
  if (!problem_.empty()) text += " (" + problem_ + ")";
  return text;
}

Status NetworkPictures::refresh(SharedSession& shared, const Options& options) {
  if (!shared.session() || !shared.inference()) return Status::ok();
  set_styles(options);
  const auto start = Clock::now();
  const Status status = shared.backend() == cnn::Backend::kGpu ? refresh_on_gpu(shared, options)
                                                               : refresh_on_cpu(shared, options);
  last_refresh_ms_ = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return status;
}

Status NetworkPictures::refresh_on_gpu(SharedSession& shared, const Options& options) {
  Status status = Status::ok();
  for (std::size_t i = 0; i < kPictureLayers.size() && status; ++i)
    status = layers_[i].resize(layouts_[i].layout.width(), layouts_[i].layout.height());
  for (std::size_t f = 0; f < filters_.size() && status; ++f)
    status = filters_[f].resize(filter_layouts_[f].layout.width(), filter_layouts_[f].layout.height());
  if (!status) return status;

  const bool called = shared.session()->with_device_display(
      [&](const std::array<cnn::DeviceLayerView, cnn::kLayerCount>& activations, const float* parameters,
          void* stream) {
        for (std::size_t i = 0; i < kPictureLayers.size() && status; ++i) {
          const cnn::DeviceLayerView& view = activations[static_cast<int>(kPictureLayers[i])];
          if (!view.data) continue;
          const PictureLayout& pl = layouts_[i];
          status = layers_[i].write_on_gpu([&](std::uint32_t* pixels) {
            Status s = cnn::render_feature_maps_gpu(view.data, pl.layout, pl.style, pixels, pl.layout.width(), stream);
            return s ? cnn::finish_feature_maps(stream) : s;
          });
          drawn_[i] = status.is_ok();
          path_ = layers_[i].path();
        }
        if (!options.filters || !parameters) return;
        const int offsets[2] = {cnn::kParamBlocks[cnn::kConv1Weight].offset, cnn::kParamBlocks[cnn::kConv2Weight].offset};
        for (int f = 0; f < 2 && status; ++f) {
          if (f == 1 && !options.conv2_filters) continue;
          const PictureLayout& pl = filter_layouts_[f];
          status = filters_[f].write_on_gpu([&](std::uint32_t* pixels) {
            Status s = cnn::render_feature_maps_gpu(parameters + offsets[f], pl.layout, pl.style, pixels,
                                                    pl.layout.width(), stream);
            return s ? cnn::finish_feature_maps(stream) : s;
          });
          filters_drawn_[f] = status.is_ok();
        }
      });
  if (!called) return Status::error(tr("the session has no GPU display buffers"));
  problem_ = layers_[0].interop_problem();
  host_parameters_.clear();
  return status;
}

Status NetworkPictures::refresh_on_cpu(SharedSession& shared, const Options& options) {
  const cnn::Inference& inference = *shared.inference();
  for (std::size_t i = 0; i < kPictureLayers.size(); ++i) {
    const std::vector<float>& values = inference.activations[static_cast<int>(kPictureLayers[i])];
    const PictureLayout& pl = layouts_[i];
    if (values.size() != static_cast<std::size_t>(pl.layout.channels * pl.layout.map_height * pl.layout.map_width))
      continue;
    host_pixels_.resize(static_cast<std::size_t>(pl.layout.width()) * pl.layout.height());
    Status s = cnn::render_feature_maps_cpu(values.data(), pl.layout, pl.style, host_pixels_.data(), pl.layout.width());
    if (s) s = layers_[i].resize(pl.layout.width(), pl.layout.height());
    if (s) s = layers_[i].upload(host_pixels_.data());
    if (!s) return s;
    drawn_[i] = true;
  }
  path_ = CudaGlImage::Path::cpu;
  problem_.clear();
  if (!options.filters) return Status::ok();
  // The weights change with every step; a fresh copy a few times a second is plenty.
  const long steps = shared.snapshot().progress.steps;
  const double now = seconds_now();
  if (steps != host_parameters_steps_ && now - host_parameters_time_ >= kHostFilterRefreshSeconds) {
    shared.session()->latest_parameters(&host_parameters_);
    host_parameters_steps_ = steps;
    host_parameters_time_ = now;
  } else if (!host_parameters_.empty() && filters_drawn_[0] && (!options.conv2_filters || filters_drawn_[1])) {
    return Status::ok();
  }
  if (host_parameters_.size() != static_cast<std::size_t>(cnn::kParameterCount)) return Status::ok();
  const int offsets[2] = {cnn::kParamBlocks[cnn::kConv1Weight].offset, cnn::kParamBlocks[cnn::kConv2Weight].offset};
  for (int f = 0; f < 2; ++f) {
    if (f == 1 && !options.conv2_filters) continue;
    const PictureLayout& pl = filter_layouts_[f];
    host_pixels_.resize(static_cast<std::size_t>(pl.layout.width()) * pl.layout.height());
    Status s = cnn::render_feature_maps_cpu(host_parameters_.data() + offsets[f], pl.layout, pl.style,
                                            host_pixels_.data(), pl.layout.width());
    if (s) s = filters_[f].resize(pl.layout.width(), pl.layout.height());
    if (s) s = filters_[f].upload(host_pixels_.data());
    if (!s) return s;
    filters_drawn_[f] = true;
  }
  return Status::ok();
}

}  // namespace whygpu::app::cnn_ui
