#pragma once
// Joules per epoch of a CNN session while it trains, for the trainer panel: the moments
// epochs end are noted once a frame on the vitals sampler's clock, and the energy between
// two of them comes from the sampler's readings (NVML for the GPU board, RAPL for the CPU
// packages). Epochs are taken together until they span kMinSeconds, since a GPU epoch can
// be shorter than the time between two samples; a pause starts the count again.
#include <optional>
#include <string>

#include "compute/cnn/training_session.h"
#include "compute/vitals/sampler.h"

namespace whygpu::app {

class EpochEnergy {
 public:
  static constexpr double kMinSeconds = 2.0;

  struct Window {
    double begin_s = 0.0, end_s = 0.0;  // on the sampler's clock
    int epochs = 0;
  };

  // Once a frame: the sampler's clock, the session's progress and whether it is training.
  void observe(double now_s, const cnn::TrainProgress& progress, bool running);
  // The newest run of whole epochs trained without a pause, once there is one.
  const std::optional<Window>& last_window() const { return last_; }

 private:
  std::optional<double> start_;  // an epoch boundary passed while training, and training since
  int epochs_ = 0;               // whole epochs since start_
  int seen_epochs_ = -1;
  std::optional<Window> last_;
};

// "Energy per epoch: 412 J on the GPU board (NVML's energy counter; 5 epochs in 2.3 s)",
// or why there is none yet ("... unavailable: <reason>"); empty before a window exists.
std::string epoch_energy_text(const EpochEnergy& energy, const vitals::VitalsSampler& sampler, cnn::Backend backend);

}  // namespace whygpu::app
