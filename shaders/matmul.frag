#version 330 core
// C = A B as a graphics shader, the GPGPU idea of 2001: matrices are single-channel float
// textures (x = column, y = row), and drawing C runs this program once per element of C.
// The fragment at pixel (j, i) walks along row i of A and column j of B and writes the
// dot product as its "colour". The loops over i and j disappear into the pixels; the loop
// over k remains, exactly as in the naive CUDA kernel of 2006.
uniform sampler2D a;  // m x k: width k, height m
uniform sampler2D b;  // k x n: width n, height k
uniform int k;
out float c;

void main() {
  int row = int(gl_FragCoord.y);
  int col = int(gl_FragCoord.x);
  float sum = 0.0;
  for (int p = 0; p < k; ++p)
    sum += texelFetch(a, ivec2(p, row), 0).r * texelFetch(b, ivec2(col, p), 0).r;
  c = sum;
}
