#include "compute/grid/grid_launcher.h"

#include <cuda_runtime.h>

#include <algorithm>

#include "compute/core/cuda_check.h"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"
#include "compute/grid/grid_kernels.cuh"

namespace whygpu::grid {

struct GridLauncher::Device {
  DeviceBuffer<ThreadRecord> records;  // grows to the largest drawn launch, never shrinks
  DeviceBuffer<BlockSummary> summaries;
  CudaEvent start, stop;
  // The last drawn launch, for repaint() and read_records().
  GridShape shape;
  std::uint64_t recorded = 0;
  std::uint64_t first_start_ns = 0;
  std::uint64_t last_start_ns = 0;

  Status reserve(std::uint64_t threads, std::uint64_t blocks) {
    if (threads > 0)
      if (Status s = records.reserve(threads, "the thread records"); !s) return s;
    if (blocks > 0)
      if (Status s = summaries.reserve(blocks, "the block summaries"); !s) return s;
    if (Status s = start.create(); !s) return s;
    return stop.create();
  }
};

namespace {

unsigned grid_for(std::uint64_t items, unsigned per_block) {
  return static_cast<unsigned>((items + per_block - 1) / per_block);
}

}  // namespace

DeviceLimits device_limits() {
  DeviceLimits limits;
  const GpuInfo& info = gpu_info();
  if (!info.available) return limits;
  limits.max_threads_per_block = info.max_threads_per_block;
  for (int d = 0; d < 3; ++d) {
    limits.max_block_dim[d] = info.max_block_dim[d];
    limits.max_grid_dim[d] = info.max_grid_dim[d];
  }
  limits.max_shared_memory_per_block = static_cast<std::int64_t>(info.shared_memory_per_block);
  return limits;
}

GridLauncher::GridLauncher() : device_(std::make_unique<Device>()) {}
GridLauncher::~GridLauncher() = default;

Status GridLauncher::launch(const LaunchConfig& config, const LaunchOptions& options,
                            std::uint32_t* picture, LaunchReport* report) {
  *report = LaunchReport{};
  report->config = config;
  if (Status s = require_gpu(); !s) return s;
  if (Status s = validate(config); !s) return s;
  if (options.dynamic_shared_bytes < 0 || options.work_iterations < 0)
    return Status::error(Wording::sentence(N_("shared memory and work must not be negative")));

  const GridShape shape = make_shape(config);
  report->shape = shape;
  report->check = check_against_limits(config, options.dynamic_shared_bytes, device_limits());
  report->runtime_call = "paint_threads" + launch_syntax(config);
  const bool drawable = !too_big_to_draw(shape);
  if (!drawable && !report->check.exceeds_limits)
    return Status::error(Wording::sentence(N_("this launch runs {0} threads; the lesson draws at most {1} "
                                              "(one cell each): make the problem or the grid smaller"),
                                           {std::to_string(shape.total_threads()),
                                            std::to_string(kMaxPictureThreads)}));

  Device& d = *device_;
  d.recorded = 0;
  const std::uint64_t threads = drawable ? shape.total_threads() : 0;
  const std::uint64_t blocks = drawable ? shape.block_count() : 0;
  if (drawable) {
    if (Status s = d.reserve(threads, blocks); !s) return s;
    WHYGPU_CUDA_TRY(cudaMemsetAsync(d.records.get(), 0xff, threads * sizeof(ThreadRecord)));
    if (picture != nullptr)
      WHYGPU_CUDA_TRY(cudaMemsetAsync(picture, 0, std::uint64_t{shape.picture_width} *
                                                      shape.picture_height * sizeof(std::uint32_t)));
  } else if (Status s = d.reserve(0, 0); !s) {
    return s;
  }

  PaintParams p{};
  p.shape = shape;
  p.records = d.records.get();
  p.capacity = threads;
  p.picture = drawable ? picture : nullptr;
  p.colour = options.colour;
  p.work_iterations = options.work_iterations;

  // Exactly what the lesson teaches: launch with the student's numbers, then ask.
  const dim3 grid_dim(shape.grid[0], shape.grid[1], shape.grid[2]);
  const dim3 block_dim(shape.block[0], shape.block[1], shape.block[2]);
  if (Status s = d.start.record(nullptr); !s) return s;
  paint_threads<<<grid_dim, block_dim, static_cast<std::size_t>(options.dynamic_shared_bytes)>>>(p);
  const cudaError_t launch_error = cudaGetLastError();  // also clears it: refusals are not sticky
  if (launch_error != cudaSuccess) {
    report->runtime_error = std::string(cudaGetErrorName(launch_error)) + ": " + cudaGetErrorString(launch_error);
    // A refused launch leaves the context usable; prove it before the app carries on.
    WHYGPU_CUDA_TRY(cudaDeviceSynchronize());
    return Status::ok();
  }
  if (Status s = d.stop.record(nullptr); !s) return s;
  if (Status s = d.stop.synchronize(); !s) return s;
  float ms = 0.0f;
  if (Status s = CudaEvent::elapsed_ms(d.start, d.stop, &ms); !s) return s;
  report->kernel_ms = ms;
  report->launched = true;
  if (!drawable) return Status::ok();

  summarize_blocks<<<grid_for(blocks * 32u, 256), 256>>>(d.records.get(), shape.threads_per_block(), blocks,
                                                          d.summaries.get());
  WHYGPU_CUDA_TRY_LAUNCH("summarize_blocks");
  report->blocks.resize(blocks);
  WHYGPU_CUDA_TRY(cudaMemcpy(report->blocks.data(), d.summaries.get(), blocks * sizeof(BlockSummary),
                             cudaMemcpyDeviceToHost));
  report->first_start_ns = ~std::uint64_t{0};
  for (const BlockSummary& b : report->blocks) {
    report->first_start_ns = std::min(report->first_start_ns, b.first_start_ns);
    report->last_start_ns = std::max(report->last_start_ns, b.last_start_ns);
    report->last_end_ns = std::max(report->last_end_ns, b.end_ns);
  }
  report->drawn = true;
  d.shape = shape;
  d.recorded = threads;
  d.first_start_ns = report->first_start_ns;
  d.last_start_ns = report->last_start_ns;
  if (picture != nullptr && options.colour == ColourMode::by_start_time) return repaint(options.colour, picture);
  return Status::ok();
}

Status GridLauncher::repaint(ColourMode mode, std::uint32_t* picture) {
  if (Status s = require_gpu(); !s) return s;
  const Device& d = *device_;
  if (d.recorded == 0 || picture == nullptr) return Status::ok();
  PaintParams p{};
  p.shape = d.shape;
  p.records = d.records.get();
  p.capacity = d.recorded;
  p.picture = picture;
  p.colour = mode;
  p.time_origin_ns = d.first_start_ns;
  p.time_span_ns = d.last_start_ns - d.first_start_ns;
  WHYGPU_CUDA_TRY(cudaMemsetAsync(picture, 0, std::uint64_t{d.shape.picture_width} *
                                                  d.shape.picture_height * sizeof(std::uint32_t)));
  repaint_from_records<<<grid_for(d.recorded, 256), 256>>>(p);
  WHYGPU_CUDA_TRY_LAUNCH("repaint_from_records");
  WHYGPU_CUDA_TRY(cudaDeviceSynchronize());
  return Status::ok();
}

Status GridLauncher::read_records(std::uint64_t first, std::uint64_t count, ThreadRecord* out) const {
  if (Status s = require_gpu(); !s) return s;
  const Device& d = *device_;
  if (first > d.recorded || count > d.recorded - first)
    return Status::error(Wording::sentence(N_("records {0}..{1} are outside the last launch ({2} threads)"),
                                           {std::to_string(first), std::to_string(first + count),
                                            std::to_string(d.recorded)}));
  if (count == 0) return Status::ok();
  WHYGPU_CUDA_TRY(cudaMemcpy(out, d.records.get() + first, count * sizeof(ThreadRecord), cudaMemcpyDeviceToHost));
  return Status::ok();
}

Status GridLauncher::occupancy(const LaunchConfig& config, const LaunchOptions& options,
                               OccupancyReport* report) const {
  *report = OccupancyReport{};
  if (Status s = require_gpu(); !s) return s;
  if (Status s = validate(config); !s) return s;
  const GpuInfo& info = gpu_info();
  cudaFuncAttributes attr{};
  WHYGPU_CUDA_TRY(cudaFuncGetAttributes(&attr, paint_threads));
  int reserved_shared = 0;
  WHYGPU_CUDA_TRY(cudaDeviceGetAttribute(&reserved_shared, cudaDevAttrReservedSharedMemoryPerBlock, info.device));

  report->threads_per_block = config.block.volume();
  report->registers_per_thread = attr.numRegs;
  report->static_shared_bytes = static_cast<std::int64_t>(attr.sharedSizeBytes);
  report->dynamic_shared_bytes = options.dynamic_shared_bytes;
  report->kernel_max_threads_per_block = attr.maxThreadsPerBlock;
  report->sm_count = info.sm_count;

  OccupancyInputs& in = report->inputs;
  in.threads_per_block = report->threads_per_block;
  in.registers_per_thread = attr.numRegs;
  in.shared_bytes_per_block = report->static_shared_bytes + options.dynamic_shared_bytes;
  in.warp_size = info.warp_size;
  in.max_threads_per_sm = info.max_threads_per_sm;
  in.max_blocks_per_sm = info.max_blocks_per_sm;
  in.registers_per_sm = info.registers_per_sm;
  in.shared_bytes_per_sm = static_cast<std::int64_t>(info.shared_memory_per_sm);
  in.reserved_shared_bytes_per_block = reserved_shared;
  report->model = model_occupancy(in);

  const LaunchCheck check = check_against_limits(config, options.dynamic_shared_bytes, device_limits());
  report->launchable = !check.exceeds_limits && report->threads_per_block <= attr.maxThreadsPerBlock;
  if (!report->launchable) return Status::ok();

  int active = 0;
  const cudaError_t err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &active, paint_threads, static_cast<int>(report->threads_per_block),
      static_cast<std::size_t>(options.dynamic_shared_bytes));
  if (err != cudaSuccess) {
    report->runtime_error = std::string(cudaGetErrorName(err)) + ": " + cudaGetErrorString(err);
    cudaGetLastError();
    report->launchable = false;
    return Status::ok();
  }
  report->active_blocks_per_sm = active;
  report->occupancy = occupancy_fraction(active, report->model.warps_per_block, info.max_threads_per_sm,
                                         info.warp_size);
  report->blocks_per_wave = std::int64_t{active} * info.sm_count;
  const std::int64_t blocks = launch_grid(config).volume();
  if (report->blocks_per_wave > 0)
    report->waves = (blocks + report->blocks_per_wave - 1) / report->blocks_per_wave;
  return Status::ok();
}

}  // namespace whygpu::grid
