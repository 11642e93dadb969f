#pragma once
// The output step shared by the register-blocked SGEMM kernels: a thread's TM x TN patch of
// C, held as groups of 4 rows (4 * kThreadRows apart) by groups of 4 columns
// (4 * kThreadCols apart), written with checks at the matrix edges.
#include <cstddef>

namespace whygpu::kernels {

enum class TileStore {
  Vec4,       // float4 stores (n % 4 == 0, C 16-byte aligned)
  Scalar,     // one value at a time
  AtomicAdd,  // added into C (split-k: several blocks sum into one tile)
};

template <int TM, int TN, int kThreadRows, int kThreadCols>
__device__ __forceinline__ void store_thread_tile(const float (&acc)[TM][TN], float* c, int m,
                                                  int n, int block_row, int block_col, int ty,
                                                  int tx, TileStore how) {
#pragma unroll
  for (int gi = 0; gi < TM / 4; ++gi) {
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int row = block_row + gi * 4 * kThreadRows + ty * 4 + i;
      if (row >= m) continue;
      float* c_row = c + static_cast<std::size_t>(row) * n;
      const int r = gi * 4 + i;
#pragma unroll
      for (int gj = 0; gj < TN / 4; ++gj) {
        const int col = block_col + gj * 4 * kThreadCols + tx * 4;
        if (how == TileStore::Vec4) {
          if (col < n)
            *reinterpret_cast<float4*>(c_row + col) =
                make_float4(acc[r][gj * 4], acc[r][gj * 4 + 1], acc[r][gj * 4 + 2], acc[r][gj * 4 + 3]);
        } else {
#pragma unroll
          for (int j = 0; j < 4; ++j) {
            if (col + j >= n) continue;
            if (how == TileStore::AtomicAdd)
              atomicAdd(c_row + col + j, acc[r][gj * 4 + j]);
            else
              c_row[col + j] = acc[r][gj * 4 + j];
          }
        }
      }
    }
  }
}

}  // namespace whygpu::kernels
