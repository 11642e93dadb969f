#include "compute/cnn/network_kernels.cuh"

#include <string>

#include "compute/cnn/model_math.h"
#include "compute/core/cuda_check.h"

namespace whygpu::cnn::gpu {
namespace {

// col[k][j] for the conv of the given sides (model_math.h's im2col_source); grid.y = k.
template <typename S, int kInSide, int kOutSide>
__global__ void im2col_kernel(const float* __restrict__ in, int batch, S* __restrict__ col) {
  const int columns = batch * kOutSide * kOutSide;
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= columns) return;
  const int k = blockIdx.y;
  col[static_cast<std::size_t>(k) * columns + j] = from_float<S>(in[im2col_source(k, j, batch, kInSide, kOutSide)]);
}

// In place z = relu(z + bias[c]) over [C][B][side][side]; then the 2x2 max-pool. One
// thread per 2x2 cell (cells past an odd edge hold fewer elements and pool nothing).
template <int kSide, int kPooled>
__global__ void bias_relu_pool_kernel(float* __restrict__ z, const float* __restrict__ bias, int channels, int batch,
                                      float* __restrict__ pooled) {
  constexpr int kCellsSide = (kSide + 1) / 2, kCells = kCellsSide * kCellsSide;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= channels * batch * kCells) return;
  const int map = t / kCells;  // c * batch + n
  const int cell = t - map * kCells;
  const int cy = cell / kCellsSide, cx = cell - cy * kCellsSide;
  const float b = bias[map / batch];
  float* base = z + static_cast<std::size_t>(map) * kSide * kSide;
  float best = 0.0f;  // ReLU outputs are >= 0
#pragma unroll
  for (int dy = 0; dy < 2; ++dy)
#pragma unroll
    for (int dx = 0; dx < 2; ++dx) {
      const int y = 2 * cy + dy, x = 2 * cx + dx;
      if (y < kSide && x < kSide) {
        const float v = fmaxf(base[y * kSide + x] + b, 0.0f);
        base[y * kSide + x] = v;
        best = fmaxf(best, v);
      }
    }
  if (cy < kPooled && cx < kPooled)
    pooled[static_cast<std::size_t>(map) * kPooled * kPooled + cy * kPooled + cx] = best;
}

// Gradient at the pre-pool ReLU output a ([C][B][side][side]) of a conv whose pooled
// output feeds the next conv: one thread per 2x2 cell folds the next conv's column
// gradient back onto the pooled pixel (col2im), hands it to the window's argmax if that
// passed the ReLU, and writes zeros elsewhere (cells past an odd edge are all zeros).
template <typename S, int kSide, int kPooled, int kNextOut>
__global__ void pool_relu_backward_kernel(const float* __restrict__ dcol, const float* __restrict__ a, int channels,
                                          int batch, S* __restrict__ dz) {
  constexpr int kCellsSide = (kSide + 1) / 2, kCells = kCellsSide * kCellsSide;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= channels * batch * kCells) return;
  const int map = t / kCells;
  const int cell = t - map * kCells;
  const int cy = cell / kCellsSide, cx = cell - cy * kCellsSide;
  const int c = map / batch, n = map - c * batch;
  const float* base = a + static_cast<std::size_t>(map) * kSide * kSide;
  S* out = dz + static_cast<std::size_t>(map) * kSide * kSide;
  int winner = -1;
  float g = 0.0f;
  if (cy < kPooled && cx < kPooled) {
    const int arg = pool_argmax(base + 2 * cy * kSide + 2 * cx, kSide);
    if (base[(2 * cy + arg / 2) * kSide + 2 * cx + arg % 2] > 0.0f) {
      winner = arg;
      g = col2im_gather(dcol, c, n, cy, cx, batch, kNextOut);
    }
  }
#pragma unroll
  for (int dy = 0; dy < 2; ++dy)
#pragma unroll
    for (int dx = 0; dx < 2; ++dx) {
      const int y = 2 * cy + dy, x = 2 * cx + dx;
      if (y < kSide && x < kSide) out[y * kSide + x] = from_float<S>(dy * 2 + dx == winner ? g : 0.0f);
    }
}

// out[r] = sum of row r of a [rows][columns] matrix; one block per row, four independent
// running sums per thread, then a fixed-order tree.
constexpr int kRowSumThreads = 512;
template <typename S>
__global__ void __launch_bounds__(kRowSumThreads)
row_sums_kernel(const S* __restrict__ values, int columns, float* __restrict__ out) {
  __shared__ float partial[kRowSumThreads];
  const S* row = values + static_cast<std::size_t>(blockIdx.x) * columns;
  float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
  int j = threadIdx.x;
  for (; j + 3 * kRowSumThreads < columns; j += 4 * kRowSumThreads) {
    s0 += to_float(row[j]);
    s1 += to_float(row[j + kRowSumThreads]);
    s2 += to_float(row[j + 2 * kRowSumThreads]);
    s3 += to_float(row[j + 3 * kRowSumThreads]);
  }
  for (; j < columns; j += kRowSumThreads) s0 += to_float(row[j]);
  partial[threadIdx.x] = (s0 + s1) + (s2 + s3);
  __syncthreads();
  for (int stride = kRowSumThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

__global__ void adam_kernel(float* __restrict__ params, const float* __restrict__ grads, float* __restrict__ m,
                            float* __restrict__ v, int count, const DeviceControl* __restrict__ control,
                            const unsigned int* __restrict__ skip) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count || (skip && *skip)) return;
  adam_update(params[i], m[i], v[i], grads[i], control->beta1, control->beta2, control->epsilon,
              control->step_size, control->inv_sqrt_bc2);
}

