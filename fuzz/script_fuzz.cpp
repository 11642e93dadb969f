// UI scripts (lessons/FORMAT.md, "Scripts"), from text and from a file.
#include <cmath>

#include "app/demo/script.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = whygpu::fuzz::write_input_file(data, size, "fuzz.script");
  whygpu::app::Script script;
  std::string error;
  if (whygpu::app::load_script(path, &script, &error))
    for (const auto& action : script.actions)
      whygpu::fuzz::check(action.frames >= 0 && std::isfinite(action.seconds) && action.seconds >= 0 &&
                              std::isfinite(action.scale),
                          "a script that parses holds finite, non-negative numbers");
  return 0;
}
