#pragma once
// A library of the CUDA toolkit or the driver (cuBLAS, NVRTC, CUPTI, NVML) opened at run
// time with dlopen, so the app starts on a machine that lacks it and the feature that needs
// it says which file is missing instead of the loader refusing to start the program.
//
//   SharedLibrary nvml;
//   if (Status s = SharedLibrary::open({"libnvidia-ml.so.1"}, &nvml); !s) return s;
//   nvmlReturn_t (*init)() = nullptr;
//   if (Status s = nvml.symbol("nvmlInit_v2", &init); !s) return s;
#include <initializer_list>
#include <string>

#include "compute/core/status.h"

namespace whygpu {

class SharedLibrary {
 public:
  SharedLibrary() = default;
  SharedLibrary(SharedLibrary&& other) noexcept;
  SharedLibrary& operator=(SharedLibrary&& other) noexcept;
  SharedLibrary(const SharedLibrary&) = delete;
  SharedLibrary& operator=(const SharedLibrary&) = delete;
  ~SharedLibrary();

  // Tries each file name in turn (the loader's search path: LD_LIBRARY_PATH, ld.so.cache,
  // then /usr/local/cuda/lib64 and its targets folder, then `extra_folders` for libraries
  // the toolkit keeps elsewhere, such as CUPTI's extras/CUPTI/lib64); the error names every
  // file tried. Folders end with '/'.
  static Status open(std::initializer_list<const char*> file_names, SharedLibrary* out,
                     std::initializer_list<const char*> extra_folders = {});

  bool is_open() const { return handle_ != nullptr; }
  const std::string& path() const { return path_; }  // the file that was opened

  // Looks up a function by name; the error names the symbol and the library.
  template <typename Function>
  Status symbol(const char* name, Function** out) const {
    void* address = nullptr;
    if (Status s = find(name, &address); !s) return s;
    // dlsym's object pointer to a function pointer: conditionally supported in C++,
    // required by POSIX (the one such cast the build allows).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconditionally-supported"
#endif
    *out = reinterpret_cast<Function*>(address);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
    return Status::ok();
  }

 private:
  Status find(const char* name, void** address) const;
  void* handle_ = nullptr;
  std::string path_;
};

// A library's table of functions (one struct type per library), filled by `open` on the
// first call only, even when threads race to it; every call gets the same table, or the
// same error, for the life of the process.
template <typename Table>
Status open_once(Status (*open)(Table*), const Table** out) {
  struct Opened {
    Table table;
    Status status = Status::ok();
  };
  static const Opened opened = [open] {
    Opened o;
    o.status = open(&o.table);
    return o;
  }();
  *out = opened.status ? &opened.table : nullptr;
  return opened.status;
}

}  // namespace whygpu
