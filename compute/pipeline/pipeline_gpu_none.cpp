// The pipeline's GPU side in a build without CUDA: every call says so.
#include "compute/core/no_cuda.h"
#include "compute/pipeline/pipeline_bench.h"
#include "compute/pipeline/pipeline_gpu.h"

namespace whygpu::pipeline {

Status launch_resize(const std::uint8_t*, int, int, std::uint8_t*, int, int, int) { return built_without_cuda(); }
Status launch_augment(const std::uint8_t*, int, int, const PipelineSettings&, int, int, std::uint8_t*) {
  return built_without_cuda();
}
Status launch_jitter(const std::uint8_t*, int, int, const PipelineSettings&, int, int, std::uint8_t*) {
  return built_without_cuda();
}
Status launch_ycbcr(const std::uint8_t*, std::size_t, int, std::uint8_t*) { return built_without_cuda(); }
Status launch_normalise(const std::uint8_t*, std::size_t, int, float*) { return built_without_cuda(); }
Status launch_rgb_to_rgba(const std::uint8_t*, std::size_t, std::uint32_t*) { return built_without_cuda(); }
Status launch_grey_to_rgba(const std::uint8_t*, std::size_t, std::uint32_t*) { return built_without_cuda(); }
Status launch_normalised_to_rgba(const float*, std::size_t, std::uint32_t*) { return built_without_cuda(); }

struct GpuPipeline::Buffers {
  std::string note = built_without_cuda().message();
};
GpuPipeline::GpuPipeline() : b_(std::make_unique<Buffers>()) {}
GpuPipeline::~GpuPipeline() = default;
Status GpuPipeline::load(const std::string&, const Picture&) { return built_without_cuda(); }
bool GpuPipeline::decoded_on_gpu() const { return false; }
const std::string& GpuPipeline::decode_note() const { return b_->note; }
Status GpuPipeline::run(const PipelineSettings&, int) { return built_without_cuda(); }
void GpuPipeline::picture_size(Step, int* width, int* height) const { *width = *height = 0; }
Status GpuPipeline::draw(Step, std::uint32_t*) const { return built_without_cuda(); }

Status measure_pipeline_gpu(const std::string&, const Picture&, const PipelineSettings&, const CpuOutputs&,
                            const MeasureOptions&, PipelineTiming*) {
  return built_without_cuda();
}

}  // namespace whygpu::pipeline
