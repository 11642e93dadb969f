#pragma once
// c = a + b and C = A B as OpenGL 4.3 compute shaders on storage buffers
// (shaders/vector_add.comp, matmul_naive.comp, matmul_tiled.comp).
#include <cstddef>
#include <memory>

#include "app/glcompute/gl_kernels.h"
#include "app/shell/gl.h"

namespace whygpu::app {

// `program` is vector_add.comp (256 invocations per group).
Status make_compute_vector_add(GLuint program, const GlLimits& limits, std::size_t n,
                               std::unique_ptr<GlProblem>* out);
// `program` is matmul_naive.comp or matmul_tiled.comp (16 x 16 invocations per group).
Status make_compute_matmul(GLuint program, const GlLimits& limits, int m, int n, int k,
                           std::unique_ptr<GlProblem>* out);

}  // namespace whygpu::app
