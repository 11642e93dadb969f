#pragma once
// The OpenGL compute engine of one context: what the renderer is, which kernels it can
// run, the compiled programs (built on first use), and problems placed at a size.
//
//   std::unique_ptr<GlCompute> gl;
//   Status s = GlCompute::create(&gl);     // in a current OpenGL 3.3+ context
//   s = gl->matmul(GlKernel::MatmulFragment, a, b, c, m, n, k);  // host arrays in and out
//
// Everything must run on the thread where that context is current: GlComputeThread
// (gl_compute_thread.h) gives the app one.
#include <cstddef>
#include <map>
#include <memory>
#include <string>

#include "app/glcompute/gl_kernels.h"
#include "app/glcompute/gl_objects.h"
#include "app/glcompute/gl_renderer.h"
#include "compute/core/translation_marker.h"

namespace whygpu::app {

// GlCompute::refusal() of a compute shader: the renderer, the OpenGL version it offers.
inline constexpr const char* kNeedsComputeShaders = N_("compute shaders need OpenGL 4.3; {0} offers {1}.{2}");

class GlCompute {
 public:
  static Status create(std::unique_ptr<GlCompute>* out);

  const GlRenderer& renderer() const { return renderer_; }
  const GlLimits& limits() const { return limits_; }
  // Why `kernel` cannot run in this context ("" when it can), in English: it becomes a
  // measurement row's note (shown_gl_note(), gl_bench.h).
  std::string refusal(GlKernel kernel) const;

  // A problem placed on the GPU: `kernel` must be a vector add.
  Status vector_add_problem(GlKernel kernel, std::size_t n, std::unique_ptr<GlProblem>* out);
  // `kernel` must be a matmul.
  Status matmul_problem(GlKernel kernel, int m, int n, int k, std::unique_ptr<GlProblem>* out);

  // Round trips on host arrays (what the tests check): upload, fill the output with NaN,
  // run, download.
  Status vector_add(GlKernel kernel, const float* a, const float* b, float* c, std::size_t n);
  Status matmul(GlKernel kernel, const float* a, const float* b, float* c, int m, int n, int k);

 private:
  GlCompute() = default;
  Status program(GlKernel kernel, GLuint* out);

  GlRenderer renderer_;
  GlLimits limits_;
  GlObject vertex_array_;
  std::map<GlKernel, GlObject> programs_;
};

// Uploads, poisons, runs and downloads one problem.
Status round_trip(GlProblem& problem, const float* a, const float* b, float* c);

}  // namespace whygpu::app
