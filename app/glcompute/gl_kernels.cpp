#include "app/glcompute/gl_kernels.h"

#include <algorithm>

#include "compute/core/translation_marker.h"

namespace whygpu::app {
namespace {

// Labels and descriptions are marked N_(): the matmul ladder's tooltips show them in the
// page's language; measurement rows and the command line keep them as written here.
const GlKernelInfo kKernels[] = {
    {"gl-fragment", N_("OpenGL fragment shader"),
     N_("The vectors are RGBA32F textures, four numbers per texel; drawing c runs one fragment per texel, which "
        "adds its texels of a and b."),
     false, false},
    {"gl-compute", N_("OpenGL compute shader"),
     N_("Storage buffers and one invocation per element, 256 per work group: a CUDA kernel written in GLSL."), false,
     true},
    {"gl-fragment", N_("OpenGL fragment shader (2001 style)"),
     N_("The matrices are float textures; drawing C runs one fragment per element, which loops over k reading a row "
        "of A and a column of B."),
     true, false},
    {"gl-compute-naive", N_("OpenGL compute shader, naive"),
     N_("One invocation per element of C on storage buffers, like the naive CUDA kernel."), true, true},
    {"gl-compute-tiled", N_("OpenGL compute shader, shared tiles"),
     N_("16 x 16 tiles of A and B copied into shared memory and reused 16 times, with barrier() as "
        "__syncthreads()."),
     true, true},
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
