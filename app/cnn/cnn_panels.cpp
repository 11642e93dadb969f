// The MNIST CNN pillar's panels (issue 6), by the names lessons use.
#include "app/panel_factories.h"

namespace whygpu::app {

std::unique_ptr<Panel> make_cnn_trainer_panel(PanelArgs& args, std::string* error);
std::unique_ptr<Panel> make_cnn_feature_maps_panel(PanelArgs& args, std::string* error);
std::unique_ptr<Panel> make_cnn_draw_panel(PanelArgs& args, std::string* error);
std::unique_ptr<Panel> make_cnn_confusion_panel(PanelArgs& args, std::string* error);
std::unique_ptr<Panel> make_cnn_race_panel(PanelArgs& args, std::string* error);

const std::vector<PanelType>& cnn_panel_types() {
  static const std::vector<PanelType> types = {
      {"cnn-trainer", "the MNIST CNN training live on the CPU or GPU: train, pause, step, reset, batch size, learning rate, data set, curves", make_cnn_trainer_panel},
      {"cnn-feature-maps", "every layer's feature maps and the conv filters for one image, redrawn as the weights change (CUDA-OpenGL interop)", make_cnn_feature_maps_panel},
      {"cnn-draw", "draw a digit with the mouse; the network's probabilities update while you draw", make_cnn_draw_panel},
      {"cnn-confusion", "the test set's confusion matrix and a gallery of the misclassified images", make_cnn_confusion_panel},
      {"cnn-race", "the race: the same network trained on the CPU and the GPU at once, test accuracy against wall-clock time", make_cnn_race_panel},
  };
  return types;
}

}  // namespace whygpu::app
