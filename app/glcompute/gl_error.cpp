#include "app/glcompute/gl_error.h"

#include <cstdio>

#include "app/shell/gl.h"

namespace whygpu::app {

std::string gl_error_name(unsigned code) {
  switch (code) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
    case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
    default: {
      char text[32];
      std::snprintf(text, sizeof text, "GL error 0x%04x", code);
      return text;
    }
  }
}

Status gl_check(const Wording& what) {
  std::string codes;
  // Bounded: a lost context can report GL_CONTEXT_LOST forever.
  for (int i = 0; i < 8; ++i) {
    const GLenum code = glGetError();
    if (code == GL_NO_ERROR) break;
    codes += (codes.empty() ? "" : ", ") + gl_error_name(code);
  }
  if (codes.empty()) return Status::ok();
  return Status::error(Wording::sentence(N_("{0}: {1}"), {what, codes}));
}

}  // namespace whygpu::app
