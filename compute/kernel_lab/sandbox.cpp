#include "compute/kernel_lab/sandbox.h"

#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace whygpu::kernel_lab {
namespace {

volatile sig_atomic_t g_refused_call = -1;  // the number of the first call refused
// Set once the filter is in force in this process.
volatile sig_atomic_t g_filtered = 0;

// On x86-64 and ARM64 a refused call raises SIGSYS, and this handler makes the call
// return EPERM (its result register) after noting which it was, so the try can say what
// the kernel tried. Where SIGSYS is blocked (glibc's posix_spawn and system() block every
// signal around their clone), or on other machines, where the filter kills instead, the
// process dies of SIGSYS, and the app says what that means.
#if defined(__x86_64__) || defined(__aarch64__)
constexpr std::uint32_t kRefuse = SCMP_ACT_TRAP;
#else
constexpr std::uint32_t kRefuse = SCMP_ACT_KILL_PROCESS;
#endif

void on_refused_call(int, siginfo_t* info, void* context) {
  if (g_refused_call < 0) g_refused_call = info->si_syscall;
  auto* registers = &static_cast<ucontext_t*>(context)->uc_mcontext;
#if defined(__x86_64__)
  registers->gregs[REG_RAX] = -EPERM;
#elif defined(__aarch64__)
  registers->regs[0] = static_cast<unsigned long long>(-EPERM);
#else
  (void)registers;
#endif
}

// Lowers `resource` to `soft` (and `hard`), never above what this process may have.
bool lower_limit(int resource, rlim_t soft, rlim_t hard) {
  rlimit now{};
  if (getrlimit(resource, &now) != 0) return false;
  const rlimit lowered{std::min(soft, now.rlim_max), std::min(hard, now.rlim_max)};
  return setrlimit(resource, &lowered) == 0;
}

// This process's address space now, from /proc/self/statm (its first number, in pages).
unsigned long long address_space_bytes() {
  unsigned long long pages = 0;
  if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(statm, "%llu", &pages) != 1) pages = 0;
    std::fclose(statm);
  }
  return pages * static_cast<unsigned long long>(sysconf(_SC_PAGESIZE));
}

bool is_program_start(const std::string& call) {
  for (const char* name : {"fork", "vfork", "clone", "execve", "execveat"})
    if (call == name) return true;
  return false;
}

}  // namespace

Status limit_resources(bool on_gpu) {
  // The app that started this try may die without ending it: the try ends with it.
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  constexpr rlim_t kMiB = rlim_t{1} << 20;
  // CPU time: SIGXCPU at the soft limit, SIGKILL at the hard one for a kernel that catches
  // SIGXCPU. RLIMIT_NPROC is not set: it counts all of the user's processes, and does not
  // bind root at all; the seccomp filter is what keeps a kernel from starting any.
  if (!lower_limit(RLIMIT_CPU, kCpuSeconds, kCpuSeconds + 2) ||
      !lower_limit(RLIMIT_FSIZE, kMaxFileMiB * kMiB, kMaxFileMiB * kMiB) || !lower_limit(RLIMIT_CORE, 0, 0))
    return Status::error(Wording::sentence(N_("could not limit the try's resources: {0}"),
                                           {std::strerror(errno)}));
  // CUDA reserves address space by the terabyte (unified addressing), so a GPU try has no
  // address-space limit; RLIMIT_DATA would count the driver's private mappings too, and
  // no GPU was at hand to find a bound that is safe for every driver. Nor has a process
  // whose driver already reserved its ranges while looking for a GPU: its next
  // allocation would fail.
  const rlim_t address_limit = static_cast<rlim_t>(kMaxAddressGiB) << 30;
  if (!on_gpu && address_space_bytes() < address_limit / 4 && !lower_limit(RLIMIT_AS, address_limit, address_limit))
    return Status::error(Wording::sentence(N_("could not limit the try's memory: {0}"),
                                           {std::strerror(errno)}));
  return Status::ok();
}

