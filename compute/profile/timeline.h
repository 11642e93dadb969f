#pragma once
// A recorded timeline of one piece of GPU work, as Nsight Systems draws it: lanes of host
// threads (the CUDA runtime calls they made) above lanes of GPU streams (the kernels,
// copies and memsets that ran there), every item with its start and end. Recorded live by
// cupti_recorder.h, or loaded from a file (timeline_json.h) on machines without a GPU.
// Plus the figures the lesson reads off it: how long the GPU sat idle within the work,
// and where its busy time went, kernel by kernel.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "compute/bench/run_info.h"
#include "compute/core/wording.h"

namespace whygpu::profile {

enum class LaneKind { HostThread, GpuStream };

struct Lane {
  LaneKind kind = LaneKind::GpuStream;
  std::uint64_t id = 0;  // the OS thread id, or CUDA's stream id
  std::string name;      // "host thread 1", "stream 13"
};

enum class ItemKind { HostCall, Kernel, Memcpy, Memset };

struct TimelineItem {
  ItemKind kind = ItemKind::Kernel;
  int lane = 0;                // index into Timeline::lanes
  std::string name;            // runtime call ("cudaLaunchKernel"), demangled kernel, "memcpy HtoD"
  std::int64_t start_ns = 0;   // from Timeline's origin (the moment recording began)
  std::int64_t end_ns = 0;
  std::uint32_t correlation = 0;  // links a GPU item to the host call that queued it (0: none)
  bool in_graph = false;          // GPU items: ran as a node of a CUDA graph

  // Kernels.
  int grid[3] = {0, 0, 0};
  int block[3] = {0, 0, 0};
  int registers_per_thread = 0;
  int static_shared_bytes = 0;
  int dynamic_shared_bytes = 0;

  // Copies and memsets.
  std::uint64_t bytes = 0;
  std::string copy_kind;  // "HtoD", "DtoH", "DtoD", ...
  std::string source_memory, destination_memory;  // "pageable", "pinned", "device"

  std::int64_t duration_ns() const { return end_ns - start_ns; }
  bool on_gpu() const { return kind != ItemKind::HostCall; }
};

struct Timeline {
  std::string work;         // "cnn-step"
  Wording description;      // "one training step of the MNIST CNN, batch 64, eager launches", translatable
  std::string source;       // "whygpu (CUPTI 13.0)", "PyTorch 2.9 profiler"
  bench::RunInfo run;       // device, driver, date and the command that recorded it
  std::int64_t work_begin_ns = 0;  // when the host started and finished the work
  std::int64_t work_end_ns = 0;
  std::vector<Lane> lanes;
  std::vector<TimelineItem> items;  // sorted by lane, then start
  std::uint64_t dropped_records = 0;  // CUPTI records lost (0 when the recording is complete)

  // "Recorded on NVIDIA H100 80GB HBM3 (driver 580.159.04) on 2026-11-23, not on this computer"
  std::string recorded_label(bool sentence_start = false) const;
};

// Sorts items by lane then start, drops lanes without items and renumbers the rest:
// host threads first, then streams, each by id.
void normalize(Timeline* timeline);

// One lane's items in order of start; the timeline must be normalized (as recorded and
// loaded timelines are).
std::span<const TimelineItem> items_in_lane(const Timeline& timeline, int lane);

struct Interval {
  std::int64_t start_ns = 0;
  std::int64_t end_ns = 0;
};

// GPU time as one busy/idle line: the union of every kernel, copy and memset on any stream.
std::vector<Interval> gpu_busy_intervals(const Timeline& timeline);
// The stretches between those, inside the GPU's span: where the GPU waited for the host.
std::vector<Interval> gpu_idle_gaps(const Timeline& timeline);

struct IdleSummary {
  std::int64_t span_ns = 0;  // first GPU item's start to the last one's end
  std::int64_t busy_ns = 0;  // some kernel, copy or memset running on some stream
  std::int64_t idle_ns = 0;  // span - busy: the gaps between them
  std::int64_t kernel_busy_ns = 0;  // union of kernels only
  std::int64_t copy_busy_ns = 0;    // union of copies and memsets only
  int gaps = 0;                     // idle stretches inside the span
  std::int64_t longest_gap_ns = 0;
  int kernels = 0, copies = 0, memsets = 0, host_calls = 0;
  int launches = 0;  // host calls that queued some of those GPU items (matched by correlation)

  double idle_fraction() const { return span_ns > 0 ? static_cast<double>(idle_ns) / span_ns : 0.0; }
};
IdleSummary summarize_idle(const Timeline& timeline);

// "GPU idle 38% of the step (0.12 of 0.31 ms, 24 gaps; longest 9.1 us)", for the page
// (translated) and the terminal (english()); `what` is itself a sentence ("the step").
Wording idle_sentence(const IdleSummary& summary, const Wording& what);

struct KernelTotal {
  std::string name;  // display name (kernel_display_name)
  int count = 0;
  std::int64_t total_ns = 0;
  std::int64_t min_ns = 0, max_ns = 0;
  double share_of_kernel_time = 0.0;  // of all kernels' summed durations
};
// Kernels grouped by display name, longest total first.
std::vector<KernelTotal> totals_by_kernel(const Timeline& timeline);

// Kernel names as a reader wants them: "void ns::conv_forward<32, 3>(float const*, int)"
// becomes "conv_forward<32, 3>" (no return type, namespaces or parameters); names that
// are not C++ signatures (cuBLAS's "sm90_xmma_gemm_...") stay as they are.
std::string kernel_display_name(const std::string& name);

// Host call names without CUPTI's version suffix: "cudaLaunchKernel_v7000" -> "cudaLaunchKernel".
std::string host_call_display_name(const std::string& name);

// "850 ns", "9.1 us", "0.312 ms", "1.25 s".
std::string format_duration_ns(std::int64_t ns);

}  // namespace whygpu::profile
