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
// longer than kMaxStarterColumns, so the editor shows them whole at projector sizes; the
// comments say what to do, in the page's language (TRANSLATORS: keep each line of a
// starter's comment under 56 columns, a Chinese character counting two).
const std::vector<SourcePart> kAddStarter = {
    {.comment = N_("c[i] = a[i] + b[i] for every i below n:\n"
                   "one thread per element.")},
    {.code = "extern \"C\" __global__ void my_kernel(const float* a,\n"
             "    const float* b, float* c, int n) {\n"},
    {.comment = N_("which element is mine:"), .indent = 2},
    {.code = "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"},
    {.comment = N_("the last block may reach past n:"), .indent = 2},
    {.code = "  if (i < n)\n"
             "    c[i] = a[i] + b[i];\n"
             "}\n"},
};

const std::vector<SourcePart> kReluStarter = {
    {.comment = N_("ReLU, the activation of most neural networks:\n"
                   "c[i] = a[i] if it is positive, else 0 (b is not used).\n"
                   "This version only copies a: fix it.")},
    {.code = "extern \"C\" __global__ void my_kernel(const float* a,\n"
             "    const float* b, float* c, int n) {\n"
             "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
             "  if (i < n)\n"
             "    c[i] = a[i];\n"
             "}\n"},
};

const std::vector<SourcePart> kScaleAddStarter = {
    {.comment = N_("c[i] = 2.5 * a[i] + b[i] (\"saxpy\").\n"
                   "This version has a bug: only some elements come out\n"
                   "right. Which ones, and why?")},
    {.code = "extern \"C\" __global__ void my_kernel(const float* a,\n"
             "    const float* b, float* c, int n) {\n"
             "  int i = threadIdx.x;\n"
             "  if (i < n)\n"
             "    c[i] = 2.5f * a[i] + b[i];\n"
             "}\n"},
};

const std::vector<SourcePart> kMapStarter = {
    {.comment = N_("Map: c[i] = a[i] + 10 for every i below n, one\n"
                   "thread per element. The grid is a whole number of\n"
                   "blocks, so unless n divides evenly the last block has\n"
                   "threads with no element. This version forgets them:\n"
                   "what do they do? Guard them.")},
    {.code = "extern \"C\" __global__ void my_kernel(const float* a,\n"
             "    float* c, int n) {\n"
             "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
             "  c[i] = a[i] + 10.0f;\n"
             "}\n"},
};

const std::vector<SourcePart> kSigmoidStarter = {
    {.comment = N_("c[i] = sigmoid(a[i]) = 1 / (1 + e^-a[i]): it\n"
                   "squashes any number into (0, 1), as an LSTM's gates\n"
                   "do. A __device__ function runs on the GPU and is\n"
                   "called by kernels, like any C++ function. This\n"
                   "sigmoid has a sign wrong: fix it.")},
    {.code = "__device__ float sigmoid(float x) {\n"
             "  return 1.0f / (1.0f + expf(x));\n"
             "}\n"
             "\n"
             "extern \"C\" __global__ void my_kernel(const float* a,\n"
             "    float* c, int n) {\n"
             "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
             "  if (i < n)\n"
             "    c[i] = sigmoid(a[i]);\n"
             "}\n"},
};

const std::vector<SourcePart> kMatrixAddStarter = {
    {.comment = N_("C = A + B for a matrix of height rows and width\n"
                   "columns, stored row after row: element (row, col) is\n"
                   "at row * width + col. The launch is 2D: blocks of\n"
                   "blockDim.x x blockDim.y threads, and a grid of them\n"
                   "covering the matrix both ways. This kernel was written\n"
                   "for a line and looks at x only: make each thread find\n"
                   "its row and column.")},
    {.code = "extern \"C\" __global__ void my_kernel(const float* a,\n"
             "    const float* b, float* c, int width, int height) {\n"
             "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
             "  if (i < width * height)\n"
             "    c[i] = a[i] + b[i];\n"
             "}\n"},
};

