// _FORTIFY_SOURCE turns _longjmp into a checked version that refuses to jump to another
// stack, which is the whole point here.
#undef _FORTIFY_SOURCE
#include "compute/kernel_lab/sim_fibers.h"

#include <sys/mman.h>
#include <ucontext.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace whygpu::kernel_lab {

struct BlockFibers::Fiber {
  ucontext_t start;       // the first entry to fiber_main on this fiber's stack
  std::jmp_buf fresh;     // fiber_main, ready to start a thread
  std::jmp_buf resume;    // where the thread waits at a barrier
  bool ready = false;     // fresh is set
  bool started = false;
  bool done = false;
};

namespace {
BlockFibers* g_running = nullptr;  // the scheduler whose block runs now (fiber_main needs it)
}  // namespace

BlockFibers::~BlockFibers() { release(); }

void BlockFibers::release() {
  delete[] fibers_;
  if (stacks_) munmap(stacks_, static_cast<std::size_t>(capacity_) * (kGuardBytes + kStackBytes));
  fibers_ = nullptr;
  stacks_ = nullptr;
  capacity_ = 0;
}

Status BlockFibers::reserve(int threads) {
  if (threads <= capacity_) return Status::ok();
  release();
  const std::size_t bytes = static_cast<std::size_t>(threads) * (kGuardBytes + kStackBytes);
  void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (memory == MAP_FAILED)
    return Status::error(Wording::sentence(N_("no memory for the stacks of {0} simulated threads ({1})"),
                                           {std::to_string(threads), std::strerror(errno)}));
  stacks_ = static_cast<char*>(memory);
  fibers_ = new Fiber[threads];
  capacity_ = threads;
  for (int k = 0; k < threads; ++k) {
    char* guard = stacks_ + static_cast<std::size_t>(k) * (kGuardBytes + kStackBytes);  // stacks grow down
    if (mprotect(guard, kGuardBytes, PROT_NONE) != 0)
      return Status::error(Wording::sentence(N_("mprotect for a stack guard failed")));
    if (getcontext(&fibers_[k].start) != 0) return Status::error(Wording::sentence(N_("getcontext failed")));
    fibers_[k].start.uc_stack.ss_sp = guard + kGuardBytes;
    fibers_[k].start.uc_stack.ss_size = kStackBytes;
    fibers_[k].start.uc_link = nullptr;
  }
  return Status::ok();
}

// Entered once per stack; from then on it starts a thread each time it is jumped to at
// `fresh`, so starting a thread costs no system call (setcontext makes one).
void BlockFibers::fiber_main() {
  BlockFibers& self = *g_running;
  Fiber& fiber = self.fibers_[self.current_];
  for (;;) {
    if (_setjmp(fiber.fresh) == 0) _longjmp(self.home_, 1);
    self.block_->body(self.block_->context);
    fiber.done = true;
  }
}

void BlockFibers::run(const BlockRun& block) {
  g_running = this;
  block_ = &block;
  for (int k = 0; k < block.threads; ++k) fibers_[k].started = fibers_[k].done = false;
  // Each round runs every thread still going up to its next barrier, or its end.
  for (int running = block.threads; running > 0;) {
    for (int step = 0; step < block.threads; ++step) {
      const int k = block.reverse ? block.threads - 1 - step : step;
      Fiber& fiber = fibers_[k];
      if (fiber.done) continue;
      current_ = k;
      block.start_or_resume(k, block.context);
      switch_to(fiber);
      if (fiber.done) --running;
    }
  }
  g_running = nullptr;
}

// Apart from run() so that no variable of run()'s lives across the jump back here.
void BlockFibers::switch_to(Fiber& fiber) {
  if (!fiber.ready && _setjmp(home_) == 0) {
    fiber.ready = true;
    makecontext(&fiber.start, fiber_main, 0);
    setcontext(&fiber.start);  // comes back at once, with fresh set
  }
  if (_setjmp(home_) != 0) return;  // the thread waits at a barrier, or has ended
  const bool started = fiber.started;
  fiber.started = true;
  _longjmp(started ? fiber.resume : fiber.fresh, 1);
}

void BlockFibers::wait_at_barrier() {
  if (_setjmp(fibers_[current_].resume) == 0) _longjmp(home_, 1);
}

bool BlockFibers::is_stack_guard(const void* address) const {
  const char* a = static_cast<const char*>(address);
  if (!stacks_ || a < stacks_ || a >= stacks_ + static_cast<std::size_t>(capacity_) * (kGuardBytes + kStackBytes))
    return false;
  return static_cast<std::size_t>(a - stacks_) % (kGuardBytes + kStackBytes) < kGuardBytes;
}

}  // namespace whygpu::kernel_lab
