#include "app/files/figure_source.h"

#include "app/i18n/recorded_label.h"
#include "app/i18n/translate.h"

namespace whygpu::app {

const char* FigureSource::tag() const { return run_ ? tr("(recorded, not this computer)") : tr("(this computer)"); }

std::string FigureSource::where() const { return run_ ? recorded_label(*run_) : std::string(tr("on this computer")); }

}  // namespace whygpu::app
