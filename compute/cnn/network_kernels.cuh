#pragma once
// The kernels of the CNN's training step that every precision shares (internal to
// compute/cnn and compute/precision): im2col, bias + ReLU + 2x2 max-pool, its backward
// pass, the bias gradients' row sums and Adam. Written once, with the FP32 step's
// tuning, and templated on S, the type in which the values that feed a matrix product
// are stored:
//   float          FP32 and TF32 (the TF32 rounding is the Tensor Cores' own);
//   __nv_bfloat16  BF16;
//   __half         FP16.
// The arithmetic is FP32 in every precision; S only decides what is stored. The FP32
// network (gpu_network.cu) instantiates them with S = float, the mixed-precision one
// (compute/precision/mixed_network.cu) with its precision's S.
//
// Every layer keeps model.h's spatial sizes at any width (a wider network only has more
// channels), so each kernel is compiled for its layer's sizes, and a geometry whose sides
// are not model.h's comes back as an error.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "compute/cnn/gpu_network.cuh"
#include "compute/cnn/model.h"
#include "compute/core/status.h"

namespace whygpu::cnn::gpu {

// Threads per block of the element-wise kernels, and the blocks that cover n threads.
inline constexpr int kThreads = 256;
inline int blocks_for(long long n) { return static_cast<int>((n + kThreads - 1) / kThreads); }

// Storage conversions, on the device: S to and from float, rounding to nearest even.
__device__ __forceinline__ float to_float(float v) { return v; }
__device__ __forceinline__ float to_float(__nv_bfloat16 v) { return __bfloat162float(v); }
__device__ __forceinline__ float to_float(__half v) { return __half2float(v); }
template <typename S>
__device__ __forceinline__ S from_float(float v);
template <>
__device__ __forceinline__ float from_float<float>(float v) { return v; }
template <>
__device__ __forceinline__ __nv_bfloat16 from_float<__nv_bfloat16>(float v) { return __float2bfloat16_rn(v); }
template <>
__device__ __forceinline__ __half from_float<__half>(float v) { return __float2half_rn(v); }

// The column matrix of conv `g` over the CNHW input `in` (model_math.h's im2col_source),
// col[k][j] for k < g.patch(), j < batch * g.out_pixels().
template <typename S>
Status enqueue_im2col(const Context& ctx, const ConvGeometry& g, const float* in, int batch, S* col);

// In place z = relu(z + bias[c]) over conv g's output [C][B][side][side], then its 2x2
// max-pool into pooled ([C][B][pooled_side][pooled_side]); g is conv1 or conv2.
Status enqueue_bias_relu_pool(const Context& ctx, const ConvGeometry& g, float* z, const float* bias, int batch,
                              float* pooled);

// The gradient dz at conv g's ReLU output a (the forward's z after enqueue_bias_relu_pool)
// from dcol, the column gradient of the conv `next` that reads g's pooled output:
// col2im onto the pooled pixel, handed to its window's argmax when that passed the ReLU,
// zeros elsewhere. g is conv1 or conv2, next the conv after it.
template <typename S>
Status enqueue_pool_relu_backward(const Context& ctx, const ConvGeometry& g, const ConvGeometry& next,
                                  const float* dcol, const float* a, int batch, S* dz);

// out[r] = the sum of row r of values ([rows][columns]), in a fixed order (one block a row).
template <typename S>
Status enqueue_row_sums(const Context& ctx, const S* values, int rows, int columns, float* out);

// Adam over `count` parameters with the scalars the step left in control (model_math.h's
// adam_update); when skip is given and nonzero on the device, nothing changes (an FP16
// step whose gradients overflowed).
Status enqueue_adam(const Context& ctx, float* params, const float* grads, float* m, float* v, int count,
                    const DeviceControl* control, const unsigned int* skip = nullptr);

}  // namespace whygpu::cnn::gpu
