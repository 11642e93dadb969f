#pragma once
// Owning handles for OpenGL objects (textures, buffers, framebuffers, programs, queries,
// vertex arrays): deleted when the handle goes, in the context that is current then (the
// OpenGL compute thread's own).
#include <utility>

#include "app/shell/gl.h"

namespace whygpu::app {

class GlObject {
 public:
  using Deleter = void (*)(GLuint);
  GlObject() = default;
  GlObject(GLuint name, Deleter deleter) : name_(name), deleter_(deleter) {}
  ~GlObject() { reset(); }
  GlObject(GlObject&& other) noexcept { *this = std::move(other); }
  GlObject& operator=(GlObject&& other) noexcept {
    if (this != &other) {
      reset();
      name_ = std::exchange(other.name_, 0);
      deleter_ = other.deleter_;
    }
    return *this;
  }
  GlObject(const GlObject&) = delete;
  GlObject& operator=(const GlObject&) = delete;

  GLuint get() const { return name_; }
  void reset() {
    if (name_ && deleter_) deleter_(name_);
    name_ = 0;
  }

 private:
  GLuint name_ = 0;
  Deleter deleter_ = nullptr;
};

inline GlObject make_texture() {
  GLuint name = 0;
  glGenTextures(1, &name);
  return {name, [](GLuint n) { glDeleteTextures(1, &n); }};
}
inline GlObject make_buffer() {
  GLuint name = 0;
  glGenBuffers(1, &name);
  return {name, [](GLuint n) { glDeleteBuffers(1, &n); }};
}
inline GlObject make_framebuffer() {
  GLuint name = 0;
  glGenFramebuffers(1, &name);
  return {name, [](GLuint n) { glDeleteFramebuffers(1, &n); }};
}
inline GlObject make_vertex_array() {
  GLuint name = 0;
  glGenVertexArrays(1, &name);
  return {name, [](GLuint n) { glDeleteVertexArrays(1, &n); }};
}
inline GlObject make_query() {
  GLuint name = 0;
  glGenQueries(1, &name);
  return {name, [](GLuint n) { glDeleteQueries(1, &n); }};
}
inline GlObject make_shader(GLenum stage) { return {glCreateShader(stage), [](GLuint n) { glDeleteShader(n); }}; }
inline GlObject make_program() { return {glCreateProgram(), [](GLuint n) { glDeleteProgram(n); }}; }

}  // namespace whygpu::app
