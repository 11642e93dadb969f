#pragma once
// An OpenGL 3.3 core context with no window and no X server, through EGL: the NVIDIA
// driver's EGL device platform on a GPU server, Mesa's (llvmpipe) elsewhere. Rendering
// goes into a framebuffer object of the requested size.
#include <memory>
#include <string>

namespace whygpu::app {

class HeadlessContext {
 public:
  // nullptr with *error set when no EGL display or GL 3.3 core context can be had.
  static std::unique_ptr<HeadlessContext> create(int width, int height, std::string* error);
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
  bool init(int width, int height, std::string* error);
  bool try_display(void* display, const std::string& platform, std::string* error);

  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
  void* surface_ = nullptr;  // EGLSurface (a 1x1 pbuffer when surfaceless is unsupported)
  unsigned framebuffer_ = 0;
  unsigned colour_buffer_ = 0;
  int width_ = 0;
  int height_ = 0;
  std::string description_;
};

}  // namespace whygpu::app
