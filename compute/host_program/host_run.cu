// The host program's lines, run for real (see host_run.h). Each runtime call is made
// exactly as its line shows, timed with steady_clock from call to return; what it returned
// is kept, never thrown away, even where the program shown forgets to look.
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "compute/host_program/host_run.h"
#include "compute/kernels/random_fill.h"
#include "compute/kernels/vector_launch.h"

namespace whygpu::host_program {

struct ProgramRun::Device {
  float* d_a = nullptr;
  float* d_b = nullptr;
  float* d_c = nullptr;
  cudaEvent_t before = nullptr, after = nullptr;  // around the launch: the kernel's own time
  bool launched = false;
  std::chrono::steady_clock::time_point stopwatch;
};

namespace {

using Clock = std::chrono::steady_clock;

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

void set_error(cudaError_t e, StepResult* r) {
  r->has_error_code = true;
  r->error_code = static_cast<int>(e);
  r->error_name = cudaGetErrorName(e);
  r->error_text = cudaGetErrorString(e);
}

std::string number(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.6g", v);
  return text;
}

std::string count(long long v) {
  std::string digits = std::to_string(v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

ProgramRun::ProgramRun(const ProgramOptions& options)
    : options_(options), steps_(program_steps(options)), device_(std::make_unique<Device>()) {
  const auto n = static_cast<std::size_t>(options.n);
  a_.resize(n);
  b_.resize(n);
  c_.assign(n, 0.0f);
  const std::uint64_t seed = kernels::fresh_seed();
  kernels::fill_uniform(a_.data(), n, seed);
  kernels::fill_uniform(b_.data(), n, seed + 1);
}

ProgramRun::~ProgramRun() {
  for (float* p : {device_->d_a, device_->d_b, device_->d_c})
    if (p) cudaFree(p);
  if (device_->before) cudaEventDestroy(device_->before);
  if (device_->after) cudaEventDestroy(device_->after);
}

StepResult ProgramRun::step() {
  StepResult r;
  r.index = next_;
  if (done()) return r;
  const Step& line = steps_[static_cast<std::size_t>(next_++)];
  if (line.missing || stopped_) {
    r.state = line.missing ? StepState::Missing : StepState::NotRun;
  } else {
    r.state = StepState::Ran;
    Device& d = *device_;
    const std::size_t bytes = a_.size() * sizeof(float);
    const int n = static_cast<int>(options_.n);
    cudaError_t e = cudaSuccess;
    bool runtime_call = true;
    const Clock::time_point t0 = Clock::now();
    switch (line.call) {
      case Call::SetDevice: e = cudaSetDevice(0); break;
      case Call::MallocA: e = cudaMalloc(&d.d_a, bytes); break;
      case Call::MallocB: e = cudaMalloc(&d.d_b, bytes); break;
      case Call::MallocC: e = cudaMalloc(&d.d_c, bytes); break;
      case Call::CopyA: e = cudaMemcpy(d.d_a, a_.data(), bytes, cudaMemcpyHostToDevice); break;
      case Call::CopyB: e = cudaMemcpy(d.d_b, b_.data(), bytes, cudaMemcpyHostToDevice); break;
      case Call::WarmUp:
        kernels::enqueue_add_one_per_thread(d.d_a, d.d_b, d.d_c, 0, 1, 1);
        runtime_call = false;  // like the timed launch, its errors wait for cudaGetLastError
        break;
      case Call::TimerStart: d.stopwatch = Clock::now(); runtime_call = false; break;
      case Call::Launch: runtime_call = false; break;  // below: events around it, outside the time
      case Call::LastError: e = cudaGetLastError(); break;
      case Call::Synchronize: e = cudaDeviceSynchronize(); break;
      case Call::TimerStop: runtime_call = false; break;
      case Call::CopyBack: e = cudaMemcpy(c_.data(), d.d_c, bytes, cudaMemcpyDeviceToHost); break;
      case Call::FreeA: e = cudaFree(d.d_a); d.d_a = nullptr; break;
      case Call::FreeB: e = cudaFree(d.d_b); d.d_b = nullptr; break;
      case Call::FreeC: e = cudaFree(d.d_c); d.d_c = nullptr; break;
      case Call::Check: runtime_call = false; break;
    }
    r.ms = ms_between(t0, Clock::now());

    if (line.call == Call::Launch) {
      // Events record the kernel's start and end on the GPU; made and recorded outside the
      // line's own time. Failures here leave the kernel's time unknown, nothing more.
      if (!d.before && cudaEventCreate(&d.before) != cudaSuccess) d.before = nullptr;
      if (!d.after && cudaEventCreate(&d.after) != cudaSuccess) d.after = nullptr;
      const bool timed = d.before && d.after && cudaEventRecord(d.before, 0) == cudaSuccess;
      const bool bad = options_.mistake == Mistake::BadConfig || options_.mistake == Mistake::BadConfigUnchecked;
      const float* first = options_.mistake == Mistake::HostPointer ? a_.data() : d.d_a;
      const auto blocks = static_cast<unsigned>(bad ? 1 : blocks_for(options_));
      const auto threads = static_cast<unsigned>(bad ? options_.n : options_.threads);
      const Clock::time_point l0 = Clock::now();
      kernels::enqueue_add_one_per_thread(first, d.d_b, d.d_c, static_cast<std::size_t>(n), blocks, threads);
      r.ms = ms_between(l0, Clock::now());
      // A refused launch ran nothing: no kernel time. Peeking leaves the error for the
      // program's own cudaGetLastError() to find (or not).
      const bool refused = cudaPeekAtLastError() != cudaSuccess;
      d.launched = timed && !refused && cudaEventRecord(d.after, 0) == cudaSuccess;
      r.output = step_output(blocks == 1 ? StepOutput::QueuedOneBlock : StepOutput::QueuedBlocks,
                             {count(static_cast<long long>(blocks)), count(threads)})
                     .english();
    } else if (line.call == Call::WarmUp) {
      r.output = step_output(StepOutput::LoadedKernel).english();
    } else if (line.call == Call::TimerStop) {
      r.printed_ms = ms_between(d.stopwatch, t0);
      r.output = step_output(StepOutput::Printed, {"kernel: " + number(r.printed_ms) + " ms"}).english();
    } else if (line.call == Call::Check) {
      long long wrong = 0, first_wrong = -1;
      for (std::size_t i = 0; i < c_.size(); ++i)
        if (c_[i] != a_[i] + b_[i] && wrong++ == 0) first_wrong = static_cast<long long>(i);
      r.wrong = wrong;
      r.correct = wrong == 0;
      if (r.correct) {
        r.output = step_output(StepOutput::AllRight, {count(options_.n)}).english();
      } else {
        const auto i = static_cast<std::size_t>(first_wrong);
        r.output = step_output(StepOutput::Wrong, {count(wrong), count(options_.n), count(first_wrong), number(c_[i]),
                                                   number(a_[i] + b_[i])})
                       .english();
      }
    }
    if (runtime_call) set_error(e, &r);
    if (runtime_call && e != cudaSuccess && line.checked) {
      r.stopped = true;
      stopped_ = true;
      r.output = step_output(StepOutput::CheckExits, {cudaGetErrorString(e)}).english();
    }
  }
  if (done() && device_->launched) {
    float ms = 0.0f;
    if (cudaEventSynchronize(device_->after) == cudaSuccess &&
        cudaEventElapsedTime(&ms, device_->before, device_->after) == cudaSuccess)
      r.kernel_ms = ms;
  }
  return r;
}

}  // namespace whygpu::host_program
