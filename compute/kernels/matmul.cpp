// The matmul ladder: variant table, CPU rungs, and the run/sweep entry points.
#include "compute/kernels/matmul.h"

#include <cblas.h>

#include <cmath>
#include <cstdio>

#include "compute/core/gpu_info.h"
#include "compute/kernels/cpu_gemm.h"
#include "compute/kernels/host_array.h"
#include "compute/kernels/matmul_gpu.h"
#include "compute/kernels/random_fill.h"
#include "compute/kernels/thread_pool.h"

namespace whygpu::kernels {
namespace {

// Labels and descriptions are marked N_(): the ladder's tooltips show them in the page's
// language, the command line as written here.
const VariantInfo kVariants[] = {
    {"cpu-naive", N_("CPU naive triple loop"), false, "fp32",
     N_("i-j-k loops on one core: the inner loop walks down a column of B, one cache miss "
        "per multiply-add once B outgrows the cache.")},
    {"cpu-blocked", N_("CPU blocked, all cores"), false, "fp32",
     N_("Tiles sized for L1/L2/L3, packed panels and a vectorised register-blocked "
        "micro-kernel (AVX2/AVX-512 chosen at run time), spread over every core.")},
    {"cpu-openblas", N_("OpenBLAS sgemm, all cores"), false, "fp32",
     N_("The tuned CPU library: the fair CPU baseline.")},
    {"gpu-naive", N_("GPU naive, one thread per output"), true, "fp32",
     N_("Each thread computes one C[i][j]; a warp's threads sit on different rows, so each "
        "step reads 32 scattered values of A.")},
    {"gpu-coalesced", N_("GPU coalesced"), true, "fp32",
     N_("Same arithmetic; a warp's threads sit on adjacent columns, so reads of B and "
        "writes of C are single 128-byte transactions.")},
    {"gpu-tiled", N_("GPU shared-memory tiles"), true, "fp32",
     N_("Blocks stage 32 x 32 tiles of A and B in shared memory and reuse each value 32 "
        "times, cutting global memory traffic 32-fold.")},
    {"gpu-register-tiled", N_("GPU register-blocked 2D tiles"), true, "fp32",
     N_("Each thread keeps an 8 x 8 or 8 x 16 patch of C in registers (64 or 128 multiply-adds "
        "per 16 or 24 values read from shared memory); cp.async brings tiles several steps "
        "ahead; tile shape and split-k chosen per size (85-93% of cuBLAS on the H100).")},
    {"gpu-tc-wmma-fp16", N_("GPU Tensor Cores, WMMA, FP16"), true, "fp16",
     N_("Each warp multiplies 16 x 16 x 16 tiles of FP16 on the Tensor Cores (nvcuda::wmma): "
        "4096 multiply-adds per instruction instead of 32, summed in FP32. Tiles are staged as "
        "in gpu-tiled, load, barrier, multiply, barrier, so warps wait for every load: on the "
        "H100 no warp could issue in 74% of cycles: a quarter to a third of cuBLAS.")},
    {"gpu-tc-wmma-bf16", N_("GPU Tensor Cores, WMMA, BF16"), true, "bf16",
     N_("The WMMA kernel on BF16 inputs (FP32's range, 8-bit mantissa): same units and the "
        "same waits as FP16; on the H100 8-23% slower than our FP16 WMMA, while cuBLAS runs "
        "both at one speed.")},
    {"gpu-tc-mma-bf16", N_("GPU Tensor Cores, mma.sync pipeline, BF16"), true, "bf16",
     N_("Feeds the Tensor Cores faster: cp.async copies tiles several steps ahead into shared "
        "memory without registers, ldmatrix hands each warp its fragments in one instruction, "
        "and an XOR swizzle keeps those reads free of bank conflicts: about twice WMMA on the H100, "
        "still half of cuBLAS, since each warp issues its own mma.sync from registers and "
        "Hopper's full rate needs wgmma.")},
    {"gpu-tc-wgmma-bf16", N_("GPU Tensor Cores, Hopper wgmma + TMA, BF16"), true, "bf16",
     N_("Hopper only: TMA copies whole tiles in one instruction, wgmma lets 128 threads drive "
        "the Tensor Cores asynchronously straight from shared memory, and a producer warpgroup "
        "loads while two consumer warpgroups compute: 96-104% of cuBLAS at n = 4096-8192 on "
        "the H100.")},
    {"cublas-fp32", N_("cuBLAS FP32"), true, "fp32",
     N_("NVIDIA's library on the ordinary FP32 units: what hand-written kernels aim for.")},
    {"cublas-tf32", N_("cuBLAS TF32 Tensor Cores"), true, "tf32",
     N_("FP32 data, multiplied on Tensor Cores with a 10-bit mantissa, accumulated in FP32.")},
    {"cublas-fp16", N_("cuBLAS FP16 Tensor Cores"), true, "fp16",
     N_("Inputs rounded to FP16, Tensor Core products accumulated in FP32.")},
    {"cublas-bf16", N_("cuBLAS BF16 Tensor Cores"), true, "bf16",
     N_("Inputs rounded to BF16 (FP32's range, 8-bit mantissa), accumulated in FP32.")},
};

void cpu_naive(const float* a, const float* b, float* c, int m, int n, int k) {
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      float sum = 0.0f;
      for (int p = 0; p < k; ++p)
        sum += a[static_cast<std::size_t>(i) * k + p] * b[static_cast<std::size_t>(p) * n + j];
      c[static_cast<std::size_t>(i) * n + j] = sum;
    }
  }
}

