#include "app/i18n/recorded_label.h"

#include "app/i18n/translate.h"

namespace whygpu::app {

std::string recorded_label(const bench::RunInfo& run, bool sentence_start) {
  std::string where = run.gpu_available ? run.gpu_name : tr("a computer without a GPU");
  if (!run.nvidia_driver.empty()) where = fill(tr("{0} (driver {1})"), {where, run.nvidia_driver});
  const std::string day = run.date_utc.substr(0, 10);
  if (day.empty())
    return fill(sentence_start ? tr("Recorded on {0}, not on this computer") : tr("recorded on {0}, not on this computer"),
                {where});
  return fill(sentence_start ? tr("Recorded on {0} on {1}, not on this computer")
                             : tr("recorded on {0} on {1}, not on this computer"),
              {where, day});
}

}  // namespace whygpu::app
