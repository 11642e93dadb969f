#pragma once
// The OpenGL kernels as benchmark rows, through the same harness and the same row format
// as `whygpu bench` (compute/kernels/measurement.h), so the timing lessons plot them beside
// the CPU and CUDA curves. Each size is checked against the CPU (fresh random inputs, the
// output filled with NaN first) before it is timed; a wrong result is a failed row that
// says which element is wrong, and is never plotted.
//
// Clocks. The kernel alone is timed on the GPU's own clock, with GL_TIME_ELAPSED timer
// queries: like CUDA events, they leave out the time to launch and to wait. "With copies"
// is timed phase by phase (h2d, kernel, d2h, total) on the CPU clock with glFinish after
// each phase: what the program waits for, since OpenGL has no copy from pinned memory
// whose start and end the GPU could time. A software renderer's timer queries do not
// cover its work (llvmpipe reports a fraction of a draw's time, and 0 for a dispatch), so
// on one everything is timed on the CPU clock with glFinish, and its rows say so.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "app/glcompute/gl_compute_thread.h"
#include "compute/kernels/measurement.h"

namespace whygpu::app {

struct GlVariant {
  GlKernel kernel = GlKernel::VectorAddFragment;
  bool with_copies = false;  // vector add only: upload a and b, add, download c
};
std::string gl_variant_key(const GlVariant& variant);    // "gl-compute-with-copies"
std::string gl_variant_label(const GlVariant& variant);  // "OpenGL compute shader with copies"

// A software renderer stops the products here, as the naive CPU loop stops at
// BenchOptions::cpu_naive_max_n: llvmpipe took 1.8 s for n = 512 and 16 s for 1024 on a
// busy 2-core machine (0.15 GFLOP/s).
inline constexpr int kSoftwareMatmulMaxN = 512;
// And the vector adds here: above it one addition takes llvmpipe seconds, and its buffers
// (in the computer's memory, beside the host's copies) gigabytes.
inline constexpr std::size_t kSoftwareVectorAddMaxN = std::size_t{1} << 24;

// A measurement row's note (Measurement::note, in English in a recording), in the page's
// language where it is one of the OpenGL back end's own sentences: a size it skipped on a
// software renderer, the OpenGL version it needs; any other text as it is.
std::string shown_gl_note(const std::string& note);

// Times one variant at n elements and appends its rows (one, or four with copies).
Status run_gl_vector_add(GlCompute& gl, const GlVariant& variant, std::size_t n, const kernels::BenchOptions& options,
                         std::vector<kernels::Measurement>* rows);
// Times one n x n x n product and appends its row.
Status run_gl_matmul(GlCompute& gl, GlKernel kernel, int n, const kernels::BenchOptions& options,
                     std::vector<kernels::Measurement>* rows);

// Sentences comparing each shader with its peer measured in the same run, size by size:
// the CUDA kernel that works the same way where there is one, else the CPU.
//   "matmul n=2048: gl-fragment 812 GFLOP/s = 0.61 x gpu-coalesced (1330 GFLOP/s)"
std::vector<std::string> gl_summary(const std::vector<kernels::Measurement>& rows);

// Sweep jobs that run on `thread` (sizes outer). Jobs on a software renderer are marked
// as timing the CPU. Without OpenGL each job gives an absent row saying why.
std::vector<kernels::SweepJob> gl_vector_add_jobs(const std::shared_ptr<GlComputeThread>& thread,
                                                  const std::vector<GlVariant>& variants,
                                                  const std::vector<std::size_t>& sizes,
                                                  const kernels::BenchOptions& options);
std::vector<kernels::SweepJob> gl_matmul_jobs(const std::shared_ptr<GlComputeThread>& thread,
                                              const std::vector<GlKernel>& kernels, const std::vector<int>& sizes,
                                              const kernels::BenchOptions& options);

}  // namespace whygpu::app
