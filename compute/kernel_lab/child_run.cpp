#include "compute/kernel_lab/child_run.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

extern char** environ;

namespace whygpu::kernel_lab {
namespace {

LabReport failed(std::string message) {
  LabReport report;
  report.run = RunState::Failed;
  report.message = std::move(message);
  return report;
}

// The source in a temporary file, removed with this object.
struct SourceFile {
  std::string path;
  ~SourceFile() {
    if (!path.empty()) std::remove(path.c_str());
  }
  bool write(const std::string& text) {
    std::string name = (std::filesystem::temp_directory_path() / "whygpu-kernel-XXXXXX.cu").string();
    const int fd = mkstemps(name.data(), 3);
    if (fd < 0) return false;
    path = name;
    const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    return ::close(fd) == 0 && ok;
  }
};

}  // namespace

LabReport run_in_child(const std::string& executable, const LabRequest& request, double timeout_seconds,
                       const std::atomic<bool>* cancel) {
  SourceFile source;
  if (!source.write(request.source)) return failed(std::string("could not write the source to a temporary file: ") + std::strerror(errno));
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) return failed(std::string("pipe: ") + std::strerror(errno));

  std::vector<std::string> args = {executable,
                                   "kernel-lab",
                                   "--exercise", request.exercise,
                                   "--source", source.path,
                                   "--n", std::to_string(request.n),
                                   "--block", std::to_string(request.block),
                                   "--block-y", std::to_string(request.block_y),
                                   "--width", std::to_string(request.width),
                                   "--height", std::to_string(request.height),
                                   "--engine", engine_key(request.engine)};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, executable.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  if (spawned != 0) {
    ::close(out[0]);
    return failed("could not start " + executable + ": " + std::strerror(spawned));
  }

  // Read the report as it comes; stop the child when the time is up or on cancel.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  std::string text;
  const char* stopped = nullptr;
  for (;;) {
    if (cancel && cancel->load()) stopped = "cancelled";
    else if (std::chrono::steady_clock::now() > deadline) stopped = "timeout";
    if (stopped) {
      kill(pid, SIGKILL);
      break;
    }
    pollfd ready{out[0], POLLIN, 0};
    if (poll(&ready, 1, 100) <= 0) continue;
    char buffer[4096];
    const ssize_t got = ::read(out[0], buffer, sizeof buffer);
    if (got > 0) text.append(buffer, static_cast<std::size_t>(got));
    else if (got == 0 || errno != EINTR) break;  // end of the report (or a broken pipe)
  }
  ::close(out[0]);
  int status = 0;
  waitpid(pid, &status, 0);

  LabReport report;
  if (stopped && std::strcmp(stopped, "timeout") == 0)
    return failed("stopped after " + std::to_string(static_cast<int>(timeout_seconds)) +
                  " s: the kernel did not finish (an endless loop?)");
  if (stopped) return failed("cancelled");
  if (from_text(text, &report)) return report;
  if (WIFSIGNALED(status)) return failed("the kernel-lab process died (signal " + std::to_string(WTERMSIG(status)) + ")");
  return failed("the kernel-lab process gave no report (exit status " + std::to_string(WEXITSTATUS(status)) + ")");
}

}  // namespace whygpu::kernel_lab
