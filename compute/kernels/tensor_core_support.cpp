#include "compute/kernels/tensor_core_support.h"

namespace whygpu::kernels {
namespace {

std::string this_gpu(int major, int minor) {
  return "this GPU has compute capability " + std::to_string(major) + "." + std::to_string(minor);
}

}  // namespace

std::string tensor_core_refusal(MatmulVariant variant, int major, int minor, bool has_sm90a_code) {
  const std::string key(matmul_variant_info(variant).key);
  const int cc = major * 10 + minor;
  switch (variant) {
    case MatmulVariant::GpuTcWmmaFp16:
      if (cc < 70)
        return key + " needs Tensor Cores (compute capability 7.0 or newer); " + this_gpu(major, minor);
      return "";
    case MatmulVariant::GpuTcWmmaBf16:
    case MatmulVariant::GpuTcMmaBf16:
      // BF16 Tensor Core instructions, cp.async and ldmatrix's use here start with Ampere.
      if (cc < 80)
        return key + " needs an Ampere or newer GPU (compute capability 8.0+); " +
               this_gpu(major, minor);
      return "";
    case MatmulVariant::GpuTcWgmmaBf16:
      if (cc != 90)
        return key + " needs a Hopper GPU (sm_90a build; compute capability 9.0, such as the "
                     "H100); " + this_gpu(major, minor);
      if (!has_sm90a_code)
        return key + " needs a Hopper GPU (sm_90a build): this build has no sm_90a code "
                     "(configure with WHYGPU_CUDA_ARCHS including 90a-real)";
      return "";
    default:
      return "";
  }
}

}  // namespace whygpu::kernels
