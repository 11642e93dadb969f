#include "app/glcompute/gl_kernels.h"

#include <algorithm>

namespace whygpu::app {
namespace {

const GlKernelInfo kKernels[] = {
    {"gl-fragment", "OpenGL fragment shader", "The vectors are RGBA32F textures, four numbers per texel; drawing c "
     "runs one fragment per texel, which adds its texels of a and b.", false, false},
    {"gl-compute", "OpenGL compute shader", "Storage buffers and one invocation per element, 256 per work group: "
     "a CUDA kernel written in GLSL.", false, true},
    {"gl-fragment", "OpenGL fragment shader (2001 style)", "The matrices are float textures; drawing C runs one "
     "fragment per element, which loops over k reading a row of A and a column of B.", true, false},
    {"gl-compute-naive", "OpenGL compute shader, naive", "One invocation per element of C on storage buffers, like "
     "the naive CUDA kernel.", true, true},
    {"gl-compute-tiled", "OpenGL compute shader, shared tiles", "16 x 16 tiles of A and B copied into shared memory "
     "and reused 16 times, with barrier() as __syncthreads().", true, true},
};

}  // namespace

const std::vector<GlKernel>& all_gl_kernels() {
  static const std::vector<GlKernel> all = {GlKernel::VectorAddFragment, GlKernel::VectorAddCompute,
                                            GlKernel::MatmulFragment, GlKernel::MatmulComputeNaive,
                                            GlKernel::MatmulComputeTiled};
  return all;
}

const GlKernelInfo& gl_kernel_info(GlKernel kernel) { return kKernels[static_cast<int>(kernel)]; }

int rows_per_band(int m, int n, int k, int multiple) {
  const double per_row = static_cast<double>(n) * static_cast<double>(std::max(k, 1));
  const int fit = static_cast<int>(std::min<double>(m, kMaxMultiplyAddsPerBand / per_row));
  const int rounded = fit / multiple * multiple;
  return std::max(rounded, multiple);
}

}  // namespace whygpu::app
