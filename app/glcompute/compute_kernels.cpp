#include "app/glcompute/compute_kernels.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <string>

#include "app/glcompute/gl_error.h"
#include "app/glcompute/gl_objects.h"
#include "app/glcompute/gl_program.h"
#include "compute/core/measure.h"

namespace whygpu::app {
namespace {

constexpr int kVectorGroup = 256;  // local_size_x of vector_add.comp
constexpr int kMatmulGroup = 16;   // local_size_x and _y of the matmul shaders

std::string mib(double bytes) { return std::to_string(static_cast<long long>(bytes / (1 << 20))) + " MiB"; }

// A storage buffer of `floats` floats. Inputs are hinted STATIC_DRAW and the output
// DYNAMIC_COPY: drivers place both in GPU memory, not in memory the CPU reads fast.
// `what` names it in a failure, marked N_() ("vector a"), as poison() and download_from() do.
Status make_storage(std::size_t floats, GLenum usage, const char* what, GlObject* out) {
  GlObject buffer = make_buffer();
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer.get());
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(floats * sizeof(float)), nullptr, usage);
  if (Status s = gl_check(Wording::sentence(N_("allocating {0} ({1})"), {Wording::sentence(what), mib(floats * 4.0)}));
      !s)
    return s;
  *out = std::move(buffer);
  return Status::ok();
}

Status upload_to(GLuint buffer, const float* data, std::size_t floats) {
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
  glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(floats * sizeof(float)), data);
  return Status::ok();
}

Status poison(GLuint buffer, const char* what) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
  glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32F, GL_RED, GL_FLOAT, &nan);
  return gl_check(Wording::sentence(N_("filling {0} with NaN"), {Wording::sentence(what)}));
}

Status download_from(GLuint buffer, float* data, std::size_t floats, const char* what) {
  // Shader writes reach glGetBufferSubData only after this barrier.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(floats * sizeof(float)), data);
  return gl_check(Wording::sentence(N_("reading {0} back"), {Wording::sentence(what)}));
}

Status set_uniform(GLuint program, const char* name, GLint value) {
  GLint location = -1;
  if (Status s = uniform_location(program, name, &location); !s) return s;
  glUniform1i(location, value);
  return Status::ok();
}

// c = a + b on storage buffers. One storage block may be smaller than the vectors (128 MiB
// on llvmpipe), so each dispatch binds a chunk of the three buffers.
class ComputeVectorAdd final : public GlProblem {
 public:
  ComputeVectorAdd(GLuint program, const GlLimits& limits, std::size_t n) : program_(program), limits_(limits), n_(n) {}

  Status allocate() {
    if (Status s = make_storage(n_, GL_STATIC_DRAW, N_("vector a"), &a_); !s) return s;
    if (Status s = make_storage(n_, GL_STATIC_DRAW, N_("vector b"), &b_); !s) return s;
    return make_storage(n_, GL_DYNAMIC_COPY, N_("vector c"), &c_);
  }

  Status upload(const float* a, const float* b) override {
    upload_to(a_.get(), a, n_);
    upload_to(b_.get(), b, n_);
    return gl_check(Wording::sentence(N_("uploading vectors a and b ({0} floats each)"), {std::to_string(n_)}));
  }

  Status poison_output() override { return poison(c_.get(), N_("vector c")); }

  Status run(const std::atomic<bool>*) override {
    glUseProgram(program_);
    GLint count_location = -1;
    if (Status s = uniform_location(program_, "count", &count_location); !s) return s;
    const std::size_t chunk = chunk_floats();
    for (std::size_t first = 0; first < n_; first += chunk) {
      const std::size_t count = std::min(chunk, n_ - first);
      const auto offset = static_cast<GLintptr>(first * sizeof(float));
      const auto bytes = static_cast<GLsizeiptr>(count * sizeof(float));
      glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, a_.get(), offset, bytes);
      glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, b_.get(), offset, bytes);
      glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 2, c_.get(), offset, bytes);
      glUniform1ui(count_location, static_cast<GLuint>(count));
      const std::size_t groups = (count + kVectorGroup - 1) / kVectorGroup;
      const std::size_t x = std::min(groups, static_cast<std::size_t>(limits_.max_groups_x));
      glDispatchCompute(static_cast<GLuint>(x), static_cast<GLuint>((groups + x - 1) / x), 1);
    }
    return gl_check(Wording::sentence(N_("dispatching c = a + b ({0} elements)"), {std::to_string(n_)}));
  }

  Status download(float* c) override { return download_from(c_.get(), c, n_, N_("vector c")); }

 private:
  // The most floats one binding may hold: within the block limit, a multiple of the
  // offset alignment (so the next chunk's offset is legal) and of the group size.
  std::size_t chunk_floats() const {
    const std::size_t align = std::max<std::size_t>(static_cast<std::size_t>(limits_.storage_offset_alignment) / 4, 1);
    const std::size_t unit = std::lcm(align, static_cast<std::size_t>(kVectorGroup));
    const std::size_t most = static_cast<std::size_t>(limits_.max_storage_block_bytes) / sizeof(float);
    return std::max(most / unit * unit, unit);
  }

  GLuint program_;
  GlLimits limits_;
  std::size_t n_;
  GlObject a_, b_, c_;
};

