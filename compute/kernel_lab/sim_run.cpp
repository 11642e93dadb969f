// _FORTIFY_SOURCE turns siglongjmp into a checked version that refuses to leave a fiber's
// stack for the main one, which is how a fault in a fiber ends the run.
#undef _FORTIFY_SOURCE
#include "compute/kernel_lab/sim_run.h"

#include <pthread.h>
#include <signal.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>

#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "compute/kernel_lab/sim_finding.h"
#include "compute/kernel_lab/sim_fibers.h"
#include "compute/kernel_lab/sim_memory.h"

namespace whygpu::kernel_lab {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT, SIGALRM};

// The simulation under way in this process.
struct Session {
  const SimKernel* kernel = nullptr;
  WhygpuSim* state = nullptr;
  const Problem* problem = nullptr;
  pthread_t thread{};  // the one that runs the kernel (others, such as a thread pool's, may get signals too)
  GuardedArrays arrays;
  BlockFibers fibers;
  std::optional<KernelArguments> args;
  std::vector<WhygpuIndex> thread_index;  // threadIdx of each thread of a block, in order
  bool use_fibers = false;
  sigjmp_buf stop_point;
  volatile sig_atomic_t in_kernel = 0;  // the kernel's code runs (not the simulator's)
  volatile sig_atomic_t time_up = 0;
  volatile long progress = 0;           // threads started or resumed so far
  long progress_at_alarm = 0;
  Finding finding;
};
Session* g_session = nullptr;

[[noreturn]] void stop_run(Stop why) {
  Session& s = *g_session;
  s.in_kernel = 0;
  s.finding.stop = why;
  s.finding.thread = s.state->thread_idx;
  s.finding.block = s.state->block_idx;
  siglongjmp(s.stop_point, 1);
}

void on_barrier() {
  Session& s = *g_session;
  s.in_kernel = 0;
  if (!s.use_fibers) stop_run(Stop::NeedsFibers);
  if (s.time_up) stop_run(Stop::TooSlow);
  s.fibers.wait_at_barrier();  // resumed with in_kernel set again
}

void on_out_of_bounds(unsigned line, long long index, const char* array_type) {
  g_session->finding.line = line;
  g_session->finding.index = index;
  g_session->finding.array_type = array_type;
  stop_run(Stop::OutOfBounds);
}

void on_signal(int signal, siginfo_t* info, void* context) {
  Session* s = g_session;
  if (signal == SIGALRM) {
    // Time is up: the simulator's loops stop at the next thread. A thread that has not
    // ended a second later is in an endless loop.
    if (!s) return;
    if (!pthread_equal(pthread_self(), s->thread)) {  // the timer's signal went to another thread
      pthread_kill(s->thread, SIGALRM);
      return;
    }
    if (!s->time_up) {
      s->time_up = 1;
      s->progress_at_alarm = s->progress;
      itimerval grace{};
      grace.it_value.tv_sec = 1;
      setitimer(ITIMER_REAL, &grace, nullptr);
    } else if (s->in_kernel && s->progress == s->progress_at_alarm) {
      stop_run(Stop::EndlessLoop);
    }
    return;
  }
  if (!s || !s->in_kernel || !pthread_equal(pthread_self(), s->thread)) {
    // Not the kernel's doing: the default action, as if the simulator were not here.
    ::signal(signal, SIG_DFL);
    return;
  }
  s->finding.signal = signal;
  s->finding.address = info->si_addr;
#if defined(__x86_64__)
  const auto* registers = &static_cast<const ucontext_t*>(context)->uc_mcontext;
  s->finding.access = (registers->gregs[REG_ERR] & 2) ? 2 : 1;  // the page fault's error code
  s->finding.stack_pointer = reinterpret_cast<const void*>(registers->gregs[REG_RSP]);
#else
  (void)context;
#endif
  stop_run(Stop::Signal);
}

