#include "app/shell/headless_context.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "app/shell/gl.h"

namespace whygpu::app {
namespace {

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const std::size_t n = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)); p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  return false;
}

Wording egl_error_name(EGLint code) {
  switch (code) {
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    default: return Wording::sentence(N_("EGL error {0}"), {std::to_string(code)});
  }
}

// "EGL device platform: eglInitialize failed (EGL_BAD_DISPLAY)": what one display refused.
Wording refusal(const char* platform, const char* pattern, std::vector<Wording> values = {}) {
  values.insert(values.begin(), Wording::sentence(platform));
  return Wording::sentence(pattern, std::move(values));
}

}  // namespace

std::unique_ptr<HeadlessContext> HeadlessContext::create(int width, int height, Wording* error,
                                                         const HeadlessOptions& options) {
  std::unique_ptr<HeadlessContext> context(new HeadlessContext());
  context->options_ = options;
  if (!context->init(width, height, error)) return nullptr;
  return context;
}

bool HeadlessContext::init(int width, int height, Wording* error) {
  width_ = width;
  height_ = height;
  const char* client_extensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  auto get_platform_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
      eglGetProcAddress("eglGetPlatformDisplayEXT"));
  std::vector<Wording> problems;

  // 1. A GPU as an EGL device (what a headless NVIDIA server offers).
  if (get_platform_display && has_extension(client_extensions, "EGL_EXT_platform_device")) {
    auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (query_devices && query_devices(16, devices, &count)) {
      if (options_.hardware_first) {
        auto query_string = reinterpret_cast<PFNEGLQUERYDEVICESTRINGEXTPROC>(
            eglGetProcAddress("eglQueryDeviceStringEXT"));
        const auto software = [&](EGLDeviceEXT device) {
          return query_string && has_extension(query_string(device, EGL_EXTENSIONS), "EGL_MESA_device_software");
        };
        std::stable_partition(devices, devices + count, [&](EGLDeviceEXT d) { return !software(d); });
      }
      for (EGLint i = 0; i < count; ++i) {
        void* display = get_platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
        if (display && try_display(display, N_("EGL device platform"), &problems)) return true;
      }
    }
  }
  // 2. Mesa's surfaceless platform (software rendering with no display at all).
  if (get_platform_display && has_extension(client_extensions, "EGL_MESA_platform_surfaceless")) {
    void* display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (display && try_display(display, N_("EGL surfaceless platform"), &problems)) return true;
  }
  // 3. Whatever the default display is.
  if (void* display = eglGetDisplay(EGL_DEFAULT_DISPLAY); display != EGL_NO_DISPLAY) {
    if (try_display(display, N_("EGL default display"), &problems)) return true;
  }
  if (error) {
    // Why each display refused, joined by "; " as the terminal has always printed it.
    Wording why = Wording::sentence(N_("no headless OpenGL 3.3 context could be created through EGL"));
    if (!problems.empty()) {
      Wording list = problems.front();
      for (std::size_t i = 1; i < problems.size(); ++i) list = Wording::sentence(N_("{0}; {1}"), {list, problems[i]});
      why = Wording::sentence(N_("no headless OpenGL 3.3 context could be created through EGL; {0}"), {list});
    }
    *error = why;
  }
  return false;
}

bool HeadlessContext::try_display(void* display, const char* platform, std::vector<Wording>* problems) {
  EGLint major = 0, minor = 0;
  if (!eglInitialize(display, &major, &minor)) {
    problems->push_back(refusal(platform, N_("{0}: eglInitialize failed ({1})"), {egl_error_name(eglGetError())}));
    return false;
  }
  const char* extensions = eglQueryString(display, EGL_EXTENSIONS);
  const bool surfaceless = has_extension(extensions, "EGL_KHR_surfaceless_context");
  const EGLint config_attributes[] = {EGL_SURFACE_TYPE, surfaceless ? 0 : EGL_PBUFFER_BIT,
                                      EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                                      EGL_NONE};
  EGLConfig config = nullptr;
  EGLint config_count = 0;
  if (!eglBindAPI(EGL_OPENGL_API) ||
      !eglChooseConfig(display, config_attributes, &config, 1, &config_count) || config_count == 0) {
    problems->push_back(refusal(platform, N_("{0}: no OpenGL-capable config")));
    terminate(display);
    return false;
  }
  // The newest version first when asked for: Mesa gives its newest core version for any
  // request, but NVIDIA's driver gives exactly the one asked for (3.3 for 3.3).
  std::vector<std::pair<EGLint, EGLint>> versions = {{3, 3}};
  if (options_.newest_version) versions.insert(versions.begin(), {{4, 6}, {4, 3}});
  EGLContext context = EGL_NO_CONTEXT;
  for (const auto& [major, minor] : versions) {
    const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, major, EGL_CONTEXT_MINOR_VERSION, minor,
                                         EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                         EGL_NONE};
    context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
    if (context != EGL_NO_CONTEXT) break;
  }
  if (context == EGL_NO_CONTEXT) {
    problems->push_back(refusal(platform, N_("{0}: no GL 3.3 core context ({1})"), {egl_error_name(eglGetError())}));
    terminate(display);
    return false;
  }
  EGLSurface surface = EGL_NO_SURFACE;
  if (!surfaceless) {
    const EGLint pbuffer_attributes[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
    surface = eglCreatePbufferSurface(display, config, pbuffer_attributes);
  }
  if (!eglMakeCurrent(display, surface, surface, context)) {
    problems->push_back(refusal(platform, N_("{0}: eglMakeCurrent failed ({1})"), {egl_error_name(eglGetError())}));
    eglDestroyContext(display, context);
    terminate(display);
    return false;
  }
  display_ = display;
  context_ = context;
  surface_ = surface;

  glGenFramebuffers(1, &framebuffer_);
  glGenRenderbuffers(1, &colour_buffer_);
  glBindRenderbuffer(GL_RENDERBUFFER, colour_buffer_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width_, height_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_buffer_);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    problems->push_back(refusal(platform, N_("{0}: offscreen framebuffer {1}x{2} incomplete"),
                                {std::to_string(width_), std::to_string(height_)}));
    return false;
  }
  description_ = std::string(platform) + ": " + reinterpret_cast<const char*>(glGetString(GL_RENDERER)) +
                 " (OpenGL " + reinterpret_cast<const char*>(glGetString(GL_VERSION)) + ")";
  return true;
}

void HeadlessContext::terminate(void* display) const {
  if (!options_.keep_display) eglTerminate(display);
}

void HeadlessContext::bind_framebuffer() const { glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_); }

HeadlessContext::~HeadlessContext() {
  if (!display_) return;
  if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
  if (colour_buffer_) glDeleteRenderbuffers(1, &colour_buffer_);
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (surface_) eglDestroySurface(display_, surface_);
  eglDestroyContext(display_, context_);
  terminate(display_);
}

}  // namespace whygpu::app
