#pragma once
// The device state of one CNN training run (internal to the GPU trainers, the
// data-parallel replicas and the step checks): the parameters, their gradients, Adam's two
// moments, the control block the captured step reads and updates, and the ring of
// per-step metrics. Control is gpu::DeviceControl or a block built on it (precision's
// MixedControl), Metrics gpu::DeviceMetrics or one built on it (MixedMetrics).
#include <cstddef>

#include "compute/core/device_memory.cuh"
#include "compute/core/status.h"

namespace whygpu::cnn::gpu {

template <typename Control, typename Metrics>
struct TrainingState {
  DeviceBuffer<float> params, grads, m, v;
  DeviceBuffer<Control> control;
  DeviceBuffer<Metrics> metrics;

  // Room for `parameters` of each array, one control block and one metrics ring.
  Status reserve(std::size_t parameters) {
    if (Status s = params.reserve(parameters, "the parameters"); !s) return s;
    if (Status s = grads.reserve(parameters, "the gradients"); !s) return s;
    if (Status s = m.reserve(parameters, "Adam's first moments"); !s) return s;
    if (Status s = v.reserve(parameters, "Adam's second moments"); !s) return s;
    if (Status s = control.reserve(1, "the step control block"); !s) return s;
    return metrics.reserve(1, "the step metrics");
  }
};

}  // namespace whygpu::cnn::gpu
