#include "compute/kernel_lab/exercise.h"

#include <algorithm>
#include <cmath>

#include "compute/core/translation_marker.h"
#include "compute/kernel_lab/problem.h"

namespace whygpu::kernel_lab {
namespace {

using Kind = Param::Kind;

// The parameters of the first three exercises, and of the one-input ones.
const std::vector<Param> kTwoInputs = {{Kind::Input, "a", Extent::Elements},
                                       {Kind::Input, "b", Extent::Elements},
                                       {Kind::Output, "c", Extent::Elements},
                                       {Kind::Int, "n", Extent::Elements}};
const std::vector<Param> kOneInput = {{Kind::Input, "a", Extent::Elements},
                                      {Kind::Output, "c", Extent::Elements},
                                      {Kind::Int, "n", Extent::Elements}};

// Each reference below writes the output named in the exercise's parameters.
void add(Problem& p) {
  const float *a = p.input("a"), *b = p.input("b");
  float* c = p.expected("c");
  for (long long i = 0; i < p.elements; ++i) c[i] = a[i] + b[i];
}
void relu(Problem& p) {
  const float* a = p.input("a");
  float* c = p.expected("c");
  for (long long i = 0; i < p.elements; ++i) c[i] = std::max(a[i], 0.0f);
}
void scale_add(Problem& p) {
  const float *a = p.input("a"), *b = p.input("b");
  float* c = p.expected("c");
  for (long long i = 0; i < p.elements; ++i) c[i] = 2.5f * a[i] + b[i];
}
void map_add_ten(Problem& p) {
  const float* a = p.input("a");
  float* c = p.expected("c");
  for (long long i = 0; i < p.elements; ++i) c[i] = a[i] + 10.0f;
}
void sigmoid(Problem& p) {
  const float* a = p.input("a");
  float* c = p.expected("c");
  for (long long i = 0; i < p.elements; ++i) c[i] = 1.0f / (1.0f + std::exp(-a[i]));
}
void block_sums(Problem& p) {
  const float* a = p.input("a");
  float* sums = p.expected("sums");
  const long long block = p.block.x;
  for (long long b = 0; b < p.grid.x; ++b) {
    double sum = 0.0;
    for (long long i = b * block; i < std::min(p.elements, (b + 1) * block); ++i) sum += a[i];
    sums[b] = static_cast<float>(sum);
  }
}

// The add kernel works as given: it is there to experiment with (block size, n, and what
// happens without the bounds check). The others start with a bug to find. No line is
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

const char* kMapStarter = R"(// Map: c[i] = a[i] + 10 for every i below n, one
// thread per element. The grid is a whole number of
// blocks, so unless n divides evenly the last block has
// threads with no element. This version forgets them:
// what do they do? Guard them.
extern "C" __global__ void my_kernel(const float* a,
    float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + 10.0f;
}
)";

const char* kSigmoidStarter = R"(// c[i] = sigmoid(a[i]) = 1 / (1 + e^-a[i]): it
// squashes any number into (0, 1), as an LSTM's gates
// do. A __device__ function runs on the GPU and is
// called by kernels, like any C++ function. This
// sigmoid has a sign wrong: fix it.
__device__ float sigmoid(float x) {
  return 1.0f / (1.0f + expf(x));
}

extern "C" __global__ void my_kernel(const float* a,
    float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = sigmoid(a[i]);
}
)";

const char* kMatrixAddStarter = R"(// C = A + B for a matrix of height rows and width
// columns, stored row after row: element (row, col) is
// at row * width + col. The launch is 2D: blocks of
// blockDim.x x blockDim.y threads, and a grid of them
// covering the matrix both ways. This kernel was written
// for a line and looks at x only: make each thread find
// its row and column.
extern "C" __global__ void my_kernel(const float* a,
    const float* b, float* c, int width, int height) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < width * height)
    c[i] = a[i] + b[i];
}
)";

const char* kBlockSumStarter = R"(// sums[b] = the sum of the elements of block b
// (a[b * blockDim.x] on). The threads of a block share
// a __shared__ array: each puts its element there, then
// they add pairs, halving the partial sums every step,
// down to partial[0]. __syncthreads() waits until every
// thread of the block has got there. One is missing:
// where must the threads wait for each other? (The
// halving assumes a power of two threads per block.)
extern "C" __global__ void my_kernel(const float* a,
    float* sums, int n) {
  // one per thread: 1024 is the largest block
  __shared__ float partial[1024];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  partial[t] = i < n ? a[i] : 0.0f;
  for (int stride = blockDim.x / 2; stride > 0;
       stride /= 2) {
    if (t < stride)
      partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0)
    sums[blockIdx.x] = partial[0];
}
)";

}  // namespace

const std::vector<Exercise>& exercises() {
  static const std::vector<Exercise> all = {
      {.key = "add", .title = "c[i] = a[i] + b[i]", .starter = kAddStarter, .params = kTwoInputs,
       .reference = add, .bytes_per_element = 12},
      {.key = "relu", .title = "c[i] = max(a[i], 0)", .starter = kReluStarter, .params = kTwoInputs,
       .reference = relu, .bytes_per_element = 8},
      {.key = "scale-add", .title = "c[i] = 2.5 a[i] + b[i]", .starter = kScaleAddStarter, .params = kTwoInputs,
       .reference = scale_add, .bytes_per_element = 12},
      {.key = "map", .title = N_("map: c[i] = a[i] + 10"), .starter = kMapStarter,
       .params = kOneInput, .reference = map_add_ten, .bytes_per_element = 8},
      {.key = "sigmoid", .title = "c[i] = sigmoid(a[i])", .starter = kSigmoidStarter,
       .params = kOneInput, .reference = sigmoid, .bytes_per_element = 8},
      {.key = "matrix-add", .title = N_("C = A + B, a 2D grid"), .starter = kMatrixAddStarter,
       .layout = Layout::Matrix,
       .params = {{Kind::Input, "a", Extent::Elements},
                  {Kind::Input, "b", Extent::Elements},
                  {Kind::Output, "c", Extent::Elements},
                  {Kind::Int, "width", Extent::Width},
                  {Kind::Int, "height", Extent::Height}},
       .reference = add, .bytes_per_element = 12},
      // Sums added as a tree on the GPU and one by one on the CPU round differently.
      {.key = "block-sum", .title = N_("sums[b] = sum of block b"), .starter = kBlockSumStarter,
       .params = {{Kind::Input, "a", Extent::Elements},
                  {Kind::Output, "sums", Extent::Blocks},
                  {Kind::Int, "n", Extent::Elements}},
       .reference = block_sums, .tolerance = 1e-4f, .bytes_per_element = 4},
  };
  return all;
}

const Exercise* find_exercise(std::string_view key) {
  for (const Exercise& e : exercises())
    if (e.key == key) return &e;
  return nullptr;
}

std::string declaration(const Exercise& exercise) {
  std::string text = std::string("extern \"C\" __global__ void ") + kKernelName + "(";
  for (const Param& p : exercise.params) {
    if (&p != &exercise.params.front()) text += ", ";
    text += p.kind == Kind::Input ? "const float* " : p.kind == Kind::Output ? "float* " : "int ";
    text += p.name;
  }
  return text + ")";
}

}  // namespace whygpu::kernel_lab
