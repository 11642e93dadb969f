#pragma once
// Each step's output for one image of the batch as a GL texture: with a GPU the kernels of
// compute/pipeline write straight into the textures (app/interop/cuda_gl_image.h; nvJPEG
// decodes the photo when it is installed), without one the CPU's pictures are uploaded.
// Lives on the GL thread; needs a current GL context.
#include <array>
#include <string>

#include "app/interop/cuda_gl_image.h"
#include "compute/pipeline/pipeline.h"
#include "compute/pipeline/pipeline_gpu.h"

namespace whygpu::app {

class PipelinePictures {
 public:
  // `jpeg`: the photo's bytes; `decoded`: the CPU's pixels of it.
  PipelinePictures(std::string jpeg, pipeline::Picture decoded) : jpeg_(std::move(jpeg)), decoded_(std::move(decoded)) {}

  // Makes every step's picture for image `index` of the batch.
  Status update(const pipeline::PipelineSettings& settings, int index);

  const CudaGlImage& picture(pipeline::Step step) const { return images_[static_cast<std::size_t>(pipeline::index_of(step))]; }
  // "written by the kernels straight into the textures", "made on the CPU", ...
  std::string how() const;

 private:
  Status update_on_gpu(const pipeline::PipelineSettings& settings, int index);
  Status update_on_cpu(const pipeline::PipelineSettings& settings, int index);

  std::string jpeg_;
  pipeline::Picture decoded_;
  std::array<CudaGlImage, pipeline::kSteps> images_;
  pipeline::GpuPipeline gpu_;
  bool gpu_loaded_ = false;
  bool on_gpu_ = false;
  bool decoded_shown_ = false;  // the photo's texture is made once (it does not change)
};

}  // namespace whygpu::app
