#include "compute/host_program/program.h"

#include <algorithm>
#include <stdexcept>

#include "compute/core/translation_marker.h"

namespace whygpu::host_program {

const std::vector<MistakeInfo>& mistakes() {
  static const std::vector<MistakeInfo> all = {
      {Mistake::None, "none", N_("no mistake: the program as it should be")},
      {Mistake::NoSync, "no-sync", N_("time the launch without synchronising")},
      {Mistake::NoCopyBack, "no-copy-back", N_("read c without copying it back")},
      {Mistake::BadConfig, "bad-config", N_("launch <<<1, n>>>, with the error check")},
      {Mistake::BadConfigUnchecked, "bad-config-unchecked", N_("launch <<<1, n>>>, without any check")},
      {Mistake::HostPointer, "host-pointer", N_("give the kernel a host pointer"), true},
  };
  return all;
}

const MistakeInfo& mistake_info(Mistake mistake) {
  for (const MistakeInfo& m : mistakes())
    if (m.mistake == mistake) return m;
  throw std::logic_error("a Mistake without its MistakeInfo");
}

bool find_mistake(const std::string& key, Mistake* out) {
  for (const MistakeInfo& m : mistakes())
    if (m.key == key) {
      *out = m.mistake;
      return true;
    }
  return false;
}

Status check_options(const ProgramOptions& o) {
  if (o.n < kMinElements || o.n > kMaxElements)
    return Status::error(Wording::sentence(N_("n must be from {0} to {1} (got {2})"),
                                           {std::to_string(kMinElements), std::to_string(kMaxElements),
                                            std::to_string(o.n)}));
  if (o.threads < 1 || o.threads > 4096)
    return Status::error(
        Wording::sentence(N_("threads must be from 1 to 4096 (got {0})"), {std::to_string(o.threads)}));
  return Status::ok();
}

const std::vector<std::string>& kernel_source() {
  static const std::vector<std::string> lines = {
      "__global__ void add(const float* a, const float* b, float* c, size_t n) {",
      "  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;",
      "  if (i < n) c[i] = a[i] + b[i];",
      "}",
  };
  return lines;
}

const std::vector<CodeLine>& host_preamble() {
  static const std::vector<CodeLine> lines = {
      {"std::vector<float> a(n), b(n), c(n);", N_("host arrays: a and b hold random numbers")},
      {"float *d_a, *d_b, *d_c;", N_("will point into GPU memory")},
      {"size_t bytes = n * sizeof(float);"},
  };
  return lines;
}

std::string commented(const std::string& code, const char* comment, std::size_t column) {
  if (!comment) return code;
  std::string line = code;
  line.resize(std::max(line.size(), column), ' ');
  return line + "  // " + comment;
}

long long blocks_for(const ProgramOptions& o) { return (o.n + o.threads - 1) / o.threads; }

std::vector<Step> program_steps(const ProgramOptions& o) {
  const bool unchecked = o.mistake == Mistake::BadConfigUnchecked;
  // Every runtime call in CHECK(...), a macro that prints the error and exits, except in
  // the program that forgets to check.
  const auto checked = [&](const std::string& call) { return unchecked ? call + ";" : "CHECK(" + call + ");"; };
  std::string launch;
  if (o.mistake == Mistake::BadConfig || unchecked)
    launch = "add<<<1, n>>>(d_a, d_b, d_c, n);";
  else
    launch = "add<<<" + std::to_string(blocks_for(o)) + ", " + std::to_string(o.threads) + ">>>(" +
             (o.mistake == Mistake::HostPointer ? "a.data()" : "d_a") + ", d_b, d_c, n);";

  std::vector<Step> steps = {
      {Call::SetDevice, checked("cudaSetDevice(0)"), nullptr, N_("pick the GPU; the runtime creates its context")},
      {Call::MallocA, checked("cudaMalloc(&d_a, bytes)"), nullptr, N_("room for a on the GPU")},
      {Call::MallocB, checked("cudaMalloc(&d_b, bytes)"), nullptr, N_("room for b")},
      {Call::MallocC, checked("cudaMalloc(&d_c, bytes)"), nullptr, N_("room for c")},
      {Call::CopyA, checked("cudaMemcpy(d_a, a.data(), bytes, cudaMemcpyHostToDevice)"), nullptr,
       N_("copy a to the GPU")},
      {Call::CopyB, checked("cudaMemcpy(d_b, b.data(), bytes, cudaMemcpyHostToDevice)"), nullptr,
       N_("copy b to the GPU")},
      {Call::WarmUp, "add<<<1, 1>>>(d_a, d_b, d_c, 0);", N_("warm-up"),
       N_("warm-up: the first launch loads the kernel onto the GPU; n = 0, so it adds nothing")},
      {Call::TimerStart, "auto start = clock::now();", nullptr, N_("start a stopwatch on the CPU")},
      {Call::Launch, launch, nullptr, N_("queue the kernel: the call returns at once")},
      {Call::LastError, checked("cudaGetLastError()"), nullptr, N_("did the launch go through?")},
      {Call::Synchronize, checked("cudaDeviceSynchronize()"), nullptr, N_("wait until the GPU has finished")},
      {Call::TimerStop, "printf(\"kernel: %.3f ms\", ms_since(start));", nullptr, N_("stop the stopwatch and print it")},
      {Call::CopyBack, checked("cudaMemcpy(c.data(), d_c, bytes, cudaMemcpyDeviceToHost)"), nullptr, N_("copy c back")},
      {Call::FreeA, checked("cudaFree(d_a)"), nullptr, N_("give the memory back")},
      {Call::FreeB, checked("cudaFree(d_b)")},
      {Call::FreeC, checked("cudaFree(d_c)")},
      {Call::Check, "for (i ...) ok &= c[i] == a[i] + b[i];", nullptr, N_("is every c[i] right? (on the CPU)")},
  };
  for (Step& s : steps) {
    s.checked = !unchecked && s.code.rfind("CHECK(", 0) == 0;
    if (o.mistake == Mistake::NoSync && s.call == Call::Synchronize) s.missing = true;
    if (o.mistake == Mistake::NoCopyBack && s.call == Call::CopyBack) s.missing = true;
    if (unchecked && s.call == Call::LastError) s.missing = true;
  }
  return steps;
}

}  // namespace whygpu::host_program
