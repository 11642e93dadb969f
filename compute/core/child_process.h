#pragma once
// A child process to talk to line by line: its standard input and output are pipes, its
// standard error goes to /dev/null. For work that must not share this process's fate (a
// kernel that faults leaves the CUDA context unusable for good, an endless loop never
// returns): the child is killed when this object goes, or on a timeout or cancel.
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

  // Stops the child now (SIGKILL) and waits for it.
  void kill();
  // Closes its input and waits for the child to end: "exit status 0", "killed by signal 11"
  // (the last child's ending once it has been reaped; empty if none was started).
  std::string wait();

 private:
  Read fill(double deadline_seconds, const std::atomic<bool>* cancel);
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;  // read but not yet returned
  std::string ended_;   // wait()'s answer once it has reaped the child
};

}  // namespace whygpu
