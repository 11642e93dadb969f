#pragma once
// NVRTC, the CUDA toolkit's run-time compiler, opened at run time (libnvrtc.so.13 and the
// builtins library it needs) instead of linked, so that the app starts on a machine
// without the toolkit and only the kernel lab says why it cannot compile. The header
// still comes from the toolkit at build time; the functions we call are looked up once.
// Only for files compiled with CUDA available.
#include <nvrtc.h>

#include <initializer_list>

#include "compute/core/shared_library.h"
#include "compute/core/status.h"

namespace whygpu {

struct NvrtcLibrary {
  SharedLibrary library;
  SharedLibrary builtins;  // libnvrtc-builtins.so.MAJOR.MINOR, which NVRTC opens by name itself
  decltype(&nvrtcVersion) version = nullptr;
  decltype(&nvrtcCreateProgram) create_program = nullptr;
  decltype(&nvrtcDestroyProgram) destroy_program = nullptr;
  decltype(&nvrtcCompileProgram) compile_program = nullptr;
  decltype(&nvrtcGetProgramLogSize) get_program_log_size = nullptr;
  decltype(&nvrtcGetProgramLog) get_program_log = nullptr;
  decltype(&nvrtcGetCUBINSize) get_cubin_size = nullptr;
  decltype(&nvrtcGetCUBIN) get_cubin = nullptr;
  decltype(&nvrtcGetPTXSize) get_ptx_size = nullptr;
  decltype(&nvrtcGetPTX) get_ptx = nullptr;
  decltype(&nvrtcGetErrorString) error_string = nullptr;
};

// The process's NVRTC: opened by the first call (thread-safe); every later call returns
// the same table, or the same error ("NVRTC is not installed (libnvrtc.so.13 not found)").
Status load_nvrtc(const NvrtcLibrary** out);

// Opens the first of `file_names` that exists, its builtins beside it, and looks every
// function up (load_nvrtc with the real name; tests with missing ones).
Status open_nvrtc(std::initializer_list<const char*> file_names, NvrtcLibrary* out);

// An NVRTC result as a Status: "NVRTC log: NVRTC_ERROR_INVALID_INPUT". Only call it with
// results of the loaded library.
Status nvrtc_status(nvrtcResult result, const char* what);

}  // namespace whygpu
