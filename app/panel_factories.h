#pragma once
// The factory of each panel type; panel_registry.cpp lists them by name. The CNN and
// LSTM pillars list their own panels (cnn_panels.cpp, lstm_panels.cpp).
#include <memory>
#include <string>

#include "app/panel.h"
#include "app/panel_registry.h"

namespace whygpu::app {

std::unique_ptr<Panel> make_hardware_panel(PanelArgs& args, std::string* error);
std::unique_ptr<Panel> make_vector_add_sweep_panel(PanelArgs& args, std::string* error);
std::unique_ptr<Panel> make_matmul_sweep_panel(PanelArgs& args, std::string* error);
std::unique_ptr<Panel> make_hardware_ceilings_panel(PanelArgs& args, std::string* error);
std::unique_ptr<Panel> make_roofline_panel(PanelArgs& args, std::string* error);
std::unique_ptr<Panel> make_thread_grid_panel(PanelArgs& args, std::string* error);
std::unique_ptr<Panel> make_kernel_lab_panel(PanelArgs& args, std::string* error);

const std::vector<PanelType>& cnn_panel_types();
const std::vector<PanelType>& lstm_panel_types();

}  // namespace whygpu::app
