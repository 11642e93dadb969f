#include "app/glcompute/fragment_kernels.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "app/glcompute/gl_error.h"
#include "app/glcompute/gl_objects.h"
#include "app/glcompute/gl_program.h"
#include "compute/core/measure.h"

namespace whygpu::app {
namespace {

std::string dims(long long w, long long h) { return std::to_string(w) + " x " + std::to_string(h); }

// A float texture of w x h texels with nearest filtering: texelFetch on a texture whose
// default filter wants mipmaps it does not have reads zeros. `what` names it in a
// failure, marked N_() ("vector a"), as make_target() and poison() do.
Status make_float_texture(GLenum internal_format, GLenum format, int w, int h, const char* what,
                          GlObject* out) {
  GlObject texture = make_texture();
  glBindTexture(GL_TEXTURE_2D, texture.get());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(internal_format), w, h, 0, format, GL_FLOAT, nullptr);
  if (Status s = gl_check(Wording::sentence(N_("allocating {0} ({1} texture)"), {Wording::sentence(what), dims(w, h)}));
      !s)
    return s;
  *out = std::move(texture);
  return Status::ok();
}

// A framebuffer that renders into `texture`.
Status make_target(GLuint texture, const char* what, GlObject* out) {
  GlObject framebuffer = make_framebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  const GLenum complete = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (complete != GL_FRAMEBUFFER_COMPLETE)
    return Status::error(Wording::sentence(N_("this OpenGL cannot render into {0} (framebuffer status {1})"),
                                           {Wording::sentence(what), std::to_string(complete)}));
  *out = std::move(framebuffer);
  return gl_check(Wording::sentence(N_("making {0} a render target"), {Wording::sentence(what)}));
}

Status poison(GLuint framebuffer, const char* what) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float colour[4] = {nan, nan, nan, nan};
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glDisable(GL_SCISSOR_TEST);  // a clear obeys the scissor box
  glClearBufferfv(GL_COLOR, 0, colour);
  return gl_check(Wording::sentence(N_("filling {0} with NaN"), {Wording::sentence(what)}));
}

// Binds `texture` to unit `unit` and points the sampler uniform `name` at it.
Status bind_input(GLuint program, const char* name, int unit, GLuint texture) {
  GLint location = -1;
  if (Status s = uniform_location(program, name, &location); !s) return s;
  glUniform1i(location, unit);
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
  glBindTexture(GL_TEXTURE_2D, texture);
  return Status::ok();
}

// c = a + b on n floats in RGBA32F textures of width x height texels, filled row by row:
// element i is component i % 4 of texel i / 4. The last texel may be part-used.
class FragmentVectorAdd final : public GlProblem {
 public:
  FragmentVectorAdd(GLuint program, GLuint vertex_array, std::size_t n, int width, int height)
      : program_(program), vertex_array_(vertex_array), n_(n), width_(width), height_(height) {}

  Status allocate() {
    if (Status s = make_float_texture(GL_RGBA32F, GL_RGBA, width_, height_, N_("vector a"), &a_); !s) return s;
    if (Status s = make_float_texture(GL_RGBA32F, GL_RGBA, width_, height_, N_("vector b"), &b_); !s) return s;
    if (Status s = make_float_texture(GL_RGBA32F, GL_RGBA, width_, height_, N_("vector c"), &c_); !s) return s;
    return make_target(c_.get(), N_("vector c"), &target_);
  }

  Status upload(const float* a, const float* b) override {
    for (const auto& [texture, data] : {std::pair{a_.get(), a}, std::pair{b_.get(), b}}) {
      glBindTexture(GL_TEXTURE_2D, texture);
      for (const Piece& p : pieces()) {
        float texel[4] = {0, 0, 0, 0};  // the part-used last texel goes through a copy
        const float* from = data + p.first;
        if (p.count < 4) std::copy(from, from + p.count, texel);
        glTexSubImage2D(GL_TEXTURE_2D, 0, p.x, p.y, p.w, p.h, GL_RGBA, GL_FLOAT, p.count < 4 ? texel : from);
      }
    }
    return gl_check(Wording::sentence(N_("uploading vectors a and b ({0} floats each)"), {std::to_string(n_)}));
  }

