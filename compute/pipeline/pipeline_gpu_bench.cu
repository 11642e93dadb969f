// The GPU half of measure_pipeline: nvJPEG's decode (wall time, for one image and for
// kBatch one after another), then each kernel fed the CPU's output of the step before,
// checked against the CPU's result, and timed with CUDA events for one image and the batch.
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "compute/core/cuda_check.h"
#include "compute/core/device_memory.cuh"
#include "compute/pipeline/nvjpeg_library.h"
#include "compute/pipeline/pipeline_bench.h"
#include "compute/pipeline/pipeline_gpu.h"

namespace whygpu::pipeline {
namespace {

template <class T>
Status upload(const std::vector<T>& host, DeviceBuffer<T>* device, const char* what) {
  if (Status s = device->reserve(host.size(), what); !s) return s;
  WHYGPU_CUDA_TRY(cudaMemcpy(device->get(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return Status::ok();
}

// Every bit set: NaN as a float, 255 as a byte; a kernel that skips an output is caught
// unless the CPU's answer is 255 there too (the tests poison twice to rule that out).
template <class T>
Status poison(const DeviceBuffer<T>& d) {
  WHYGPU_CUDA_TRY(cudaMemset(d.get(), 0xff, d.bytes()));
  return Status::ok();
}

// Largest |GPU - CPU| over the first `count` values; NaN counts as infinite.
template <class T>
Status largest_difference(const DeviceBuffer<T>& d, const std::vector<T>& cpu, std::size_t count, double* out) {
  std::vector<T> host(count);
  WHYGPU_CUDA_TRY(cudaMemcpy(host.data(), d.get(), count * sizeof(T), cudaMemcpyDeviceToHost));
  double worst = 0.0;
  for (std::size_t i = 0; i < count; ++i) {
    const double diff = std::fabs(static_cast<double>(host[i]) - static_cast<double>(cpu[i]));
    worst = std::isfinite(diff) ? std::max(worst, diff) : INFINITY;
  }
  *out = worst;
  return Status::ok();
}

Status measure_decode(const std::string& jpeg, const Picture& decoded, const MeasureOptions& options,
                      PipelineTiming* out) {
  NvjpegDecoder decoder;
  int w = 0, h = 0;
  Status s = decoder.open();
  if (s) s = decoder.size(jpeg, &w, &h);
  if (s && (w != decoded.width || h != decoded.height))
    s = Status::error(Wording::sentence(N_("nvJPEG reads the photo as {0} x {1}, libjpeg as {2} x {3}"),
                                        {std::to_string(w), std::to_string(h), std::to_string(decoded.width),
                                         std::to_string(decoded.height)}));
  if (!s) {
    out->decode_note = s.message();
    return Status::ok();
  }
  DeviceBuffer<std::uint8_t> rgb;
  if (Status st = rgb.reserve(decoded.pixels.size(), "the decoded photo"); !st) return st;
  if (Status st = poison(rgb); !st) return st;
  if (Status st = decoder.decode(jpeg, rgb.get(), w); !st) {
    out->decode_note = st.message();
    return Status::ok();
  }
  // Two decoders agree only to a level or two (their inverse DCTs and chroma upsampling
  // round differently): the mean difference says whether they decoded the same photo.
  std::vector<std::uint8_t> host(decoded.pixels.size());
  WHYGPU_CUDA_TRY(cudaMemcpy(host.data(), rgb.get(), host.size(), cudaMemcpyDeviceToHost));
  double sum = 0.0;
  for (std::size_t i = 0; i < host.size(); ++i) sum += std::abs(static_cast<int>(host[i]) - static_cast<int>(decoded.pixels[i]));
  StepTiming& t = out->at(Step::decode);
  t.difference = sum / static_cast<double>(host.size());
  const auto decode_images = [&](int images) -> Status {
    for (int i = 0; i < images; ++i)
      if (Status st = decoder.decode(jpeg, rgb.get(), w); !st) return st;
    WHYGPU_CUDA_TRY(cudaDeviceSynchronize());
    return Status::ok();
  };
  if (Status st = time_cpu(options, [&](int) { return decode_images(1); }, &t.gpu_image); !st) return st;
  MeasureOptions once = batch_options(options);
  once.repeats = std::min(once.repeats, 3);
  if (Status st = time_cpu(once, [&](int run) { return decode_images(run < once.warmup ? 1 : kBatch); }, &t.gpu_batch);
      !st)
    return st;
  out->gpu_decoded = true;
  return Status::ok();
}

}  // namespace

Status measure_pipeline_gpu(const std::string& jpeg, const Picture& decoded, const PipelineSettings& s,
                            const CpuOutputs& cpu, const MeasureOptions& options, PipelineTiming* out) {
  if (Status st = measure_decode(jpeg, decoded, options, out); !st) return st;
  const int rw = cpu.rw, rh = cpu.rh;
  const std::size_t rsize = static_cast<std::size_t>(rw) * rh * 3;
  const std::size_t n = static_cast<std::size_t>(s.crop) * s.crop;
  DeviceBuffer<std::uint8_t> photo, resized, augmented, jittered, planes, in_augment, in_jitter, in_colour, in_normalise;
  DeviceBuffer<float> normalised;
  if (Status st = upload(decoded.pixels, &photo, "the decoded photo"); !st) return st;
  // Each kernel reads the CPU's output of the step before: a difference is its own.
  if (Status st = upload(cpu.resized, &in_augment, "the resized batch"); !st) return st;
  if (Status st = upload(cpu.augmented, &in_jitter, "the augmented batch"); !st) return st;
  if (Status st = upload(cpu.jittered, &in_colour, "the jittered batch"); !st) return st;
  if (Status st = upload(cpu.planes, &in_normalise, "the Y, Cb, Cr batch"); !st) return st;
  if (Status st = resized.reserve(rsize * kBatch, "the resized batch"); !st) return st;
  if (Status st = augmented.reserve(n * 3 * kBatch, "the augmented batch"); !st) return st;
  if (Status st = jittered.reserve(n * 3 * kBatch, "the jittered batch"); !st) return st;
  if (Status st = planes.reserve(n * 3 * kBatch, "the Y, Cb, Cr batch"); !st) return st;
  if (Status st = normalised.reserve(n * 3 * kBatch, "the normalised batch"); !st) return st;

  struct Kernel {
    Step step;
    std::function<Status(int images)> launch;
    std::function<Status()> poison_output;
    std::function<Status(double*)> compare;
  };
  const Kernel kernels[] = {
      {Step::resize,
       [&](int images) { return launch_resize(photo.get(), decoded.width, decoded.height, resized.get(), rw, rh, images); },
       [&] { return poison(resized); }, [&](double* d) { return largest_difference(resized, cpu.resized, cpu.resized.size(), d); }},
      {Step::augment, [&](int images) { return launch_augment(in_augment.get(), rw, rh, s, 0, images, augmented.get()); },
       [&] { return poison(augmented); },
       [&](double* d) { return largest_difference(augmented, cpu.augmented, cpu.augmented.size(), d); }},
      {Step::jitter, [&](int images) { return launch_jitter(in_jitter.get(), rw, rh, s, 0, images, jittered.get()); },
       [&] { return poison(jittered); },
       [&](double* d) { return largest_difference(jittered, cpu.jittered, cpu.jittered.size(), d); }},
      {Step::colour, [&](int images) { return launch_ycbcr(in_colour.get(), n, images, planes.get()); },
       [&] { return poison(planes); }, [&](double* d) { return largest_difference(planes, cpu.planes, cpu.planes.size(), d); }},
      {Step::normalise, [&](int images) { return launch_normalise(in_normalise.get(), n, images, normalised.get()); },
       [&] { return poison(normalised); },
       [&](double* d) { return largest_difference(normalised, cpu.normalised, cpu.normalised.size(), d); }},
  };
  const MeasureOptions batch = batch_options(options);
  for (const Kernel& k : kernels) {
    StepTiming& t = out->at(k.step);
    // Checked first, on a poisoned output: a timing of wrong answers is worth nothing.
    if (Status st = k.poison_output(); !st) return st;
    if (Status st = k.launch(kBatch); !st) return st;
    if (Status st = k.compare(&t.difference); !st) return st;
    if (Status st = time_gpu(options, [&](int) { return k.launch(1); }, &t.gpu_image); !st) return st;
    if (Status st = time_gpu(batch, [&](int) { return k.launch(kBatch); }, &t.gpu_batch); !st) return st;
  }
  out->gpu_measured = true;
  return Status::ok();
}

}  // namespace whygpu::pipeline
