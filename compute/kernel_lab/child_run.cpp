#include "compute/kernel_lab/child_run.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <vector>

#include "compute/core/child_process.h"
#include "compute/kernel_lab/sandbox.h"
#include "compute/kernel_lab/work_folder.h"

namespace whygpu::kernel_lab {
namespace {

LabReport failed(Wording message) {
  LabReport report;
  report.run = RunState::Failed;
  report.message = std::move(message);
  return report;
}

// Writes the source into the try's folder, for the child to read.
Status write_source(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  if (!file.flush()) return Status::error(Wording::sentence(N_("could not write the source to {0}"), {path}));
  return Status::ok();
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", seconds);
  return text;
}

}  // namespace

LabReport run_in_child(const std::string& executable, const LabRequest& request, double timeout_seconds,
                       const std::atomic<bool>* cancel) {
  // No try lasts ten minutes: an older folder is a killed app's.
  remove_stale_work_folders(std::chrono::minutes(10));
  // The try's folder is made here, not in the child, so that it goes however the child ends.
  WorkFolder folder;
  if (Status s = folder.make(); !s) return failed(s.message());
  const std::string source_path = folder.path() + "/kernel.cu";
  if (Status s = write_source(source_path, request.source); !s) return failed(s.message());
  // Half the try for the compile: the child then says a compile that waits for ever was
  // one, and the app's timeout is left for a kernel that does not end.
  std::vector<std::string> args = {executable,
                                   "kernel-lab",
                                   "--exercise", request.exercise,
                                   "--source", source_path,
                                   "--work-folder", folder.path(),
                                   "--compile-seconds", seconds_text(timeout_seconds / 2),
                                   "--n", std::to_string(request.n),
                                   "--block", std::to_string(request.block),
                                   "--block-y", std::to_string(request.block_y),
                                   "--width", std::to_string(request.width),
                                   "--height", std::to_string(request.height),
                                   "--engine", engine_key(request.engine)};
  ChildProcess child;  // in a process group of its own, killed as a whole when the try ends
  if (Status s = child.start(executable, args); !s) return failed(s.message());

  // Read the report as it comes; stop the child when the time is up or on cancel.
  std::string text;
  const ChildProcess::Read read = child.read_all(&text, timeout_seconds, cancel);
  if (read != ChildProcess::Read::Ended) child.kill();
  const std::string ended = child.wait();

  LabReport report;
  if (read == ChildProcess::Read::Timeout)
    return failed(Wording::sentence(N_("stopped after {0} s: the kernel did not finish (an endless loop?)"),
                          {std::to_string(static_cast<int>(timeout_seconds))}));
  if (read == ChildProcess::Read::Cancelled) return failed(Wording::sentence(N_("cancelled")));
  if (from_text(text, &report)) return report;
  // What the child's limits (sandbox.h) end it with.
  switch (child.ending_signal()) {
    case SIGSYS: return failed(forbidden_call_message(""));
    case SIGXCPU:
      return failed(Wording::sentence(N_("the try used more than {0} s of CPU time and was stopped"), {std::to_string(kCpuSeconds)}));
    case SIGXFSZ:
      return failed(Wording::sentence(N_("the try wrote a file larger than {0} MiB and was stopped"), {std::to_string(kMaxFileMiB)}));
    default: break;
  }
  if (ended.rfind("killed", 0) == 0) return failed(Wording::sentence(N_("the kernel-lab process died ({0})"), {ended.substr(7)}));
  return failed(Wording::sentence(N_("the kernel-lab process gave no report ({0})"), {ended}));
}

}  // namespace whygpu::kernel_lab
