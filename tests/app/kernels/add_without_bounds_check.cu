// The add exercise with its bounds check deleted: the last block's spare threads write
// past the end of c (the kernel lab counts them).
extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i];
}
