// The launcher in a build without CUDA: every GPU entry point says so; the CPU model
// (cpu_picture.h) still draws the mapping.
#include "compute/grid/grid_launcher.h"

namespace whygpu::grid {
namespace {
Status no_cuda() { return Status::error("this build of whygpu has no CUDA support"); }
}  // namespace

struct GridLauncher::Device {};

DeviceLimits device_limits() { return DeviceLimits{}; }

GridLauncher::GridLauncher() : device_(std::make_unique<Device>()) {}
GridLauncher::~GridLauncher() = default;

Status GridLauncher::launch(const LaunchConfig& config, const LaunchOptions&, std::uint32_t*,
                            LaunchReport* report) {
  *report = LaunchReport{};
  report->config = config;
  return no_cuda();
}
Status GridLauncher::repaint(ColorMode, std::uint32_t*) { return no_cuda(); }
Status GridLauncher::read_records(std::uint64_t, std::uint64_t, ThreadRecord*) const { return no_cuda(); }
Status GridLauncher::occupancy(const LaunchConfig&, const LaunchOptions&, OccupancyReport* report) const {
  *report = OccupancyReport{};
  return no_cuda();
}

}  // namespace whygpu::grid
