#include "compute/kernel_lab/child_run.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "compute/core/child_process.h"

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
  ChildProcess child;
  if (Status s = child.start(executable, args); !s) return failed(s.message());

  // Read the report as it comes; stop the child when the time is up or on cancel.
  std::string text;
  const ChildProcess::Read read = child.read_all(&text, timeout_seconds, cancel);
  if (read != ChildProcess::Read::Ended) child.kill();
  const std::string ended = child.wait();

  LabReport report;
  if (read == ChildProcess::Read::Timeout)
    return failed("stopped after " + std::to_string(static_cast<int>(timeout_seconds)) +
                  " s: the kernel did not finish (an endless loop?)");
  if (read == ChildProcess::Read::Cancelled) return failed("cancelled");
  if (from_text(text, &report)) return report;
  if (ended.rfind("killed", 0) == 0) return failed("the kernel-lab process died (" + ended.substr(7) + ")");
  return failed("the kernel-lab process gave no report (" + ended + ")");
}

}  // namespace whygpu::kernel_lab
