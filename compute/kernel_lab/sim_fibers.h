#pragma once
// The threads of one simulated block as fibers: each has its own stack, so its local
// variables live on while it waits at __syncthreads() for the others. The scheduler runs
// the threads one after another in a chosen order (first to last, or last to first), each
// until it reaches a barrier or its end; when every thread still running has reached the
// barrier, the next round begins. That is exactly what a barrier promises on the GPU, and
// running the rounds in two orders shows code that relies on more than it promises.
//
// A fiber's stack is set up once with makecontext/setcontext; from then on threads start
// and switch with _setjmp/_longjmp, which, unlike swapcontext, make no system call: a
// million threads with ten barriers each switch twenty million times. One block at a
// time per process.
#include <csetjmp>
#include <cstddef>

#include "compute/core/status.h"

namespace whygpu::kernel_lab {

// One block's run. `start_or_resume(k)` is called right before thread k runs again (it
// sets the thread's index); `body()` is a thread's whole work from its start.
struct BlockRun {
  int threads = 0;
  bool reverse = false;
  void (*start_or_resume)(int thread, void* context) = nullptr;
  void (*body)(void* context) = nullptr;
  void* context = nullptr;
};

class BlockFibers {
 public:
  BlockFibers() = default;
  BlockFibers(const BlockFibers&) = delete;
  BlockFibers& operator=(const BlockFibers&) = delete;
  ~BlockFibers();

  // Stacks for up to `threads` fibers (virtual memory: pages are used as touched).
  Status reserve(int threads);
  // Runs every thread of the block to its end. Returns early only by a jump out of a
  // thread (a fault), which abandons the block: the next run starts it afresh.
  void run(const BlockRun& block);
  // Called by a running thread at __syncthreads(): back to the scheduler, which resumes
  // it here in the next round.
  void wait_at_barrier();

  // True when `address` is in the guard below a fiber's stack (it overflowed).
  bool is_stack_guard(const void* address) const;

  static constexpr std::size_t kStackBytes = 256 * 1024;
  // Below each stack. Kernels are compiled with -fstack-clash-protection, so a large
  // frame touches every page on its way down and cannot step over the guard.
  static constexpr std::size_t kGuardBytes = 64 * 1024;

 private:
  struct Fiber;
  static void fiber_main();
  [[gnu::noinline]] void switch_to(Fiber& fiber);
  void release();

  Fiber* fibers_ = nullptr;
  int capacity_ = 0;
  char* stacks_ = nullptr;  // capacity_ * (kGuardBytes + kStackBytes)
  std::jmp_buf home_;       // the scheduler, waiting for the running thread to stop
  int current_ = 0;
  const BlockRun* block_ = nullptr;
};

}  // namespace whygpu::kernel_lab
