#include "app/panels/panel_registry.h"

namespace whygpu::app {

const std::vector<const PanelType*>& panel_types() {
  // In the order of the lessons that use them first.
  static const std::vector<const PanelType*> types = {
      &hardware_panel_type(),          &vector_add_sweep_panel_type(), &matmul_sweep_panel_type(),
      &gl_vs_cuda_panel_type(),
      &hardware_ceilings_panel_type(), &roofline_panel_type(),         &thread_grid_panel_type(),
      &kernel_lab_panel_type(),        &host_program_panel_type(),     &dense_layer_panel_type(),
      &framework_kernels_panel_type(), &cnn_trainer_panel_type(),      &cnn_feature_maps_panel_type(),
      &cnn_draw_panel_type(),          &cnn_confusion_panel_type(),    &cnn_race_panel_type(),
      &mixed_precision_panel_type(),   &data_pipeline_panel_type(),     &transfer_learning_panel_type(), &inference_batch_panel_type(),
      &lstm_trainer_panel_type(),      &lstm_step_panel_type(),         &timeline_panel_type(),
      &gpu_vitals_panel_type(),
      &data_parallel_panel_type(),
  };
  return types;
}

const PanelType* find_panel_type(const std::string& name) {
  for (const PanelType* type : panel_types())
    if (name == type->name) return type;
  return nullptr;
}

}  // namespace whygpu::app
