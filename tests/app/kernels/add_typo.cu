// The add exercise with a typo on line 6 (d for b).
extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i]
         + d[i];
}
