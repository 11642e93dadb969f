#pragma once
// A child process to talk to line by line: its standard input and output are pipes, its
// standard error goes to /dev/null. For work that must not share this process's fate (a
// kernel that faults leaves the CUDA context unusable for good, an endless loop never
// returns): the child is killed when this object goes, or on a timeout or cancel.
//
// The child leads a process group of its own, and whatever it starts (a compiler, and that
// compiler's own processes) is in it: when the child ends, or is stopped, the whole group
// is killed (SIGKILL), so nothing it started outlives it. Processes that left the group
// (setpgid, setsid) are out of reach: a child that runs untrusted code forbids that itself.
#include <sys/types.h>

#include <atomic>
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu {

class ChildProcess {
 public:
  ChildProcess() = default;
  ~ChildProcess();  // kills a running child and waits for it
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // args[0] is the program's name as it sees it; `executable` is the file run.
  Status start(const std::string& executable, const std::vector<std::string>& args);
  bool started() const { return pid_ > 0; }

  // A line to the child's standard input (the newline is added).
  Status write_line(const std::string& line);

  enum class Read { Line, Timeout, Cancelled, Ended };
  // The next line of the child's output, without its newline. Waits at most
  // timeout_seconds (<= 0: no limit), checking `cancel` (may be null) every 0.1 s.
  Read read_line(std::string* line, double timeout_seconds, const std::atomic<bool>* cancel);

  // Everything the child writes until it ends (or the time is up, or cancel).
  Read read_all(std::string* text, double timeout_seconds, const std::atomic<bool>* cancel);

  // Stops the child and its process group now (SIGKILL) and waits for the child.
  void kill();
  // Closes its input, waits for the child to end, then kills what is left of its process
  // group: "exit status 0", "killed by signal 11" (the last child's ending once it has
  // been reaped; empty if none was started).
  std::string wait();
  // The signal that ended the last child (0: it exited, or none has ended yet).
  int ending_signal() const { return ending_signal_; }

 private:
  Read fill(double deadline_seconds, const std::atomic<bool>* cancel);
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;  // read but not yet returned
  std::string ended_;   // wait()'s answer once it has reaped the child
  int ending_signal_ = 0;
};

}  // namespace whygpu
