#pragma once
// The arrays of one simulated launch, each placed against pages that may not be touched
// (PROT_NONE), so that the first access outside an array faults at once, and the fault's
// address says which array and which index. A page holds 1024 floats, so an array can
// touch a guard at one end only: its end, or its start. The simulator runs the launch once
// with each placement (sim_run.cpp), so a step past either end is caught by one of them.
// The guards reach kGuardBytes on each side: indices further off than that fault as
// "memory of no array", or, worse, land in other memory unseen.
#include <cstddef>
#include <vector>

#include "compute/core/status.h"
#include "compute/kernel_lab/problem.h"

namespace whygpu::kernel_lab {

enum class Placement { EndAgainstGuard, StartAgainstGuard };

class GuardedArrays {
 public:
  static constexpr std::size_t kGuardBytes = std::size_t{256} << 20;

  GuardedArrays() = default;
  GuardedArrays(const GuardedArrays&) = delete;
  GuardedArrays& operator=(const GuardedArrays&) = delete;
  ~GuardedArrays();

  // One guarded array per array of the problem: inputs copied in, outputs all NaN.
  Status allocate(const Problem& problem, Placement placement);
  float* data(std::size_t array) const { return regions_[array].data; }

  // The array an address lies in or next to (within its guards), and the index of the
  // float there (negative before the start). Safe in a signal handler: no allocation.
  struct Hit {
    std::size_t array = 0;
    long long index = 0;
  };
  bool locate(const void* address, Hit* out) const;

 private:
  struct Region {
    char* base = nullptr;  // the whole mapping, guards included
    std::size_t bytes = 0;
    float* data = nullptr;
    std::size_t size = 0;  // floats
  };
  void release();
  std::vector<Region> regions_;
};

}  // namespace whygpu::kernel_lab
