#pragma once
// Saving a sweep's rows as CSV in exactly the format of `whygpu bench ... --csv` (same
// header, same columns, the run's machine and date on top), so a file exported from a
// lesson and one from the command line can be compared line by line.
#include <ctime>
#include <string>
#include <vector>

#include "compute/core/status.h"
#include "compute/kernels/measurement.h"

namespace whygpu::app {

// "whygpu-<sweep>-2026-11-23-140502.csv" for the local time `when`: a file name, saved in
// the user's export folder (file_locations.h export_path).
std::string default_export_path(const std::string& sweep, const std::string& extension, std::time_t when);

// The CSV text: `command` says what ran ("whygpu app: vector-add-sweep, sizes 2^10..2^28"),
// `cpu_threads` the threads the multi-threaded CPU variants used (0: all).
std::string sweep_csv(const std::string& command, int cpu_threads,
                      const std::vector<kernels::Measurement>& rows);

// Writes sweep_csv(...) to `path` (creating its folder). Errors name the path and reason.
Status write_sweep_csv(const std::string& path, const std::string& command, int cpu_threads,
                       const std::vector<kernels::Measurement>& rows);

}  // namespace whygpu::app
