#include "app/glcompute/gl_compute.h"

#include <algorithm>

#include "app/glcompute/compute_kernels.h"
#include "app/glcompute/fragment_kernels.h"
#include "app/glcompute/gl_error.h"
#include "app/glcompute/gl_program.h"
#include "app/i18n/translate.h"

namespace whygpu::app {

Status GlCompute::create(std::unique_ptr<GlCompute>* out) {
  std::unique_ptr<GlCompute> gl(new GlCompute());
  gl->renderer_ = query_renderer();
  if (gl->renderer_.major < 3 || (gl->renderer_.major == 3 && gl->renderer_.minor < 3))
    return Status::error(Wording::sentence(N_("OpenGL {0} is older than 3.3, which float render targets need"),
                                           {gl->renderer_.version}));
  GlLimits& l = gl->limits_;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &l.max_texture_size);
  GLint viewport[2] = {0, 0};
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
  l.max_texture_size = std::min({l.max_texture_size, viewport[0], viewport[1]});
  if (gl->renderer_.compute_shaders) {
    GLint64 block = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &block);
    l.max_storage_block_bytes = block;
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &l.storage_offset_alignment);
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &l.max_groups_x);
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 1, &l.max_groups_y);
  }
  gl->vertex_array_ = make_vertex_array();
  if (Status s = gl_check(Wording::sentence(N_("reading the limits of {0}"), {gl->renderer_.name_wording()})); !s)
    return s;
  *out = std::move(gl);
  return Status::ok();
}

std::string GlCompute::refusal(GlKernel kernel) const {
  if (gl_kernel_info(kernel).compute && !renderer_.compute_shaders)
    return fill(kNeedsComputeShaders,
                {renderer_.short_name(), std::to_string(renderer_.major), std::to_string(renderer_.minor)});
  return "";
}

Status GlCompute::program(GlKernel kernel, GLuint* out) {
  if (const std::string why = refusal(kernel); !why.empty())
    return Status::error(recognised_sentence(why, {kNeedsComputeShaders}));
  auto found = programs_.find(kernel);
  if (found == programs_.end()) {
    GlObject built;
    Status s = Status::ok();
    switch (kernel) {
      case GlKernel::VectorAddFragment: s = build_program({"fullscreen.vert", "vector_add.frag"}, &built); break;
      case GlKernel::VectorAddCompute: s = build_program({"vector_add.comp"}, &built); break;
      case GlKernel::MatmulFragment: s = build_program({"fullscreen.vert", "matmul.frag"}, &built); break;
      case GlKernel::MatmulComputeNaive: s = build_program({"matmul_naive.comp"}, &built); break;
      case GlKernel::MatmulComputeTiled: s = build_program({"matmul_tiled.comp"}, &built); break;
    }
    if (!s) return s;
    found = programs_.emplace(kernel, std::move(built)).first;
  }
  *out = found->second.get();
  return Status::ok();
}

Status GlCompute::vector_add_problem(GlKernel kernel, std::size_t n, std::unique_ptr<GlProblem>* out) {
  if (gl_kernel_info(kernel).matmul)
    return Status::error(Wording::sentence(N_("{0} is a matmul"), {std::string(gl_kernel_info(kernel).key)}));
  GLuint p = 0;
  if (Status s = program(kernel, &p); !s) return s;
  return kernel == GlKernel::VectorAddFragment ? make_fragment_vector_add(p, vertex_array_.get(), limits_, n, out)
                                               : make_compute_vector_add(p, limits_, n, out);
}

Status GlCompute::matmul_problem(GlKernel kernel, int m, int n, int k, std::unique_ptr<GlProblem>* out) {
  if (!gl_kernel_info(kernel).matmul)
    return Status::error(Wording::sentence(N_("{0} is a vector add"), {std::string(gl_kernel_info(kernel).key)}));
  GLuint p = 0;
  if (Status s = program(kernel, &p); !s) return s;
  return kernel == GlKernel::MatmulFragment ? make_fragment_matmul(p, vertex_array_.get(), limits_, m, n, k, out)
                                            : make_compute_matmul(p, limits_, m, n, k, out);
}

Status round_trip(GlProblem& problem, const float* a, const float* b, float* c) {
  if (Status s = problem.upload(a, b); !s) return s;
  if (Status s = problem.poison_output(); !s) return s;
  if (Status s = problem.run(nullptr); !s) return s;
  return problem.download(c);
}

Status GlCompute::vector_add(GlKernel kernel, const float* a, const float* b, float* c, std::size_t n) {
  std::unique_ptr<GlProblem> problem;
  if (Status s = vector_add_problem(kernel, n, &problem); !s) return s;
  return round_trip(*problem, a, b, c);
}

Status GlCompute::matmul(GlKernel kernel, const float* a, const float* b, float* c, int m, int n, int k) {
  std::unique_ptr<GlProblem> problem;
  if (Status s = matmul_problem(kernel, m, n, k, &problem); !s) return s;
  return round_trip(*problem, a, b, c);
}

}  // namespace whygpu::app
