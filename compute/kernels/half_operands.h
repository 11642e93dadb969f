#pragma once
// The operands the Tensor Core kernels read: A and B in 16 bits with every row starting on
// a 16-byte boundary, so tiles move in 16-byte chunks (cp.async, TMA). Plain C++ (no CUDA
// types).
#include "compute/kernels/matmul_gpu.h"

namespace whygpu::kernels {

struct HalfGemm {
  int m = 0, n = 0, k = 0;
  const void* a = nullptr;  // m x k, rows `lda` values apart (lda % 8 == 0)
  int lda = 0;
  const void* b = nullptr;  // k x n, rows `ldb` values apart (ldb % 8 == 0)
  int ldb = 0;
  float* c = nullptr;       // m x n, FP32, rows n apart
  bool padded = false;      // A or B was copied into zero-padded rows
};

// Refuses a GPU the variant cannot use (tensor_core_refusal), then gives the operands:
// the FP16/BF16 inputs as they are when k and n are multiples of 8, else copies into
// zero-padded rows (enqueued here, so they are part of the timed work).
Status prepare_half_gemm(MatmulVariant variant, const GemmOperands& op, HalfGemm* out);

// True when the wgmma kernel's module was built with sm_90a code and this GPU runs it
// (hgemm_wgmma.cu asks a probe kernel once).
bool wgmma_code_present();

}  // namespace whygpu::kernels
