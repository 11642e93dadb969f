#include "compute/grid/grid_kernels.cuh"

namespace whygpu::grid {
namespace {

__device__ __forceinline__ std::uint32_t sm_id() {
  std::uint32_t id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

__device__ __forceinline__ std::uint32_t lane_id() {
  std::uint32_t id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}

__device__ __forceinline__ std::uint64_t global_time_ns() {
  std::uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// A dependent chain of multiply-adds: it cannot be shortened, so its length sets how
// long the thread (and so its block) stays on the SM.
__device__ float thread_work(std::uint64_t index, std::int64_t iterations) {
  float v = static_cast<float>(index % 1024u) * 0.001f;
  const std::int64_t steps = iterations > 0 ? iterations : 1;
  for (std::int64_t k = 0; k < steps; ++k) v = v * 0.999f + 0.5f;
  return v;
}

__device__ float start_fraction(std::uint64_t start_ns, const PaintParams& p) {
  if (p.time_span_ns == 0 || start_ns < p.time_origin_ns) return 0.0f;
  return static_cast<float>(static_cast<double>(start_ns - p.time_origin_ns) /
                            static_cast<double>(p.time_span_ns));
}

}  // namespace

__global__ void __launch_bounds__(1024) paint_threads(PaintParams p) {
  if (p.capacity == 0) return;  // a launch made only to hear the runtime's answer
  const std::uint64_t start = global_time_ns();
  const std::uint32_t sm = sm_id();
  const ThreadPlace place =
      place_thread(p.shape, blockIdx.x, blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z);

  float work = 0.0f;
  if (place.in_bounds) work = thread_work(place.global_index, p.work_iterations);  // the bounds check
  const std::uint64_t end = global_time_ns();

  if (place.slot >= p.capacity) return;
  ThreadRecord r;
  r.start_ns = start;
  r.end_ns = end;
  r.block_idx[0] = blockIdx.x;
  r.block_idx[1] = blockIdx.y;
  r.block_idx[2] = blockIdx.z;
  r.thread_idx[0] = threadIdx.x;
  r.thread_idx[1] = threadIdx.y;
  r.thread_idx[2] = threadIdx.z;
  r.smid = sm;
  r.lane = lane_id();
  r.in_bounds = place.in_bounds ? 1u : 0u;
  r.work = work;
  p.records[place.slot] = r;

  if (p.picture != nullptr && p.colour != ColourMode::by_start_time) {
    ColourInputs in;
    in.mode = p.colour;
    in.threads_per_block = p.shape.threads_per_block();
    in.smid = sm;
    p.picture[place.pixel_y * p.shape.picture_width + place.pixel_x] = cell_colour(place, in);
  }
}

__global__ void repaint_from_records(PaintParams p) {
  const std::uint64_t slot = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x;
  if (slot >= p.capacity) return;
  const ThreadRecord r = p.records[slot];
  if (r.smid == kUnwritten) return;  // never ran: the cell keeps its cleared colour
  const ThreadPlace place = place_thread(p.shape, r.block_idx[0], r.block_idx[1], r.block_idx[2],
                                         r.thread_idx[0], r.thread_idx[1], r.thread_idx[2]);
  ColourInputs in;
  in.mode = p.colour;
  in.threads_per_block = p.shape.threads_per_block();
  in.smid = r.smid;
  in.start_fraction = start_fraction(r.start_ns, p);
  p.picture[place.pixel_y * p.shape.picture_width + place.pixel_x] = cell_colour(place, in);
}

__global__ void summarize_blocks(const ThreadRecord* records, std::uint64_t threads_per_block,
                                 std::uint64_t block_count, BlockSummary* out) {
  const std::uint64_t block = (blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x) / 32u;
  const std::uint32_t lane = threadIdx.x % 32u;
  if (block >= block_count) return;  // the whole warp leaves together
  const ThreadRecord* r = records + block * threads_per_block;
  const std::uint32_t sm0 = r[0].smid;
  std::uint64_t first = ~std::uint64_t{0}, last = 0, end = 0;
  std::uint32_t same = 1;
  for (std::uint64_t t = lane; t < threads_per_block; t += 32u) {
    first = min(first, r[t].start_ns);
    last = max(last, r[t].start_ns);
    end = max(end, r[t].end_ns);
    same &= r[t].smid == sm0 ? 1u : 0u;
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    first = min(first, __shfl_xor_sync(0xffffffffu, first, offset));
    last = max(last, __shfl_xor_sync(0xffffffffu, last, offset));
    end = max(end, __shfl_xor_sync(0xffffffffu, end, offset));
    same &= __shfl_xor_sync(0xffffffffu, same, offset);
  }
  if (lane == 0) out[block] = BlockSummary{first, last, end, sm0, same};
}

}  // namespace whygpu::grid
