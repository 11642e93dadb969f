#include <cfloat>

#include "compute/cnn/feature_map_pixel.h"
#include "compute/core/cuda_check.h"

namespace whygpu::cnn {
namespace {

constexpr int kThreads = 256;

// One block per grid cell: the block finds the value range it needs (its own map, or
// the whole layer), then writes every picture pixel of its cell and the gaps to the
// right of and below it.
__global__ void render_kernel(const float* __restrict__ maps, FeatureMapLayout layout, ColourMap colour_map,
                              bool per_layer, std::uint32_t background, std::uint32_t* __restrict__ rgba,
                              int pitch, int width, int height) {
  __shared__ float s_lo[kThreads], s_hi[kThreads];
  const int cell = blockIdx.x;
  const int per_map = layout.map_height * layout.map_width;
  const int first = per_layer ? 0 : cell * per_map;
  const int count = per_layer ? layout.channels * per_map : (cell < layout.channels ? per_map : 0);
  float lo = FLT_MAX, hi = -FLT_MAX;
  for (int i = threadIdx.x; i < count; i += kThreads) {
    const float v = maps[first + i];
    lo = fminf(lo, v);
    hi = fmaxf(hi, v);
  }
  s_lo[threadIdx.x] = lo;
  s_hi[threadIdx.x] = hi;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) {
      s_lo[threadIdx.x] = fminf(s_lo[threadIdx.x], s_lo[threadIdx.x + stride]);
      s_hi[threadIdx.x] = fmaxf(s_hi[threadIdx.x], s_hi[threadIdx.x + stride]);
    }
    __syncthreads();
  }
  lo = s_lo[0];
  hi = s_hi[0];
  const int cell_w = layout.map_width * layout.scale + layout.gap;
  const int cell_h = layout.map_height * layout.scale + layout.gap;
  const int x0 = (cell % layout.columns) * cell_w, y0 = (cell / layout.columns) * cell_h;
  for (int i = threadIdx.x; i < cell_w * cell_h; i += kThreads) {
    const int x = x0 + i % cell_w, y = y0 + i / cell_w;
    if (x >= width || y >= height) continue;
    int c = 0, index = 0;
    rgba[static_cast<std::size_t>(y) * pitch + x] =
        locate_pixel(layout, x, y, &c, &index)
            ? colour_map_rgba(normalise_value(maps[c * per_map + index], lo, hi, colour_map), colour_map)
            : background;
  }
}

}  // namespace

Status render_feature_maps_gpu(const float* device_maps, const FeatureMapLayout& layout,
                               const FeatureMapStyle& style, std::uint32_t* device_rgba, int pitch_pixels,
                               void* cuda_stream) {
  if (Status s = check_feature_map_layout(layout); !s) return s;
  if (pitch_pixels < layout.width())
    return Status::error(Wording::sentence(N_("feature maps: pitch is narrower than the picture")));
  if (!device_maps || !device_rgba)
    return Status::error(Wording::sentence(N_("feature maps: null device pointer")));
  render_kernel<<<layout.rows() * layout.columns, kThreads, 0, static_cast<cudaStream_t>(cuda_stream)>>>(
      device_maps, layout, style.colour_map, style.normalization == Normalization::kPerLayer, style.background,
      device_rgba, pitch_pixels, layout.width(), layout.height());
  WHYGPU_CUDA_TRY_LAUNCH("feature map render_kernel");
  return Status::ok();
}

Status finish_feature_maps(void* cuda_stream) {
  WHYGPU_CUDA_TRY(cudaStreamSynchronize(static_cast<cudaStream_t>(cuda_stream)));
  return Status::ok();
}

}  // namespace whygpu::cnn
