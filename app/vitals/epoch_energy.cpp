#include "app/vitals/epoch_energy.h"

#include <cstdio>

namespace whygpu::app {

void EpochEnergy::observe(double now_s, const cnn::TrainProgress& p, bool running) {
  const int before = seen_epochs_;
  seen_epochs_ = p.epochs_completed;
  if (!running || p.epochs_completed < before) {  // paused, or reset
    start_.reset();
    return;
  }
  if (!start_) {
    // Training from the very start of an epoch counts from now; else from the next end.
    if (p.epoch_position == 0 || (before >= 0 && p.epochs_completed > before)) {
      start_ = now_s;
      epochs_ = 0;
    }
    return;
  }
  if (p.epochs_completed <= before) return;
  epochs_ += p.epochs_completed - before;
  if (now_s - *start_ < kMinSeconds) return;
  last_ = Window{*start_, now_s, epochs_};
  start_ = now_s;
  epochs_ = 0;
}

std::string epoch_energy_text(const EpochEnergy& energy, const vitals::VitalsSampler& sampler, cnn::Backend backend) {
  const std::optional<EpochEnergy::Window>& w = energy.last_window();
  if (!w || w->epochs <= 0) return "";
  const bool gpu = backend == cnn::Backend::kGpu;
  const vitals::EnergyReading e = gpu ? sampler.gpu_energy(w->begin_s, w->end_s) : sampler.cpu_energy(w->begin_s, w->end_s);
  const char* device = gpu ? "the GPU board" : "the CPU packages";
  if (!e.available()) return std::string("Energy per epoch on ") + device + ": unavailable: " + e.method;
  char text[200];
  std::snprintf(text, sizeof text, "Energy per epoch: %.0f J on %s (%s; %d epoch%s in %.1f s)", e.joules / w->epochs,
                device, e.method.c_str(), w->epochs, w->epochs == 1 ? "" : "s", w->end_s - w->begin_s);
  return text;
}

}  // namespace whygpu::app
