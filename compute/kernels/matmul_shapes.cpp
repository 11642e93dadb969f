// The shape families of the hand-written rungs, the rules that pick a shape per size, and
// the process-wide selection.
#include "compute/kernels/matmul_shapes.h"

#include <algorithm>
#include <atomic>

#include "compute/core/gpu_info.h"

namespace whygpu::kernels {
namespace {

struct Family {
  std::vector<KernelShape> shapes;
  // The shape "auto" uses for an m x n x k product, by name.
  std::string (*pick)(int m, int n, int k);
  std::atomic<int> selected{-1};  // -1: auto
};

// Blocks of a bm x bn tiling, in waves of the GPU's SMs.
double waves(int m, int n, int bm, int bn) {
  const int sms = std::max(1, gpu_info().sm_count);
  return static_cast<double>((m + bm - 1) / bm) * ((n + bn - 1) / bn) / sms;
}

// FP32: on sm_80+ the cp.async pipeline; 128 x 128 tiles while they fill the GPU twice
// over (two blocks per SM), smaller tiles or split-k below. Fitted to H100 runs
// (PERF_NOTES.md); Turing keeps the register-tiled kernel.
std::string pick_fp32(int m, int n, int k) {
  if (gpu_info().compute_major < 8) return "128x128x16/8x8/w4/2";
  if (waves(m, n, 128, 128) >= 2.0) return "async-t/128x128x16/8x8/s4";
  if (waves(m, n, 64, 128) >= 2.0) return "async-t/64x128x16/8x8/s4";
  if (k >= 2048) return "async-t/128x128x16/8x8/s3/split4";
  return "async-t/64x64x16/8x8/s4";
}

std::string pick_wmma(int m, int n, int) {
  return waves(m, n, 128, 128) >= 2.0 ? "128x128x32/w2x4" : "64x64x32/w2x2";
}

std::string pick_mma(int m, int n, int) {
  return waves(m, n, 128, 128) >= 2.0 ? "128x128x32/w2x4/s4" : "64x128x32/w2x2/s4";
}

std::string pick_wgmma(int m, int n, int) {
  return waves(m, n, 128, 256) >= 1.0 ? "128x256x64/s4" : "128x128x64/s6";
}

std::vector<KernelShape> concat(std::vector<std::vector<KernelShape>> lists) {
  std::vector<KernelShape> all;
  for (auto& l : lists)
    for (auto& s : l) all.push_back(std::move(s));
  return all;
}

Family* family(MatmulVariant variant) {
  static Family fp32{concat({register_tiled_shapes(), pipelined_shapes(), async_transposed_shapes()}),
                     &pick_fp32};
  static Family wmma_fp16{wmma_shapes(LowPrecision::Fp16), &pick_wmma};
  static Family wmma_bf16{wmma_shapes(LowPrecision::Bf16), &pick_wmma};
  static Family mma{mma_shapes(), &pick_mma};
  static Family wgmma{wgmma_shapes(), &pick_wgmma};
  switch (variant) {
    case MatmulVariant::GpuRegisterTiled: return &fp32;
    case MatmulVariant::GpuTcWmmaFp16: return &wmma_fp16;
    case MatmulVariant::GpuTcWmmaBf16: return &wmma_bf16;
    case MatmulVariant::GpuTcMmaBf16: return &mma;
    case MatmulVariant::GpuTcWgmmaBf16: return &wgmma;
    default: return nullptr;
  }
}

int index_of(const Family& f, const std::string& name) {
  for (std::size_t i = 0; i < f.shapes.size(); ++i)
    if (f.shapes[i].name == name) return static_cast<int>(i);
  return 0;
}

Status no_shapes(MatmulVariant variant) {
  return Status::error(std::string(matmul_variant_info(variant).key) + " has no tile shapes");
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
    return Status::error("no tile shape number " + std::to_string(index));
  f->selected.store(index);
  return Status::ok();
}

int selected_tile_shape_index(MatmulVariant variant) {
  const Family* f = family(variant);
  return f ? f->selected.load() : -1;
}

int tile_shape_index_for(MatmulVariant variant, int m, int n, int k) {
  const Family* f = family(variant);
  if (!f) return -1;
  const int chosen = f->selected.load();
  return chosen >= 0 ? chosen : index_of(*f, f->pick(m, n, k));
}

Status launch_tile_shape(MatmulVariant variant, int index, const GemmOperands& op) {
  const Family* f = family(variant);
  if (!f) return no_shapes(variant);
  if (index < 0 || index >= static_cast<int>(f->shapes.size()))
    return Status::error("no tile shape number " + std::to_string(index) + " for " +
                         std::string(matmul_variant_info(variant).key));
  return f->shapes[static_cast<std::size_t>(index)].launch(op);
}

}  // namespace whygpu::kernels
