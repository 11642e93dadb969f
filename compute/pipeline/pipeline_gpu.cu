// The pipeline's kernels: each thread computes one output pixel with the arithmetic of
// pipeline_pixels.h (the CPU reference's own), blockIdx.z (or .y) picking the image.
#include "compute/core/cuda_check.h"
#include "compute/core/device_memory.cuh"
#include "compute/pipeline/nvjpeg_library.h"
#include "compute/pipeline/pipeline_display.h"
#include "compute/pipeline/pipeline_gpu.h"

namespace whygpu::pipeline {
namespace {

constexpr int kTile = 16;       // 16 x 16 threads per block over an image
constexpr int kThreads = 256;   // per block over a flat array

dim3 image_grid(int w, int h, int images) {
  return dim3(static_cast<unsigned>((w + kTile - 1) / kTile), static_cast<unsigned>((h + kTile - 1) / kTile),
              static_cast<unsigned>(images));
}

dim3 flat_grid(std::size_t n, int images) {
  return dim3(static_cast<unsigned>((n + kThreads - 1) / kThreads), static_cast<unsigned>(images));
}

__global__ void resize_kernel(const std::uint8_t* src, int w, int h, std::uint8_t* dst, int out_w, int out_h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out_w || y >= out_h) return;
  resize_pixel(src, w, h, dst + static_cast<std::size_t>(blockIdx.z) * out_w * out_h * 3, out_w, out_h, x, y);
}

__global__ void augment_kernel(const std::uint8_t* src, int w, int h, AugmentRange range, std::uint32_t seed,
                               int crop, int first, std::uint8_t* dst) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= crop || y >= crop) return;
  const int image = blockIdx.z;
  // Every thread of the image draws the same numbers from the hash: a few dozen
  // instructions, cheaper than a pass to store them.
  const ImageAugment a = draw_augment(range, seed, first + image, w, h, crop);
  augment_pixel(src + static_cast<std::size_t>(image) * w * h * 3, w, h, a,
                dst + static_cast<std::size_t>(image) * crop * crop * 3, crop, x, y);
}

__global__ void jitter_kernel(const std::uint8_t* src, int w, int h, AugmentRange range, std::uint32_t seed,
                              int crop, int first, std::uint8_t* dst) {
  const std::size_t n = static_cast<std::size_t>(crop) * crop;
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int image = blockIdx.y;
  const ImageAugment a = draw_augment(range, seed, first + image, w, h, crop);
  const std::size_t at = (static_cast<std::size_t>(image) * n + i) * 3;
  jitter_pixel(src + at, a, dst + at);
}

__global__ void ycbcr_kernel(const std::uint8_t* src, std::size_t n, std::uint8_t* planes) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const std::size_t image = blockIdx.y;
  std::uint8_t* p = planes + image * n * 3;
  ycbcr_pixel(src + (image * n + i) * 3, p + i, p + n + i, p + 2 * n + i);
}

// The statistics come as an argument: a host constant is not visible to device code.
__global__ void normalise_kernel(const std::uint8_t* planes, std::size_t n, PlaneStats stats, float* out) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= 3 * n) return;
  const std::size_t at = static_cast<std::size_t>(blockIdx.y) * n * 3 + i;
  out[at] = normalise_value(planes[at], static_cast<int>(i / n), stats);
}

__global__ void rgb_to_rgba_kernel(const std::uint8_t* rgb, std::size_t pixels, std::uint32_t* out) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < pixels) out[i] = rgba(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]);
}

__global__ void grey_to_rgba_kernel(const std::uint8_t* grey, std::size_t pixels, std::uint32_t* out) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < pixels) out[i] = rgba(grey[i], grey[i], grey[i]);
}

__global__ void normalised_to_rgba_kernel(const float* values, std::size_t count, std::uint32_t* out) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < count) out[i] = diverging_rgba(values[i]);
}

Status check_images(int images) {
  if (images < 1 || images > 65535)
    return Status::error(Wording::sentence(
        N_("a launch covers 1 to 65535 images (got {0})"), {std::to_string(images)}));
  return Status::ok();
}

}  // namespace