const std::vector<SourcePart> kBlockSumStarter = {
    {.comment = N_("sums[b] = the sum of the elements of block b\n"
                   "(a[b * blockDim.x] on). The threads of a block share\n"
                   "a __shared__ array: each puts its element there, then\n"
                   "they add pairs, halving the partial sums every step,\n"
                   "down to partial[0]. __syncthreads() waits until every\n"
                   "thread of the block has got there. One is missing:\n"
                   "where must the threads wait for each other? (The\n"
                   "halving assumes a power of two threads per block.)")},
    {.code = "extern \"C\" __global__ void my_kernel(const float* a,\n"
             "    float* sums, int n) {\n"},
    {.comment = N_("one per thread: 1024 is the largest block"), .indent = 2},
    {.code = "  __shared__ float partial[1024];\n"
             "  int t = threadIdx.x;\n"
             "  int i = blockIdx.x * blockDim.x + t;\n"
             "  partial[t] = i < n ? a[i] : 0.0f;\n"
             "  for (int stride = blockDim.x / 2; stride > 0;\n"
             "       stride /= 2) {\n"
             "    if (t < stride)\n"
             "      partial[t] += partial[t + stride];\n"
             "    __syncthreads();\n"
             "  }\n"
             "  if (t == 0)\n"
             "    sums[blockIdx.x] = partial[0];\n"
             "}\n"},
};

}  // namespace

const std::vector<Exercise>& exercises() {
  static const std::vector<Exercise> all = [] {
    std::vector<Exercise> list = {
      {.key = "add", .title = "c[i] = a[i] + b[i]", .starter_parts = kAddStarter, .params = kTwoInputs,
       .reference = add, .bytes_per_element = 12},
      {.key = "relu", .title = "c[i] = max(a[i], 0)", .starter_parts = kReluStarter, .params = kTwoInputs,
       .reference = relu, .bytes_per_element = 8},
      {.key = "scale-add", .title = "c[i] = 2.5 a[i] + b[i]", .starter_parts = kScaleAddStarter, .params = kTwoInputs,
       .reference = scale_add, .bytes_per_element = 12},
      {.key = "map", .title = N_("map: c[i] = a[i] + 10"), .starter_parts = kMapStarter,
       .params = kOneInput, .reference = map_add_ten, .bytes_per_element = 8},
      {.key = "sigmoid", .title = "c[i] = sigmoid(a[i])", .starter_parts = kSigmoidStarter,
       .params = kOneInput, .reference = sigmoid, .bytes_per_element = 8},
      {.key = "matrix-add", .title = N_("C = A + B, a 2D grid"), .starter_parts = kMatrixAddStarter,
       .layout = Layout::Matrix,
       .params = {{Kind::Input, "a", Extent::Elements},
                  {Kind::Input, "b", Extent::Elements},
                  {Kind::Output, "c", Extent::Elements},
                  {Kind::Int, "width", Extent::Width},
                  {Kind::Int, "height", Extent::Height}},
       .reference = add, .bytes_per_element = 12},
      // Sums added as a tree on the GPU and one by one on the CPU round differently.
      {.key = "block-sum", .title = N_("sums[b] = sum of block b"), .starter_parts = kBlockSumStarter,
       .params = {{Kind::Input, "a", Extent::Elements},
                  {Kind::Output, "sums", Extent::Blocks},
                  {Kind::Int, "n", Extent::Elements}},
       .reference = block_sums, .tolerance = 1e-4f, .bytes_per_element = 4},
    };
    for (Exercise& e : list) e.starter = source_text(e.starter_parts);
    return list;
  }();
  return all;
}

std::string source_text(const std::vector<SourcePart>& parts, const char* (*in_language)(const char*)) {
  std::string text;
  for (const SourcePart& part : parts) {
    if (!part.comment) {
      text += part.code;
      continue;
    }
    const std::string_view comment = in_language ? in_language(part.comment) : part.comment;
    for (std::size_t start = 0; start < comment.size();) {
      const std::size_t end = std::min(comment.find('\n', start), comment.size());
      text.append(static_cast<std::size_t>(part.indent), ' ');
      text += "// ";
      text += comment.substr(start, end - start);
      text += '\n';
      start = end + 1;
    }
  }
  return text;
}

std::string without_comments(std::string_view source) {
  std::string code;
  for (std::size_t start = 0; start < source.size();) {
    const std::size_t end = std::min(source.find('\n', start), source.size());
    std::string_view line = source.substr(start, end - start);
    start = end + 1;
    // The starters' comments are whole lines or trail the code; none sits in a string.
    if (const std::size_t slashes = line.find("//"); slashes != std::string_view::npos) line = line.substr(0, slashes);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.remove_suffix(1);
    if (line.empty()) continue;
    code += line;
    code += '\n';
  }
  return code;
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
