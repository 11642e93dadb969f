// The character LSTM pillar's panels (issue 7), by the names lessons use.
#include "app/panel_factories.h"

namespace whygpu::app {

std::unique_ptr<Panel> make_lstm_trainer_panel(PanelArgs& args, std::string* error);
std::unique_ptr<Panel> make_lstm_step_panel(PanelArgs& args, std::string* error);

const std::vector<PanelType>& lstm_panel_types() {
  static const std::vector<PanelType> types = {
      {"lstm-trainer", "the character LSTM learning a text live on the CPU or GPU: train, pause, hidden size, loss curve, characters/s, samples, open a text, save/load", make_lstm_trainer_panel},
      {"lstm-step", "the character LSTM writing one step at a time: gates, cell and hidden state, next-character guesses, temperature", make_lstm_step_panel},
  };
  return types;
}

}  // namespace whygpu::app
