#pragma once
// cuBLAS, opened at run time (libcublas.so.13) instead of linked, so that the app starts
// on a machine without the CUDA toolkit and only the features that need cuBLAS say why
// they are off. The header still comes from the toolkit at build time; the functions we
// call are looked up once, on first use, into one table.
//
//   const CublasLibrary* cublas = nullptr;
//   if (Status s = load_cublas(&cublas); !s) return s;  // "cuBLAS is not installed (...)"
//   cublas_status(cublas->sgemm(handle, ...), "cublasSgemm");
// Only for files compiled with CUDA available.
#include <cublas_v2.h>

#include <initializer_list>

#include "compute/core/shared_library.h"
#include "compute/core/status.h"

namespace whygpu {

// The cuBLAS functions whygpu calls (the _v2 entry points that cublas_v2.h maps to).
struct CublasLibrary {
  SharedLibrary library;
  decltype(&cublasCreate_v2) create = nullptr;
  decltype(&cublasDestroy_v2) destroy = nullptr;
  decltype(&cublasSetStream_v2) set_stream = nullptr;
  decltype(&cublasSetWorkspace_v2) set_workspace = nullptr;
  decltype(&cublasSetMathMode) set_math_mode = nullptr;
  decltype(&cublasSgemm_v2) sgemm = nullptr;
  decltype(&cublasSgemv_v2) sgemv = nullptr;
  // The C entry point (cublas_api.h adds a C++ overload taking the old cudaDataType).
  cublasStatus_t (*gemm_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                            const void*, cudaDataType, int, const void*, cudaDataType, int, const void*, void*,
                            cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
  decltype(&cublasGetStatusName) status_name = nullptr;
  decltype(&cublasGetStatusString) status_string = nullptr;
};

// The process's cuBLAS: opened by the first call (thread-safe); every later call returns
// the same table, or the same error ("cuBLAS is not installed (libcublas.so.13 not found)").
Status load_cublas(const CublasLibrary** out);

// Opens the first of `file_names` that exists and looks every function up (load_cublas
// with the real name; tests with missing ones).
Status open_cublas(std::initializer_list<const char*> file_names, CublasLibrary* out);

// A cuBLAS result as a Status: "cublasSgemm: an invalid numeric value was used as an
// argument (CUBLAS_STATUS_INVALID_VALUE)". Only call it with results of the loaded library.
Status cublas_status(cublasStatus_t status, const char* what);

}  // namespace whygpu
