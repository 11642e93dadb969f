#version 430
// C = A B with one invocation per element of C: the CUDA lesson's naive kernel, written
// for OpenGL 4.3. Row-major buffers; x runs along the columns of C, so neighbouring
// invocations read neighbouring elements of B. One dispatch covers the rows from
// first_row on (long products are cut into bands of rows, see app/glcompute).
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };   // m x k
layout(std430, binding = 1) readonly buffer B { float b[]; };   // k x n
layout(std430, binding = 2) writeonly buffer C { float c[]; };  // m x n
uniform int m;
uniform int n;
uniform int k;
uniform int first_row;

void main() {
  int col = int(gl_GlobalInvocationID.x);
  int row = int(gl_GlobalInvocationID.y) + first_row;
  if (row >= m || col >= n) return;
  float sum = 0.0;
  for (int p = 0; p < k; ++p) sum += a[row * k + p] * b[p * n + col];
  c[row * n + col] = sum;
}
