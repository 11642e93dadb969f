#pragma once
// The pictures of the network for one image: every layer's feature maps and the conv
// filters, as GL textures. A GPU session's pictures never leave the GPU: its device
// activations and weights are colour-mapped by a CUDA kernel straight into each
// texture's GL buffer (CUDA-OpenGL interop, app/interop/cuda_gl_image.h). A CPU
// session's are drawn on the CPU from its host copies and uploaded.
#include <array>
#include <string>
#include <vector>

#include "app/cnn/shared_session.h"
#include "app/interop/cuda_gl_image.h"
#include "compute/cnn/feature_map_render.h"

namespace whygpu::app::cnn_ui {

// The layers drawn as pictures (the output layer is drawn as bars by the panels).
inline constexpr std::array<cnn::Layer, 7> kPictureLayers = {
    cnn::Layer::kInput, cnn::Layer::kConv1, cnn::Layer::kPool1, cnn::Layer::kConv2,
    cnn::Layer::kPool2, cnn::Layer::kConv3, cnn::Layer::kDense1};

enum class FilterBank { kConv1, kConv2 };  // conv3's 64x64 filters add nothing readable

// One map pixel a picture shows, to read its value back from the host copy (hover).
struct PictureLayout {
  cnn::FeatureMapLayout layout;  // drawn at scale 1 with 1-pixel gaps; panels zoom it
  cnn::FeatureMapStyle style;
};

class NetworkPictures {
 public:
  struct Options {
    cnn::Normalization normalization = cnn::Normalization::kPerMap;
    bool filters = true;        // draw the filter banks too
    bool conv2_filters = false;  // 2,048 3x3 kernels: only when asked
  };

  NetworkPictures();

  // Redraws from the session's newest inference (and weights, for the filters). Call it
  // when SharedSession::inference_stamp() has changed; cheap enough for every step.
  Status refresh(SharedSession& shared, const Options& options);

  bool has(cnn::Layer layer) const { return drawn_[index_of(layer)]; }
  const CudaGlImage& picture(cnn::Layer layer) const { return layers_[index_of(layer)]; }
  const PictureLayout& layout(cnn::Layer layer) const { return layouts_[index_of(layer)]; }

  bool has(FilterBank bank) const { return filters_drawn_[static_cast<int>(bank)]; }
  const CudaGlImage& picture(FilterBank bank) const { return filters_[static_cast<int>(bank)]; }
  const PictureLayout& layout(FilterBank bank) const { return filter_layouts_[static_cast<int>(bank)]; }
  // The weights the filter pictures show (host copy, model.h layout; empty on a GPU
  // session, whose filters are drawn from device memory): for hover read-outs.
  const std::vector<float>& host_parameters() const { return host_parameters_; }

  // How the newest pictures were made ("written by the GPU straight into an OpenGL
  // buffer (CUDA-OpenGL interop)", "computed on the CPU") and how long that took.
  std::string how_drawn() const;
  double last_refresh_ms() const { return last_refresh_ms_; }

 private:
  static int index_of(cnn::Layer layer);
  Status refresh_on_gpu(SharedSession& shared, const Options& options);
  Status refresh_on_cpu(SharedSession& shared, const Options& options);
  void set_styles(const Options& options);

  std::array<CudaGlImage, kPictureLayers.size()> layers_;
  std::array<PictureLayout, kPictureLayers.size()> layouts_;
  std::array<bool, kPictureLayers.size()> drawn_{};
  std::array<CudaGlImage, 2> filters_;
  std::array<PictureLayout, 2> filter_layouts_;
  std::array<bool, 2> filters_drawn_{};
  std::vector<std::uint32_t> host_pixels_;
  std::vector<float> host_parameters_;
  long host_parameters_steps_ = -1;
  double host_parameters_time_ = -1.0;
  CudaGlImage::Path path_ = CudaGlImage::Path::none;
  std::string problem_;
  double last_refresh_ms_ = 0.0;
};

// A layer's value range in a host copy of its activations (for the colour scale).
void value_range(const std::vector<float>& values, float* lo, float* hi);

}  // namespace whygpu::app::cnn_ui
