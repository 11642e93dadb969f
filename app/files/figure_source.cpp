#include "app/files/figure_source.h"

#include "app/i18n/recorded_label.h"
#include "app/i18n/translate.h"

namespace whygpu::app {

const char* FigureSource::tag() const { return faded() ? tr("(recorded, not this computer)") : tr("(this computer)"); }

std::string FigureSource::where() const {
  if (run_) return recorded_label(*run_);
  return documented_.empty() ? std::string(tr("on this computer")) : documented_;
}

std::string FigureSource::after(const std::string& text) const { return fill(tr("{0}, {1}"), {text, where()}); }

std::string FigureSource::chart_note() const {
  return faded() ? fill(tr("Dashed, hollow: {0}."), {where()}) : std::string();
}

}  // namespace whygpu::app
