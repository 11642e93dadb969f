#include "compute/kernels/vector_add_bench.h"

#include "compute/core/gpu_info.h"
#include "compute/kernels/bench_gpu.h"
#include "compute/kernels/host_array.h"
#include "compute/kernels/random_fill.h"
#include "compute/kernels/vector_ops.h"

namespace whygpu::kernels {
namespace {

const VariantInfo kVariants[] = {
    {"cpu", "CPU, one thread", false, "fp32",
     "A plain loop on one core: limited by how fast one core streams memory."},
    {"cpu-threads", "CPU, all cores", false, "fp32",
     "The loop split over every core: limited by the CPU's memory bandwidth."},
    {"gpu", "GPU kernel (data already on the GPU)", true, "fp32",
     "float4 grid-stride kernel; the inputs are already in GPU memory."},
    {"gpu-with-copies", "GPU with copies (pinned memory)", true, "fp32",
     "Copy a and b to the GPU, add, copy c back: each phase timed apart."},
    {"d2d-copy", "GPU device-to-device copy", true, "fp32",
     "cudaMemcpy of n floats within GPU memory, bytes read + written: the ceiling the "
     "kernel is compared with."},
};

Status time_cpu_vector_add(std::size_t n, int threads, const BenchOptions& options,
                           TimingStats* out) {
  const int sets = options.rotate_inputs
                       ? rotation_sets(12 * n, cpu_last_level_cache_bytes(), std::size_t{1} << 30)
                       : 1;
  if (Status s = check_fits_in_host_memory(12.0 * sets * static_cast<double>(n),
                                           "vector add of " + std::to_string(n) + " floats");
      !s)
    return s;
  std::vector<HostArray<float>> a(static_cast<std::size_t>(sets)), b(a.size()), c(a.size());
  const std::uint64_t seed = fresh_seed();
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (Status s = a[i].allocate(n, "vector a"); !s) return s;
    if (Status s = b[i].allocate(n, "vector b"); !s) return s;
    if (Status s = c[i].allocate(n, "vector c"); !s) return s;
    fill_uniform(a[i].data(), n, seed + 2 * i);
    fill_uniform(b[i].data(), n, seed + 2 * i + 1);
    fill_uniform(c[i].data(), n, seed);  // touch the pages before timing
  }
  return time_cpu(
      options.measure,
      [&](int run) {
        const auto s = static_cast<std::size_t>(run % sets);
        cpu_vector_add(a[s].data(), b[s].data(), c[s].data(), n, threads);
        return Status::ok();
      },
      out);
}

}  // namespace

const std::vector<VectorAddVariant>& all_vector_add_variants() {
  static const std::vector<VectorAddVariant> all = {
      VectorAddVariant::Cpu, VectorAddVariant::CpuThreads, VectorAddVariant::Gpu,
      VectorAddVariant::GpuWithCopies, VectorAddVariant::DeviceCopy};
  return all;
}

const VariantInfo& vector_add_variant_info(VectorAddVariant variant) {
  return kVariants[static_cast<int>(variant)];
}

bool find_vector_add_variant(std::string_view key, VectorAddVariant* out) {
  for (VectorAddVariant v : all_vector_add_variants()) {
    if (vector_add_variant_info(v).key == key) {
      *out = v;
      return true;
    }
  }
  return false;
}

Status run_vector_add(VectorAddVariant variant, std::size_t n, const BenchOptions& options,
                      std::vector<Measurement>* rows) {
  if (n == 0) return Status::error(Wording::sentence(N_("vector add: the length must be at least 1")));
  const VariantInfo& info = vector_add_variant_info(variant);
  const int threads = variant == VectorAddVariant::Cpu ? 1 : options.cpu_threads;
  Measurement row = make_row("vector-add", info, static_cast<std::int64_t>(n), threads);
  const double nd = static_cast<double>(n);
  row.flop = nd;
  row.bytes = 12.0 * nd;
  if (info.on_gpu && !gpu_info().available) {
    row.state = RowState::Absent;
    row.note = require_gpu().message();
    if (variant == VectorAddVariant::GpuWithCopies) row.phase = "total";
    rows->push_back(std::move(row));
    return Status::ok();
  }

  Status s = Status::ok();
  std::vector<Measurement> made;
  switch (variant) {
    case VectorAddVariant::Cpu:
    case VectorAddVariant::CpuThreads:
      s = time_cpu_vector_add(n, threads, options, &row.time);
      made.push_back(row);
      break;
    case VectorAddVariant::Gpu:
      s = time_gpu_vector_add(n, options, &row.time);
      made.push_back(row);
      break;
    case VectorAddVariant::DeviceCopy:
      row.flop = 0.0;
      row.bytes = 8.0 * nd;
      s = time_gpu_copy(CopyKind::DeviceToDevice, n * sizeof(float), options, &row.time);
      made.push_back(row);
      break;
    case VectorAddVariant::GpuWithCopies: {
      std::vector<TimingStats> phases;
      TimingStats total;
      s = time_gpu_vector_add_with_copies(n, options, &phases, &total);
      made = vector_add_phase_rows(row, s.is_ok(), phases, total);
      break;
    }
  }
  if (is_cancelled(s)) return s;
  for (auto& r : made) {
    r.state = s ? RowState::Measured : RowState::Failed;
    if (!s) r.note = s.message();
    rows->push_back(std::move(r));
  }
  return s;
}

std::vector<Measurement> vector_add_phase_rows(const Measurement& row, bool measured,
                                               const std::vector<TimingStats>& phases,
                                               const TimingStats& total) {
  const double nd = static_cast<double>(row.size);
  const char* names[] = {"h2d", "kernel", "d2h", "total"};
  const double flop[] = {0.0, nd, 0.0, nd};
  const double bytes[] = {8.0 * nd, 12.0 * nd, 4.0 * nd, 12.0 * nd};
  std::vector<Measurement> made;
  for (int p = 0; p < 4; ++p) {
    Measurement r = row;
    r.phase = names[p];
    r.flop = flop[p];
    r.bytes = bytes[p];
    if (measured) r.time = p < 3 ? phases[static_cast<std::size_t>(p)] : total;
    made.push_back(r);
  }
  return made;
}

std::vector<SweepJob> vector_add_jobs(const std::vector<VectorAddVariant>& variants,
                                      const std::vector<std::size_t>& sizes,
                                      const BenchOptions& options) {
  std::vector<SweepJob> jobs;
  for (std::size_t n : sizes) {
    for (VectorAddVariant v : variants) {
      jobs.push_back({"vector-add " + std::string(vector_add_variant_info(v).key) + " n=" +
                          std::to_string(n),
                      [v, n, options](std::vector<Measurement>* rows) {
                        return run_vector_add(v, n, options, rows);
                      },
                      !vector_add_variant_info(v).on_gpu});
    }
  }
  return jobs;
}

}  // namespace whygpu::kernels
