#include "compute/core/nvrtc_library.h"

#include <string>

namespace whygpu {
namespace {

constexpr const char* kNvrtcFile = "libnvrtc.so.13";

// NVRTC opens its builtins with dlopen by bare name; where NVRTC itself was found by path
// (the toolkit folder, not on the loader's search path), that name would not resolve. A
// library already open under the same name is reused by dlopen, so open it first, from
// NVRTC's own folder.
Status open_builtins(NvrtcLibrary* out) {
  int major = 0, minor = 0;
  if (const nvrtcResult r = out->version(&major, &minor); r != NVRTC_SUCCESS)
    return Status::error(Wording::sentence(N_("{0}: {1}"), {"nvrtcVersion", out->error_string(r)}));
  const std::string name = "libnvrtc-builtins.so." + std::to_string(major) + "." + std::to_string(minor);
  const std::string& path = out->library.path();
  const auto slash = path.find_last_of('/');
  const std::string beside = slash == std::string::npos ? name : path.substr(0, slash + 1) + name;
  if (!SharedLibrary::open({beside.c_str(), name.c_str()}, &out->builtins))
    return Status::error(
        Wording::sentence(N_("NVRTC is incomplete ({0} not found beside {1})"), {name, path}));
  return Status::ok();
}

}  // namespace

Status open_nvrtc(std::initializer_list<const char*> file_names, NvrtcLibrary* out) {
  *out = NvrtcLibrary{};
  if (!SharedLibrary::open(file_names, &out->library))
    return Status::error(Wording::sentence(N_("NVRTC is not installed ({0} not found)"),
                                           {file_names.size() ? *file_names.begin() : "?"}));
  const SharedLibrary& l = out->library;
  Status s = l.symbol("nvrtcVersion", &out->version);
  if (s) s = l.symbol("nvrtcCreateProgram", &out->create_program);
  if (s) s = l.symbol("nvrtcDestroyProgram", &out->destroy_program);
  if (s) s = l.symbol("nvrtcCompileProgram", &out->compile_program);
  if (s) s = l.symbol("nvrtcGetProgramLogSize", &out->get_program_log_size);
  if (s) s = l.symbol("nvrtcGetProgramLog", &out->get_program_log);
  if (s) s = l.symbol("nvrtcGetCUBINSize", &out->get_cubin_size);
  if (s) s = l.symbol("nvrtcGetCUBIN", &out->get_cubin);
  if (s) s = l.symbol("nvrtcGetPTXSize", &out->get_ptx_size);
  if (s) s = l.symbol("nvrtcGetPTX", &out->get_ptx);
  if (s) s = l.symbol("nvrtcGetErrorString", &out->error_string);
  if (!s) return Status::error(Wording::sentence(N_("NVRTC is too old or broken: {0}"), {s.wording()}));
  return open_builtins(out);
}

Status load_nvrtc(const NvrtcLibrary** out) {
  return open_once<NvrtcLibrary>([](NvrtcLibrary* table) { return open_nvrtc({kNvrtcFile}, table); }, out);
}

Status nvrtc_status(nvrtcResult result, const char* what) {
  if (result == NVRTC_SUCCESS) return Status::ok();
  const NvrtcLibrary* nvrtc = nullptr;
  if (!load_nvrtc(&nvrtc))
    return Status::error(Wording::sentence(N_("{0}: NVRTC result {1}"), {what, std::to_string(result)}));
  return Status::error(Wording::sentence(N_("{0}: {1}"), {what, nvrtc->error_string(result)}));
}

}  // namespace whygpu
