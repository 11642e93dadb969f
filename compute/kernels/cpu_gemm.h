#pragma once
// The cache-blocked, multi-threaded CPU sgemm (the "CPU blocked" rung), built the way
// BLAS libraries are: B is packed into panels that live in L3, A into blocks that live in
// L2, and a register-blocked micro-kernel multiplies a sliver of each, holding an
// MR x NR patch of C in vector registers. The micro-kernel is compiled three times (plain
// x86-64, AVX2+FMA, AVX-512) and the best one the CPU supports is chosen at run time, so
// the binary runs on any x86-64 machine without -march=native.
#include "compute/core/status.h"

namespace whygpu::kernels::cpu_gemm {

// Block sizes shared by every instruction-set build (each micro-kernel's MR divides kMC,
// its NR divides kNC).
constexpr int kMC = 120;   // rows of A per packed block
constexpr int kKC = 256;   // depth of the packed A block and B panel
constexpr int kNC = 1024;  // columns of B per packed panel

// C[m0:m1, n0:n1] = A[m0:m1, :] B[:, n0:n1], row-major (lda = k, ldb = ldc = n).
// pack_a holds kMC * kKC floats, pack_b kKC * kNC; both 64-byte aligned.
struct Tile {
  const float* a;
  const float* b;
  float* c;
  int m, n, k;
  int m0, m1, n0, n1;
  float* pack_a;
  float* pack_b;
};

void sgemm_tile_generic(const Tile& tile);
void sgemm_tile_avx2(const Tile& tile);
void sgemm_tile_avx512(const Tile& tile);

enum class Isa { Generic, Avx2, Avx512 };
// The widest instruction set this CPU (and this build) supports.
Isa best_isa();
bool isa_supported(Isa isa);
const char* isa_name(Isa isa);

// The whole product on `threads` threads (<= 0: all), with a chosen instruction set
// (must be supported). Small products use fewer threads: each gets a few MFLOP at least.
Status sgemm_blocked(Isa isa, const float* a, const float* b, float* c, int m, int n, int k,
                     int threads);

}  // namespace whygpu::kernels::cpu_gemm
