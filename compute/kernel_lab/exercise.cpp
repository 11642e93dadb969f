#include "compute/kernel_lab/exercise.h"

#include <algorithm>

namespace whygpu::kernel_lab {
namespace {

void add(const float* a, const float* b, float* c, int n) {
  for (int i = 0; i < n; ++i) c[i] = a[i] + b[i];
}
void relu(const float* a, const float*, float* c, int n) {
  for (int i = 0; i < n; ++i) c[i] = std::max(a[i], 0.0f);
}
void scale_add(const float* a, const float* b, float* c, int n) {
  for (int i = 0; i < n; ++i) c[i] = 2.5f * a[i] + b[i];
}

// The add kernel works as given: it is there to experiment with (block size, n, and what
// happens without the bounds check). The other two start with a bug to find. No line is
// longer than kMaxStarterColumns, so the editor shows them whole at projector sizes.
const char* kAddStarter = R"(// c[i] = a[i] + b[i] for every i below n:
// one thread per element.
extern "C" __global__ void my_kernel(const float* a,
    const float* b, float* c, int n) {
  // which element is mine:
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // the last block may reach past n:
  if (i < n)
    c[i] = a[i] + b[i];
}
)";

const char* kReluStarter = R"(// ReLU, the activation of most neural networks:
// c[i] = a[i] if it is positive, else 0 (b is not used).
// This version only copies a: fix it.
extern "C" __global__ void my_kernel(const float* a,
    const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i];
}
)";

const char* kScaleAddStarter = R"(// c[i] = 2.5 * a[i] + b[i] ("saxpy").
// This version has a bug: only some elements come out
// right. Which ones, and why?
extern "C" __global__ void my_kernel(const float* a,
    const float* b, float* c, int n) {
  int i = threadIdx.x;
  if (i < n)
    c[i] = 2.5f * a[i] + b[i];
}
)";

}  // namespace

const std::vector<Exercise>& exercises() {
  static const std::vector<Exercise> all = {
      {"add", "c[i] = a[i] + b[i]", kAddStarter, add, 12},
      {"relu", "c[i] = max(a[i], 0)", kReluStarter, relu, 8},
      {"scale-add", "c[i] = 2.5 a[i] + b[i]", kScaleAddStarter, scale_add, 12},
  };
  return all;
}

const Exercise* find_exercise(std::string_view key) {
  for (const Exercise& e : exercises())
    if (e.key == key) return &e;
  return nullptr;
}

}  // namespace whygpu::kernel_lab