Status cpu_matmul(MatmulVariant variant, const float* a, const float* b, float* c, int m,
                  int n, int k, int threads) {
  switch (variant) {
    case MatmulVariant::CpuNaive:
      cpu_naive(a, b, c, m, n, k);
      return Status::ok();
    case MatmulVariant::CpuBlocked:
      return cpu_gemm::sgemm_blocked(cpu_gemm::best_isa(), a, b, c, m, n, k, threads);
    case MatmulVariant::CpuOpenBlas:
      openblas_set_num_threads(resolve_threads(threads));
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a, k, b, n, 0.0f,
                  c, n);
      return Status::ok();
    default:
      return Status::error(Wording::sentence(N_("not a CPU matmul variant")));
  }
}

Status check_sizes(int m, int n, int k) {
  if (m < 1 || n < 1 || k < 1)
    return Status::error(Wording::sentence(N_("matmul: sizes must be at least 1 (got m={0}, n={1}, k={2})"),
                                           {std::to_string(m), std::to_string(n), std::to_string(k)}));
  return Status::ok();
}

Status time_cpu_matmul(MatmulVariant variant, int n, const BenchOptions& options,
                       TimingStats* out) {
  const auto count = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  const int sets = options.rotate_inputs
                       ? rotation_sets(2 * count * sizeof(float), cpu_last_level_cache_bytes(),
                                       std::size_t{1} << 30)
                       : 1;
  if (Status s = check_fits_in_host_memory(
          (2.0 * sets + 1.0) * 4.0 * static_cast<double>(count),
          "a " + std::to_string(n) + " x " + std::to_string(n) + " matrix product");
      !s)
    return s;
  std::vector<HostArray<float>> a(static_cast<std::size_t>(sets)), b(a.size());
  HostArray<float> c;
  const std::uint64_t seed = fresh_seed();
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (Status s = a[i].allocate(count, "matrix A"); !s) return s;
    if (Status s = b[i].allocate(count, "matrix B"); !s) return s;
    fill_uniform(a[i].data(), count, seed + 2 * i);
    fill_uniform(b[i].data(), count, seed + 2 * i + 1);
  }
  if (Status s = c.allocate(count, "matrix C"); !s) return s;
  const int threads = variant == MatmulVariant::CpuNaive ? 1 : options.cpu_threads;
  return time_cpu(
      options.measure,
      [&](int run) {
        const auto set = static_cast<std::size_t>(run % sets);
        return cpu_matmul(variant, a[set].data(), b[set].data(), c.data(), n, n, n, threads);
      },
      out);
}

// Fills the parts of a row common to the ladder and the tuning shapes; false (with the
// row marked Absent) when the variant cannot run here.
bool prepare_row(const VariantInfo& info, MatmulVariant variant, int n,
                 const BenchOptions& options, Measurement* row) {
  row->flop = 2.0 * std::pow(static_cast<double>(n), 3.0);
  if (info.on_gpu && !gpu_info().available) {
    row->state = RowState::Absent;
    row->note = require_gpu().message();
    return false;
  }
  if (variant == MatmulVariant::CpuNaive && options.cpu_naive_max_n > 0 &&
      n > options.cpu_naive_max_n) {
    row->state = RowState::Absent;
    row->note = "skipped above n=" + std::to_string(options.cpu_naive_max_n) +
                ": the triple loop would take minutes (--cpu-naive-max-n 0 runs it anyway)";
    return false;
  }
  return true;
}

