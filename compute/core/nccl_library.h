#pragma once
// NCCL, NVIDIA's collective communication library (all-reduce and friends between GPUs),
// opened at run time (libnccl.so.2) instead of linked, as cuBLAS is (cublas_library.h):
// the app starts on a machine without it, and only data-parallel training says "NCCL is
// not installed". The header comes from the toolkit at build time.
//
//   const NcclLibrary* nccl = nullptr;
//   if (Status s = load_nccl(&nccl); !s) return s;  // "NCCL is not installed (...)"
//   nccl_status(nccl->all_reduce(...), "ncclAllReduce");
// Only for files compiled with CUDA available.
#include <nccl.h>

#include <initializer_list>
#include <string>

#include "compute/core/shared_library.h"
#include "compute/core/status.h"

namespace whygpu {

// The NCCL functions whygpu calls.
struct NcclLibrary {
  SharedLibrary library;
  decltype(&ncclGetVersion) get_version = nullptr;
  decltype(&ncclCommInitAll) comm_init_all = nullptr;
  decltype(&ncclCommDestroy) comm_destroy = nullptr;
  decltype(&ncclAllReduce) all_reduce = nullptr;
  decltype(&ncclGroupStart) group_start = nullptr;
  decltype(&ncclGroupEnd) group_end = nullptr;
  decltype(&ncclGetErrorString) error_string = nullptr;
};

// The process's NCCL: opened by the first call (thread-safe); every later call returns the
// same table, or the same error ("NCCL is not installed (libnccl.so.2 not found)").
Status load_nccl(const NcclLibrary** out);

// Opens the first of `file_names` that exists and looks every function up (load_nccl with
// the real name; tests with missing ones).
Status open_nccl(std::initializer_list<const char*> file_names, NcclLibrary* out);

// An NCCL result as a Status: "ncclCommInitAll: invalid usage (ncclInvalidUsage)".
Status nccl_status(ncclResult_t result, const char* what);

// "2.28.3" from ncclGetVersion's 22803.
std::string nccl_version_string(int version);

// NVLink SHARP (multicast) off unless the environment already says otherwise: on a shared
// host a program using it can put the GPUs out of service. Call before ncclCommInitAll.
void keep_nvlink_multicast_off();

}  // namespace whygpu
