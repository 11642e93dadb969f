#include "compute/core/cublas_handle.h"

namespace whygpu {

CublasHandle::~CublasHandle() {
  if (handle_) cublas_->destroy(handle_);
}

Status CublasHandle::create(cudaStream_t stream, std::size_t workspace_bytes) {
  if (handle_) return Status::error(Wording::sentence(N_("the cuBLAS handle was already created")));
  if (Status s = load_cublas(&cublas_); !s) return s;
  if (Status s = cublas_status(cublas_->create(&handle_), "cublasCreate"); !s) {
    handle_ = nullptr;
    return s;
  }
  if (Status s = cublas_status(cublas_->set_stream(handle_, stream), "cublasSetStream"); !s) return s;
  if (Status s = cublas_status(cublas_->set_math_mode(handle_, CUBLAS_DEFAULT_MATH), "cublasSetMathMode"); !s)
    return s;
  if (workspace_bytes == 0) return Status::ok();
  if (Status s = workspace_.reserve(workspace_bytes, "the cuBLAS workspace"); !s) return s;
  // Zeroed once: under compute-sanitizer's initcheck on the H100 (2026-11-24), cuBLASLt's
  // split-K reduce kernel read words of a fresh workspace that no kernel had written.
  WHYGPU_CUDA_TRY(cudaMemsetAsync(workspace_.get(), 0, workspace_bytes, stream));
  return cublas_status(cublas_->set_workspace(handle_, workspace_.get(), workspace_bytes), "cublasSetWorkspace");
}

Status CublasHandle::row_major_sgemm(bool transpose_a, bool transpose_b, int m, int n, int k, const float* a, int lda,
                                     const float* b, int ldb, float beta, float* c, int ldc, const char* what) const {
  const float one = 1.0f;
  return cublas_status(cublas_->sgemm(handle_, transpose_b ? CUBLAS_OP_T : CUBLAS_OP_N,
                                      transpose_a ? CUBLAS_OP_T : CUBLAS_OP_N, n, m, k, &one, b, ldb, a, lda, &beta,
                                      c, ldc),
                       what);
}

}  // namespace whygpu
