#pragma once
// The host side of a first CUDA program, as data: c = a + b on n floats, every runtime call
// on its own line (allocate, copy in, launch, check, synchronise, copy back, free), and the
// classic mistakes as variants of the same program. The executor (host_run.h) runs it one
// line at a time in a child process and times each call; the panel shows each line's
// source beside its time and what the runtime returned.
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::host_program {

enum class Mistake {
  None,
  NoSync,              // the stopwatch stops right after the launch: it times the launch
  NoCopyBack,          // c is read without copying it back: the host's stale contents
  BadConfig,           // <<<1, n>>>: n threads in one block, refused; the check says why
  BadConfigUnchecked,  // the same launch with every check removed: silently wrong
  HostPointer,         // the kernel is given the host array a instead of d_a
};

struct MistakeInfo {
  Mistake mistake;
  std::string key;    // "no-sync": the panel's parameter, the recording, the command line
  std::string label;  // "time the launch without synchronising"
  // The kernel may raise a GPU exception (an illegal address): on NVIDIA's driver that can
  // leave OpenGL on the same GPU stalling for every process, so the app does not run it
  // live on the GPU that draws its window unless asked to.
  bool may_fault_gpu = false;
};
const std::vector<MistakeInfo>& mistakes();
const MistakeInfo& mistake_info(Mistake mistake);
// False for an unknown key.
bool find_mistake(const std::string& key, Mistake* out);

// What a line does when it runs.
enum class Call {
  SetDevice,      // cudaSetDevice(0): creates the context
  MallocA, MallocB, MallocC,
  CopyA, CopyB,   // host to device
  WarmUp,         // a launch that adds nothing: a process's first launch loads the kernel
  TimerStart,     // the program's own stopwatch (host code, no CUDA)
  Launch,
  LastError,      // cudaGetLastError()
  Synchronize,    // cudaDeviceSynchronize()
  TimerStop,      // prints the stopwatch
  CopyBack,       // device to host
  FreeA, FreeB, FreeC,
  Check,          // compares c with a + b on the CPU
};

// A line of the program's code, its comment kept apart (English, marked N_()) so that the
// interface writes it in the page's language: commented(code, tr(comment), column).
struct CodeLine {
  std::string code;
  const char* comment = nullptr;  // none when null
};
// The code, then "  // " and the comment where there is one, the comment starting at
// `column` at the earliest (comments of neighbouring lines line up).
std::string commented(const std::string& code, const char* comment, std::size_t column = 0);

struct Step {
  Call call = Call::Check;
  std::string code;    // the source line as shown ("CHECK(cudaMalloc(&d_a, bytes));")
  const char* comment = nullptr;  // after the code, marked N_(): "warm-up"
  const char* about = "";         // one short line on what it does, marked N_()
  bool missing = false;   // the mistake removed it: shown struck out, never run
  bool checked = false;   // wrapped in CHECK(): a failure stops the program here
};

// n from 2^16 (so that <<<1, n>>> is always too many threads for one block) to 2^28.
inline constexpr long long kMinElements = 1LL << 16;
inline constexpr long long kMaxElements = 1LL << 28;
inline constexpr long long kDefaultElements = 1LL << 24;
inline constexpr int kDefaultThreads = 256;

struct ProgramOptions {
  long long n = kDefaultElements;
  int threads = kDefaultThreads;  // threads per block of the correct launch
  Mistake mistake = Mistake::None;
};

// Errors name the option and its range.
Status check_options(const ProgramOptions& options);

// The kernel, as shown above the host code.
const std::vector<std::string>& kernel_source();
// The declarations the host code starts from (not run as steps: the arrays exist already).
const std::vector<CodeLine>& host_preamble();

// The host program's lines for these options, in order.
std::vector<Step> program_steps(const ProgramOptions& options);

// Blocks of the correct launch: enough to cover n.
long long blocks_for(const ProgramOptions& options);

}  // namespace whygpu::host_program
