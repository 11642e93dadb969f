// A kernel that faults: every thread writes through a null pointer. (Written as 0 the
// compiler would delete the store as undefined; computed from the data, it cannot.)
extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float* nowhere = (float*)(unsigned long long)(a[0] != a[0]);  // 0 unless a[0] is NaN
  if (i < n)
    nowhere[i] = a[i] + b[i];
}
