// The launcher in a build without CUDA: every GPU entry point says so; the CPU model
// (cpu_picture.h) still draws the mapping.
#include "compute/grid/grid_launcher.h"

#include "compute/core/no_cuda.h"

namespace whygpu::grid {

struct GridLauncher::Device {};

DeviceLimits device_limits() { return DeviceLimits{}; }

GridLauncher::GridLauncher() : device_(std::make_unique<Device>()) {}
GridLauncher::~GridLauncher() = default;

Status GridLauncher::launch(const LaunchConfig& config, const LaunchOptions&, std::uint32_t*,
                            LaunchReport* report) {
  *report = LaunchReport{};
  report->config = config;
  return built_without_cuda();
}
Status GridLauncher::repaint(ColourMode, std::uint32_t*) { return built_without_cuda(); }
Status GridLauncher::read_records(std::uint64_t, std::uint64_t, ThreadRecord*) const { return built_without_cuda(); }
Status GridLauncher::occupancy(const LaunchConfig&, const LaunchOptions&, OccupancyReport* report) const {
  *report = OccupancyReport{};
  return built_without_cuda();
}

}  // namespace whygpu::grid
