// A kernel that faults: every thread writes through a null pointer.
extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    ((float*)nullptr)[i] = a[i] + b[i];
}
