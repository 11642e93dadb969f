#include "compute/kernel_lab/sim_compiler.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "compute/kernel_lab/sim_source.h"
#include "compute/kernel_lab/work_folder.h"

extern char** environ;

namespace whygpu::kernel_lab {
namespace {

// WHYGPU_SIM_CXX, else the first of these found on PATH.
std::string find_compiler() {
  if (const char* chosen = std::getenv("WHYGPU_SIM_CXX"); chosen && *chosen) return chosen;
  const char* path = std::getenv("PATH");
  const std::string folders = path && *path ? path : "/usr/bin:/bin";
  for (const char* name : {"g++", "c++", "clang++"}) {
    std::size_t start = 0;
    while (start <= folders.size()) {
      const std::size_t end = std::min(folders.find(':', start), folders.size());
      const std::string candidate = folders.substr(start, end - start) + "/" + name;
      if (end > start && access(candidate.c_str(), X_OK) == 0) return candidate;
      start = end + 1;
    }
  }
  return "";
}

// Stops a compile that ran out of time: the compiler, and the programs it started
// (cc1plus, as, ld), which it cannot stop once killed. They are in this process's group:
// where this process leads that group (the app's try, a shell's job), every other member
// is the compiler's. The app kills its try's group in any case; this is for a try run by hand.
void stop_compiler(pid_t compiler) {
  ::kill(compiler, SIGKILL);  // first: a dead compiler starts nothing more
  if (getpgrp() != getpid()) return;
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ignored)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat_file(entry.path() / "stat");
    std::string stat((std::istreambuf_iterator<char>(stat_file)), std::istreambuf_iterator<char>());
    // pid (comm) state ppid pgrp ...: the name may hold spaces and parentheses.
    const std::size_t after_name = stat.rfind(')');
    if (after_name == std::string::npos) continue;
    char state = 0;
    long parent = 0, group = 0;
    if (std::sscanf(stat.c_str() + after_name + 1, " %c %ld %ld", &state, &parent, &group) != 3) continue;
    const pid_t pid = static_cast<pid_t>(std::stol(name));
    if (group == getpgrp() && pid != getpid()) ::kill(pid, SIGKILL);
  }
}

// Runs `args` (args[0] found on PATH) with its output and errors into *output, in the C
// locale (the log is parsed by its English words) and with its temporary files in
// `folder`. Returns the exit status, kTimedOut when it was stopped at `deadline`, or
// kNotStarted (errno_out says why).
constexpr int kNotStarted = -1, kTimedOut = -2;
int run_tool(std::vector<std::string> args, const std::string& folder,
             std::chrono::steady_clock::time_point deadline, std::string* output, int* errno_out) {
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
    *errno_out = errno;
    return kNotStarted;
  }
  std::vector<std::string> environment = {"LC_ALL=C", "TMPDIR=" + folder};
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "LC_ALL=", 7) != 0 && std::strncmp(*e, "TMPDIR=", 7) != 0) environment.emplace_back(*e);
  std::vector<char*> argv, envp;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  for (std::string& e : environment) envp.push_back(e.data());
  envp.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDERR_FILENO);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  if (spawned != 0) {
    ::close(pipe_fds[0]);
    *errno_out = spawned;
    return kNotStarted;
  }
  bool timed_out = false;
  char buffer[4096];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd ready{pipe_fds[0], POLLIN, 0};
    const int polled = left.count() > 0 ? poll(&ready, 1, static_cast<int>(std::min<long long>(left.count(), 1000))) : 0;
    if (polled < 0 && errno == EINTR) continue;
    if (polled == 0 && left.count() > 0) continue;
    if (polled == 0) {
      timed_out = true;
      stop_compiler(pid);
      break;
    }
    const ssize_t got = ::read(pipe_fds[0], buffer, sizeof buffer);
    if (got > 0) output->append(buffer, static_cast<std::size_t>(got));
    else if (got == 0 || errno != EINTR) break;
  }
  ::close(pipe_fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) return kTimedOut;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", seconds);
  return text;
}

}  // namespace