// The signal handlers (on a stack of their own: a thread that overflowed its stack has
// none left), the interval timer and standard output, each put back as it was.
class SignalsTaken {
 public:
  explicit SignalsTaken(double seconds) : alternate_(kAlternateStackBytes) {
    stack_t stack{};
    stack.ss_sp = alternate_.data();
    stack.ss_size = alternate_.size();
    sigaltstack(&stack, &old_stack_);
    struct sigaction action {};
    action.sa_sigaction = on_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (std::size_t k = 0; k < std::size(kSignals); ++k) sigaction(kSignals[k], &action, &old_actions_[k]);
    itimerval timer{};
    timer.it_value.tv_sec = static_cast<time_t>(seconds);
    timer.it_value.tv_usec = static_cast<suseconds_t>((seconds - static_cast<double>(timer.it_value.tv_sec)) * 1e6);
    if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0) timer.it_value.tv_usec = 1;
    setitimer(ITIMER_REAL, &timer, &old_timer_);
    // What a kernel prints (printf works in kernels) goes to standard error: standard
    // output carries the report.
    std::fflush(stdout);
    saved_stdout_ = dup(STDOUT_FILENO);
    dup2(STDERR_FILENO, STDOUT_FILENO);
  }
  ~SignalsTaken() {
    std::fflush(stdout);
    if (saved_stdout_ >= 0) {
      dup2(saved_stdout_, STDOUT_FILENO);
      close(saved_stdout_);
    }
    setitimer(ITIMER_REAL, &old_timer_, nullptr);
    for (std::size_t k = 0; k < std::size(kSignals); ++k) sigaction(kSignals[k], &old_actions_[k], nullptr);
    sigaltstack(&old_stack_, nullptr);
  }
  SignalsTaken(const SignalsTaken&) = delete;
  SignalsTaken& operator=(const SignalsTaken&) = delete;

 private:
  static constexpr std::size_t kAlternateStackBytes = 256 * 1024;
  std::vector<char> alternate_;
  stack_t old_stack_{};
  struct sigaction old_actions_[std::size(kSignals)] {};
  itimerval old_timer_{};
  int saved_stdout_ = -1;
};

WhygpuIndex index_of(long long linear, const grid::Dim3& shape) {
  return {static_cast<unsigned>(linear % shape.x), static_cast<unsigned>(linear / shape.x % shape.y),
          static_cast<unsigned>(linear / (shape.x * shape.y))};
}

void start_or_resume(int thread, void* context) {
  Session& s = *static_cast<Session*>(context);
  s.state->thread_idx = s.thread_index[static_cast<std::size_t>(thread)];
  s.progress = s.progress + 1;
  s.in_kernel = 1;
}

void thread_body(void* context) {
  Session& s = *static_cast<Session*>(context);
  s.kernel->run_thread(s.args->data());
  s.in_kernel = 0;
}

void run_blocks(Session& s, bool reverse) {
  const Problem& p = *s.problem;
  const long long blocks = p.grid.volume();
  const int threads = static_cast<int>(p.block.volume());
  const std::size_t shared_bytes = static_cast<std::size_t>(s.kernel->shared_end - s.kernel->shared_begin);
  const BlockRun fiber_run{threads, reverse, start_or_resume, thread_body, &s};
  for (long long step = 0; step < blocks; ++step) {
    s.state->block_idx = index_of(reverse ? blocks - 1 - step : step, p.grid);
    // Shared memory starts each block as NaN, like memory no thread has written.
    if (shared_bytes) std::memset(s.kernel->shared_begin, 0xFF, shared_bytes);
    if (s.use_fibers) {
      s.fibers.run(fiber_run);
    } else {
      for (int t = 0; t < threads; ++t) {
        start_or_resume(reverse ? threads - 1 - t : t, &s);
        thread_body(&s);
        if (s.time_up) stop_run(Stop::TooSlow);
      }
    }
    if (s.time_up) stop_run(Stop::TooSlow);
  }
}

// One run of the whole launch; false when it stopped (s.finding says why).
bool run_once(Session& s, Placement placement, bool reverse, std::vector<std::vector<float>>* outputs, Status* error) {
  const Problem& p = *s.problem;
  for (;;) {
    if (Status st = s.arrays.allocate(p, placement); !st) {
      *error = st;
      return false;
    }
    std::vector<float*> pointers;
    for (std::size_t k = 0; k < p.arrays.size(); ++k) pointers.push_back(s.arrays.data(k));
    s.args.emplace(p, pointers);
    s.finding = Finding{};
    if (sigsetjmp(s.stop_point, 1) == 0) {
      run_blocks(s, reverse);
      break;
    }
    if (s.finding.stop != Stop::NeedsFibers) return false;
    if (Status st = s.fibers.reserve(static_cast<int>(p.block.volume())); !st) {
      *error = st;
      return false;
    }
    s.use_fibers = true;
  }
  outputs->clear();
  for (std::size_t k = 0; k < p.arrays.size(); ++k)
    if (p.arrays[k].output) outputs->emplace_back(s.arrays.data(k), s.arrays.data(k) + p.arrays[k].size);
  return true;
}

