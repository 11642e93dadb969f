#include "app/vitals/app_vitals.h"

#include "app/i18n/translate.h"

#include <cstdio>
#include <memory>
#include <mutex>

namespace whygpu::app {

const AppVitals& app_vitals() {
  static std::once_flag once;
  static std::unique_ptr<vitals::VitalsSampler> sampler;  // joined when the program ends
  static AppVitals state;
  std::call_once(once, [] {
    if (Status s = vitals::VitalsSampler::start({}, &sampler); !s) {
      state.unavailable = translated(s);
      std::fprintf(stderr, "whygpu: the GPU's power, clocks and load are not shown on this computer (%s)\n",
                   s.message().c_str());
      return;
    }
    state.sampler = sampler.get();
  });
  return state;
}

}  // namespace whygpu::app
