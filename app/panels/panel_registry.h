#pragma once
// Every panel a lesson can place, by the name lessons use after `@panel`: its parameters
// and buttons as data (what lessons, scripts, --check-lessons and --list-panels read) and
// the factory that builds it. Each panel's file defines its PanelType beside its code.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/panels/panel.h"
#include "app/panels/panel_params.h"

namespace whygpu::app {

struct ButtonSpec {
  std::string name;  // what `press PANEL NAME` says
  std::string help;  // one line
};

// The button Space presses, and the one it presses while the panel is running() (the
// same button for a one-shot action such as a launch).
struct MainAction {
  std::string start;
  std::string stop;
};

// Something the panel measures that a @predict question can ask about.
struct ResultSpec {
  std::string name;
  std::string unit;  // "elements", "times", "%"; empty for a choice or a text
  std::string help;  // one line
};

// Builds a panel from its checked parameters. On failure it returns nullptr with the
// reason in *error (a missing data set, a device that refused).
using PanelFactory = std::function<std::unique_ptr<Panel>(const PanelParams& params, std::string* error)>;

struct PanelType {
  std::string name;
  std::string summary;  // one line
  ParamTable params;
  std::vector<ButtonSpec> buttons;
  PanelFactory make;
  MainAction main_action;            // empty start: the panel has no main action
  std::vector<ResultSpec> results;
};

const std::vector<const PanelType*>& panel_types();
const PanelType* find_panel_type(const std::string& name);

// Each panel's type, defined in the panel's own file (app/<feature>/..._panel.cpp).
const PanelType& hardware_panel_type();
const PanelType& vector_add_sweep_panel_type();
const PanelType& matmul_sweep_panel_type();
const PanelType& gl_vs_cuda_panel_type();
const PanelType& hardware_ceilings_panel_type();
const PanelType& roofline_panel_type();
const PanelType& thread_grid_panel_type();
const PanelType& kernel_lab_panel_type();
const PanelType& host_program_panel_type();
const PanelType& dense_layer_panel_type();
const PanelType& data_pipeline_panel_type();
const PanelType& framework_kernels_panel_type();
const PanelType& cnn_trainer_panel_type();
const PanelType& cnn_feature_maps_panel_type();
const PanelType& cnn_draw_panel_type();
const PanelType& cnn_confusion_panel_type();
const PanelType& cnn_race_panel_type();
const PanelType& mixed_precision_panel_type();
const PanelType& transfer_learning_panel_type();
const PanelType& inference_batch_panel_type();
const PanelType& lstm_trainer_panel_type();
const PanelType& lstm_step_panel_type();
const PanelType& timeline_panel_type();
const PanelType& gpu_vitals_panel_type();
const PanelType& data_parallel_panel_type();

}  // namespace whygpu::app