  Status poison_output() override { return poison(target_.get(), N_("vector c")); }

  Status run(const std::atomic<bool>*) override {
    glBindFramebuffer(GL_FRAMEBUFFER, target_.get());
    glDisable(GL_SCISSOR_TEST);
    glViewport(0, 0, width_, height_);
    glUseProgram(program_);
    if (Status s = bind_input(program_, "a", 0, a_.get()); !s) return s;
    if (Status s = bind_input(program_, "b", 1, b_.get()); !s) return s;
    glBindVertexArray(vertex_array_);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    return gl_check(Wording::sentence(N_("drawing c = a + b ({0} texels)"), {dims(width_, height_)}));
  }

  Status download(float* c) override {
    glBindFramebuffer(GL_FRAMEBUFFER, target_.get());
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    for (const Piece& p : pieces()) {
      float texel[4];
      glReadPixels(p.x, p.y, p.w, p.h, GL_RGBA, GL_FLOAT, p.count < 4 ? texel : c + p.first);
      if (p.count < 4) std::copy(texel, texel + p.count, c + p.first);
    }
    return gl_check(Wording::sentence(N_("reading vector c back ({0} floats)"), {std::to_string(n_)}));
  }

 private:
  // A rectangle of texels and the elements [first, first + count) it holds.
  struct Piece {
    int x, y, w, h;
    std::size_t first, count;
  };
  // The whole rows, the rest of the last row, and the part-used last texel (count < 4: it
  // is copied through 4 floats of its own, so no byte past n is read or written).
  std::vector<Piece> pieces() const {
    const std::size_t full = n_ / 4, tail = n_ % 4, width = static_cast<std::size_t>(width_);
    const int rows = static_cast<int>(full / width), rest = static_cast<int>(full % width);
    const std::size_t row_elements = width * 4;
    std::vector<Piece> out;
    if (rows > 0) out.push_back({0, 0, width_, rows, 0, rows * row_elements});
    if (rest > 0) out.push_back({0, rows, rest, 1, rows * row_elements, static_cast<std::size_t>(rest) * 4});
    if (tail > 0) out.push_back({rest, rows, 1, 1, full * 4, tail});
    return out;
  }

  GLuint program_, vertex_array_;
  std::size_t n_;
  int width_, height_;
  GlObject a_, b_, c_, target_;
};

// C = A B in R32F textures: A is k wide and m high, B n x k, C n x m (x = column).
class FragmentMatmul final : public GlProblem {
 public:
  FragmentMatmul(GLuint program, GLuint vertex_array, int m, int n, int k)
      : program_(program), vertex_array_(vertex_array), m_(m), n_(n), k_(k) {}

  Status allocate() {
    if (Status s = make_float_texture(GL_R32F, GL_RED, k_, m_, N_("matrix A"), &a_); !s) return s;
    if (Status s = make_float_texture(GL_R32F, GL_RED, n_, k_, N_("matrix B"), &b_); !s) return s;
    if (Status s = make_float_texture(GL_R32F, GL_RED, n_, m_, N_("matrix C"), &c_); !s) return s;
    return make_target(c_.get(), N_("matrix C"), &target_);
  }

