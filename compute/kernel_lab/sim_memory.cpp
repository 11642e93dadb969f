#include "compute/kernel_lab/sim_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace whygpu::kernel_lab {

GuardedArrays::~GuardedArrays() { release(); }

void GuardedArrays::release() {
  for (const Region& r : regions_) munmap(r.base, r.bytes);
  regions_.clear();
}

Status GuardedArrays::allocate(const Problem& problem, Placement placement) {
  release();
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  for (const Array& array : problem.arrays) {
    Region r;
    r.size = array.size;
    const std::size_t data_bytes = r.size * sizeof(float);
    const std::size_t data_pages = (data_bytes + page - 1) / page * page;
    r.bytes = kGuardBytes + data_pages + kGuardBytes;
    // Reserved, not committed: the guards cost address space only.
    void* memory = mmap(nullptr, r.bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED)
      return Status::error(Wording::sentence(N_("no address space for the simulated array {0} ({1})"),
                                             {array.name, std::strerror(errno)}));
    r.base = static_cast<char*>(memory);
    regions_.push_back(r);
    char* pages = r.base + kGuardBytes;
    if (mprotect(pages, data_pages, PROT_READ | PROT_WRITE) != 0)
      return Status::error(Wording::sentence(N_("no memory for the simulated array {0} ({1})"),
                                             {array.name, std::strerror(errno)}));
    const std::size_t slack = data_pages - data_bytes;
    regions_.back().data = reinterpret_cast<float*>(placement == Placement::EndAgainstGuard ? pages + slack : pages);
    // The slack beside the array is NaN too: a read of it that does not fault shows.
    std::memset(pages, 0xFF, data_pages);
    if (!array.output) std::memcpy(regions_.back().data, array.input.data(), data_bytes);
  }
  return Status::ok();
}

bool GuardedArrays::locate(const void* address, Hit* out) const {
  const char* a = static_cast<const char*>(address);
  for (std::size_t k = 0; k < regions_.size(); ++k) {
    const Region& r = regions_[k];
    if (a < r.base || a >= r.base + r.bytes) continue;
    const long long offset = a - reinterpret_cast<const char*>(r.data);
    out->array = k;
    out->index = offset >= 0 ? offset / static_cast<long long>(sizeof(float))
                             : -((-offset + static_cast<long long>(sizeof(float)) - 1) / static_cast<long long>(sizeof(float)));
    return true;
  }
  return false;
}

}  // namespace whygpu::kernel_lab
