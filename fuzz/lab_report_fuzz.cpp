// The kernel lab's report, as its child process prints it and the app reads it back.
#include "compute/kernel_lab/lab_report.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  whygpu::kernel_lab::LabReport report;
  if (whygpu::kernel_lab::from_text(std::string(whygpu::fuzz::as_text(data, size)), &report)) {
    whygpu::kernel_lab::LabReport again;
    whygpu::fuzz::check(whygpu::kernel_lab::from_text(whygpu::kernel_lab::to_text(report), &again),
                        "a report read back can be written and read again");
  }
  return 0;
}
