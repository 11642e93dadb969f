// The kernel lab's compiler logs (NVRTC's and g++'s) turned into diagnostics.
#include "compute/kernel_lab/diagnostics.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string log(whygpu::fuzz::as_text(data, size));
  for (const auto& list : {whygpu::kernel_lab::parse_nvrtc_log(log), whygpu::kernel_lab::parse_gcc_log(log)})
    for (const auto& d : list) whygpu::fuzz::check(d.line >= 0, "diagnostic lines are not negative");
  return 0;
}
