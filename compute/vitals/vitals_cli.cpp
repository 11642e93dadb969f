#include "compute/vitals/vitals_cli.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

#include "compute/core/command_line.h"
#include "compute/vitals/sampler.h"

namespace whygpu::vitals {
namespace {

struct Request {
  int seconds = 5;
  int interval_ms = 250;
  int gpu = 0;
  bool csv = false;
};

CommandAbout about(const std::string& program) {
  return CommandAbout{program,
                      N_("Samples the GPU's power, SM and memory clocks, utilisation, memory used and temperature\n"
                         "through NVML (as nvidia-smi does), then the energy used over the run.\n")};
}

const Fields<Request>& fields() {
  static const Fields<Request> table{
      whole_field("seconds", &Request::seconds, 0, 3600, N_("how long to sample (0 takes one sample)")),
      whole_field("interval-ms", &Request::interval_ms, 10, 60000, N_("time between samples")).in_unit("ms"),
      whole_field("gpu", &Request::gpu, 0, 63, N_("the GPU, numbered as nvidia-smi numbers them")).shown_as("I"),
      flag_field("csv", &Request::csv, N_("one line per sample with nvidia-smi's column names")),
  };
  return table;
}

// A value with `decimals` digits after the point, or "n/a" when the GPU does not report it.
std::string value(double v, int decimals = 0) {
  if (std::isnan(v)) return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

void print_sample(const VitalsSample& s, bool csv) {
  const GpuVitals& g = s.gpu;
  if (csv) {
    std::printf("%.3f,%s,%s,%s,%s,%s,%s,%s,%s\n", s.time_s, value(g.power_w, 2).c_str(),
                value(g.sm_clock_mhz).c_str(), value(g.memory_clock_mhz).c_str(),
                value(g.gpu_utilization_percent).c_str(), value(g.memory_used_mib).c_str(),
                value(g.temperature_c).c_str(), value(g.energy_counter_j, 3).c_str(),
                value(s.cpu_power_w, 1).c_str());
    return;
  }
  std::printf("%8.2f %9s %8s %8s %6s %14s %7s %8s\n", s.time_s, value(g.power_w, 1).c_str(),
              value(g.sm_clock_mhz).c_str(), value(g.memory_clock_mhz).c_str(),
              value(g.gpu_utilization_percent).c_str(),
              (value(g.memory_used_mib) + " / " + value(g.memory_total_mib)).c_str(), value(g.temperature_c).c_str(),
              value(s.cpu_power_w, 1).c_str());
}

}  // namespace

int run_vitals_command(const std::vector<std::string>& args, const std::string& program) {
  Request r;
  if (const std::optional<int> exit_code = parse_options(about(program), fields(), args, &r)) return *exit_code;
  SamplerOptions options;
  options.gpu_index = r.gpu;
  options.interval = std::chrono::milliseconds(r.interval_ms);
  std::unique_ptr<VitalsSampler> sampler;
  if (Status s = VitalsSampler::start(options, &sampler); !s) {
    std::fprintf(stderr, "%s: %s\n", program.c_str(), s.message().c_str());
    return 1;
  }
  const std::string cpu_note =
      sampler->cpu_energy_unavailable().empty() ? "RAPL package counters" : "unavailable: " + sampler->cpu_energy_unavailable();
  if (r.csv) {
    std::printf("time_s,power.draw [W],clocks.sm [MHz],clocks.mem [MHz],utilization.gpu [%%],memory.used [MiB],"
                "temperature.gpu,energy_counter [J],cpu_power [W]\n");
  } else {
    std::printf("whygpu vitals: GPU %d, %s, driver %s; every %d ms for %d s\n", r.gpu, sampler->gpu_name().c_str(),
                sampler->driver_version().c_str(), r.interval_ms, r.seconds);
    std::printf("CPU energy: %s\n", cpu_note.c_str());
    std::printf("%8s %9s %8s %8s %6s %14s %7s %8s\n", "time s", "power W", "SM MHz", "mem MHz", "GPU %",
                "mem used MiB", "temp C", "CPU W");
  }
  double last = -1.0;
  const auto print_new = [&] {
    for (const VitalsSample& s : sampler->samples())
      if (s.time_s > last) {
        print_sample(s, r.csv);
        last = s.time_s;
      }
    std::fflush(stdout);
  };
  print_new();
  while (r.seconds > 0 && last < r.seconds) {
    sampler->wait_for_sample_after(last, std::chrono::milliseconds(2 * r.interval_ms + 1000));
    print_new();
    if (const std::string e = sampler->last_error(); !e.empty()) {
      std::fprintf(stderr, "%s: %s\n", program.c_str(), e.c_str());
      return 1;
    }
  }
  if (r.seconds > 0 && !r.csv) {
    const std::vector<VitalsSample> all = sampler->samples();
    const double from = all.front().time_s, to = all.back().time_s;
    const EnergyReading gpu = gpu_energy_from_samples(all, from, to);
    std::printf("\nGPU energy over %.2f s: %s J (%s)", to - from, value(gpu.joules, 1).c_str(), gpu.method.c_str());
    // Both ways when the counter exists: how much sampling power alone would miss.
    std::vector<VitalsSample> power_only = all;
    for (VitalsSample& s : power_only) s.gpu.energy_counter_j = kNotReported;
    const EnergyReading integrated = gpu_energy_from_samples(power_only, from, to);
    if (gpu.method != integrated.method)
      std::printf("; %s J %s", value(integrated.joules, 1).c_str(), integrated.method.c_str());
    if (gpu.available()) std::printf("; mean %.1f W", gpu.joules / (to - from));
    const EnergyReading cpu = sampler->cpu_energy(from, to);
    std::printf("\nCPU energy over %.2f s: %s\n", to - from,
                cpu.available() ? (value(cpu.joules, 1) + " J (" + cpu.method + ")").c_str() : cpu.method.c_str());
  }
  return 0;
}

}  // namespace whygpu::vitals