  Status upload(const float* a, const float* b) override {
    glBindTexture(GL_TEXTURE_2D, a_.get());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, k_, m_, GL_RED, GL_FLOAT, a);
    glBindTexture(GL_TEXTURE_2D, b_.get());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, n_, k_, GL_RED, GL_FLOAT, b);
    return gl_check(Wording::sentence(N_("uploading matrices A ({0}) and B ({1})"), {dims(m_, k_), dims(k_, n_)}));
  }

  Status poison_output() override { return poison(target_.get(), N_("matrix C")); }

  Status run(const std::atomic<bool>* cancel) override {
    glBindFramebuffer(GL_FRAMEBUFFER, target_.get());
    glViewport(0, 0, n_, m_);
    glUseProgram(program_);
    if (Status s = bind_input(program_, "a", 0, a_.get()); !s) return s;
    if (Status s = bind_input(program_, "b", 1, b_.get()); !s) return s;
    GLint k_location = -1;
    if (Status s = uniform_location(program_, "k", &k_location); !s) return s;
    glUniform1i(k_location, k_);
    glBindVertexArray(vertex_array_);
    // The scissor box limits each draw to a band of rows: only its fragments run.
    glEnable(GL_SCISSOR_TEST);
    const int band = rows_per_band(m_, n_, k_, 1);
    for (int row = 0; row < m_; row += band) {
      if (row > 0 && cancel && cancel->load()) {
        glDisable(GL_SCISSOR_TEST);
        return cancelled_status();
      }
      glScissor(0, row, n_, std::min(band, m_ - row));
      glDrawArrays(GL_TRIANGLES, 0, 3);
      if (band < m_) glFlush();  // hand each band to the GPU now
    }
    glDisable(GL_SCISSOR_TEST);
    return gl_check(Wording::sentence(N_("drawing C = A B ({0}, k = {1})"), {dims(m_, n_), std::to_string(k_)}));
  }

  Status download(float* c) override {
    glBindFramebuffer(GL_FRAMEBUFFER, target_.get());
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glReadPixels(0, 0, n_, m_, GL_RED, GL_FLOAT, c);
    return gl_check(Wording::sentence(N_("reading matrix C back ({0})"), {dims(m_, n_)}));
  }

 private:
  GLuint program_, vertex_array_;
  int m_, n_, k_;
  GlObject a_, b_, c_, target_;
};

}  // namespace

Status make_fragment_vector_add(GLuint program, GLuint vertex_array, const GlLimits& limits, std::size_t n,
                                std::unique_ptr<GlProblem>* out) {
  if (n == 0) return Status::error(Wording::sentence(N_("vector add: the length must be at least 1")));
  const std::size_t texels = (n + 3) / 4;
  const auto side = static_cast<std::size_t>(limits.max_texture_size);
  const std::size_t width = std::min(texels, side);
  const std::size_t height = (texels + width - 1) / width;
  if (height > side)
    return Status::error(Wording::sentence(
        N_("vector add of {0} floats: more than this OpenGL's largest texture ({1} texels of 4 floats) holds"),
        {std::to_string(n), dims(limits.max_texture_size, limits.max_texture_size)}));
  auto problem = std::make_unique<FragmentVectorAdd>(program, vertex_array, n, static_cast<int>(width),
                                                     static_cast<int>(height));
  if (Status s = problem->allocate(); !s) return s;
  *out = std::move(problem);
  return Status::ok();
}

Status make_fragment_matmul(GLuint program, GLuint vertex_array, const GlLimits& limits, int m, int n, int k,
                            std::unique_ptr<GlProblem>* out) {
  if (m < 1 || n < 1 || k < 1) return Status::error(Wording::sentence(N_("matmul: sizes must be at least 1")));
  const int side = limits.max_texture_size;
  if (m > side || n > side || k > side)
    return Status::error(
        Wording::sentence(N_("matmul {0} x {1} x {2}: a matrix side is above this OpenGL's largest texture, {3}"),
                          {std::to_string(m), std::to_string(n), std::to_string(k), std::to_string(side)}));
  auto problem = std::make_unique<FragmentMatmul>(program, vertex_array, m, n, k);
  if (Status s = problem->allocate(); !s) return s;
  *out = std::move(problem);
  return Status::ok();
}

}  // namespace whygpu::app
