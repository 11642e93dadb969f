#include "app/cnn/training_charts.h"

#include "app/i18n/translate.h"

namespace whygpu::app::cnn_ui {
namespace {

plot::Series curve(const char* label, const std::vector<cnn::CurvePoint>& points, double y_scale, ImU32 colour,
                   bool test) {
  plot::Series s;
  s.label = tr(label);
  s.colour = colour;
  s.marker = test ? plot::Marker::Circle : plot::Marker::None;
  s.line = plot::Line::Solid;
  s.thickness = test ? 2.5f : 1.25f;
  s.x.reserve(points.size());
  s.y.reserve(points.size());
  for (const cnn::CurvePoint& p : points) {
    s.x.push_back(p.epoch);
    s.y.push_back(p.value * y_scale);
  }
  return s;
}

// Training points are per chunk of batches (noisy); a lighter shade keeps the test points
// (one per epoch, over held-out images) in front.
ImU32 lighter(ImU32 colour) { return (colour & 0x00FFFFFFu) | 0x90000000u; }

}  // namespace

plot::Chart loss_chart(const cnn::SessionSnapshot& snapshot, unsigned colour) {
  plot::Chart chart;
  chart.x_title = tr("epochs");
  chart.y_title = tr("loss (cross-entropy)");
  chart.y = {plot::ScaleKind::Log, plot::ValueFormat::Number, false};
  chart.series.push_back(curve(N_("training batches"), snapshot.train_loss, 1.0, lighter(colour), false));
  chart.series.push_back(curve(N_("test set"), snapshot.test_loss, 1.0, colour, true));
  chart.legend = plot::LegendPlace::Below;
  chart.empty_message = tr("press Train: the loss appears here");
  return chart;
}

plot::Chart accuracy_chart(const cnn::SessionSnapshot& snapshot, unsigned colour) {
  plot::Chart chart;
  chart.x_title = tr("epochs");
  chart.y_title = tr("accuracy (%)");
  chart.series.push_back(curve(N_("training batches"), snapshot.train_accuracy, 100.0, lighter(colour), false));
  chart.series.push_back(curve(N_("test set"), snapshot.test_accuracy, 100.0, colour, true));
  chart.legend = plot::LegendPlace::Below;
  chart.empty_message = tr("press Train: the accuracy appears here");
  return chart;
}

}  // namespace whygpu::app::cnn_ui
