#include "app/glcompute/gl_program.h"

#include <string_view>
#include <vector>

#include "app/glcompute/gl_error.h"
#include "shaders/embedded_shaders.h"

namespace whygpu::app {
namespace {

bool ends_with(std::string_view text, std::string_view end) {
  return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

Status stage_of(std::string_view file, GLenum* stage) {
  if (ends_with(file, ".vert")) *stage = GL_VERTEX_SHADER;
  else if (ends_with(file, ".frag")) *stage = GL_FRAGMENT_SHADER;
  else if (ends_with(file, ".comp")) *stage = GL_COMPUTE_SHADER;
  else return Status::error(Wording::sentence(N_("{0}: not a .vert, .frag or .comp shader"), {std::string(file)}));
  return Status::ok();
}

std::string shader_log(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
  glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return log.data();
}

std::string program_log(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
  glGetProgramInfoLog(program, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return log.data();
}

}  // namespace

Status build_program(std::initializer_list<const char*> files, GlObject* program) {
  std::vector<GlObject> shaders;
  std::string names;
  for (const char* file : files) {
    names += (names.empty() ? "" : " + ") + std::string(file);
    const std::string_view source = shaders::source(file);
    if (source.empty()) return Status::error(Wording::sentence(N_("no shader {0} was built into whygpu"), {file}));
    GLenum stage = 0;
    if (Status s = stage_of(file, &stage); !s) return s;
    GlObject shader = make_shader(stage);
    if (!shader.get()) return gl_check(Wording::sentence(N_("creating shader {0}"), {file})).with_context("OpenGL");
    const char* text = source.data();
    const GLint length = static_cast<GLint>(source.size());
    glShaderSource(shader.get(), 1, &text, &length);
    glCompileShader(shader.get());
    GLint compiled = GL_FALSE;
    glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &compiled);
    if (compiled != GL_TRUE)
      return Status::error(
          Wording::sentence(N_("the driver could not compile {0}: {1}"), {file, shader_log(shader.get())}));
    shaders.push_back(std::move(shader));
  }
  GlObject linked = make_program();
  for (const GlObject& shader : shaders) glAttachShader(linked.get(), shader.get());
  glLinkProgram(linked.get());
  GLint ok = GL_FALSE;
  glGetProgramiv(linked.get(), GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE)
    return Status::error(
        Wording::sentence(N_("the driver could not link {0}: {1}"), {names, program_log(linked.get())}));
  if (Status s = gl_check(Wording::sentence(N_("building {0}"), {names})); !s) return s;
  *program = std::move(linked);
  return Status::ok();
}

Status uniform_location(GLuint program, const char* name, GLint* location) {
  *location = glGetUniformLocation(program, name);
  if (*location < 0) return Status::error(Wording::sentence(N_("the shader program has no uniform '{0}'"), {name}));
  return Status::ok();
}

}  // namespace whygpu::app
