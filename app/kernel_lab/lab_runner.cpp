#include "app/kernel_lab/lab_runner.h"

#include <chrono>

#include "app/cli/child_executable.h"
#include "compute/kernel_lab/child_run.h"

namespace whygpu::app {
namespace {

// Long enough for a slow first CUDA start-up, NVRTC and the timed runs; an endless
// kernel is stopped here.
constexpr double kTryTimeoutSeconds = 20.0;

long long now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

LabRunner::~LabRunner() {
  cancel();
  if (worker_.joinable()) worker_.join();
}

void LabRunner::start(kernel_lab::LabRequest request) {
  if (busy()) return;
  if (worker_.joinable()) worker_.join();  // the previous try has finished
  cancel_.store(false);
  busy_.store(true);
  started_ns_.store(now_ns());
  worker_ = std::thread([this, request = std::move(request)] {
    kernel_lab::LabReport report;
    if (child_executable().empty()) {
      report.run = kernel_lab::RunState::Failed;
      report.message = Wording::sentence(N_("only the whygpu app can run kernels in a child process"));
    } else {
      report = kernel_lab::run_in_child(child_executable(), request, kTryTimeoutSeconds, &cancel_);
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      finished_ = std::move(report);
    }
    busy_.store(false);
  });
}

double LabRunner::seconds_running() const {
  return busy() ? static_cast<double>(now_ns() - started_ns_.load()) * 1e-9 : 0.0;
}

std::optional<kernel_lab::LabReport> LabRunner::take_report() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<kernel_lab::LabReport> out = std::move(finished_);
  finished_.reset();
  return out;
}

}  // namespace whygpu::app
