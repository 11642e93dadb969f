// settings.ini: whatever it holds, the values loaded are within their ranges.
#include <cmath>

#include "app/shell/settings.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using whygpu::app::Settings;
  whygpu::fuzz::write_input_file(data, size, "settings.ini");
  const Settings s = whygpu::app::load_settings(whygpu::fuzz::input_folder());
  whygpu::fuzz::check(std::isfinite(s.font_scale) && s.font_scale >= Settings::min_font_scale &&
                          s.font_scale <= Settings::max_font_scale,
                      "font_scale within its range");
  whygpu::fuzz::check(std::isfinite(s.sidebar_width) && s.sidebar_width >= Settings::min_sidebar_width &&
                          s.sidebar_width <= Settings::max_sidebar_width,
                      "sidebar_width within its range");
  whygpu::fuzz::check(s.window_width > 0 && s.window_height > 0, "a positive window size");
  return 0;
}
