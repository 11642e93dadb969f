#include "compute/core/shared_library.h"

#include <dlfcn.h>

#include <utility>

namespace whygpu {
namespace {

// Where the CUDA toolkit puts its libraries when ld.so.cache does not list them (the
// toolkit's installer does not run ldconfig for /usr/local/cuda).
constexpr const char* kToolkitFolders[] = {"/usr/local/cuda/lib64/", "/usr/local/cuda/targets/x86_64-linux/lib/"};

}  // namespace

SharedLibrary::SharedLibrary(SharedLibrary&& other) noexcept
    : handle_(std::exchange(other.handle_, nullptr)), path_(std::move(other.path_)) {}

SharedLibrary& SharedLibrary::operator=(SharedLibrary&& other) noexcept {
  if (this != &other) {
    if (handle_) dlclose(handle_);
    handle_ = std::exchange(other.handle_, nullptr);
    path_ = std::move(other.path_);
  }
  return *this;
}

SharedLibrary::~SharedLibrary() {
  if (handle_) dlclose(handle_);
}

Status SharedLibrary::open(std::initializer_list<const char*> file_names, SharedLibrary* out,
                           std::initializer_list<const char*> extra_folders) {
  std::string tried;
  auto try_path = [&](const std::string& path) {
    // RTLD_NODELETE: the toolkit's libraries hook into the driver and run code at process
    // exit (CUPTI flushes its activity buffers, cuBLAS and NCCL tear down their state);
    // unmapping one when its handle closes made that exit jump into unmapped code.
    if (void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)) {
      *out = SharedLibrary();
      out->handle_ = handle;
      out->path_ = path;
      return true;
    }
    tried += (tried.empty() ? "" : ", ") + path;
    return false;
  };
  for (const char* name : file_names) {
    if (try_path(name)) return Status::ok();
    for (const char* folder : kToolkitFolders)
      if (try_path(std::string(folder) + name)) return Status::ok();
    for (const char* folder : extra_folders)
      if (try_path(std::string(folder) + name)) return Status::ok();
  }
  return Status::error(Wording::sentence(N_("cannot open {0} (tried {1})"),
                                         {file_names.size() ? *file_names.begin() : "?", tried}));
}

Status SharedLibrary::find(const char* name, void** address) const {
  if (!handle_) return Status::error(Wording::sentence(N_("no library is open to look up {0}"), {name}));
  dlerror();
  *address = dlsym(handle_, name);
  if (!*address) return Status::error(Wording::sentence(N_("{0} is missing from {1}"), {name, path_}));
  return Status::ok();
}

}  // namespace whygpu
