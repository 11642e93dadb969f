#pragma once
// Launches the thread-hierarchy kernel for real with the student's configuration. Every
// thread records what the hardware says about it (blockIdx, threadIdx, %smid, %laneid,
// %globaltimer at start and end) and paints its own picture cell into a device buffer
// the caller owns (a mapped GL buffer, through CUDA-OpenGL interop). A configuration the
// GPU refuses is still launched, and the runtime's error comes back word for word.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compute/core/status.h"
#include "compute/grid/cell_colours.h"
#include "compute/grid/launch_config.h"
#include "compute/grid/occupancy_model.h"

namespace whygpu::grid {

// One thread's record, written by the kernel. Before each launch the whole buffer is
// filled with 0xff bytes, so a record that still reads smid == kUnwritten was not written.
struct ThreadRecord {
  std::uint64_t start_ns;  // %globaltimer on entry
  std::uint64_t end_ns;    // %globaltimer after the thread's work
  std::uint32_t block_idx[3];
  std::uint32_t thread_idx[3];
  std::uint32_t smid;       // %smid: the SM that ran the thread
  std::uint32_t lane;       // %laneid: the thread's lane as the hardware numbers it
  std::uint32_t in_bounds;  // 1 when the bounds check let it work
  float work;               // the thread's result; keeps the compiler from skipping the work
};
inline constexpr std::uint32_t kUnwritten = 0xffffffffu;

// One block as the timeline shows it: where it ran and when.
struct BlockSummary {
  std::uint64_t first_start_ns;  // earliest thread start
  std::uint64_t last_start_ns;   // latest thread start
  std::uint64_t end_ns;          // latest thread end
  std::uint32_t smid;            // SM of the block's first thread
  std::uint32_t same_sm;         // 1 when every thread reported that SM (always, on real GPUs)
};

struct LaunchOptions {
  ColourMode colour = ColourMode::by_block;
  // 0: each thread does one multiply-add; more: a dependent chain of that many, so
  // blocks last long enough for the timeline to show waves.
  std::int64_t work_iterations = 0;
  // Dynamic shared memory asked for per block (unused by the kernel); lowers occupancy.
  std::int64_t dynamic_shared_bytes = 0;
};

struct LaunchReport {
  LaunchConfig config;
  GridShape shape;
  LaunchCheck check;          // the lesson's reading of the limits, for the hint
  bool launched = false;      // the runtime accepted the launch and the kernel finished
  bool drawn = false;         // records and picture were written
  std::string runtime_error;  // refused: cudaGetErrorString + (cudaGetErrorName), verbatim
  std::string runtime_call;   // the statement that was run, e.g. "kernel<<<1, 500000>>>(...)"
  double kernel_ms = 0.0;     // CUDA events around the kernel alone
  std::uint64_t first_start_ns = 0;  // earliest start of any thread
  std::uint64_t last_start_ns = 0;   // latest start of any thread
  std::uint64_t last_end_ns = 0;     // latest end of any thread
  std::vector<BlockSummary> blocks;  // one per block, in block_linear order (when drawn)
};

struct OccupancyReport {
  bool launchable = false;             // block size within the kernel's and device's limits
  std::string runtime_error;           // when the runtime could not answer
  std::int64_t threads_per_block = 0;
  std::int64_t registers_per_thread = 0;   // cudaFuncGetAttributes numRegs
  std::int64_t static_shared_bytes = 0;    // cudaFuncGetAttributes sharedSizeBytes
  std::int64_t dynamic_shared_bytes = 0;
  std::int64_t kernel_max_threads_per_block = 0;
  std::int64_t active_blocks_per_sm = 0;   // cudaOccupancyMaxActiveBlocksPerMultiprocessor
  double occupancy = 0.0;                  // from the runtime's answer
  OccupancyInputs inputs;                  // the device and kernel figures used
  OccupancyLimits model;                   // which limit binds
  std::int64_t sm_count = 0;
  std::int64_t blocks_per_wave = 0;        // active_blocks_per_sm * sm_count
  std::int64_t waves = 0;                  // ceil(blocks / blocks_per_wave)
};

// The device's limits, from gpu_info(). All zero-free defaults without a GPU.
DeviceLimits device_limits();

class GridLauncher {
 public:
  GridLauncher();
  ~GridLauncher();
  GridLauncher(const GridLauncher&) = delete;
  GridLauncher& operator=(const GridLauncher&) = delete;

  // Runs `config` on the GPU. `picture` is a device buffer of shape.picture_width x
  // picture_height RGBA8 cells (see make_shape), or null to record without painting.
  // A launch the runtime refuses is not a failure of this call: it returns ok with
  // report->launched == false and the runtime's words in report->runtime_error, and the
  // error is cleared so the next launch starts clean. Errors of the lesson's own
  // machinery (no GPU, out of memory, a bad size) come back as the Status.
  Status launch(const LaunchConfig& config, const LaunchOptions& options,
                std::uint32_t* picture, LaunchReport* report);

  // Paints the last launch's records again in another colour mode, without relaunching.
  Status repaint(ColourMode mode, std::uint32_t* picture);

  // Copies records [first, first + count) of the last launch to the host.
  Status read_records(std::uint64_t first, std::uint64_t count, ThreadRecord* out) const;

  // Occupancy of the kernel for `config`'s block and the options' shared memory.
  Status occupancy(const LaunchConfig& config, const LaunchOptions& options,
                   OccupancyReport* report) const;

 private:
  struct Device;
  std::unique_ptr<Device> device_;
};

}  // namespace whygpu::grid