Status forbid_new_processes() {
  struct sigaction action {};
  action.sa_sigaction = on_refused_call;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;  // the simulator's alternate stack, while it runs
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGSYS, &action, nullptr) != 0) return Status::error(std::string("sigaction: ") + std::strerror(errno));
  // Without it an unprivileged process may not install a filter; it also keeps a set-user-ID
  // program, were one started, from gaining rights.
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
    return Status::error(std::string("PR_SET_NO_NEW_PRIVS: ") + std::strerror(errno));

  scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
  if (!filter) return Status::error(Wording::sentence(N_("seccomp_init failed")));
  const scmp_datum_t self = static_cast<scmp_datum_t>(getpid());
  int failed = 0;  // the first error of libseccomp's, a negative errno
  const auto add = [&](std::uint32_t action, int call, std::initializer_list<scmp_arg_cmp> conditions) {
    const int added = seccomp_rule_add_array(filter, action, call, static_cast<unsigned>(conditions.size()), conditions.begin());
    if (added != 0 && failed == 0) failed = added;
  };
  // New processes, and new programs. clone makes threads too (CLONE_THREAD), which the
  // simulator and CUDA need; clone3 passes its flags in memory a filter cannot read, so it
  // answers ENOSYS, and glibc then makes its threads with clone.
  add(kRefuse, SCMP_SYS(fork), {});
  add(kRefuse, SCMP_SYS(vfork), {});
  add(kRefuse, SCMP_SYS(clone), {SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0)});
  add(SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), {});
  add(kRefuse, SCMP_SYS(execve), {});
  add(kRefuse, SCMP_SYS(execveat), {});
  // Other processes: signals to any but this one, tracing, their memory; leaving the try's
  // process group, which the app kills when the try ends; lifting the limits above (root may).
  add(kRefuse, SCMP_SYS(kill), {SCMP_A0(SCMP_CMP_NE, self)});
  add(kRefuse, SCMP_SYS(tgkill), {SCMP_A0(SCMP_CMP_NE, self)});
  add(kRefuse, SCMP_SYS(tkill), {});
  add(kRefuse, SCMP_SYS(pidfd_send_signal), {});
  add(kRefuse, SCMP_SYS(ptrace), {});
  add(kRefuse, SCMP_SYS(process_vm_readv), {});
  add(kRefuse, SCMP_SYS(process_vm_writev), {});
  add(kRefuse, SCMP_SYS(setpgid), {});
  add(kRefuse, SCMP_SYS(setsid), {});
  add(kRefuse, SCMP_SYS(setrlimit), {});
  add(kRefuse, SCMP_SYS(prlimit64), {SCMP_A2(SCMP_CMP_NE, 0)});
  // Every thread (CUDA's, a thread pool's) gets the filter, not only this one; a call made
  // the 32-bit way (int 0x80 on x86-64) would escape the rules, so it ends the process.
  if (failed == 0) failed = seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1);
  if (failed == 0) failed = seccomp_attr_set(filter, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
  if (failed == 0) failed = seccomp_load(filter);
  seccomp_release(filter);
  if (failed != 0)
    return Status::error(Wording::sentence(N_("could not install the seccomp filter: {0}"),
                                           {std::strerror(-failed)}));
  g_filtered = true;
  return Status::ok();
}

std::string refused_call() {
  if (g_refused_call < 0) return "";
  char* name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, g_refused_call);
  const std::string call = name ? name : "system call " + std::to_string(g_refused_call);
  std::free(name);
  return call;
}

Wording forbidden_call_message(const std::string& call) {
  if (call.empty())
    return Wording::sentence(N_("the kernel tried to start a program, or to reach another one, and was stopped; kernels in the "
                      "lab cannot"));
  if (is_program_start(call))
    return Wording::sentence(N_("the kernel tried to start a program ({0}); kernels in the lab cannot"), {call});
  return Wording::sentence(N_("the kernel tried to reach another program or lift its limits ({0}); kernels in the lab cannot"),
                 {call});
}

}  // namespace whygpu::kernel_lab

// LeakSanitizer's hook (a weak symbol of its runtime; without a sanitizer nothing calls
// it): its check at exit stops the process's threads from a helper made by clone without
// CLONE_THREAD, which the filter refuses, so a sanitizer build's tries all ended "refused".
// A filtered process skips the leak check; AddressSanitizer still checks every access.
extern "C" __attribute__((visibility("default"), used)) int __lsan_is_turned_off() {
  return whygpu::kernel_lab::g_filtered ? 1 : 0;
}
