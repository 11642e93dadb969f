// A build without CUDA, or with CUDA but without NCCL's header: data-parallel training
// explains why it is not there.
#include "compute/cnn/data_parallel_trainer.h"
#include "compute/core/no_cuda.h"

#if WHYGPU_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace whygpu::cnn {

int cuda_device_count() {
#if WHYGPU_HAVE_CUDA
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess ? count : 0;
#else
  return 0;
#endif
}

Status create_data_parallel_trainer(const DataParallelOptions&, std::unique_ptr<DataParallelTrainer>*) {
#if WHYGPU_HAVE_CUDA
  return Status::error(
      Wording::sentence(N_("NCCL is not installed (this build found no nccl.h with the CUDA toolkit)")));
#else
  return built_without_cuda();
#endif
}

}  // namespace whygpu::cnn
