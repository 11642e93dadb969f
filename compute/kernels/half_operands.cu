// prepare_half_gemm: the architecture check and the zero-padded copies of the 16-bit inputs.
#include <cstdint>
#include <mutex>

#include "compute/core/cuda_check.h"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"
#include "compute/kernels/half_operands.h"
#include "compute/kernels/tensor_core_support.h"
#include "compute/kernels/tile_layout.h"

namespace whygpu::kernels {
namespace {

// dst (rows x dst_cols) = src (rows x cols) with zeros in columns cols..dst_cols-1. One
// thread per 8 values of dst: a 16-byte store, the reads from rows that need not be aligned.
__global__ void pad_rows_kernel(const std::uint16_t* __restrict__ src, int rows, int cols,
                                std::uint16_t* __restrict__ dst, int dst_cols) {
  const std::size_t chunks_per_row = static_cast<std::size_t>(dst_cols) / 8;
  const std::size_t total = chunks_per_row * static_cast<std::size_t>(rows);
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += stride) {
    const std::size_t row = i / chunks_per_row;
    const int col0 = static_cast<int>(i % chunks_per_row) * 8;
    const std::uint16_t* s = src + row * static_cast<std::size_t>(cols);
    alignas(16) std::uint16_t v[8];
#pragma unroll
    for (int j = 0; j < 8; ++j) v[j] = col0 + j < cols ? s[col0 + j] : std::uint16_t{0};
    *reinterpret_cast<uint4*>(dst + row * static_cast<std::size_t>(dst_cols) + col0) =
        *reinterpret_cast<const uint4*>(v);
  }
}

// Device scratch for the padded copies, kept for the process and grown on demand.
std::mutex& scratch_mutex() {
  static std::mutex mutex;
  return mutex;
}

Status scratch(std::size_t bytes, unsigned char** out) {
  static DeviceBuffer<unsigned char> buffer;
  std::lock_guard<std::mutex> lock(scratch_mutex());
  if (bytes > buffer.count()) {
    // Earlier launches may still read the old buffer: let them finish before it is freed.
    WHYGPU_CUDA_TRY(cudaDeviceSynchronize());
    if (Status s = buffer.reserve(bytes, "the padded copies of the matmul inputs"); !s) return s;
  }
  *out = buffer.get();
  return Status::ok();
}

Status pad_rows(const void* src, int rows, int cols, void* dst, int dst_cols) {
  const std::size_t chunks = static_cast<std::size_t>(rows) * (dst_cols / 8);
  const unsigned blocks = static_cast<unsigned>(std::min<std::size_t>((chunks + 255) / 256, 4096));
  pad_rows_kernel<<<blocks, 256>>>(static_cast<const std::uint16_t*>(src), rows, cols,
                                   static_cast<std::uint16_t*>(dst), dst_cols);
  WHYGPU_CUDA_TRY_LAUNCH("pad_rows_kernel");
  return Status::ok();
}

bool aligned16(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

}  // namespace

Status prepare_half_gemm(MatmulVariant variant, const GemmOperands& op, HalfGemm* out) {
  const GpuInfo& gpu = gpu_info();
  if (Status s = require_gpu(); !s) return s;
  const bool sm90a = variant == MatmulVariant::GpuTcWgmmaBf16 && gpu.compute_major == 9 &&
                     gpu.compute_minor == 0 && wgmma_code_present();
  if (const std::string why =
          tensor_core_refusal(variant, gpu.compute_major, gpu.compute_minor, sm90a);
      !why.empty())
    return Status::error(why);
  if (!op.a_low || !op.b_low)
    return Status::error(Wording::sentence(N_("{0}: the 16-bit inputs were not prepared"),
                                           {std::string(matmul_variant_info(variant).key)}));
  HalfGemm h;
  h.m = op.m;
  h.n = op.n;
  h.k = op.k;
  h.c = op.c;
  h.a = op.a_low;
  h.lda = op.k;
  h.b = op.b_low;
  h.ldb = op.n;
  const bool pad_a = needs_padded_copy(op.k) || !aligned16(op.a_low);
  const bool pad_b = needs_padded_copy(op.n) || !aligned16(op.b_low);
  if (pad_a || pad_b) {
    const int lda = round_up(op.k, 8), ldb = round_up(op.n, 8);
    const std::size_t a_bytes = pad_a ? 2 * static_cast<std::size_t>(op.m) * lda : 0;
    const std::size_t b_bytes = pad_b ? 2 * static_cast<std::size_t>(op.k) * ldb : 0;
    unsigned char* space = nullptr;
    // 256-byte offset keeps B's copy aligned for TMA as well.
    const std::size_t b_offset = (a_bytes + 255) / 256 * 256;
    if (Status s = scratch(b_offset + b_bytes, &space); !s) return s;
    if (pad_a) {
      if (Status s = pad_rows(op.a_low, op.m, op.k, space, lda); !s) return s;
      h.a = space;
      h.lda = lda;
    }
    if (pad_b) {
      if (Status s = pad_rows(op.b_low, op.k, op.n, space + b_offset, ldb); !s) return s;
      h.b = space + b_offset;
      h.ldb = ldb;
    }
    h.padded = true;
  }
  *out = h;
  return Status::ok();
}

}  // namespace whygpu::kernels
