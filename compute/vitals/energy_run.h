#pragma once
// Energy per image of CNN training: the MNIST CNN trained for a few seconds on the GPU or
// the CPU while the energy counters are read at the start and at the end, directly (not
// through the sampler, so nothing is interpolated): NVML's total-energy counter for the
// GPU board, the kernel's RAPL counters for the CPU packages. Either can be unavailable;
// the run then says why. Images per joule is the lesson's "performance per watt".
//
//   EnergyRun run;
//   if (Status s = run_cnn_energy(mnist.train, {cnn::Backend::kGpu, 3.0}, nullptr, &run); !s) ...
//   run.images_per_joule()  // NaN when no counter was readable
#include <atomic>
#include <chrono>
#include <string>

#include "compute/cnn/dataset.h"
#include "compute/cnn/trainer.h"
#include "compute/cnn/training_session.h"
#include "compute/core/status.h"
#include "compute/vitals/sampler.h"

namespace whygpu::vitals {

struct EnergyRunOptions {
  cnn::Backend backend = cnn::Backend::kGpu;
  double seconds = 3.0;  // at least this long; whole chunks of steps
  int batch = cnn::kDefaultBatch;
  int cpu_threads = 0;   // CPU trainer: 0 = all
  int gpu_index = 0;     // NVML's numbering
  std::string powercap_root = kPowercapRoot;
};

struct EnergyRun {
  std::string trainer;   // the trainer's own name: "GPU: NVIDIA H100 ... (CUDA graph)", "CPU: OpenBLAS + 16 threads"
  cnn::Backend backend = cnn::Backend::kGpu;
  long steps = 0;
  long images = 0;
  double seconds = 0.0;
  std::chrono::steady_clock::time_point begin, end;  // of the counted stretch (warm-up excluded)
  EnergyReading gpu;     // the GPU board (NVML); for a CPU run too: the idle GPU's share
  EnergyReading cpu;     // the CPU packages (RAPL)

  double images_per_second() const { return seconds > 0 ? images / seconds : 0.0; }
  // The energy of the device that trained: the GPU board for a GPU run (the CPU that
  // drives it is counted apart, in `cpu`), the CPU packages for a CPU run.
  const EnergyReading& trainer_energy() const { return backend == cnn::Backend::kGpu ? gpu : cpu; }
  double images_per_joule() const { return images / trainer_energy().joules; }  // NaN when unavailable
};

// Trains a fresh network (seed 1) on `train` for options.seconds after a few warm-up
// steps. `cancel` (optional) ends it early, between chunks. Errors: no trainer (no GPU),
// a failed step; unreadable counters are no error (the readings say why).
Status run_cnn_energy(const cnn::Dataset& train, const EnergyRunOptions& options, const std::atomic<bool>* cancel,
                      EnergyRun* out);

}  // namespace whygpu::vitals
