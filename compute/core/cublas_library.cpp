#include "compute/core/cublas_library.h"

#include <string>

namespace whygpu {
namespace {

// CUDA 13's cuBLAS; its own dependency (libcublasLt.so.13) lies beside it and is found
// through its RUNPATH ($ORIGIN).
constexpr const char* kCublasFile = "libcublas.so.13";

}  // namespace

Status open_cublas(std::initializer_list<const char*> file_names, CublasLibrary* out) {
  *out = CublasLibrary{};
  if (!SharedLibrary::open(file_names, &out->library))
    return Status::error(Wording::sentence(N_("cuBLAS is not installed ({0} not found)"),
                                           {file_names.size() ? *file_names.begin() : "?"}));
  const SharedLibrary& l = out->library;
  Status s = l.symbol("cublasCreate_v2", &out->create);
  if (s) s = l.symbol("cublasDestroy_v2", &out->destroy);
  if (s) s = l.symbol("cublasSetStream_v2", &out->set_stream);
  if (s) s = l.symbol("cublasSetWorkspace_v2", &out->set_workspace);
  if (s) s = l.symbol("cublasSetMathMode", &out->set_math_mode);
  if (s) s = l.symbol("cublasSgemm_v2", &out->sgemm);
  if (s) s = l.symbol("cublasSgemv_v2", &out->sgemv);
  if (s) s = l.symbol("cublasGemmEx", &out->gemm_ex);
  if (s) s = l.symbol("cublasGetStatusName", &out->status_name);
  if (s) s = l.symbol("cublasGetStatusString", &out->status_string);
  if (!s) return Status::error(Wording::sentence(N_("cuBLAS is too old or broken: {0}"), {s.wording()}));
  return Status::ok();
}

Status load_cublas(const CublasLibrary** out) {
  return open_once<CublasLibrary>([](CublasLibrary* table) { return open_cublas({kCublasFile}, table); }, out);
}

Status cublas_status(cublasStatus_t status, const char* what) {
  if (status == CUBLAS_STATUS_SUCCESS) return Status::ok();
  const CublasLibrary* cublas = nullptr;
  if (!load_cublas(&cublas))
    return Status::error(Wording::sentence(N_("{0}: cuBLAS status {1}"), {what, std::to_string(status)}));
  return Status::error(Wording::sentence(N_("{0}: {1} ({2})"),
                                         {what, cublas->status_string(status), cublas->status_name(status)}));
}

}  // namespace whygpu
