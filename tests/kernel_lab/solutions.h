#pragma once
// A correct kernel for every exercise, for the tests that run them on the simulator and
// on the GPU alike.
#include <string>
#include <utility>
#include <vector>

namespace whygpu::kernel_lab::testing {

inline const std::vector<std::pair<std::string, std::string>>& solutions() {
  static const std::vector<std::pair<std::string, std::string>> all = {
      {"add", R"(extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
)"},
      {"relu", R"(extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = fmaxf(a[i], 0.0f);
}
)"},
      {"scale-add", R"(extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = 2.5f * a[i] + b[i];
}
)"},
      {"map", R"(extern "C" __global__ void my_kernel(const float* a, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + 10.0f;
}
)"},
      {"sigmoid", R"(__device__ float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }
extern "C" __global__ void my_kernel(const float* a, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = sigmoid(a[i]);
}
)"},
      {"matrix-add", R"(extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int width, int height) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < height && col < width) {
    int i = row * width + col;
    c[i] = a[i] + b[i];
  }
}
)"},
      // A constexpr size, as students write it: C would refuse it, C++ takes it.
      {"block-sum", R"(constexpr int kMaxBlock = 1024;
extern "C" __global__ void my_kernel(const float* a, float* sums, int n) {
  __shared__ float partial[kMaxBlock];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  partial[t] = i < n ? a[i] : 0.0f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride)
      partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0)
    sums[blockIdx.x] = partial[0];
}
)"},
  };
  return all;
}

}  // namespace whygpu::kernel_lab::testing
