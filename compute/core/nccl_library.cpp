#include "compute/core/nccl_library.h"

#include <cstdlib>

namespace whygpu {
namespace {

// NCCL 2's soname; the CUDA toolkit installs it in lib64 beside cuBLAS.
constexpr const char* kNcclFile = "libnccl.so.2";

const char* result_name(ncclResult_t result) {
  switch (result) {
    case ncclSuccess: return "ncclSuccess";
    case ncclUnhandledCudaError: return "ncclUnhandledCudaError";
    case ncclSystemError: return "ncclSystemError";
    case ncclInternalError: return "ncclInternalError";
    case ncclInvalidArgument: return "ncclInvalidArgument";
    case ncclInvalidUsage: return "ncclInvalidUsage";
    case ncclRemoteError: return "ncclRemoteError";
    case ncclInProgress: return "ncclInProgress";
    default: return "ncclResult_t";
  }
}

}  // namespace

Status open_nccl(std::initializer_list<const char*> file_names, NcclLibrary* out) {
  *out = NcclLibrary{};
  if (!SharedLibrary::open(file_names, &out->library))
    return Status::error(Wording::sentence(N_("NCCL is not installed ({0} not found)"),
                                           {file_names.size() ? *file_names.begin() : "?"}));
  const SharedLibrary& l = out->library;
  Status s = l.symbol("ncclGetVersion", &out->get_version);
  if (s) s = l.symbol("ncclCommInitAll", &out->comm_init_all);
  if (s) s = l.symbol("ncclCommDestroy", &out->comm_destroy);
  if (s) s = l.symbol("ncclAllReduce", &out->all_reduce);
  if (s) s = l.symbol("ncclGroupStart", &out->group_start);
  if (s) s = l.symbol("ncclGroupEnd", &out->group_end);
  if (s) s = l.symbol("ncclGetErrorString", &out->error_string);
  if (!s) return Status::error(Wording::sentence(N_("NCCL is too old or broken: {0}"), {s.wording()}));
  return Status::ok();
}

Status load_nccl(const NcclLibrary** out) {
  return open_once<NcclLibrary>([](NcclLibrary* table) { return open_nccl({kNcclFile}, table); }, out);
}

Status nccl_status(ncclResult_t result, const char* what) {
  if (result == ncclSuccess) return Status::ok();
  const NcclLibrary* nccl = nullptr;
  const std::string text = load_nccl(&nccl) ? nccl->error_string(result) : "error";
  return Status::error(Wording::sentence(N_("{0}: {1} ({2})"), {what, text, result_name(result)}));
}

std::string nccl_version_string(int version) {
  // NCCL 2.9 and later: major * 10000 + minor * 100 + patch.
  return std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) + "." +
         std::to_string(version % 100);
}

void keep_nvlink_multicast_off() { setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0); }

}  // namespace whygpu
