// The matmul work: one rung of the ladder (compute/kernels) on matrices already in device
// memory, the products queued back to back on the default stream, then waited for.
#include <cuda_runtime.h>

#include <vector>

#include "compute/core/device_memory.cuh"
#include "compute/kernels/matmul_gpu.h"
#include "compute/kernels/random_fill.h"
#include "compute/profile/work.h"

namespace whygpu::profile {
namespace {

class MatmulWork final : public ProfiledWork {
 public:
  MatmulWork(kernels::MatmulVariant variant, int n, int repeats) : variant_(variant), n_(n), repeats_(repeats) {}

  Status make() {
    if (n_ < 1 || n_ > 32768)
      return Status::error(Wording::sentence(N_("n must be 1 to 32768, not {0}"), {std::to_string(n_)}));
    if (repeats_ < 1) return Status::error(Wording::sentence(N_("repeats must be at least 1")));
    const std::size_t count = static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_);
    std::vector<float> host(count);
    for (auto [buffer, seed] : {std::pair{&a_, 1}, std::pair{&b_, 2}}) {
      if (Status s = buffer->reserve(count, "a matmul input"); !s) return s;
      kernels::fill_uniform(host.data(), count, static_cast<std::uint64_t>(seed));
      WHYGPU_CUDA_TRY(cudaMemcpy(buffer->get(), host.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    }
    if (Status s = c_.reserve(count, "the matmul output"); !s) return s;
    const kernels::LowPrecision low = kernels::low_precision_inputs(variant_);
    if (low != kernels::LowPrecision::None) {
      if (Status s = a_low_.reserve(count, "a rounded matmul input"); !s) return s;
      if (Status s = b_low_.reserve(count, "a rounded matmul input"); !s) return s;
      if (Status s = kernels::convert_on_gpu(low, a_.get(), a_low_.get(), count); !s) return s;
      if (Status s = kernels::convert_on_gpu(low, b_.get(), b_low_.get(), count); !s) return s;
    }
    WHYGPU_CUDA_TRY(cudaDeviceSynchronize());
    return Status::ok();
  }

  Wording description() const override {
    const std::string label(kernels::matmul_variant_info(variant_).label);
    const std::vector<Wording> values = {std::to_string(repeats_), std::to_string(n_), label};
    return repeats_ == 1 ? Wording::sentence(N_("{0} product C = A B of {1} x {1} matrices in device memory, {2}"), values)
                         : Wording::sentence(N_("{0} products C = A B of {1} x {1} matrices in device memory, {2}"), values);
  }

  Status run() override {
    kernels::GemmOperands op;
    op.m = op.n = op.k = n_;
    op.a = a_.get();
    op.b = b_.get();
    op.c = c_.get();
    op.a_low = a_low_.get();
    op.b_low = b_low_.get();
    for (int r = 0; r < repeats_; ++r)
      if (Status s = kernels::launch_gpu_matmul(variant_, op); !s) return s;
    WHYGPU_CUDA_TRY(cudaDeviceSynchronize());
    return Status::ok();
  }

 private:
  kernels::MatmulVariant variant_;
  int n_;
  int repeats_;
  DeviceBuffer<float> a_, b_, c_;
  DeviceBuffer<unsigned short> a_low_, b_low_;  // FP16/BF16 copies for the variants that read them
};

}  // namespace

Status make_matmul_work(const WorkOptions& options, std::unique_ptr<ProfiledWork>* out) {
  kernels::MatmulVariant variant;
  if (!kernels::find_matmul_variant(options.matmul_variant, &variant) ||
      !kernels::matmul_variant_info(variant).on_gpu)
    return Status::error(
        Wording::sentence(N_("\"{0}\" is not a GPU variant of the matmul ladder"), {options.matmul_variant}));
  auto work = std::make_unique<MatmulWork>(variant, options.matmul_n, options.matmul_repeats);
  if (Status s = work->make(); !s) return s;
  *out = std::move(work);
  return Status::ok();
}

}  // namespace whygpu::profile
