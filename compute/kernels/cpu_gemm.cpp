// Dispatch and threading for the blocked CPU sgemm (see cpu_gemm.h).
#include "compute/kernels/cpu_gemm.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <memory>

#include "compute/kernels/thread_pool.h"

namespace whygpu::kernels::cpu_gemm {
namespace {

// Each thread's packing buffers, kept for the thread's life (a sweep calls this often).
struct PackBuffers {
  struct Free {
    void operator()(float* p) const { std::free(p); }
  };
  std::unique_ptr<float, Free> a, b;
  PackBuffers()
      : a(static_cast<float*>(std::aligned_alloc(64, sizeof(float) * kMC * kKC))),
        b(static_cast<float*>(std::aligned_alloc(64, sizeof(float) * kKC * kNC))) {}
};

PackBuffers& thread_buffers() {
  thread_local PackBuffers buffers;
  return buffers;
}

// Boundaries of `parts` pieces of [0, total), each a multiple of `align` long except the
// last, so that tiles hold whole micro-tiles.
int piece(int total, int parts, int align, int index) {
  const int per = (total + parts - 1) / parts;
  const int aligned = (per + align - 1) / align * align;
  return std::min(total, aligned * index);
}

using TileFn = void (*)(const Tile&);

TileFn tile_function(Isa isa) {
  switch (isa) {
#if defined(__x86_64__)
    case Isa::Avx512: return &sgemm_tile_avx512;
    case Isa::Avx2: return &sgemm_tile_avx2;
#endif
    default: return &sgemm_tile_generic;
  }
}

}  // namespace

bool isa_supported(Isa isa) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  switch (isa) {
    case Isa::Avx512: return __builtin_cpu_supports("avx512f");
    case Isa::Avx2: return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case Isa::Generic: return true;
  }
  return false;
#else
  return isa == Isa::Generic;
#endif
}

Isa best_isa() {
  static const Isa best = isa_supported(Isa::Avx512) ? Isa::Avx512
                          : isa_supported(Isa::Avx2) ? Isa::Avx2
                                                     : Isa::Generic;
  return best;
}

const char* isa_name(Isa isa) {
  switch (isa) {
    case Isa::Avx512: return "AVX-512";
    case Isa::Avx2: return "AVX2+FMA";
    case Isa::Generic: return "SSE2";
  }
  return "?";
}

Status sgemm_blocked(Isa isa, const float* a, const float* b, float* c, int m, int n, int k,
                     int threads) {
  // Enough work per thread (2^21 multiply-adds, ~0.1 ms) to pay for handing it out.
  const double work = static_cast<double>(m) * n * k;
  const int usable = static_cast<int>(
      std::clamp(work / double(1 << 21), 1.0, static_cast<double>(resolve_threads(threads))));
  // A grid of tm x tn tiles; each thread packs (m/tm + n/tn) * k floats, so prefer the
  // grid with the most tiles, then the least packing.
  int tm = 1, tn = 1;
  double best_cost = 0.0;
  for (int rows = 1; rows <= usable; ++rows) {
    const int cols = usable / rows;
    const double cost = static_cast<double>(m) / rows + static_cast<double>(n) / cols;
    if (rows * cols > tm * tn || (rows * cols == tm * tn && cost < best_cost)) {
      tm = rows;
      tn = cols;
      best_cost = cost;
    }
  }
  const TileFn fn = tile_function(isa);
  std::atomic<bool> out_of_memory{false};
  parallel_for(tm * tn, tm * tn, [&](int index) {
    const int ti = index / tn, tj = index % tn;
    Tile t{a, b, c, m, n, k, piece(m, tm, 12, ti), piece(m, tm, 12, ti + 1),
           piece(n, tn, 32, tj), piece(n, tn, 32, tj + 1), nullptr, nullptr};
    if (t.m0 >= t.m1 || t.n0 >= t.n1) return;
    PackBuffers& buffers = thread_buffers();
    if (!buffers.a || !buffers.b) {
      out_of_memory = true;
      return;
    }
    t.pack_a = buffers.a.get();
    t.pack_b = buffers.b.get();
    fn(t);
  });
  if (out_of_memory)
    return Status::error(Wording::sentence(N_("CPU matmul: no memory for its packing buffers")));
  return Status::ok();
}

}  // namespace whygpu::kernels::cpu_gemm