// C = A B on storage buffers, row-major; each matrix must fit one storage block.
class ComputeMatmul final : public GlProblem {
 public:
  ComputeMatmul(GLuint program, int m, int n, int k) : program_(program), m_(m), n_(n), k_(k) {}

  Status allocate() {
    if (Status s = make_storage(count(m_, k_), GL_STATIC_DRAW, N_("matrix A"), &a_); !s) return s;
    if (Status s = make_storage(count(k_, n_), GL_STATIC_DRAW, N_("matrix B"), &b_); !s) return s;
    return make_storage(count(m_, n_), GL_DYNAMIC_COPY, N_("matrix C"), &c_);
  }

  Status upload(const float* a, const float* b) override {
    upload_to(a_.get(), a, count(m_, k_));
    upload_to(b_.get(), b, count(k_, n_));
    return gl_check(Wording::sentence(N_("uploading matrices A and B")));
  }

  Status poison_output() override { return poison(c_.get(), N_("matrix C")); }

  Status run(const std::atomic<bool>* cancel) override {
    glUseProgram(program_);
    for (const auto& [name, value] : {std::pair{"m", m_}, std::pair{"n", n_}, std::pair{"k", k_}})
      if (Status s = set_uniform(program_, name, value); !s) return s;
    GLint first_row = -1;
    if (Status s = uniform_location(program_, "first_row", &first_row); !s) return s;
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, a_.get());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, b_.get());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, c_.get());
    const int band = rows_per_band(m_, n_, k_, kMatmulGroup);
    const auto groups = [](int size) { return static_cast<GLuint>((size + kMatmulGroup - 1) / kMatmulGroup); };
    for (int row = 0; row < m_; row += band) {
      if (row > 0 && cancel && cancel->load()) return cancelled_status();
      glUniform1i(first_row, row);
      glDispatchCompute(groups(n_), groups(std::min(band, m_ - row)), 1);
      if (band < m_) glFlush();  // hand each band to the GPU now
    }
    return gl_check(Wording::sentence(N_("dispatching C = A B ({0} x {1}, k = {2})"),
                                      {std::to_string(m_), std::to_string(n_), std::to_string(k_)}));
  }

  Status download(float* c) override { return download_from(c_.get(), c, count(m_, n_), N_("matrix C")); }

 private:
  static std::size_t count(int rows, int cols) { return static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols); }

  GLuint program_;
  int m_, n_, k_;
  GlObject a_, b_, c_;
};

}  // namespace

Status make_compute_vector_add(GLuint program, const GlLimits& limits, std::size_t n,
                               std::unique_ptr<GlProblem>* out) {
  if (n == 0) return Status::error(Wording::sentence(N_("vector add: the length must be at least 1")));
  if (n > std::numeric_limits<std::uint32_t>::max())
    return Status::error(Wording::sentence(N_("vector add: more than 2^32 elements")));
  auto problem = std::make_unique<ComputeVectorAdd>(program, limits, n);
  if (Status s = problem->allocate(); !s) return s;
  *out = std::move(problem);
  return Status::ok();
}

Status make_compute_matmul(GLuint program, const GlLimits& limits, int m, int n, int k,
                           std::unique_ptr<GlProblem>* out) {
  if (m < 1 || n < 1 || k < 1) return Status::error(Wording::sentence(N_("matmul: sizes must be at least 1")));
  const double largest = 4.0 * std::max({static_cast<double>(m) * k, static_cast<double>(k) * n,
                                         static_cast<double>(m) * n});
  if (largest > static_cast<double>(limits.max_storage_block_bytes))
    return Status::error(Wording::sentence(
        N_("matmul {0} x {1} x {2}: a matrix of {3} is larger than this OpenGL's largest storage block ({4})"),
        {std::to_string(m), std::to_string(n), std::to_string(k), mib(largest),
         mib(static_cast<double>(limits.max_storage_block_bytes))}));
  if ((n + kMatmulGroup - 1) / kMatmulGroup > limits.max_groups_x)
    return Status::error(Wording::sentence(N_("matmul: n = {0} needs more work groups than one dispatch allows"),
                                           {std::to_string(n)}));
  auto problem = std::make_unique<ComputeMatmul>(program, m, n, k);
  if (Status s = problem->allocate(); !s) return s;
  *out = std::move(problem);
  return Status::ok();
}

}  // namespace whygpu::app
