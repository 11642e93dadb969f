#pragma once
// Index arithmetic shared by the Tensor Core kernels and the FP32 pipelines, as plain
// functions that compile for the host too, so tests/kernels checks them on the CPU.
//
// Shared memory is 32 banks of 4 bytes; a warp's 16-byte accesses are served 8 at a time
// (one 128-byte wavefront), and 8 addresses land in distinct banks only when their 16-byte
// "bank groups" ((address / 16) % 8) differ. ldmatrix reads 8 rows of an 8 x 8 tile of
// 16-bit values in one wavefront: with rows of a tile stored 64, 128 or 256 bytes apart,
// those 8 rows would share 2, 1 or 1 bank groups (4- or 8-way conflicts). The XOR swizzle
// below moves chunk c of row r to chunk c ^ f(r) of the same row, so any 8 consecutive
// rows (starting at a multiple of 8) read at one logical chunk hit 8 different groups.
// With 8 chunks per row it is exactly the pattern of the TMA's and wgmma's 128-byte
// swizzle (chunk ^ (row % 8) within each 1024-byte block).
#if defined(__CUDACC__)
#define WHYGPU_HOST_DEVICE __host__ __device__
#else
#define WHYGPU_HOST_DEVICE
#endif

namespace whygpu::kernels {

// Where logical 16-byte chunk `chunk` of row `row` is stored within that row, for rows of
// `chunks_per_row` chunks (2, 4, or a multiple of 8).
WHYGPU_HOST_DEVICE constexpr int swizzle_chunk(int row, int chunk, int chunks_per_row) {
  // Rows per 128-byte line when a row is shorter than one: 4 (2 chunks) or 2 (4 chunks).
  return chunks_per_row >= 8 ? chunk ^ (row & 7)
                             : chunk ^ ((row / (8 / chunks_per_row)) & (chunks_per_row - 1));
}

// The 16-byte bank group that chunk (row, chunk) of a swizzled tile starts in.
WHYGPU_HOST_DEVICE constexpr int bank_group(int row, int chunk, int chunks_per_row) {
  return (row * chunks_per_row + swizzle_chunk(row, chunk, chunks_per_row)) & 7;
}

WHYGPU_HOST_DEVICE constexpr int round_up(int x, int multiple) {
  return (x + multiple - 1) / multiple * multiple;
}

WHYGPU_HOST_DEVICE constexpr int ceil_div(int x, int y) { return (x + y - 1) / y; }

// The Tensor Core kernels copy 16-byte chunks (8 values of 16 bits): a chunk of a row of
// `cols` values starting at column `col` (a multiple of 8) is loaded when the row exists
// and the chunk starts inside the row; past the edges the tile is zero-filled. A chunk
// that straddles the last column reads the row's padding, which is zero (see
// needs_padded_copy).
WHYGPU_HOST_DEVICE constexpr bool chunk_in_matrix(int row, int col, int rows, int cols) {
  return row < rows && col < cols;
}

// 16-byte chunks need every row to start on a 16-byte boundary: a row-major matrix whose
// row length (in 16-bit values) is not a multiple of 8 is copied into a zero-padded one
// first (the copy is part of the timed work).
WHYGPU_HOST_DEVICE constexpr bool needs_padded_copy(int row_length) { return row_length % 8 != 0; }

// Output tiles of a persistent kernel in an order that keeps the operands in L2: tiles
// go down a band of `group` tile rows column by column, then on to the next band, so the
// blocks that run at once share a few rows of A and columns of B.
struct TileCoord {
  int row, col;
};
WHYGPU_HOST_DEVICE constexpr TileCoord grouped_tile(int index, int tile_rows, int tile_cols,
                                                    int group) {
  const int per_band = group * tile_cols;
  const int band = index / per_band;
  const int first_row = band * group;
  const int rows_here = tile_rows - first_row < group ? tile_rows - first_row : group;
  const int in_band = index % per_band;
  return {first_row + in_band % rows_here, in_band / rows_here};
}

}  // namespace whygpu::kernels
