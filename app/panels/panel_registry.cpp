#include "app/panels/panel_registry.h"

#include "app/panels/panels.h"

namespace whygpu::app {

const std::vector<PanelType>& panel_types() {
  static const std::vector<PanelType> types = {
      {"hardware", "this machine's CPU cores against the GPU's lanes, drawn to scale", make_hardware_panel},
      {"thread-grid", "a real <<<blocks, threads>>> launch: every thread paints its cell, records its SM and time; timeline, occupancy, refusals", make_thread_grid_panel},
  };
  return types;
}

const PanelType* find_panel_type(const std::string& name) {
  for (const PanelType& type : panel_types())
    if (name == type.name) return &type;
  return nullptr;
}

}  // namespace whygpu::app
