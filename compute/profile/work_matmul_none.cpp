// The matmul work in a build without CUDA.
#include "compute/profile/work.h"

namespace whygpu::profile {

Status make_matmul_work(const WorkOptions&, std::unique_ptr<ProfiledWork>*) {
  return Status::error(
      Wording::sentence(N_("this build of whygpu has no CUDA support (no nvcc when it was built)")));
}

}  // namespace whygpu::profile