// The sides of one of model.h's convs, as constants for the kernels' templates.
template <int kIn, int kOut, int kPooled>
struct Sides {
  static constexpr int in = kIn, out = kOut, pooled = kPooled;
};

// Calls f(Sides<...>{}) with the sides of the model.h conv that g has the sides of (any
// channel counts); an error naming `what` for any other geometry.
template <typename F>
Status with_sides(const ConvGeometry& g, const char* what, F&& f) {
  const auto same = [&](const ConvGeometry& model) {
    return g.in_side == model.in_side && g.out_side == model.out_side && g.pooled_side == model.pooled_side;
  };
  if (same(kConv1)) return f(Sides<kConv1.in_side, kConv1.out_side, kConv1.pooled_side>{});
  if (same(kConv2)) return f(Sides<kConv2.in_side, kConv2.out_side, kConv2.pooled_side>{});
  if (same(kConv3)) return f(Sides<kConv3.in_side, kConv3.out_side, kConv3.pooled_side>{});
  return Status::error(
      Wording::sentence(N_("{0}: no kernel for a conv from side {1} to {2} (model.h's sides only)"),
                        {what, std::to_string(g.in_side), std::to_string(g.out_side)}));
}

}  // namespace

template <typename S>
Status enqueue_im2col(const Context& ctx, const ConvGeometry& g, const float* in, int batch, S* col) {
  return with_sides(g, "im2col", [&](auto sides) {
    using G = decltype(sides);
    const dim3 grid(blocks_for(static_cast<long long>(batch) * G::out * G::out), g.patch());
    im2col_kernel<S, G::in, G::out><<<grid, kThreads, 0, ctx.stream>>>(in, batch, col);
    WHYGPU_CUDA_TRY_LAUNCH("im2col_kernel");
    return Status::ok();
  });
}

Status enqueue_bias_relu_pool(const Context& ctx, const ConvGeometry& g, float* z, const float* bias, int batch,
                              float* pooled) {
  return with_sides(g, "bias, ReLU and pool", [&](auto sides) {
    using G = decltype(sides);
    if constexpr (G::pooled == 0) {
      return Status::error(Wording::sentence(N_("bias, ReLU and pool: this conv has no pooling")));
    } else {
      constexpr int kCellsSide = (G::out + 1) / 2;
      bias_relu_pool_kernel<G::out, G::pooled>
          <<<blocks_for(static_cast<long long>(g.out_channels) * batch * kCellsSide * kCellsSide), kThreads, 0,
             ctx.stream>>>(z, bias, g.out_channels, batch, pooled);
      WHYGPU_CUDA_TRY_LAUNCH("bias_relu_pool_kernel");
      return Status::ok();
    }
  });
}

template <typename S>
Status enqueue_pool_relu_backward(const Context& ctx, const ConvGeometry& g, const ConvGeometry& next,
                                  const float* dcol, const float* a, int batch, S* dz) {
  return with_sides(g, "pool and ReLU backward", [&](auto sides) {
    using G = decltype(sides);
    constexpr int kNextOut = G::pooled - 2;  // the conv after g reads its pooled map
    if constexpr (G::pooled == 0) {
      return Status::error(Wording::sentence(N_("pool and ReLU backward: this conv has no pooling")));
    } else {
      if (next.in_side != G::pooled || next.out_side != kNextOut)
        return Status::error(Wording::sentence(
            N_("pool and ReLU backward: the next conv does not read this one's pooled map")));
      constexpr int kCellsSide = (G::out + 1) / 2;
      pool_relu_backward_kernel<S, G::out, G::pooled, kNextOut>
          <<<blocks_for(static_cast<long long>(g.out_channels) * batch * kCellsSide * kCellsSide), kThreads, 0,
             ctx.stream>>>(dcol, a, g.out_channels, batch, dz);
      WHYGPU_CUDA_TRY_LAUNCH("pool_relu_backward_kernel");
      return Status::ok();
    }
  });
}

template <typename S>
Status enqueue_row_sums(const Context& ctx, const S* values, int rows, int columns, float* out) {
  row_sums_kernel<S><<<rows, kRowSumThreads, 0, ctx.stream>>>(values, columns, out);
  WHYGPU_CUDA_TRY_LAUNCH("row_sums_kernel");
  return Status::ok();
}

Status enqueue_adam(const Context& ctx, float* params, const float* grads, float* m, float* v, int count,
                    const DeviceControl* control, const unsigned int* skip) {
  adam_kernel<<<blocks_for(count), kThreads, 0, ctx.stream>>>(params, grads, m, v, count, control, skip);
  WHYGPU_CUDA_TRY_LAUNCH("adam_kernel");
  return Status::ok();
}

// The storage types of number_formats.h's precisions.
#define WHYGPU_STORAGE_TYPE(S)                                                                                  \
  template Status enqueue_im2col<S>(const Context&, const ConvGeometry&, const float*, int, S*);              \
  template Status enqueue_pool_relu_backward<S>(const Context&, const ConvGeometry&, const ConvGeometry&,     \
                                                const float*, const float*, int, S*);                         \
  template Status enqueue_row_sums<S>(const Context&, const S*, int, int, float*);
WHYGPU_STORAGE_TYPE(float)
WHYGPU_STORAGE_TYPE(__nv_bfloat16)
WHYGPU_STORAGE_TYPE(__half)
#undef WHYGPU_STORAGE_TYPE

}  // namespace whygpu::cnn::gpu
