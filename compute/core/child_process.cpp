#include "compute/core/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

extern char** environ;

namespace whygpu {
namespace {

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

ChildProcess::~ChildProcess() { kill(); }

Status ChildProcess::start(const std::string& executable, const std::vector<std::string>& args) {
  if (started()) return Status::error(Wording::sentence(N_("a child process is already running")));
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0)
    return Status::error(Wording::sentence(N_("{0}: {1}"), {"pipe", std::strerror(errno)}));
  if (pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    return Status::error(Wording::sentence(N_("{0}: {1}"), {"pipe", std::strerror(errno)}));
  }
  std::vector<std::string> copy = args;
  std::vector<char*> argv;
  for (std::string& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  // A process group of its own (its id is the child's pid), for kill() and wait() to end
  // together with everything the child started.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, executable.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in[0]);
  ::close(out[1]);
  if (spawned != 0) {
    ::close(in[1]);
    ::close(out[0]);
    return Status::error(
        Wording::sentence(N_("could not start {0}: {1}"), {executable, std::strerror(spawned)}));
  }
  // A child that ends early must not kill this process with SIGPIPE when it is written to.
  signal(SIGPIPE, SIG_IGN);
  pid_ = pid;
  to_child_ = in[1];
  from_child_ = out[0];
  buffer_.clear();
  ended_.clear();
  ending_signal_ = 0;
  return Status::ok();
}

Status ChildProcess::write_line(const std::string& line) {
  if (to_child_ < 0) return Status::error(Wording::sentence(N_("the child process is not running")));
  const std::string text = line + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(to_child_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      return Status::error(
          Wording::sentence(N_("writing to the child process: {0}"), {std::strerror(errno)}));
    done += static_cast<std::size_t>(n);
  }
  return Status::ok();
}

ChildProcess::Read ChildProcess::fill(double deadline, const std::atomic<bool>* cancel) {
  for (;;) {
    if (cancel && cancel->load()) return Read::Cancelled;
    if (deadline > 0.0 && now_seconds() > deadline) return Read::Timeout;
    if (from_child_ < 0) return Read::Ended;
    pollfd ready{from_child_, POLLIN, 0};
    const int polled = poll(&ready, 1, 100);
    if (polled < 0 && errno != EINTR) return Read::Ended;
    if (polled <= 0) continue;
    char chunk[4096];
    const ssize_t got = ::read(from_child_, chunk, sizeof chunk);
    if (got > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(got));
      return Read::Line;  // something came: the caller looks for a whole line
    }
    if (got < 0 && errno == EINTR) continue;
    ::close(from_child_);
    from_child_ = -1;
    return Read::Ended;
  }
}

ChildProcess::Read ChildProcess::read_line(std::string* line, double timeout_seconds, const std::atomic<bool>* cancel) {
  const double deadline = timeout_seconds > 0.0 ? now_seconds() + timeout_seconds : 0.0;
  for (;;) {
    const std::size_t end = buffer_.find('\n');
    if (end != std::string::npos) {
      *line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      return Read::Line;
    }
    const Read r = fill(deadline, cancel);
    if (r != Read::Line) return r;
  }
}

ChildProcess::Read ChildProcess::read_all(std::string* text, double timeout_seconds, const std::atomic<bool>* cancel) {
  const double deadline = timeout_seconds > 0.0 ? now_seconds() + timeout_seconds : 0.0;
  Read r = Read::Line;
  while (r == Read::Line) r = fill(deadline, cancel);
  *text = std::move(buffer_);
  buffer_.clear();
  return r;
}

void ChildProcess::kill() {
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);  // the child too, had it left its group
  }
  wait();
}

std::string ChildProcess::wait() {
  if (to_child_ >= 0) {
    ::close(to_child_);  // end of its input: a child reading commands stops
    to_child_ = -1;
  }
  if (pid_ > 0) {
    // The child ended but is not reaped yet: until it is, its pid, the group's id, cannot
    // be given to another process, so the kill below reaches only what the child started.
    siginfo_t ended{};
    while (waitid(P_PID, static_cast<id_t>(pid_), &ended, WEXITED | WNOWAIT) < 0 && errno == EINTR) {
    }
    ::kill(-pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    ending_signal_ = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    ended_ = WIFSIGNALED(status) ? "killed by signal " + std::to_string(WTERMSIG(status))
                                 : "exit status " + std::to_string(WEXITSTATUS(status));
    pid_ = -1;
  }
  if (from_child_ >= 0) {
    ::close(from_child_);
    from_child_ = -1;
  }
  return ended_;
}

}  // namespace whygpu