// The first output that differs between two runs beyond rounding, or -1.
struct Difference {
  std::size_t output = 0;
  long long index = -1;
};
Difference first_difference(const Problem& p, const std::vector<std::vector<float>>& one,
                            const std::vector<std::vector<float>>& other) {
  for (std::size_t k = 0; k < one.size(); ++k)
    for (std::size_t i = 0; i < one[k].size(); ++i) {
      const float x = one[k][i], y = other[k][i];
      const bool same = (x != x && y != y) || within_tolerance(x, y, p.exercise->tolerance);
      if (!same) return {k, static_cast<long long>(i)};
    }
  return {};
}

std::string output_name(const Problem& p, std::size_t output) {
  for (const Array& a : p.arrays)
    if (a.output && output-- == 0) return a.name;
  return "?";
}

Wording value_text(float v) {
  if (v != v) return Wording::sentence(N_("NaN (memory no thread had written)"));
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", v);
  return Wording::number(text);
}

}  // namespace

void simulate(const SimKernel& kernel, const Problem& problem, const SimOptions& options, LabReport* report) {
  report->simulated = true;
  report->launch = problem.launch_text();
  // Refused where the GPU would refuse (the limits of every GPU CUDA 13 runs on).
  grid::LaunchConfig config;
  config.block = problem.block;
  config.grid_auto = false;
  config.grid_manual = problem.grid;
  if (const grid::LaunchCheck check = grid::check_against_limits(config, 0, grid::DeviceLimits{}); check.exceeds_limits) {
    report->run = RunState::Refused;
    report->message = Wording::sentence(N_("the simulator refused {0}, as a GPU would (cudaErrorInvalidConfiguration): {1}"),
                              {report->launch, check.broken_limit});
    return;
  }
  if (g_session) {
    report->run = RunState::Failed;
    report->message = Wording::sentence(N_("another simulation is running in this process"));
    return;
  }

  Session session;
  session.kernel = &kernel;
  session.state = kernel.state;
  session.problem = &problem;
  session.thread = pthread_self();
  *kernel.state = WhygpuSim{};
  kernel.state->block_dim = {static_cast<unsigned>(problem.block.x), static_cast<unsigned>(problem.block.y),
                             static_cast<unsigned>(problem.block.z)};
  kernel.state->grid_dim = {static_cast<unsigned>(problem.grid.x), static_cast<unsigned>(problem.grid.y),
                            static_cast<unsigned>(problem.grid.z)};
  for (long long t = 0; t < problem.block.volume(); ++t) session.thread_index.push_back(index_of(t, problem.block));
  kernel.state->barrier = on_barrier;
  kernel.state->out_of_bounds = on_out_of_bounds;

  // First to last with ends against guards, then last to first with starts against them.
  std::vector<std::vector<float>> forward, backward;
  bool stopped = false;
  Status error = Status::ok();
  {
    g_session = &session;
    SignalsTaken taken(options.time_limit_seconds);
    stopped = !run_once(session, Placement::EndAgainstGuard, false, &forward, &error) ||
              !run_once(session, Placement::StartAgainstGuard, true, &backward, &error);
    g_session = nullptr;
  }
  if (!error) {
    report->run = RunState::Failed;
    report->message = error.message();
    return;
  }
  if (stopped) {
    report->run = RunState::Failed;
    report->message =
        describe(session.finding, problem, session.arrays, session.fibers, options.time_limit_seconds);
    return;
  }

  std::vector<const float*> outputs;
  for (const auto& o : forward) outputs.push_back(o.data());
  check_outputs(problem, outputs, report);
  const Difference d = first_difference(problem, forward, backward);
  report->order_dependent = d.index >= 0;
  if (report->order_dependent) {
    // Show the wrong one of the two results, as a GPU might give it.
    if (report->wrong == 0) {
      outputs.clear();
      for (const auto& o : backward) outputs.push_back(o.data());
      check_outputs(problem, outputs, report);
    }
    const std::string element = output_name(problem, d.output) + "[" + std::to_string(d.index) + "]";
    report->message = Wording::sentence(N_("The result depends on the order the threads run: {0} came out {1} with the "
                                 "threads of each block run first to last, and {2} last to first. On a GPU either "
                                 "can happen. A thread reads what another writes without waiting for it: a missing "
                                 "__syncthreads()?"),
                              {element, value_text(forward[d.output][static_cast<std::size_t>(d.index)]),
                               value_text(backward[d.output][static_cast<std::size_t>(d.index)])});
  }
  report->run = RunState::Ran;
}

}  // namespace whygpu::kernel_lab
