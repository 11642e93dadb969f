#include "app/vitals/epoch_energy.h"

#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"

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
  if (!e.available())
    return fill(gpu ? tr("Energy per epoch on the GPU board: unavailable: {0}")
                    : tr("Energy per epoch on the CPU packages: unavailable: {0}"),
                {tr(e.method)});
  const std::string joules = decimal_text(e.joules / w->epochs, 0), seconds = decimal_text(w->end_s - w->begin_s, 1);
  const auto epochs = static_cast<unsigned long>(w->epochs);
  return fill(gpu ? tr_n("Energy per epoch: {0} J on the GPU board ({1}; {2} epoch in {3} s)",
                         "Energy per epoch: {0} J on the GPU board ({1}; {2} epochs in {3} s)", epochs)
                  : tr_n("Energy per epoch: {0} J on the CPU packages ({1}; {2} epoch in {3} s)",
                         "Energy per epoch: {0} J on the CPU packages ({1}; {2} epochs in {3} s)", epochs),
              {joules, tr(e.method), std::to_string(w->epochs), seconds});
}

}  // namespace whygpu::app
