// GPU side of the matmul ladder: dispatch, the host-array entry point and timing.
#include <vector>

#include "compute/kernels/device_buffers.cuh"
#include "compute/kernels/matmul_gpu.h"
#include "compute/kernels/random_fill.h"

namespace whygpu::kernels {
namespace {

// An input set: A and B, and their FP16/BF16 copies when the variant reads those.
struct InputSet {
  DeviceBuffer<float> a, b;
  DeviceBuffer<unsigned short> a_low, b_low;  // 2-byte elements: __half or __nv_bfloat16
};

Status prepare_low(LowPrecision low, InputSet* set, std::size_t a_count, std::size_t b_count) {
  if (low == LowPrecision::None) return Status::ok();
  if (Status s = set->a_low.allocate(a_count); !s) return s;
  if (Status s = set->b_low.allocate(b_count); !s) return s;
  if (Status s = convert_on_gpu(low, set->a.get(), set->a_low.get(), a_count); !s) return s;
  return convert_on_gpu(low, set->b.get(), set->b_low.get(), b_count);
}

GemmOperands operands(const InputSet& set, float* c, int m, int n, int k) {
  GemmOperands op;
  op.m = m;
  op.n = n;
  op.k = k;
  op.a = set.a.get();
  op.b = set.b.get();
  op.c = c;
  op.a_low = set.a_low.get();
  op.b_low = set.b_low.get();
  return op;
}

double bytes_per_set(LowPrecision low, double a_count, double b_count) {
  return (a_count + b_count) * (low == LowPrecision::None ? 4.0 : 6.0);
}

}  // namespace

Status launch_gpu_matmul(MatmulVariant variant, const GemmOperands& op) {
  switch (variant) {
    case MatmulVariant::GpuNaive: return launch_matmul_naive(op);
    case MatmulVariant::GpuCoalesced: return launch_matmul_coalesced(op);
    case MatmulVariant::GpuSharedTiled: return launch_matmul_shared_tiled(op);
    case MatmulVariant::GpuRegisterTiled:
    case MatmulVariant::GpuTcWmmaFp16:
    case MatmulVariant::GpuTcWmmaBf16:
    case MatmulVariant::GpuTcMmaBf16:
    case MatmulVariant::GpuTcWgmmaBf16:
      return launch_tile_shape(variant, tile_shape_index_for(variant, op.m, op.n, op.k), op);
    case MatmulVariant::CublasFp32:
    case MatmulVariant::CublasTf32:
    case MatmulVariant::CublasFp16:
    case MatmulVariant::CublasBf16: return launch_cublas(variant, op);
    default: return Status::error(Wording::sentence(N_("not a GPU matmul variant")));
  }
}

Status gpu_matmul(MatmulVariant variant, int tile_shape, const float* a, const float* b,
                  float* c, int m, int n, int k) {
  const auto a_count = static_cast<std::size_t>(m) * static_cast<std::size_t>(k);
  const auto b_count = static_cast<std::size_t>(k) * static_cast<std::size_t>(n);
  const auto c_count = static_cast<std::size_t>(m) * static_cast<std::size_t>(n);
  const LowPrecision low = low_precision_inputs(variant);
  const double bytes = bytes_per_set(low, static_cast<double>(a_count),
                                     static_cast<double>(b_count)) + 4.0 * c_count;
  if (Status s = check_fits_on_gpu(bytes, 0, "this matrix product"); !s) return s;
  InputSet set;
  DeviceBuffer<float> dc;
  if (Status s = upload(a, a_count, &set.a); !s) return s;
  if (Status s = upload(b, b_count, &set.b); !s) return s;
  if (Status s = prepare_low(low, &set, a_count, b_count); !s) return s;
  if (Status s = dc.allocate(c_count); !s) return s;
  const GemmOperands op = operands(set, dc.get(), m, n, k);
  if (Status s = tile_shape >= 0 ? launch_tile_shape(variant, tile_shape, op)
                                 : launch_gpu_matmul(variant, op);
      !s)
    return s;
  return download(dc, c, c_count);
}

Status time_gpu_matmul(MatmulVariant variant, int tile_shape, int n,
                       const BenchOptions& options, TimingStats* out) {
  const auto count = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  const LowPrecision low = low_precision_inputs(variant);
  const double set_bytes = bytes_per_set(low, static_cast<double>(count),
                                         static_cast<double>(count));
  const int sets =
      options.rotate_inputs
          ? rotation_sets(static_cast<std::size_t>(set_bytes),
                          static_cast<std::size_t>(gpu_info().l2_cache_bytes),
                          std::size_t{1} << 30)
          : 1;
  if (Status s = check_fits_on_gpu(sets * set_bytes + 4.0 * static_cast<double>(count),
                                   options.gpu_memory_reserve_bytes,
                                   "a " + std::to_string(n) + " x " + std::to_string(n) +
                                       " matrix product");
      !s)
    return s;
  std::vector<InputSet> inputs(static_cast<std::size_t>(sets));
  const std::uint64_t seed = fresh_seed();
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    InputSet& set = inputs[i];
    if (Status s = set.a.allocate(count); !s) return s;
    if (Status s = set.b.allocate(count); !s) return s;
    if (Status s = fill_uniform_device(set.a.get(), count, seed + 2 * i); !s) return s;
    if (Status s = fill_uniform_device(set.b.get(), count, seed + 2 * i + 1); !s) return s;
    if (Status s = prepare_low(low, &set, count, count); !s) return s;
  }
  DeviceBuffer<float> c;
  if (Status s = c.allocate(count); !s) return s;
  WHYGPU_CUDA_TRY(cudaDeviceSynchronize());
  return time_gpu(
      options.measure,
      [&](int run) {
        const GemmOperands op =
            operands(inputs[static_cast<std::size_t>(run % sets)], c.get(), n, n, n);
        return tile_shape >= 0 ? launch_tile_shape(variant, tile_shape, op)
                               : launch_gpu_matmul(variant, op);
      },
      out);
}

}  // namespace whygpu::kernels
