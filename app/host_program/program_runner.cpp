#include "app/host_program/program_runner.h"

#include "app/cli/child_executable.h"
#include "app/i18n/translate.h"

namespace whygpu::app {
namespace {

// A line may copy 2^28 floats from pageable memory, or run a kernel that reads host
// memory page by page; a child silent for this long is stopped.
constexpr double kLineTimeoutSeconds = 120.0;

}  // namespace

ProgramRunner::~ProgramRunner() {
  cancel_.store(true);
  if (worker_.joinable()) worker_.join();
  child_.stop();
}

void ProgramRunner::step(const host_program::ProgramOptions& options) { launch(options, false); }
void ProgramRunner::run_all(const host_program::ProgramOptions& options) { launch(options, true); }

void ProgramRunner::reset() {
  if (busy()) return;
  if (worker_.joinable()) worker_.join();
  child_.stop();
  std::lock_guard<std::mutex> lock(mutex_);
  state_ = Snapshot{};
}

ProgramRunner::Snapshot ProgramRunner::snapshot() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return state_;
}

void ProgramRunner::launch(const host_program::ProgramOptions& options, bool all) {
  if (busy()) return;
  if (worker_.joinable()) worker_.join();
  cancel_.store(false);
  busy_.store(true);
  worker_ = std::thread([this, options, all] {
    Snapshot current = snapshot();
    // A new program when none runs, the last one has finished, or its settings changed.
    const bool same = current.lines > 0 && !current.finished() && current.error.empty() &&
                      current.options.n == options.n && current.options.threads == options.threads &&
                      current.options.mistake == options.mistake && child_.done() == static_cast<int>(current.results.size());
    if (!same) {
      child_.stop();
      {
        std::lock_guard<std::mutex> lock(mutex_);
        state_ = Snapshot{};
        state_.options = options;
      }
      Status s = child_executable().empty()
                     ? Status::error(tr("only the whygpu app can run the program in a child process"))
                     : child_.start(child_executable(), options, &cancel_);
      std::lock_guard<std::mutex> lock(mutex_);
      if (!s) state_.error = translated(s);
      else state_.lines = child_.steps();
    }
    if (snapshot().error.empty() && !child_.finished()) {
      std::vector<host_program::StepResult> results;
      const Status s = all ? child_.run_rest(&results, kLineTimeoutSeconds, &cancel_)
                           : child_.step(&results.emplace_back(), kLineTimeoutSeconds, &cancel_);
      std::lock_guard<std::mutex> lock(mutex_);
      if (s) {
        for (auto& r : results) state_.results.push_back(std::move(r));
        state_.stepped = state_.stepped || !all;
      } else {
        state_.error = translated(s);
        child_.stop();  // a child that failed to answer (or was cancelled) is of no more use
      }
    }
    busy_.store(false);
  });
}

}  // namespace whygpu::app
