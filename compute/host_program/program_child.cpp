#include "compute/host_program/program_child.h"

#include <cstdlib>

namespace whygpu::host_program {
namespace {

Status read_failed(ChildProcess* child, ChildProcess::Read read, double timeout_seconds) {
  if (read == ChildProcess::Read::Cancelled) return Status::error(Wording::sentence(N_("cancelled")));
  if (read == ChildProcess::Read::Timeout) {
    child->kill();
    return Status::error(
        Wording::sentence(N_("the program's process did not answer within {0} s and was stopped"),
                          {std::to_string(static_cast<int>(timeout_seconds))}));
  }
  return Status::error(
      Wording::sentence(N_("the program's process ended without an answer ({0})"), {child->wait()}));
}

Status answered(const std::string& line, const Status& problem) {
  return Status::error(
      Wording::sentence(N_("the program's process answered '{0}': {1}"), {line, problem.wording()}));
}

}  // namespace

Status ProgramChild::start(const std::string& executable, const ProgramOptions& options,
                           const std::atomic<bool>* cancel) {
  stop();
  if (Status s = check_options(options); !s) return s;
  if (Status s = child_.start(executable, {executable, "host-program", "--serve", "--n", std::to_string(options.n),
                                           "--threads", std::to_string(options.threads), "--mistake",
                                           mistake_info(options.mistake).key});
      !s)
    return s;
  constexpr double kReadySeconds = 30.0;  // host arrays of up to 2^28 floats, filled
  std::string line;
  const ChildProcess::Read read = child_.read_line(&line, kReadySeconds, cancel);
  if (read != ChildProcess::Read::Line) return read_failed(&child_, read, kReadySeconds);
  if (line.rfind("ready ", 0) != 0) {
    child_.kill();
    // Any other line is the child's own message, in English: it came through a pipe as text.
    return Status::error(line.empty() ? Wording::sentence(N_("the program's process did not start"))
                                      : Wording(line));
  }
  steps_ = std::atoi(line.c_str() + 6);
  done_ = 0;
  started_ = true;
  return Status::ok();
}

Status ProgramChild::step(StepResult* out, double timeout_seconds, const std::atomic<bool>* cancel) {
  if (!started_ || finished())
    return Status::error(Wording::sentence(N_("the program has no line left to run")));
  if (Status s = child_.write_line("step"); !s) return s;
  std::string line;
  const ChildProcess::Read read = child_.read_line(&line, timeout_seconds, cancel);
  if (read != ChildProcess::Read::Line) return read_failed(&child_, read, timeout_seconds);
  if (Status s = result_from_line(line, out); !s) return answered(line, s);
  ++done_;
  if (finished()) child_.kill();  // its work is done; no need to wait for its CUDA teardown
  return Status::ok();
}

Status ProgramChild::run_rest(std::vector<StepResult>* out, double timeout_seconds, const std::atomic<bool>* cancel) {
  if (!started_ || finished())
    return Status::error(Wording::sentence(N_("the program has no line left to run")));
  if (Status s = child_.write_line("all"); !s) return s;
  while (!finished()) {
    std::string line;
    const ChildProcess::Read read = child_.read_line(&line, timeout_seconds, cancel);
    if (read != ChildProcess::Read::Line) return read_failed(&child_, read, timeout_seconds);
    StepResult r;
    if (Status s = result_from_line(line, &r); !s) return answered(line, s);
    out->push_back(std::move(r));
    ++done_;
  }
  child_.kill();  // its work is done
  return Status::ok();
}

void ProgramChild::stop() {
  if (started_) child_.kill();
  started_ = false;
  steps_ = done_ = 0;
}

}  // namespace whygpu::host_program
