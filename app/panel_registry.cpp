#include "app/panel_registry.h"

#include "app/panel_factories.h"

namespace whygpu::app {

const std::vector<PanelType>& panel_types() {
  static const std::vector<PanelType> types = {  // the shell, timing and thread-grid panels
      {"hardware", "this machine's CPU cores against the GPU's lanes, drawn to scale", make_hardware_panel},
      {"vector-add-sweep", "c = a + b from 2^10 to 2^28 on CPU and GPU, with and without copies: where the GPU starts to win", make_vector_add_sweep_panel},
      {"matmul-sweep", "the matrix-multiply ladder from the naive CPU loop to cuBLAS on Tensor Cores, n = 32 to 4096", make_matmul_sweep_panel},
      {"hardware-ceilings", "this computer's GPU and CPU: what the specifications promise and what a Measure button finds", make_hardware_ceilings_panel},
      {"roofline", "the roofline of this GPU and CPU from measured ceilings, with each kernel placed at its arithmetic intensity", make_roofline_panel},
      {"thread-grid", "a real <<<blocks, threads>>> launch: every thread paints its cell, records its SM and time; timeline, occupancy, refusals", make_thread_grid_panel},
      {"kernel-lab", "write a kernel, compile it with NVRTC, run it on a million floats, check it against the CPU and time it", make_kernel_lab_panel},
  };
  static const std::vector<PanelType> all = [] {
    std::vector<PanelType> list = types;
    for (const auto* pillar : {&cnn_panel_types(), &lstm_panel_types()})
      list.insert(list.end(), pillar->begin(), pillar->end());
    return list;
  }();
  return all;
}

const PanelType* find_panel_type(const std::string& name) {
  for (const PanelType& type : panel_types())
    if (name == type.name) return &type;
  return nullptr;
}

}  // namespace whygpu::app
