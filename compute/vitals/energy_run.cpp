#include "compute/vitals/energy_run.h"

#include <chrono>
#include <cmath>
#include <memory>

#include "compute/cnn/gpu_trainer.h"

namespace whygpu::vitals {
namespace {

constexpr int kWarmupSteps = 5;  // CUDA graph capture, cuBLAS and OpenBLAS set-up, caches

// The two counters, read at the start and at the end of the run.
class Counters {
 public:
  Counters(const EnergyRunOptions& o) : gpu_index_(o.gpu_index) {
    if (Status s = Nvml::open(&nvml_); !s) gpu_problem_ = s.message();
    else if (nvml_.device_count() <= gpu_index_) gpu_problem_ = "NVML sees no GPU " + std::to_string(gpu_index_);
    if (Status s = cpu_.open(o.powercap_root); !s) cpu_problem_ = s.message();
  }

  void start() {
    gpu_start_ = gpu_joules();
    if (cpu_problem_.empty()) read_cpu(&cpu_start_);
  }

  void finish(EnergyRun* run) {
    run->gpu = reading(gpu_start_, gpu_joules(), gpu_problem_, kNvmlEnergyCounter);
    double cpu_end = kNotReported;
    if (cpu_problem_.empty()) read_cpu(&cpu_end);
    run->cpu = reading(cpu_start_, cpu_end, cpu_problem_, kRaplPackageCounters);
  }

 private:
  double gpu_joules() {
    if (!gpu_problem_.empty()) return kNotReported;
    GpuVitals v;
    if (Status s = nvml_.read(gpu_index_, &v); !s) {
      gpu_problem_ = s.message();
      return kNotReported;
    }
    if (std::isnan(v.energy_counter_j)) gpu_problem_ = N_("this GPU reports no energy counter");
    return v.energy_counter_j;
  }

  void read_cpu(double* joules) {
    if (Status s = cpu_.read(joules); !s) cpu_problem_ = s.message();
  }

  static EnergyReading reading(double start, double end, const std::string& problem, const char* method) {
    EnergyReading r;
    if (!problem.empty() || std::isnan(start) || std::isnan(end)) {
      r.method = problem.empty() ? N_("a counter could not be read") : problem;
      return r;
    }
    r.joules = end - start;
    r.method = method;
    return r;
  }

  int gpu_index_;
  Nvml nvml_;
  CpuEnergyCounter cpu_;
  std::string gpu_problem_, cpu_problem_;
  double gpu_start_ = kNotReported, cpu_start_ = kNotReported;
};

}  // namespace

Status run_cnn_energy(const cnn::Dataset& train, const EnergyRunOptions& options, const std::atomic<bool>* cancel,
                      EnergyRun* out) {
  *out = EnergyRun{};
  out->backend = options.backend;
  cnn::TrainerOptions trainer_options;
  trainer_options.batch_size = options.batch;
  trainer_options.cpu_threads = options.cpu_threads;
  std::unique_ptr<cnn::Trainer> trainer;
  if (options.backend == cnn::Backend::kGpu) {
    std::unique_ptr<cnn::GpuTrainer> gpu;
    if (Status s = cnn::create_gpu_trainer(trainer_options, &gpu); !s) return s;
    trainer = std::move(gpu);
  } else if (Status s = cnn::create_cpu_trainer(trainer_options, &trainer); !s) {
    return s;
  }
  out->trainer = trainer->name();
  if (Status s = trainer->set_training_data(train); !s) return s;
  if (Status s = trainer->train(kWarmupSteps, nullptr); !s) return s.with_context("warm-up steps");

  // Chunks of steps growing to about a twentieth of a second, so that the run ends near
  // the time asked for on a slow CPU and a fast GPU alike.
  constexpr double kChunkSeconds = 0.05;
  int chunk = 1;
  Counters counters(options);
  const auto begin = std::chrono::steady_clock::now();
  counters.start();
  double elapsed = 0.0;
  while (elapsed < options.seconds && !(cancel && cancel->load())) {
    const double before = elapsed;
    if (Status s = trainer->train(chunk, nullptr); !s) return s;  // returns once the GPU's work is done
    out->steps += chunk;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    if (elapsed - before < kChunkSeconds / 2) chunk *= 2;
  }
  counters.finish(out);
  out->begin = begin;
  out->end = std::chrono::steady_clock::now();
  out->seconds = elapsed;
  out->images = out->steps * options.batch;
  return Status::ok();
}

}  // namespace whygpu::vitals
