#pragma once
// nvJPEG, the CUDA toolkit's JPEG decoder, opened at run time (libnvjpeg.so.13) like cuBLAS
// (compute/core/cublas_library.h), so whygpu starts where it is missing and the pipeline's
// GPU side says so and starts from pixels the CPU decoded. nvjpeg.h ships in a package of
// its own that many toolkit installs lack, so the few declarations used here are written
// out from its public C interface (CUDA 13). Only for files compiled with CUDA available.
#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>

#include "compute/core/shared_library.h"
#include "compute/core/status.h"

namespace whygpu::pipeline {

// From nvjpeg.h: opaque handles, the status codes, the output layout and descriptor.
using NvjpegHandle = struct nvjpegHandle*;
using NvjpegState = struct nvjpegJpegState*;
using NvjpegStatus = int;                // nvjpegStatus_t: 0 is NVJPEG_STATUS_SUCCESS
inline constexpr int kNvjpegOutputRgbi = 5;  // NVJPEG_OUTPUT_RGBI: interleaved RGB in channel[0]
inline constexpr int kNvjpegMaxComponent = 4;
struct NvjpegImage {                     // nvjpegImage_t
  unsigned char* channel[kNvjpegMaxComponent];
  std::size_t pitch[kNvjpegMaxComponent];
};

struct NvjpegLibrary {
  SharedLibrary library;
  NvjpegStatus (*create_simple)(NvjpegHandle*) = nullptr;
  NvjpegStatus (*destroy)(NvjpegHandle) = nullptr;
  NvjpegStatus (*state_create)(NvjpegHandle, NvjpegState*) = nullptr;
  NvjpegStatus (*state_destroy)(NvjpegState) = nullptr;
  // nvjpegGetImageInfo(handle, data, length, &components, &subsampling, widths, heights)
  NvjpegStatus (*get_image_info)(NvjpegHandle, const unsigned char*, std::size_t, int*, int*, int*, int*) = nullptr;
  // nvjpegDecode(handle, state, data, length, output_format, destination, stream)
  NvjpegStatus (*decode)(NvjpegHandle, NvjpegState, const unsigned char*, std::size_t, int, NvjpegImage*,
                         cudaStream_t) = nullptr;
};

// The process's nvJPEG, opened by the first call; later calls get the same table or the same
// error ("nvJPEG is not installed (libnvjpeg.so.13 not found)").
Status load_nvjpeg(const NvjpegLibrary** out);

// "nvjpegDecode: the JPEG stream is not supported (status 4)".
Status nvjpeg_status(NvjpegStatus status, const char* what);

// One decoder: a handle and its state, kept between images as a training loop keeps them.
class NvjpegDecoder {
 public:
  NvjpegDecoder() = default;
  ~NvjpegDecoder();
  NvjpegDecoder(const NvjpegDecoder&) = delete;
  NvjpegDecoder& operator=(const NvjpegDecoder&) = delete;

  Status open();
  // The JPEG's size, from its header.
  Status size(const std::string& jpeg, int* width, int* height) const;
  // Decodes to interleaved RGB at `device_rgb` (width * height * 3 bytes) on the default
  // stream; returns when the work is queued.
  Status decode(const std::string& jpeg, unsigned char* device_rgb, int width) const;

 private:
  const NvjpegLibrary* lib_ = nullptr;
  NvjpegHandle handle_ = nullptr;
  NvjpegState state_ = nullptr;
};

}  // namespace whygpu::pipeline
