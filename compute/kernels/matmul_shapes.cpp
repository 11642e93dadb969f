// The shape families of the hand-written rungs and the process-wide selection; "auto"
// follows the tables of auto_tile_shape.cpp.
#include "compute/kernels/matmul_shapes.h"

#include <atomic>

#include "compute/core/gpu_info.h"
#include "compute/kernels/auto_tile_shape.h"

namespace whygpu::kernels {
namespace {

struct Family {
  MatmulVariant variant;
  std::vector<KernelShape> shapes;
  std::atomic<int> selected{-1};  // -1: auto
};

std::vector<KernelShape> concat(std::vector<std::vector<KernelShape>> lists) {
  std::vector<KernelShape> all;
  for (auto& l : lists)
    for (auto& s : l) all.push_back(std::move(s));
  return all;
}

Family* family(MatmulVariant variant) {
  static Family fp32{MatmulVariant::GpuRegisterTiled,
                     concat({register_tiled_shapes(), pipelined_shapes(), async_transposed_shapes()})};
  static Family wmma_fp16{MatmulVariant::GpuTcWmmaFp16, wmma_shapes(LowPrecision::Fp16)};
  static Family wmma_bf16{MatmulVariant::GpuTcWmmaBf16, wmma_shapes(LowPrecision::Bf16)};
  static Family mma{MatmulVariant::GpuTcMmaBf16, mma_shapes()};
  static Family wgmma{MatmulVariant::GpuTcWgmmaBf16, wgmma_shapes()};
  switch (variant) {
    case MatmulVariant::GpuRegisterTiled: return &fp32;
    case MatmulVariant::GpuTcWmmaFp16: return &wmma_fp16;
    case MatmulVariant::GpuTcWmmaBf16: return &wmma_bf16;
    case MatmulVariant::GpuTcMmaBf16: return &mma;
    case MatmulVariant::GpuTcWgmmaBf16: return &wgmma;
    default: return nullptr;
  }
}

// -1 when the family has no shape of that name (a rule naming a removed shape: the launch
// then fails with a message instead of running some other shape).
int index_of(const Family& f, const std::string& name) {
  for (std::size_t i = 0; i < f.shapes.size(); ++i)
    if (f.shapes[i].name == name) return static_cast<int>(i);
  return -1;
}

Status no_shapes(MatmulVariant variant) {
  return Status::error(Wording::sentence(N_("{0} has no tile shapes"),
                                         {std::string(matmul_variant_info(variant).key)}));
}

}  // namespace

std::vector<std::string> tile_shape_names(MatmulVariant variant) {
  std::vector<std::string> names;
  if (const Family* f = family(variant))
    for (const auto& s : f->shapes) names.push_back(s.name);
  return names;
}

Status select_tile_shape_index(MatmulVariant variant, int index) {
  Family* f = family(variant);
  if (!f) return no_shapes(variant);
  if (index < -1 || index >= static_cast<int>(f->shapes.size()))
    return Status::error(Wording::sentence(N_("no tile shape number {0}"), {std::to_string(index)}));
  f->selected.store(index);
  return Status::ok();
}

int selected_tile_shape_index(MatmulVariant variant) {
  const Family* f = family(variant);
  return f ? f->selected.load() : -1;
}

int tile_shape_index_for(MatmulVariant variant, int m, int n, int /*k: the rules go by C*/) {
  const Family* f = family(variant);
  if (!f) return -1;
  const int chosen = f->selected.load();
  if (chosen >= 0) return chosen;
  const GpuInfo& gpu = gpu_info();
  return index_of(*f, auto_tile_shape(f->variant, m, n, gpu.sm_count, gpu.compute_major));
}

Status launch_tile_shape(MatmulVariant variant, int index, const GemmOperands& op) {
  const Family* f = family(variant);
  if (!f) return no_shapes(variant);
  if (index < 0 || index >= static_cast<int>(f->shapes.size()))
    return Status::error(Wording::sentence(
        N_("no tile shape number {0} for {1}"),
        {std::to_string(index), std::string(matmul_variant_info(variant).key)}));
  return f->shapes[static_cast<std::size_t>(index)].launch(op);
}

}  // namespace whygpu::kernels