bool reads_16bit_inputs(MatmulVariant variant) {
  const std::string_view p = matmul_variant_info(variant).precision;
  return p == "fp16" || p == "bf16";
}

constexpr const char* kPaddedNote =
    "inputs copied to rows padded to a multiple of 8 in every timed run (16-byte loads)";

// What the row of a rung with tile shapes says: the shape used, and the padded copy the
// Tensor Core rungs time at sizes that are not multiples of 8.
std::string shape_note(MatmulVariant variant, int n) {
  const std::string shape = matmul_tile_shape_for(variant, n, n, n);
  if (shape.empty()) return "";
  std::string note = "tile shape " + shape;
  if (selected_matmul_tile_shape(variant) == "auto") note += " (auto)";
  if (n % 8 != 0 && reads_16bit_inputs(variant)) note += "; " + std::string(kPaddedNote);
  return note;
}

Status check_shape_index(MatmulVariant variant, int index) {
  const int shapes = static_cast<int>(matmul_tile_shapes(variant).size());
  if (index < 0 || index >= shapes)
    return Status::error(Wording::sentence(
        N_("no tile shape number {0} for {1}"),
        {std::to_string(index), std::string(matmul_variant_info(variant).key)}));
  return Status::ok();
}

Status finish_row(Status s, Measurement row, std::vector<Measurement>* rows) {
  if (is_cancelled(s)) return s;
  if (s) {
    row.state = RowState::Measured;
  } else {
    row.state = RowState::Failed;
    row.note = s.message();
  }
  rows->push_back(std::move(row));
  return s;
}

}  // namespace

const std::vector<MatmulVariant>& all_matmul_variants() {
  static const std::vector<MatmulVariant> all = {
      MatmulVariant::CpuNaive,       MatmulVariant::CpuBlocked,       MatmulVariant::CpuOpenBlas,
      MatmulVariant::GpuNaive,       MatmulVariant::GpuCoalesced,     MatmulVariant::GpuSharedTiled,
      MatmulVariant::GpuRegisterTiled, MatmulVariant::GpuTcWmmaFp16,  MatmulVariant::GpuTcWmmaBf16,
      MatmulVariant::GpuTcMmaBf16,   MatmulVariant::GpuTcWgmmaBf16,   MatmulVariant::CublasFp32,
      MatmulVariant::CublasTf32,     MatmulVariant::CublasFp16,       MatmulVariant::CublasBf16};
  return all;
}

const VariantInfo& matmul_variant_info(MatmulVariant variant) {
  return kVariants[static_cast<int>(variant)];
}

bool find_matmul_variant(std::string_view key, MatmulVariant* out) {
  for (MatmulVariant v : all_matmul_variants()) {
    if (matmul_variant_info(v).key == key) {
      *out = v;
      return true;
    }
  }
  return false;
}

Status matmul(MatmulVariant variant, const float* a, const float* b, float* c, int m, int n,
              int k, int cpu_threads) {
  if (Status s = check_sizes(m, n, k); !s) return s;
  if (!a || !b || !c) return Status::error(Wording::sentence(N_("matmul: a matrix pointer is null")));
  if (matmul_variant_info(variant).on_gpu) return gpu_matmul(variant, -1, a, b, c, m, n, k);
  return cpu_matmul(variant, a, b, c, m, n, k, cpu_threads);
}

Status run_matmul(MatmulVariant variant, int n, const BenchOptions& options,
                  std::vector<Measurement>* rows) {
  if (Status s = check_sizes(n, n, n); !s) return s;
  const VariantInfo& info = matmul_variant_info(variant);
  Measurement row = make_row("matmul", info, n,
                             variant == MatmulVariant::CpuNaive ? 1 : options.cpu_threads);
  if (!prepare_row(info, variant, n, options, &row)) {
    rows->push_back(std::move(row));
    return Status::ok();
  }
  const Status s = info.on_gpu ? time_gpu_matmul(variant, -1, n, options, &row.time)
                               : time_cpu_matmul(variant, n, options, &row.time);
  row.note = shape_note(variant, n);
  return finish_row(s, std::move(row), rows);
}

