#version 430
// C = A B with 16 x 16 tiles staged in shared memory, the same idea as the CUDA ladder's
// shared-memory rung: each work group copies a tile of A and a tile of B into fast
// on-chip memory once, then every invocation reuses each copied value 16 times. barrier()
// is CUDA's __syncthreads(): no one reads a tile before all have written it, and no one
// overwrites it before all have read it. Edges are padded with zeros, so any size works.
#define TILE 16
layout(local_size_x = TILE, local_size_y = TILE) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };   // m x k
layout(std430, binding = 1) readonly buffer B { float b[]; };   // k x n
layout(std430, binding = 2) writeonly buffer C { float c[]; };  // m x n
uniform int m;
uniform int n;
uniform int k;
uniform int first_row;  // a multiple of TILE: where this dispatch's band of rows begins

shared float tile_a[TILE][TILE];
shared float tile_b[TILE][TILE];

void main() {
  int tx = int(gl_LocalInvocationID.x);
  int ty = int(gl_LocalInvocationID.y);
  int col = int(gl_WorkGroupID.x) * TILE + tx;
  int row = int(gl_WorkGroupID.y) * TILE + first_row + ty;
  float sum = 0.0;
  for (int t = 0; t < k; t += TILE) {
    tile_a[ty][tx] = (row < m && t + tx < k) ? a[row * k + t + tx] : 0.0;
    tile_b[ty][tx] = (t + ty < k && col < n) ? b[(t + ty) * n + col] : 0.0;
    memoryBarrierShared();
    barrier();
    for (int p = 0; p < TILE; ++p) sum += tile_a[ty][p] * tile_b[p][tx];
    barrier();
  }
  if (row < m && col < n) c[row * n + col] = sum;
}