Status launch_resize(const std::uint8_t* src, int w, int h, std::uint8_t* dst, int out_w, int out_h, int images) {
  if (Status s = check_images(images); !s) return s;
  resize_kernel<<<image_grid(out_w, out_h, images), dim3(kTile, kTile)>>>(src, w, h, dst, out_w, out_h);
  WHYGPU_CUDA_TRY_LAUNCH("resize_kernel");
  return Status::ok();
}

Status launch_augment(const std::uint8_t* src, int w, int h, const PipelineSettings& s, int first, int images,
                      std::uint8_t* dst) {
  if (Status st = check_images(images); !st) return st;
  augment_kernel<<<image_grid(s.crop, s.crop, images), dim3(kTile, kTile)>>>(src, w, h, s.augment, s.seed, s.crop,
                                                                             first, dst);
  WHYGPU_CUDA_TRY_LAUNCH("augment_kernel");
  return Status::ok();
}

Status launch_jitter(const std::uint8_t* src, int w, int h, const PipelineSettings& s, int first, int images,
                     std::uint8_t* dst) {
  if (Status st = check_images(images); !st) return st;
  const std::size_t n = static_cast<std::size_t>(s.crop) * s.crop;
  jitter_kernel<<<flat_grid(n, images), kThreads>>>(src, w, h, s.augment, s.seed, s.crop, first, dst);
  WHYGPU_CUDA_TRY_LAUNCH("jitter_kernel");
  return Status::ok();
}

Status launch_ycbcr(const std::uint8_t* src, std::size_t n, int images, std::uint8_t* planes) {
  if (Status s = check_images(images); !s) return s;
  ycbcr_kernel<<<flat_grid(n, images), kThreads>>>(src, n, planes);
  WHYGPU_CUDA_TRY_LAUNCH("ycbcr_kernel");
  return Status::ok();
}

Status launch_normalise(const std::uint8_t* planes, std::size_t n, int images, float* out) {
  if (Status s = check_images(images); !s) return s;
  normalise_kernel<<<flat_grid(3 * n, images), kThreads>>>(planes, n, kPlaneStats, out);
  WHYGPU_CUDA_TRY_LAUNCH("normalise_kernel");
  return Status::ok();
}

Status launch_rgb_to_rgba(const std::uint8_t* rgb, std::size_t pixels, std::uint32_t* out) {
  rgb_to_rgba_kernel<<<flat_grid(pixels, 1), kThreads>>>(rgb, pixels, out);
  WHYGPU_CUDA_TRY_LAUNCH("rgb_to_rgba_kernel");
  return Status::ok();
}

Status launch_grey_to_rgba(const std::uint8_t* grey, std::size_t pixels, std::uint32_t* out) {
  grey_to_rgba_kernel<<<flat_grid(pixels, 1), kThreads>>>(grey, pixels, out);
  WHYGPU_CUDA_TRY_LAUNCH("grey_to_rgba_kernel");
  return Status::ok();
}

Status launch_normalised_to_rgba(const float* values, std::size_t count, std::uint32_t* out) {
  normalised_to_rgba_kernel<<<flat_grid(count, 1), kThreads>>>(values, count, out);
  WHYGPU_CUDA_TRY_LAUNCH("normalised_to_rgba_kernel");
  return Status::ok();
}

struct GpuPipeline::Buffers {
  NvjpegDecoder decoder;
  bool decoded_on_gpu = false;
  std::string decode_note;
  int width = 0, height = 0, rw = 0, rh = 0, crop = 0;
  DeviceBuffer<std::uint8_t> decoded, resized, augmented, jittered, planes;
  DeviceBuffer<float> normalised;
};

GpuPipeline::GpuPipeline() : b_(std::make_unique<Buffers>()) {}
GpuPipeline::~GpuPipeline() = default;

bool GpuPipeline::decoded_on_gpu() const { return b_->decoded_on_gpu; }
const std::string& GpuPipeline::decode_note() const { return b_->decode_note; }

