#pragma once
// The OpenGL versions of the lessons' two kernels, c = a + b and C = A B, each written two
// ways: as fragment shaders drawing into float textures (how GPUs were programmed for
// computing before CUDA; any OpenGL 3.3 context), and as compute shaders on storage
// buffers (OpenGL 4.3, the way CUDA thinks). The GLSL is in shaders/.
//
// A GlProblem is one problem placed on the GPU at its size: upload the inputs, run the
// kernel alone as often as wanted, download the output. gl_compute.h makes them.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::app {

enum class GlKernel {
  VectorAddFragment,   // RGBA32F textures, four elements per fragment
  VectorAddCompute,    // storage buffers, one invocation per element
  MatmulFragment,      // R32F textures, one fragment per element of C looping over k
  MatmulComputeNaive,  // storage buffers, one invocation per element of C
  MatmulComputeTiled,  // 16 x 16 tiles of A and B staged in shared memory
};

struct GlKernelInfo {
  std::string_view key;    // for variants and files: "gl-fragment"
  std::string_view label;  // for people: "OpenGL fragment shader (2001 style)"
  std::string_view about;  // one sentence: how it computes
  bool matmul = false;     // C = A B (else c = a + b)
  bool compute = false;    // needs compute shaders (OpenGL 4.3)
};

const std::vector<GlKernel>& all_gl_kernels();
const GlKernelInfo& gl_kernel_info(GlKernel kernel);

// What the context allows, read once when the engine starts.
struct GlLimits {
  int max_texture_size = 0;               // texture and render target width and height
  std::int64_t max_storage_block_bytes = 0;  // one shader storage block (128 MiB on llvmpipe)
  int storage_offset_alignment = 1;       // of a storage block bound within a buffer
  int max_groups_x = 0, max_groups_y = 0;  // work groups of one dispatch
};

// A long product is drawn or dispatched in bands of rows of at most this many
// multiply-adds each, so no single GPU command runs long enough for a desktop's GPU
// watchdog to reset the GPU, and a cancel lands between bands.
inline constexpr double kMaxMultiplyAddsPerBand = 1 << 30;

// Rows per band for an m x n x k product, a multiple of `multiple` (a tile's height).
int rows_per_band(int m, int n, int k, int multiple);

class GlProblem {
 public:
  virtual ~GlProblem() = default;
  // Copies the inputs from the host: a and b (n floats each), or A (m x k) and B (k x n),
  // row-major.
  virtual Status upload(const float* a, const float* b) = 0;
  // Fills the output on the GPU with NaN, so an element the kernel never writes shows.
  virtual Status poison_output() = 0;
  // Enqueues the kernel alone (returns before the GPU is done). `cancel` (may be null)
  // is checked between bands; a cancel returns cancelled_status().
  virtual Status run(const std::atomic<bool>* cancel) = 0;
  // Copies the output back to the host (waits for the kernel): n floats, or m x n.
  virtual Status download(float* c) = 0;
};

}  // namespace whygpu::app
