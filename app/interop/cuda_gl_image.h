#pragma once
// A picture that CUDA kernels write and ImGui shows, with no trip through host memory:
// an RGBA8 GL texture fed from a GL pixel-unpack buffer that is registered with CUDA
// once (cudaGraphicsGLRegisterBuffer, write-discard). Each update maps the buffer, hands
// its device pointer to the caller's kernel, unmaps it, and copies buffer to texture on
// the GPU (glTexSubImage2D from the bound buffer).
//
// When the buffer cannot be registered (GL runs on another device, a software GL, a
// build without CUDA), write_on_gpu() still works through a CUDA buffer copied to the
// host, and path() says so. upload() is the CPU path: host pixels straight to the texture.
//
// Pixels are RGBA8 packed in a std::uint32_t (R in the lowest byte), rows top to bottom,
// no padding. Needs a current GL context for every call, the destructor included.
#include <cstdint>
#include <functional>
#include <string>

#include "compute/core/status.h"

namespace whygpu::app {

class CudaGlImage {
 public:
  enum class Path { none, interop, host_copy, cpu };

  CudaGlImage() = default;
  ~CudaGlImage();
  CudaGlImage(const CudaGlImage&) = delete;
  CudaGlImage& operator=(const CudaGlImage&) = delete;

  // Sizes the image; the texture and buffer are recreated (and re-registered) only when
  // the size changes. Sizes beyond GL_MAX_TEXTURE_SIZE are an error.
  Status resize(int width, int height);

  // Runs `write` with a device pointer to width*height pixels, then shows them.
  // The contents of the buffer are undefined when `write` starts: write every pixel.
  using DeviceWriter = std::function<Status(std::uint32_t* device_pixels)>;
  Status write_on_gpu(const DeviceWriter& write);

  // Shows width*height host pixels.
  Status upload(const std::uint32_t* host_pixels);

  unsigned texture() const { return texture_; }
  int width() const { return width_; }
  int height() const { return height_; }
  Path path() const { return path_; }
  // Why interop is not used (empty while it is, or before the first GPU write).
  const std::string& interop_problem() const { return interop_problem_; }

 private:
  void release();
  Status register_buffer();
  Status copy_buffer_to_texture();

  unsigned texture_ = 0;
  unsigned buffer_ = 0;       // GL_PIXEL_UNPACK_BUFFER
  void* resource_ = nullptr;  // cudaGraphicsResource_t, opaque here
  void* staging_ = nullptr;   // device buffer of the host-copy path
  int width_ = 0;
  int height_ = 0;
  bool registration_tried_ = false;
  Path path_ = Path::none;
  std::string interop_problem_;
};

const char* describe(CudaGlImage::Path path);

}  // namespace whygpu::app
