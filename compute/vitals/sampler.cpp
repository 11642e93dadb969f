#include "compute/vitals/sampler.h"

#include <cmath>
#include <cstdio>

namespace whygpu::vitals {
namespace {

using Field = double (*)(const VitalsSample&);

bool is_number(double v) { return !std::isnan(v); }

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f s", s);
  return buf;
}

// Why the samples cannot answer for [from, to], or "" when they can.
std::string coverage_problem(const std::vector<VitalsSample>& samples, double from, double to) {
  if (!(to > from)) return "an empty interval";
  if (samples.size() < 2) return "fewer than two samples";
  if (from < samples.front().time_s || to > samples.back().time_s)
    return "the samples (" + seconds(samples.front().time_s) + " to " + seconds(samples.back().time_s) +
           ") do not cover " + seconds(from) + " to " + seconds(to);
  return "";
}

// The field at time t, linear between the two samples around it (NaN when either lacks it).
double at(const std::vector<VitalsSample>& samples, Field field, double t) {
  for (std::size_t i = 1; i < samples.size(); ++i) {
    const VitalsSample& a = samples[i - 1];
    const VitalsSample& b = samples[i];
    if (t > b.time_s) continue;
    const double span = b.time_s - a.time_s;
    const double w = span > 0.0 ? (t - a.time_s) / span : 1.0;
    return field(a) + (field(b) - field(a)) * w;
  }
  return field(samples.back());
}

// The integral of the piecewise-linear field over [from, to] (NaN if a sample lacks it).
double integral(const std::vector<VitalsSample>& samples, Field field, double from, double to) {
  double sum = 0.0;
  for (std::size_t i = 1; i < samples.size(); ++i) {
    const double lo = std::max(samples[i - 1].time_s, from);
    const double hi = std::min(samples[i].time_s, to);
    if (hi <= lo) continue;
    sum += 0.5 * (at(samples, field, lo) + at(samples, field, hi)) * (hi - lo);
  }
  return sum;
}

EnergyReading difference(const std::vector<VitalsSample>& samples, Field cumulative, double from, double to,
                         const char* method) {
  const double joules = at(samples, cumulative, to) - at(samples, cumulative, from);
  if (!is_number(joules)) return {kNotReported, std::string("unavailable: ") + method + " missing from a sample"};
  return {joules, method};
}

}  // namespace

EnergyReading gpu_energy_from_samples(const std::vector<VitalsSample>& samples, double from_s, double to_s) {
  if (std::string problem = coverage_problem(samples, from_s, to_s); !problem.empty())
    return {kNotReported, "unavailable: " + problem};
  const Field counter = [](const VitalsSample& s) { return s.gpu.energy_counter_j; };
  const EnergyReading counted = difference(samples, counter, from_s, to_s, kNvmlEnergyCounter);
  if (counted.available()) return counted;
  const Field power = [](const VitalsSample& s) { return s.gpu.power_w; };
  const double joules = integral(samples, power, from_s, to_s);
  if (!is_number(joules)) return {kNotReported, "unavailable: the GPU reports neither energy nor power"};
  return {joules, kIntegratedFromPower};
}

EnergyReading cpu_energy_from_samples(const std::vector<VitalsSample>& samples, double from_s, double to_s) {
  if (std::string problem = coverage_problem(samples, from_s, to_s); !problem.empty())
    return {kNotReported, "unavailable: " + problem};
  const Field cumulative = [](const VitalsSample& s) { return s.cpu_energy_j; };
  return difference(samples, cumulative, from_s, to_s, kRaplPackageCounters);
}

VitalsSampler::VitalsSampler(const SamplerOptions& options)
    : options_(options), start_(std::chrono::steady_clock::now()), ring_(options.capacity) {}

Status VitalsSampler::start(const SamplerOptions& options, std::unique_ptr<VitalsSampler>* out) {
  if (options.interval.count() < 10)
    return Status::error(Wording::sentence(N_("sample at most every 10 ms")));
  std::unique_ptr<VitalsSampler> sampler(new VitalsSampler(options));
  if (Status s = Nvml::open(&sampler->nvml_); !s) return s;
  if (Status s = sampler->nvml_.device_name(options.gpu_index, &sampler->gpu_name_); !s) return s;
  sampler->driver_version_ = sampler->nvml_.driver_version();
  CpuEnergyCounter cpu;
  if (Status s = cpu.open(options.powercap_root); s)
    sampler->cpu_.emplace(std::move(cpu));
  else
    sampler->cpu_unavailable_ = s.message();
  sampler->take_sample();
  sampler->thread_ = std::thread([raw = sampler.get()] { raw->loop(); });
  *out = std::move(sampler);
  return Status::ok();
}

VitalsSampler::~VitalsSampler() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

double VitalsSampler::now_s() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void VitalsSampler::take_sample() {
  VitalsSample sample;
  const Status gpu = nvml_.read(options_.gpu_index, &sample.gpu);
  std::string error = gpu ? "" : gpu.message();
  if (cpu_) {
    double joules = 0.0;
    if (Status s = cpu_->read(&joules); s)
      sample.cpu_energy_j = joules;
    else
      error = s.message();
  }
  sample.time_s = now_s();
  std::lock_guard<std::mutex> lock(mutex_);
  if (!ring_.empty()) {
    const VitalsSample& previous = ring_.newest();
    const double dt = sample.time_s - previous.time_s;
    if (dt > 0.0) sample.cpu_power_w = (sample.cpu_energy_j - previous.cpu_energy_j) / dt;
  }
  ring_.push(sample);
  last_error_ = error;
  changed_.notify_all();
}

void VitalsSampler::loop() {
  auto next = std::chrono::steady_clock::now();
  for (;;) {
    next += options_.interval;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      if (changed_.wait_until(lock, next, [&] { return stopping_; })) return;
    }
    take_sample();
  }
}

std::vector<VitalsSample> VitalsSampler::samples() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return ring_.to_vector();
}

std::optional<VitalsSample> VitalsSampler::latest() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (ring_.empty()) return std::nullopt;
  return ring_.newest();
}

std::string VitalsSampler::last_error() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return last_error_;
}

bool VitalsSampler::wait_for_sample_after(double time_s, std::chrono::milliseconds timeout) const {
  std::unique_lock<std::mutex> lock(mutex_);
  return changed_.wait_for(lock, timeout, [&] { return !ring_.empty() && ring_.newest().time_s > time_s; });
}

EnergyReading VitalsSampler::gpu_energy(double from_s, double to_s) const {
  return gpu_energy_from_samples(samples(), from_s, to_s);
}

EnergyReading VitalsSampler::cpu_energy(double from_s, double to_s) const {
  if (!cpu_unavailable_.empty()) return {kNotReported, "unavailable: " + cpu_unavailable_};
  return cpu_energy_from_samples(samples(), from_s, to_s);
}

}  // namespace whygpu::vitals
