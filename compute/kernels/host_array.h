#pragma once
// Host arrays for inputs and outputs: 64-byte aligned (full cache lines, aligned vector
// loads), and allocation failure is a Status a student can read, not an exception.
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <string>

#include "compute/core/status.h"

namespace whygpu::kernels {

// "1.5 GiB", "12 MiB", "512 bytes": sizes in messages and tables.
std::string format_bytes(double bytes);

// Error unless `bytes` fit in the memory the OS reports available (MemAvailable), so an
// oversized benchmark says so instead of being killed for running out of memory.
Status check_fits_in_host_memory(double bytes, const std::string& what);

// MemAvailable from /proc/meminfo in bytes (0 when unknown).
double host_memory_available_bytes();

template <class T>
class HostArray {
 public:
  HostArray() = default;

  // Allocates `count` elements (uninitialised). `what` names the array in the message.
  Status allocate(std::size_t count, const std::string& what) {
    if (count == 0)
      return Status::error(Wording::sentence(N_("{0}: an array needs at least one element"), {what}));
    if (count > (~std::size_t{0} - 63) / sizeof(T))
      return Status::error(Wording::sentence(N_("{0}: {1} elements do not fit in memory"),
                                             {what, std::to_string(count)}));
    const std::size_t bytes = (count * sizeof(T) + 63) / 64 * 64;
    void* p = std::aligned_alloc(64, bytes);
    if (!p)
      return Status::error(Wording::sentence(
          N_("{0}: could not allocate {1} of host memory"),
          {what, Wording::number(format_bytes(static_cast<double>(bytes)))}));
    data_.reset(static_cast<T*>(p));
    size_ = count;
    return Status::ok();
  }

  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) { return data_.get()[i]; }
  const T& operator[](std::size_t i) const { return data_.get()[i]; }

 private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  std::unique_ptr<T, Free> data_;
  std::size_t size_ = 0;
};

}  // namespace whygpu::kernels