std::vector<SweepJob> matmul_jobs(const std::vector<MatmulVariant>& variants,
                                  const std::vector<int>& sizes, const BenchOptions& options) {
  std::vector<SweepJob> jobs;
  for (int n : sizes) {
    for (MatmulVariant v : variants) {
      jobs.push_back({"matmul " + std::string(matmul_variant_info(v).key) + " n=" +
                          std::to_string(n),
                      [v, n, options](std::vector<Measurement>* rows) {
                        return run_matmul(v, n, options, rows);
                      },
                      !matmul_variant_info(v).on_gpu});
    }
  }
  return jobs;
}

Status sweep_matmul(const std::vector<MatmulVariant>& variants, const std::vector<int>& sizes,
                    const BenchOptions& options, const SweepCallbacks& callbacks,
                    std::vector<Measurement>* rows) {
  BenchOptions with_cancel = options;
  if (callbacks.cancel) with_cancel.measure.cancel = callbacks.cancel;
  return run_sweep(matmul_jobs(variants, sizes, with_cancel), callbacks, rows);
}

std::vector<std::string> matmul_tile_shapes(MatmulVariant variant) {
  return tile_shape_names(variant);
}

Status select_matmul_tile_shape(MatmulVariant variant, std::string_view name) {
  const std::vector<std::string> shapes = matmul_tile_shapes(variant);
  const std::string key(matmul_variant_info(variant).key);
  if (shapes.empty()) {
    if (matmul_tile_shapes(MatmulVariant::GpuRegisterTiled).empty())
      return Status::error(Wording::sentence(N_("this build of whygpu has no CUDA support")));
    return Status::error(Wording::sentence(N_("{0} has no tile shapes to choose from"), {key}));
  }
  if (name == "auto") return select_tile_shape_index(variant, -1);
  for (std::size_t i = 0; i < shapes.size(); ++i)
    if (shapes[i] == name) return select_tile_shape_index(variant, static_cast<int>(i));
  std::string known = "auto";
  for (const auto& s : shapes) known += ", " + s;
  return Status::error(Wording::sentence(N_("no tile shape {0} for {1} (known: {2})"),
                                         {std::string(name), key, known}));
}

std::string selected_matmul_tile_shape(MatmulVariant variant) {
  const std::vector<std::string> shapes = matmul_tile_shapes(variant);
  if (shapes.empty()) return "";
  const int index = selected_tile_shape_index(variant);
  return index >= 0 && index < static_cast<int>(shapes.size())
             ? shapes[static_cast<std::size_t>(index)]
             : "auto";
}

std::string matmul_tile_shape_for(MatmulVariant variant, int m, int n, int k) {
  const std::vector<std::string> shapes = matmul_tile_shapes(variant);
  const int index = tile_shape_index_for(variant, m, n, k);
  return index >= 0 && index < static_cast<int>(shapes.size())
             ? shapes[static_cast<std::size_t>(index)]
             : "";
}

Status matmul_with_tile_shape(MatmulVariant variant, int index, const float* a, const float* b,
                              float* c, int m, int n, int k) {
  if (Status s = check_sizes(m, n, k); !s) return s;
  if (!a || !b || !c) return Status::error(Wording::sentence(N_("matmul: a matrix pointer is null")));
  if (Status s = check_shape_index(variant, index); !s) return s;
  return gpu_matmul(variant, index, a, b, c, m, n, k);
}

Status run_matmul_tile_shape(MatmulVariant variant, int index, int n, const BenchOptions& options,
                             std::vector<Measurement>* rows) {
  if (Status s = check_sizes(n, n, n); !s) return s;
  if (Status s = check_shape_index(variant, index); !s) return s;
  const std::string shape = matmul_tile_shapes(variant)[static_cast<std::size_t>(index)];
  const VariantInfo& info = matmul_variant_info(variant);
  Measurement row = make_row("matmul", info, n, options.cpu_threads);
  row.variant += "@" + shape;
  row.label += " " + shape;
  if (!prepare_row(info, variant, n, options, &row)) {
    rows->push_back(std::move(row));
    return Status::ok();
  }
  if (n % 8 != 0 && reads_16bit_inputs(variant)) row.note = kPaddedNote;
  // Timed first: the row is moved into finish_row only afterwards.
  const Status s = time_gpu_matmul(variant, index, n, options, &row.time);
  return finish_row(s, std::move(row), rows);
}

}  // namespace whygpu::kernels
