#pragma once
// An OpenGL 3.3 core context with no window and no X server, through EGL: the NVIDIA
// driver's EGL device platform on a GPU server, Mesa's (llvmpipe) elsewhere. Rendering
// goes into a framebuffer object of the requested size.
#include <memory>
#include <string>
#include <vector>

#include "compute/core/wording.h"

namespace whygpu::app {

struct HeadlessOptions {
  // Try the GPUs before a software device. Mesa lists its software device (llvmpipe)
  // first, so by default a laptop's screenshots render on the CPU; compute wants the GPU.
  bool hardware_first = false;
  // Leave the EGL display initialised at the end. A process gets the same EGLDisplay for
  // the same device on every thread: a second context on it (OpenGL compute on its own
  // thread) must not terminate it under the app's own context.
  bool keep_display = false;
  // Ask for OpenGL 4.6, then 4.3, before 3.3 (compute shaders need 4.3).
  bool newest_version = false;
};

class HeadlessContext {
 public:
  // nullptr with *error set when no EGL display or GL 3.3 core context can be had (a
  // sentence the OpenGL panels show in the page's language; english() for the terminal).
  // The context is current on the calling thread, and must be destroyed there.
  static std::unique_ptr<HeadlessContext> create(int width, int height, Wording* error,
                                                 const HeadlessOptions& options = {});
  ~HeadlessContext();
  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;

  int width() const { return width_; }
  int height() const { return height_; }
  // "EGL device platform: NVIDIA H100 80GB HBM3/PCIe/SSE2 (OpenGL 4.6.0 NVIDIA 580...)"
  const std::string& description() const { return description_; }
  // Binds the offscreen framebuffer for drawing and reading.
  void bind_framebuffer() const;

 private:
  HeadlessContext() = default;
  bool init(int width, int height, Wording* error);
  void terminate(void* display) const;
  // `platform`: its name, marked N_(). A failure adds why to `problems`.
  bool try_display(void* display, const char* platform, std::vector<Wording>* problems);

  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
  void* surface_ = nullptr;  // EGLSurface (a 1x1 pbuffer when surfaceless is unsupported)
  unsigned framebuffer_ = 0;
  unsigned colour_buffer_ = 0;
  int width_ = 0;
  int height_ = 0;
  HeadlessOptions options_;
  std::string description_;
};

}  // namespace whygpu::app
