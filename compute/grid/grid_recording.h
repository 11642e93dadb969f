#pragma once
// The thread-grid launches recorded on a GPU (`whygpu record`, part "grid"), for the
// panel on computers without one: for each launch the lessons make, the runtime's answer
// (ran, or refused in its own words), the kernel time, and per block its SM and when its
// first thread started and its last ended (the per-thread records are reduced to blocks
// on the GPU, so the file stays small), with the occupancy the runtime reported. The
// device's limits come along, so that occupancy can be worked out for any block size
// from the recorded GPU's figures (occupancy_from_limits).
#include <cstdint>
#include <string>
#include <vector>

#include "compute/bench/recording_file.h"
#include "compute/grid/grid_launcher.h"

namespace whygpu::grid {

inline constexpr bench::RecordingKind kGridRecording = bench::recording_part("grid", "whygpu grid recording");

// What one launch was asked for.
struct LaunchRequest {
  LaunchConfig config;
  LaunchOptions options;  // colour is not recorded (the picture is painted where it is shown)
};

struct RecordedLaunch {
  LaunchRequest request;
  bool launched = false;        // the runtime accepted it and the kernel finished
  std::string runtime_error;    // refused: the runtime's words, verbatim
  std::string runtime_call;     // "paint_threads<<<1, 500000>>>(...)"
  double kernel_ms = 0.0;
  // One per block in block_linear order; times relative to the launch's first thread,
  // last_start_ns equal to first_start_ns (not recorded). Empty when refused or too big.
  std::vector<BlockSummary> blocks;
  OccupancyReport occupancy;    // the runtime's answer for this launch
};

// The recorded GPU's limits: what occupancy and launch checks need.
struct RecordedDevice {
  OccupancyInputs sm;  // SM figures, and the kernel's registers and static shared memory
                       // (threads_per_block and shared_bytes_per_block hold the kernel's
                       // per-launch figures and are set per question)
  std::int64_t sm_count = 0;
  std::int64_t kernel_max_threads_per_block = 1024;
  std::int64_t kernel_static_shared_bytes = 0;
  DeviceLimits launch_limits;
};

struct GridRecording {
  bench::RunInfo run;
  RecordedDevice device;
  std::vector<RecordedLaunch> launches;

  // The launch recorded for exactly this request (colour aside), or null.
  const RecordedLaunch* find(const LaunchRequest& request) const;
  // A refused launch breaking the same limit as `check` (the first recorded if none
  // names it the same way), or null when none was refused.
  const RecordedLaunch* refused_like(const LaunchCheck& check) const;
};

// The launch as LaunchReport (what LaunchTimeline and the picture read).
LaunchReport report_of(const RecordedLaunch& launch);

// Makes each launch on this machine's GPU (nothing is painted) and asks the runtime for
// its occupancy. Errors of the machinery (no GPU) end the recording; a refused launch is
// recorded with the runtime's words. Fills out->device and out->launches (not out->run).
Status record_launches(const std::vector<LaunchRequest>& requests, GridRecording* out);

// Occupancy worked out from `device`'s limits alone, as the runtime would for the
// recorded kernel: blocks per SM (model_occupancy), occupancy, waves. No runtime call,
// so a computer without the GPU can answer for any block size and shared memory.
OccupancyReport occupancy_from_limits(const RecordedDevice& device, const LaunchConfig& config,
                                      std::int64_t dynamic_shared_bytes);

// The documented limits of an NVIDIA H100 SXM (compute capability 9.0, 132 SMs): for
// when no recording is at hand. The kernel's registers are not documented: 32 assumed.
RecordedDevice documented_h100();

// "device" (every limit required and not negative, with SMs and a warp size) and
// "launches": each a request the launch checks accept, the runtime's answer, and its
// blocks as three arrays of one length (none, or one per block of the launch).
void to_json(bench::Json& json, const GridRecording& recording);
void from_json(const bench::Json& json, GridRecording& recording);

}  // namespace whygpu::grid
