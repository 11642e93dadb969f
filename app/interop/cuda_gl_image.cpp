#include "app/interop/cuda_gl_image.h"

#include <cstdio>
#include <vector>

#include "app/i18n/translate.h"
#include "app/shell/gl.h"
#include "compute/core/no_cuda.h"

#if defined(WHYGPU_HAVE_CUDA)
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include "compute/core/cuda_check.h"
#endif

namespace whygpu::app {
namespace {

Status gl_error(const char* what) {
  const GLenum err = glGetError();
  if (err == GL_NO_ERROR) return Status::ok();
  return Status::error(std::string(what) + ": OpenGL error 0x" + [&] {
    char hex[16];
    std::snprintf(hex, sizeof hex, "%04x", err);
    return std::string(hex);
  }());
}

std::size_t byte_size(int width, int height) {
  return static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4u;
}

}  // namespace

const char* describe(CudaGlImage::Path path) {
  switch (path) {
    case CudaGlImage::Path::interop: return tr("written by the GPU straight into an OpenGL buffer (CUDA-OpenGL interop)");
    case CudaGlImage::Path::host_copy: return tr("written by the GPU, copied through host memory (interop unavailable)");
    case CudaGlImage::Path::cpu: return tr("computed on the CPU");
    case CudaGlImage::Path::none: break;
  }
  return tr("nothing drawn yet");
}

CudaGlImage::~CudaGlImage() { release(); }

void CudaGlImage::release() {
#if defined(WHYGPU_HAVE_CUDA)
  if (resource_) cudaGraphicsUnregisterResource(static_cast<cudaGraphicsResource_t>(resource_));
  if (staging_) cudaFree(staging_);
#endif
  resource_ = nullptr;
  staging_ = nullptr;
  if (buffer_) glDeleteBuffers(1, &buffer_);
  if (texture_) glDeleteTextures(1, &texture_);
  buffer_ = 0;
  texture_ = 0;
  width_ = height_ = 0;
  registration_tried_ = false;
}

Status CudaGlImage::resize(int width, int height) {
  if (width <= 0 || height <= 0) return Status::error(tr("an image needs at least one pixel"));
  if (width == width_ && height == height_ && texture_) return Status::ok();
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  if (width > max_size || height > max_size)
    return Status::error("an image of " + std::to_string(width) + " x " + std::to_string(height) +
                         " pixels is larger than this OpenGL allows (" + std::to_string(max_size) + " a side)");
  release();
  glGetError();  // start from a clean slate so the checks below report our own calls
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  // Nearest: one thread is one crisp cell, however large it is drawn.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  glGenBuffers(1, &buffer_);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffer_);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, static_cast<GLsizeiptr>(byte_size(width, height)), nullptr, GL_STREAM_DRAW);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  if (Status s = gl_error("creating the image texture"); !s) {
    release();
    return s;
  }
  width_ = width;
  height_ = height;
  return Status::ok();
}

Status CudaGlImage::register_buffer() {
  registration_tried_ = true;
#if defined(WHYGPU_HAVE_CUDA)
  cudaGraphicsResource_t resource = nullptr;
  const cudaError_t err =
      cudaGraphicsGLRegisterBuffer(&resource, buffer_, cudaGraphicsRegisterFlagsWriteDiscard);
  if (err != cudaSuccess) {
    cudaGetLastError();  // not sticky, but leave nothing behind for the next check
    interop_problem_ = std::string("cudaGraphicsGLRegisterBuffer: ") + cudaGetErrorString(err) + " (" +
                       cudaGetErrorName(err) + ")";
    return Status::error(interop_problem_);
  }
  resource_ = resource;
  interop_problem_.clear();
  return Status::ok();
#else
  interop_problem_ = translated(built_without_cuda());
  return Status::error(interop_problem_);
#endif
}

Status CudaGlImage::copy_buffer_to_texture() {
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffer_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  return gl_error("copying the image buffer into its texture");
}

Status CudaGlImage::write_on_gpu(const DeviceWriter& write) {
  if (!texture_) return Status::error(tr("the image has no size yet"));
#if defined(WHYGPU_HAVE_CUDA)
  if (!registration_tried_) register_buffer();  // on failure the host-copy path below is used
  if (resource_) {
    auto resource = static_cast<cudaGraphicsResource_t>(resource_);
    WHYGPU_CUDA_TRY(cudaGraphicsMapResources(1, &resource, 0));
    void* pixels = nullptr;
    std::size_t bytes = 0;
    Status status = cuda_status(cudaGraphicsResourceGetMappedPointer(&pixels, &bytes, resource),
                                "cudaGraphicsResourceGetMappedPointer", __FILE__, __LINE__);
    if (status && bytes < byte_size(width_, height_))
      status = Status::error(tr("the mapped image buffer is smaller than the image"));
    if (status) status = write(static_cast<std::uint32_t*>(pixels));
    // Unmap whatever happened: a mapped buffer must not reach OpenGL.
    const Status unmapped = cuda_status(cudaGraphicsUnmapResources(1, &resource, 0),
                                        "cudaGraphicsUnmapResources", __FILE__, __LINE__);
    if (!status) return status;
    if (!unmapped) return unmapped;
    path_ = Path::interop;
    return copy_buffer_to_texture();
  }
  if (!staging_) WHYGPU_CUDA_TRY(cudaMalloc(&staging_, byte_size(width_, height_)));
  if (Status s = write(static_cast<std::uint32_t*>(staging_)); !s) return s;
  std::vector<std::uint32_t> host(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_));
  WHYGPU_CUDA_TRY(cudaMemcpy(host.data(), staging_, byte_size(width_, height_), cudaMemcpyDeviceToHost));
  if (Status s = upload(host.data()); !s) return s;
  path_ = Path::host_copy;
  return Status::ok();
#else
  (void)write;
  return built_without_cuda();
#endif
}

Status CudaGlImage::upload(const std::uint32_t* host_pixels) {
  if (!texture_) return Status::error(tr("the image has no size yet"));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, host_pixels);
  glBindTexture(GL_TEXTURE_2D, 0);
  path_ = Path::cpu;
  return gl_error("uploading the image");
}

}  // namespace whygpu::app
