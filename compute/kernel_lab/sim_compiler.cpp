#include "compute/kernel_lab/sim_compiler.h"

#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "compute/kernel_lab/sim_source.h"

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

// A folder for the source and the shared object, removed with this object (the loaded
// object stays mapped after its file is gone).
struct TempFolder {
  std::string path;
  ~TempFolder() {
    std::error_code ignored;
    if (!path.empty()) std::filesystem::remove_all(path, ignored);
  }
  bool make() {
    std::string pattern = (std::filesystem::temp_directory_path() / "whygpu-sim-XXXXXX").string();
    if (!mkdtemp(pattern.data())) return false;
    path = pattern;
    return true;
  }
};

// Runs `args` (args[0] found on PATH) with its output and errors into *output, in the C
// locale: the log is parsed by its English words. Returns the exit status, or -1 if it
// could not start (errno_out says why).
int run_tool(std::vector<std::string> args, std::string* output, int* errno_out) {
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
    *errno_out = errno;
    return -1;
  }
  std::vector<std::string> environment = {"LC_ALL=C"};
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "LC_ALL=", 7) != 0) environment.emplace_back(*e);
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
    return -1;
  }
  char buffer[4096];
  for (ssize_t got; (got = ::read(pipe_fds[0], buffer, sizeof buffer)) != 0;) {
    if (got > 0) output->append(buffer, static_cast<std::size_t>(got));
    else if (errno != EINTR) break;
  }
  ::close(pipe_fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

Status build_for_simulator(const Exercise& exercise, const std::string& source, SimBuild* build, SimKernel* kernel) {
  *build = SimBuild{};
  *kernel = SimKernel{};
  const std::string compiler = find_compiler();
  if (compiler.empty())
    return Status::error("the simulator needs a C++ compiler and found none (g++, c++ or clang++ on PATH): "
                         "install Debian's g++ package (sudo apt install g++)");
  build->compiler = std::filesystem::path(compiler).filename().string();

  TempFolder folder;
  if (!folder.make()) return Status::error(std::string("could not make a temporary folder: ") + std::strerror(errno));
  const std::string source_path = folder.path + "/kernel.cpp";
  const std::string object_path = folder.path + "/kernel.so";
  {
    std::ofstream file(source_path);
    file << simulator_source(exercise, source);
    if (!file.flush()) return Status::error("could not write the kernel's source to " + source_path);
  }
  // -O1: fast code, compiled fast. -fsanitize=bounds: every index into an array of known
  // size (a __shared__ one, a local one) is checked, calling the prelude's handler.
  // -fstack-clash-protection: a deep stack overflows into a fiber's guard, not past it.
  const auto start = std::chrono::steady_clock::now();
  int spawn_errno = 0;
  const int exit_status = run_tool({compiler, "-std=c++17", "-O1", "-fPIC", "-shared", "-fsanitize=bounds",
                                    "-fstack-clash-protection", "-fno-diagnostics-color", "-x", "c++", source_path, "-o", object_path},
                                   &build->log, &spawn_errno);
  build->compile_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (exit_status < 0)
    return Status::error("could not run the C++ compiler " + compiler + ": " + std::strerror(spawn_errno) +
                         " (install Debian's g++ package, or set WHYGPU_SIM_CXX)");
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

  if (Status s = SharedLibrary::open({object_path.c_str()}, &kernel->library); !s)
    return Status::error("could not load the compiled kernel: " + s.message());
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
