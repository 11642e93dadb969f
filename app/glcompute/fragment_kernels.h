#pragma once
// The 2001 way: c = a + b and C = A B as fragment shaders drawing into float textures
// (shaders/vector_add.frag, shaders/matmul.frag), on any OpenGL 3.3 context.
#include <cstddef>
#include <memory>

#include "app/glcompute/gl_kernels.h"
#include "app/shell/gl.h"

namespace whygpu::app {

// `program` links fullscreen.vert with vector_add.frag; `vertex_array` is an empty VAO
// (a core context draws nothing without one).
Status make_fragment_vector_add(GLuint program, GLuint vertex_array, const GlLimits& limits, std::size_t n,
                                std::unique_ptr<GlProblem>* out);
// `program` links fullscreen.vert with matmul.frag.
Status make_fragment_matmul(GLuint program, GLuint vertex_array, const GlLimits& limits, int m, int n, int k,
                            std::unique_ptr<GlProblem>* out);

}  // namespace whygpu::app