Status build_for_simulator(const Exercise& exercise, const std::string& source, SimBuild* build, SimKernel* kernel,
                           const SimBuildOptions& options) {
  *build = SimBuild{};
  *kernel = SimKernel{};
  const std::string compiler = find_compiler();
  if (compiler.empty())
    return Status::error(Wording::sentence(N_("the simulator needs a C++ compiler and found none (g++, c++ "
                                              "or clang++ on PATH): install Debian's g++ package (sudo apt "
                                              "install g++)")));
  build->compiler = std::filesystem::path(compiler).filename().string();

  WorkFolder own_folder;  // the loaded object stays mapped after its file is gone
  if (options.folder.empty())
    if (Status s = own_folder.make(); !s) return s;
  const std::string folder = options.folder.empty() ? own_folder.path() : options.folder;
  const std::string source_path = folder + "/kernel.cpp";
  const std::string object_path = folder + "/kernel.so";
  {
    std::ofstream file(source_path);
    file << simulator_source(exercise, source);
    if (!file.flush())
      return Status::error(Wording::sentence(
          N_("could not write the kernel's source to {0}"), {source_path}));
  }
  // -O1: fast code, compiled fast. -fsanitize=bounds: every index into an array of known
  // size (a __shared__ one, a local one) is checked, calling the prelude's handler.
  // -fstack-clash-protection: a deep stack overflows into a fiber's guard, not past it.
  const auto start = std::chrono::steady_clock::now();
  int spawn_errno = 0;
  const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                     std::chrono::duration<double>(options.compile_seconds));
  const int exit_status = run_tool({compiler, "-std=c++17", "-O1", "-fPIC", "-shared", "-fsanitize=bounds",
                                    "-fstack-clash-protection", "-fno-diagnostics-color", "-x", "c++", source_path, "-o", object_path},
                                   folder, deadline, &build->log, &spawn_errno);
  build->compile_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (exit_status == kTimedOut)
    return Status::error(Wording::sentence(N_("the compile did not finish in {0} s and was stopped: does an "
                                              "#include name a file that never ends, such as a pipe?"),
                                           {Wording::number(seconds_text(options.compile_seconds))}));
  if (exit_status == kNotStarted)
    return Status::error(Wording::sentence(N_("could not run the C++ compiler {0}: {1} (install Debian's g++ "
                                              "package, or set WHYGPU_SIM_CXX)"),
                                           {compiler, std::strerror(spawn_errno)}));
  while (!build->log.empty() && build->log.back() == '\n') build->log.pop_back();
  build->diagnostics = parse_gcc_log(build->log);
  if (exit_status != 0) {
    bool user_error = false;
    for (const Diagnostic& d : build->diagnostics) user_error |= d.severity == "error";
    if (!user_error)
      build->problem = std::string("the simulator could not call ") + kKernelName + ": keep the line " +
                       declaration(exercise);
    return Status::ok();
  }

  if (options.before_load)
    if (Status s = options.before_load(); !s)
      return Status::error(Wording::sentence(N_("could not lock the kernel in: {0}"), {s.wording()}));
  if (Status s = SharedLibrary::open({object_path.c_str()}, &kernel->library); !s)
    return Status::error(Wording::sentence(N_("could not load the compiled kernel: {0}"), {s.wording()}));
  void (*kernel_function)() = nullptr;
  if (!kernel->library.symbol(kKernelName, &kernel_function)) {
    build->problem = std::string("the source has no kernel named ") + kKernelName + ": keep the line " +
                     declaration(exercise);
    return Status::ok();
  }
  void (*shared_memory)(char**, char**) = nullptr;
  for (Status s : {kernel->library.symbol(kSimStateSymbol, &kernel->state),
                   kernel->library.symbol(kRunThreadSymbol, &kernel->run_thread),
                   kernel->library.symbol(kSharedMemorySymbol, &shared_memory)})
    if (!s) return s;
  shared_memory(&kernel->shared_begin, &kernel->shared_end);
  build->ok = true;
  return Status::ok();
}

}  // namespace whygpu::kernel_lab
