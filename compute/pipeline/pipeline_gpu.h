#pragma once
// The pipeline's steps as CUDA kernels (pipeline_gpu.cu), one thread per output pixel, each
// launch covering `images` images of a batch (blockIdx.z is the image). Pointers are device
// memory; work goes on the default stream and returns once queued (launch errors checked).
// A build without CUDA gets pipeline_gpu_none.cpp: every call says "built without CUDA".
#include <cstdint>
#include <memory>
#include <string>

#include "compute/core/status.h"
#include "compute/pipeline/pipeline.h"

namespace whygpu::pipeline {

// src: one w x h RGB image read by every image of the batch (the decoded photo); dst: images
// of out_w x out_h RGB, one after another.
Status launch_resize(const std::uint8_t* src, int w, int h, std::uint8_t* dst, int out_w, int out_h, int images);
// src: images of w x h RGB; dst: images of crop x crop RGB; image i gets index first + i.
Status launch_augment(const std::uint8_t* src, int w, int h, const PipelineSettings& s, int first, int images,
                      std::uint8_t* dst);
// src, dst: images of crop x crop RGB; the jitter drawn as for a w x h source.
Status launch_jitter(const std::uint8_t* src, int w, int h, const PipelineSettings& s, int first, int images,
                     std::uint8_t* dst);
// src: images of n RGB pixels; planes: images of three planes of n bytes.
Status launch_ycbcr(const std::uint8_t* src, std::size_t n, int images, std::uint8_t* planes);
// planes: images of three planes of n bytes; out: the same as floats.
Status launch_normalise(const std::uint8_t* planes, std::size_t n, int images, float* out);

// The pictures of pipeline_display.h, written into an RGBA8 buffer (a GL texture's).
Status launch_rgb_to_rgba(const std::uint8_t* rgb, std::size_t pixels, std::uint32_t* out);
Status launch_grey_to_rgba(const std::uint8_t* grey, std::size_t pixels, std::uint32_t* out);
Status launch_normalised_to_rgba(const float* values, std::size_t count, std::uint32_t* out);

// The panel's pictures made on the GPU: the photo decoded by nvJPEG when it can be (else the
// CPU's pixels uploaded), then every step for one image kept in device memory, each drawn
// into a texture's buffer on request. Owned by the panel; needs no GL itself.
class GpuPipeline {
 public:
  GpuPipeline();
  ~GpuPipeline();
  GpuPipeline(const GpuPipeline&) = delete;
  GpuPipeline& operator=(const GpuPipeline&) = delete;

  // Decodes `jpeg` with nvJPEG; when that fails (no nvJPEG, not a JPEG) uploads `decoded`
  // instead and decoded_on_gpu() is false with the reason in decode_note().
  Status load(const std::string& jpeg, const Picture& decoded);
  bool decoded_on_gpu() const;
  const std::string& decode_note() const;

  // Runs resize to normalise for image `index` of a batch.
  Status run(const PipelineSettings& settings, int index);

  // Width and height of a step's picture (the planes stacked: crop x 3 crop).
  void picture_size(Step step, int* width, int* height) const;
  // Writes that picture into `rgba` (device memory, width * height pixels).
  Status draw(Step step, std::uint32_t* rgba) const;

  struct Buffers;

 private:
  std::unique_ptr<Buffers> b_;
};

}  // namespace whygpu::pipeline
