#pragma once
// The loss and accuracy curves of a session (training batches and test evaluations
// against epochs), as charts for the plot module.
#include "app/plot/plot.h"
#include "compute/cnn/training_session.h"

namespace whygpu::app::cnn_ui {

plot::Chart loss_chart(const cnn::SessionSnapshot& snapshot, unsigned colour);
plot::Chart accuracy_chart(const cnn::SessionSnapshot& snapshot, unsigned colour);

}  // namespace whygpu::app::cnn_ui
