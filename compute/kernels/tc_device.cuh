#pragma once
// Device-side building blocks of the hand-written pipelines (PTX the CUDA C++ API does not
// wrap): asynchronous global-to-shared copies (sm_80+), ldmatrix and mma.sync (sm_80+),
// and the 16-bit types the Tensor Core rungs read. Each is one instruction; the kernels
// show how they fit together.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstddef>
#include <cstdint>

namespace whygpu::kernels::tc {

__device__ __forceinline__ unsigned shared_address(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// Stores the pair (x, y) at C[row][col], C[row][col + 1] of an m x n FP32 matrix (the
// two neighbouring columns an mma or wgmma accumulator holds), as one 8-byte store when
// both exist and the row is 8-byte aligned.
__device__ __forceinline__ void store_pair(float* c, int m, int n, int row, int col, float x,
                                           float y) {
  if (row >= m) return;
  float* p = c + static_cast<std::size_t>(row) * n + col;
  if (col + 1 < n && n % 2 == 0) {
    *reinterpret_cast<float2*>(p) = make_float2(x, y);
  } else {
    if (col < n) p[0] = x;
    if (col + 1 < n) p[1] = y;
  }
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
// 16 bytes from global to shared memory without passing through registers; `valid`
// false copies nothing and zero-fills the 16 bytes (edges of the matrix). .cg: cached in
// L2 only, since each block reads a chunk once.
__device__ __forceinline__ void cp_async_16(void* smem, const void* global, bool valid) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(shared_address(smem)),
               "l"(global), "r"(valid ? 16 : 0));
}

// 4 bytes, for rows that are not 16-byte aligned or tiles stored transposed. .ca: the
// neighbouring values of the same 32-byte sector come from L1.
__device__ __forceinline__ void cp_async_4(void* smem, const void* global, bool valid) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(shared_address(smem)),
               "l"(global), "r"(valid ? 4 : 0));
}

__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }

// Waits until at most `kPending` of this thread's committed groups are still in flight.
template <int kPending>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending));
}

// Four 8 x 8 tiles of 16-bit values, one row address per lane (lanes 8i..8i+7 give the
// rows of tile i); each lane receives, per tile, the two values of row lane/4 at columns
// 2 (lane%4) and 2 (lane%4)+1: the register layout mma.sync expects for A.
__device__ __forceinline__ void ldmatrix_x4(unsigned (&r)[4], const void* row_address) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(shared_address(row_address)));
}

// The same, transposed on the way: each lane receives column lane/4 at rows 2 (lane%4)
// and 2 (lane%4)+1, the layout of mma.sync's B operand, from a tile stored row by row
// along n (B is k x n row-major).
__device__ __forceinline__ void ldmatrix_x4_trans(unsigned (&r)[4], const void* row_address) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(shared_address(row_address)));
}

// D (16 x 8, FP32) += A (16 x 16, BF16, row-major) B (16 x 8, BF16, column-major): one warp,
// 2048 multiply-adds.
__device__ __forceinline__ void mma_bf16_16x8x16(float (&d)[4], const unsigned (&a)[4],
                                                 unsigned b0, unsigned b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, "
      "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
#endif

}  // namespace whygpu::kernels::tc
