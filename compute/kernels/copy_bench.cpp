#include "compute/kernels/copy_bench.h"

#include "compute/core/gpu_info.h"
#include "compute/kernels/bench_gpu.h"

namespace whygpu::kernels {
namespace {

const VariantInfo kKinds[] = {
    {"h2d-pageable", "Host to GPU, pageable memory", true, "",
     "A plain cudaMemcpy from malloc'd memory: the driver stages it through a pinned "
     "buffer of its own."},
    {"h2d-pinned", "Host to GPU, pinned memory", true, "",
     "From page-locked memory (cudaMallocHost): the copy engine reads it directly."},
    {"d2h-pageable", "GPU to host, pageable memory", true, "",
     "Back into malloc'd memory, staged by the driver."},
    {"d2h-pinned", "GPU to host, pinned memory", true, "",
     "Back into page-locked memory, written directly by the copy engine."},
    {"d2d", "GPU to GPU memory", true, "",
     "Within the GPU's own memory; GB/s counts bytes read plus bytes written."},
};

}  // namespace

const std::vector<CopyKind>& all_copy_kinds() {
  static const std::vector<CopyKind> all = {
      CopyKind::HostToDevicePageable, CopyKind::HostToDevicePinned,
      CopyKind::DeviceToHostPageable, CopyKind::DeviceToHostPinned, CopyKind::DeviceToDevice};
  return all;
}

const VariantInfo& copy_kind_info(CopyKind kind) { return kKinds[static_cast<int>(kind)]; }

bool find_copy_kind(std::string_view key, CopyKind* out) {
  for (CopyKind k : all_copy_kinds()) {
    if (copy_kind_info(k).key == key) {
      *out = k;
      return true;
    }
  }
  return false;
}

Status run_copy(CopyKind kind, std::size_t bytes, const BenchOptions& options,
                std::vector<Measurement>* rows) {
  if (bytes == 0) return Status::error(Wording::sentence(N_("copy: the size must be at least 1 byte")));
  const VariantInfo& info = copy_kind_info(kind);
  Measurement row = make_row("copy", info, static_cast<std::int64_t>(bytes), 0);
  row.bytes = static_cast<double>(bytes) * (kind == CopyKind::DeviceToDevice ? 2.0 : 1.0);
  if (!gpu_info().available) {
    row.state = RowState::Absent;
    row.note = require_gpu().message();
    rows->push_back(std::move(row));
    return Status::ok();
  }
  const Status s = time_gpu_copy(kind, bytes, options, &row.time);
  if (is_cancelled(s)) return s;
  row.state = s ? RowState::Measured : RowState::Failed;
  if (!s) row.note = s.message();
  rows->push_back(std::move(row));
  return s;
}

std::vector<SweepJob> copy_jobs(const std::vector<CopyKind>& kinds,
                                const std::vector<std::size_t>& sizes,
                                const BenchOptions& options) {
  std::vector<SweepJob> jobs;
  for (std::size_t bytes : sizes) {
    for (CopyKind k : kinds) {
      jobs.push_back({"copy " + std::string(copy_kind_info(k).key) + " " +
                          std::to_string(bytes) + " bytes",
                      [k, bytes, options](std::vector<Measurement>* rows) {
                        return run_copy(k, bytes, options, rows);
                      }});
    }
  }
  return jobs;
}

}  // namespace whygpu::kernels
