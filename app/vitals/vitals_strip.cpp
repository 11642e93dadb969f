#include "app/vitals/vitals_strip.h"

#include <imgui.h>

#include "app/vitals/app_vitals.h"
#include "app/vitals/vitals_figures.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {

std::string vitals_strip_text() {
  const vitals::VitalsSampler* sampler = app_vitals().sampler;
  if (!sampler) return "";
  const std::optional<vitals::VitalsSample> latest = sampler->latest();
  return latest ? vitals_view::strip_text(latest->gpu) : "";
}

}  // namespace whygpu::app