Status GpuPipeline::load(const std::string& jpeg, const Picture& decoded) {
  b_->decoded_on_gpu = false;
  b_->width = decoded.width;
  b_->height = decoded.height;
  if (Status s = b_->decoded.reserve(static_cast<std::size_t>(decoded.width) * decoded.height * 3, "the decoded photo"); !s)
    return s;
  Status gpu = b_->decoder.open();
  int w = 0, h = 0;
  if (gpu) gpu = b_->decoder.size(jpeg, &w, &h);
  if (gpu && (w != decoded.width || h != decoded.height))
    gpu = Status::error(Wording::sentence(N_("nvJPEG reads the photo as {0} x {1}"),
                                          {std::to_string(w), std::to_string(h)}));
  if (gpu) gpu = b_->decoder.decode(jpeg, b_->decoded.get(), w);
  if (gpu) {
    b_->decoded_on_gpu = true;
    b_->decode_note.clear();
    return Status::ok();
  }
  b_->decode_note = gpu.message();
  WHYGPU_CUDA_TRY(cudaMemcpy(b_->decoded.get(), decoded.pixels.data(), decoded.pixels.size(), cudaMemcpyHostToDevice));
  return Status::ok();
}

Status GpuPipeline::run(const PipelineSettings& s, int index) {
  if (Status st = check_settings(s); !st) return st;
  if (b_->width == 0) return Status::error(Wording::sentence(N_("GpuPipeline::run before load")));
  resized_size(b_->width, b_->height, s.side, &b_->rw, &b_->rh);
  b_->crop = s.crop;
  const std::size_t n = static_cast<std::size_t>(s.crop) * s.crop;
  if (Status st = b_->resized.reserve(static_cast<std::size_t>(b_->rw) * b_->rh * 3, "the resized photo"); !st) return st;
  if (Status st = b_->augmented.reserve(n * 3, "the augmented photo"); !st) return st;
  if (Status st = b_->jittered.reserve(n * 3, "the jittered photo"); !st) return st;
  if (Status st = b_->planes.reserve(n * 3, "the Y, Cb, Cr planes"); !st) return st;
  if (Status st = b_->normalised.reserve(n * 3, "the normalised planes"); !st) return st;
  if (Status st = launch_resize(b_->decoded.get(), b_->width, b_->height, b_->resized.get(), b_->rw, b_->rh, 1); !st)
    return st;
  // The single image is image `index` of a batch: the same draw as the batch's.
  if (Status st = launch_augment(b_->resized.get(), b_->rw, b_->rh, s, index, 1, b_->augmented.get()); !st) return st;
  if (Status st = launch_jitter(b_->augmented.get(), b_->rw, b_->rh, s, index, 1, b_->jittered.get()); !st) return st;
  if (Status st = launch_ycbcr(b_->jittered.get(), n, 1, b_->planes.get()); !st) return st;
  return launch_normalise(b_->planes.get(), n, 1, b_->normalised.get());
}

void GpuPipeline::picture_size(Step step, int* width, int* height) const {
  switch (step) {
    case Step::decode: *width = b_->width, *height = b_->height; return;
    case Step::resize: *width = b_->rw, *height = b_->rh; return;
    case Step::augment:
    case Step::jitter: *width = b_->crop, *height = b_->crop; return;
    case Step::colour:
    case Step::normalise: *width = b_->crop, *height = 3 * b_->crop; return;
  }
}

Status GpuPipeline::draw(Step step, std::uint32_t* out) const {
  int w = 0, h = 0;
  picture_size(step, &w, &h);
  const std::size_t pixels = static_cast<std::size_t>(w) * h;
  switch (step) {
    case Step::decode: return launch_rgb_to_rgba(b_->decoded.get(), pixels, out);
    case Step::resize: return launch_rgb_to_rgba(b_->resized.get(), pixels, out);
    case Step::augment: return launch_rgb_to_rgba(b_->augmented.get(), pixels, out);
    case Step::jitter: return launch_rgb_to_rgba(b_->jittered.get(), pixels, out);
    case Step::colour: return launch_grey_to_rgba(b_->planes.get(), pixels, out);
    case Step::normalise: return launch_normalised_to_rgba(b_->normalised.get(), pixels, out);
  }
  return Status::error(Wording::sentence(N_("unknown step")));
}

}  // namespace whygpu::pipeline
