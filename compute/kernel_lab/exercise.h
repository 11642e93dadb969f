#pragma once
// The exercises of the kernel lab. Each one fixes what the user's kernel must compute, so
// that its output can be checked against a CPU reference, the parameters my_kernel takes,
// the shape of the launch, and the source the editor starts from. The first three share
//   extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int n)
// and the others, in the spirit of the GPU Puzzles, each teach one more idea: a guard for
// the threads past the end, a __device__ function, 2D indexing, and __shared__ memory
// with __syncthreads().
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace whygpu::kernel_lab {

inline constexpr const char* kKernelName = "my_kernel";
// The longest line a starting source has: the app's editor shows that many columns whole
// at 1280x720 with text twice the normal size (the code drawn at 0.6 of its size).
inline constexpr std::size_t kMaxStarterColumns = 60;
// A kernel a student writes is a few kilobytes; a source file past this is refused unread.
inline constexpr std::size_t kMaxSourceBytes = std::size_t{1} << 20;

// How a launch covers its problem: a line of n elements in blocks of `block` threads, or a
// width x height matrix in blocks of block x block_y threads.
enum class Layout { Line, Matrix };

// Of an array parameter: how many floats it holds. Of an int parameter: its value.
enum class Extent {
  Elements,  // n (a matrix: width * height)
  Blocks,    // one per block of the launch (the block sums)
  Width,     // columns of a matrix
  Height,    // rows of a matrix
};

// One parameter of my_kernel, in order.
struct Param {
  enum class Kind { Input, Output, Int };  // const float*, float*, int
  Kind kind;
  std::string name;  // as the starter names it: "a", "sums", "n"
  Extent extent;
};

struct Problem;

// A piece of a starting source: lines of code, or a comment kept apart from the code
// (English, marked N_(), its lines broken by '\n') so that the editor can open with the
// comments in the page's language.
struct SourcePart {
  const char* code = "";          // lines of code, each ending in '\n'
  const char* comment = nullptr;  // or a comment, written as "// " lines
  int indent = 0;                 // the comment's, in spaces
};

// The parts as source text, each comment passed through `in_language` when given (the
// interface gives its catalog's lookup).
std::string source_text(const std::vector<SourcePart>& parts, const char* (*in_language)(const char*) = nullptr);

// The source with its comments left out, and the lines they leave empty: what a compiler
// sees, so that a try in one language finds the try recorded in another.
std::string without_comments(std::string_view source);

struct Exercise {
  std::string key;      // "add"
  std::string title;    // what the output must hold, in English (N_() where it has words)
  std::vector<SourcePart> starter_parts;  // the source the editor opens with
  std::string starter;                    // the same, its comments in English
  Layout layout = Layout::Line;
  std::vector<Param> params;
  // Fills every output's `expected` from the inputs, on the CPU.
  void (*reference)(Problem& problem);
  // Largest difference accepted, relative to max(1, |expected|): 1e-5 where the GPU may
  // fuse a multiply and an add into one rounding, more for sums added in another order.
  float tolerance = 1e-5f;
  int bytes_per_element;  // memory traffic per element of a correct kernel, for GB/s (add: 4 + 4 + 4)
};

const std::vector<Exercise>& exercises();
const Exercise* find_exercise(std::string_view key);

// The line that declares the kernel, for messages that ask for it:
// extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int n)
std::string declaration(const Exercise& exercise);

}  // namespace whygpu::kernel_lab
