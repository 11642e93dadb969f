#include "app/pipeline/pipeline_pictures.h"

#include <vector>

#include "app/i18n/translate.h"
#include "compute/core/gpu_info.h"
#include "compute/pipeline/pipeline_cpu.h"
#include "compute/pipeline/pipeline_display.h"

namespace whygpu::app {
namespace {

using pipeline::Step;

std::vector<std::uint32_t> rgb_pixels(const pipeline::Picture& p) {
  std::vector<std::uint32_t> out(static_cast<std::size_t>(p.width) * p.height);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = pipeline::rgba(p.pixels[3 * i], p.pixels[3 * i + 1], p.pixels[3 * i + 2]);
  return out;
}

Status show(CudaGlImage* image, int w, int h, const std::vector<std::uint32_t>& pixels) {
  if (Status s = image->resize(w, h); !s) return s;
  return image->upload(pixels.data());
}

}  // namespace

Status PipelinePictures::update(const pipeline::PipelineSettings& settings, int index) {
  if (gpu_info().available) {
    if (Status s = update_on_gpu(settings, index); s) return s;
    // A GPU that fails here (out of memory, a broken driver) still leaves the CPU's pictures.
  }
  return update_on_cpu(settings, index);
}

Status PipelinePictures::update_on_gpu(const pipeline::PipelineSettings& settings, int index) {
  if (!gpu_loaded_) {
    if (Status s = gpu_.load(jpeg_, decoded_); !s) return s;
    gpu_loaded_ = true;
    decoded_shown_ = false;
  }
  if (Status s = gpu_.run(settings, index); !s) return s;
  for (const Step step : pipeline::kAllSteps) {
    if (step == Step::decode && decoded_shown_ && on_gpu_) continue;
    int w = 0, h = 0;
    gpu_.picture_size(step, &w, &h);
    CudaGlImage& image = images_[static_cast<std::size_t>(pipeline::index_of(step))];
    if (Status s = image.resize(w, h); !s) return s;
    if (Status s = image.write_on_gpu([&](std::uint32_t* pixels) { return gpu_.draw(step, pixels); }); !s) return s;
  }
  on_gpu_ = true;
  decoded_shown_ = true;
  return Status::ok();
}

Status PipelinePictures::update_on_cpu(const pipeline::PipelineSettings& settings, int index) {
  on_gpu_ = false;
  pipeline::PipelineImages p;
  pipeline::cpu_pipeline_images(decoded_, settings, index, &p);
  if (!decoded_shown_) {
    if (Status s = show(&images_[0], p.decoded.width, p.decoded.height, rgb_pixels(p.decoded)); !s) return s;
    decoded_shown_ = true;
  }
  if (Status s = show(&images_[1], p.resized.width, p.resized.height, rgb_pixels(p.resized)); !s) return s;
  if (Status s = show(&images_[2], p.crop, p.crop, rgb_pixels(p.augmented)); !s) return s;
  if (Status s = show(&images_[3], p.crop, p.crop, rgb_pixels(p.jittered)); !s) return s;
  std::vector<std::uint32_t> planes(p.planes.pixels.size()), values(p.normalised.size());
  for (std::size_t i = 0; i < planes.size(); ++i) planes[i] = pipeline::rgba(p.planes.pixels[i], p.planes.pixels[i], p.planes.pixels[i]);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = pipeline::diverging_rgba(p.normalised[i]);
  if (Status s = show(&images_[4], p.crop, 3 * p.crop, planes); !s) return s;
  return show(&images_[5], p.crop, 3 * p.crop, values);
}

std::string PipelinePictures::how() const {
  if (!on_gpu_) return tr("pictures made on the CPU");
  const std::string pictures = images_[1].path() == CudaGlImage::Path::interop
                                   ? tr("pictures written by the kernels straight into the GL textures")
                                   : fill(tr("pictures made by the kernels, {0}"), {describe(images_[1].path())});
  // The decoder's own note (nvJPEG's reason) is its words, shown as they are.
  return gpu_.decoded_on_gpu() ? fill(tr("{0}; the photo decoded by nvJPEG"), {pictures})
                               : fill(tr("{0}; the photo decoded on the CPU ({1})"), {pictures, gpu_.decode_note()});
}

}  // namespace whygpu::app
