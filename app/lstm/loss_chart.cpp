#include "app/lstm/loss_chart.h"

#include <cmath>
#include <string>

#include "app/i18n/translate.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app::lstm_ui {

plot::Chart loss_chart(const std::vector<lstm::LossPoint>& curve, int vocabulary_size, unsigned colour) {
  plot::Chart chart;
  chart.x_title = tr("training steps");
  chart.y_title = tr("loss (nats per character)");
  chart.legend = plot::LegendPlace::Below;
  chart.empty_message = tr("press Train: the loss appears here");
  plot::Series loss;
  loss.label = tr("training loss");
  loss.colour = colour;
  loss.marker = plot::Marker::None;
  loss.x.reserve(curve.size());
  loss.y.reserve(curve.size());
  for (const lstm::LossPoint& p : curve) {
    loss.x.push_back(static_cast<double>(p.step));
    loss.y.push_back(p.loss);
  }
  chart.series.push_back(std::move(loss));
  if (vocabulary_size > 1 && !curve.empty()) {
    const double blind = std::log(static_cast<double>(vocabulary_size));
    const std::string characters = std::to_string(vocabulary_size);
    plot::Series guess;
    guess.label = fill(tr("guessing blindly among {0} characters (ln {0})"), {characters});
    guess.colour = palette().muted_text;
    guess.marker = plot::Marker::None;
    guess.line = plot::Line::Dashed;
    guess.thickness = 1.5f;
    guess.x = {0.0, static_cast<double>(curve.back().step)};
    guess.y = {blind, blind};
    chart.series.push_back(std::move(guess));
    chart.y_span = {0.0, blind * 1.05};
  }
  return chart;
}

}  // namespace whygpu::app::lstm_ui
