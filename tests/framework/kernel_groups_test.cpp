#include <gtest/gtest.h>

#include "compute/framework/kernel_groups.h"
#include "compute/profile/timeline_json.h"

namespace whygpu::framework {
namespace {

TEST(KernelLibrary, ToldByTheNamesTheH100RecordingsHold) {
  struct Case {
    const char* name;
    KernelLibrary library;
  };
  const Case cases[] = {
      {"whygpu::cnn::gpu::(anonymous namespace)::conv1_forward_kernel(float const*, float const*, float const*, int, float*)",
       KernelLibrary::Ours},
      {"void whygpu::cnn::gpu::(anonymous namespace)::im2col_kernel<13, 11>(float const*, int, float*)", KernelLibrary::Ours},
      {"sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize64x32x8_stage3_warpsize1x2x1_ffma_aligna4_alignc4_execute_kernel",
       KernelLibrary::Cublas},
      {"void cutlass::Kernel2<cutlass_80_simt_sgemm_64x64_8x5_nn_align1>(cutlass_80_simt_sgemm_64x64_8x5_nn_align1::Params)",
       KernelLibrary::Cublas},
      {"void cublasLt::splitKreduce_kernel<32, 16, int, float, float, float, float, false, float, float, float, true, false, false>()",
       KernelLibrary::Cublas},
      {"void sgemm_largek_lds64<true, false, 5, 5, 4, 4, 4, 34>(float*, float const*, float const*, int, int, int, int)",
       KernelLibrary::Cublas},
      {"sm90_xmma_dgrad_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x64x32_warpgroupsize1x1x1_g1_execute",
       KernelLibrary::Cudnn},
      {"void cutlass__5x_cudnn::Kernel<cutlass_tensorop_s1688dgrad_optimized_tf32_128x128_16x5_nhwc_unity_stride_align4>()",
       KernelLibrary::Cudnn},
      {"void cudnn::engines_precompiled::nchwToNhwcKernel<float, float, float, false, true, (cudnnKernelDataType_t)0>()",
       KernelLibrary::Cudnn},
      {"void wgrad_alg0_engine<float, 128, 5, 5, 3, 3, 3, false, 512>(int, int, int, float const*, int, float*)",
       KernelLibrary::Cudnn},
      {"void at::native::(anonymous namespace)::max_pool_forward_nchw<float, int>(int, float const*, long)",
       KernelLibrary::PyTorch},
      {"void (anonymous namespace)::softmax_warp_forward<float, float, float, 4, true, false>(float*, float const*, int)",
       KernelLibrary::PyTorch},
      {"my_own_kernel", KernelLibrary::Other},
  };
  for (const Case& c : cases) EXPECT_EQ(library_of(c.name), c.library) << c.name;
  EXPECT_STREQ(library_label(KernelLibrary::Cudnn), "cuDNN");
}

TEST(KernelRows, FromARecordedFileInLaunchOrderWithShares) {
  profile::Timeline t;
  ASSERT_TRUE(profile::load_timeline(WHYGPU_FRAMEWORK_FIXTURE, &t));
  const std::vector<KernelRow> rows = kernel_rows(t);
  ASSERT_EQ(rows.size(), 3u);  // the copy is not a kernel
  EXPECT_EQ(rows[0].library, KernelLibrary::Cudnn);
  EXPECT_EQ(rows[0].grid[0], 5);
  EXPECT_EQ(rows[0].block[0], 384);
  EXPECT_EQ(rows[0].duration_ns, 6305);
  EXPECT_EQ(rows[1].library, KernelLibrary::Cublas);
  EXPECT_EQ(rows[2].library, KernelLibrary::PyTorch);
  EXPECT_EQ(rows[2].name.find("vectorized_elementwise_kernel"), 0u) << rows[2].name;
  const std::vector<LibraryShare> shares = library_shares(rows);
  ASSERT_EQ(shares.size(), 3u);
  EXPECT_EQ(shares[0].library, KernelLibrary::Cudnn);
  EXPECT_EQ(shares[0].total_ns, 6305);
  EXPECT_EQ(shares[2].kernels, 1);
  EXPECT_EQ(t.recorded_label(/*sentence_start=*/true), "Recorded on NVIDIA H100 80GB HBM3 (driver 580.159.04) on 2026-11-24, not on this computer");
}

TEST(Keras, TheModelHasTheLessonsLayers) {
  int conv = 0, dense = 0;
  for (const std::string& line : keras_model_lines()) {
    conv += line.find("Conv2D") != std::string::npos;
    dense += line.find("Dense(") != std::string::npos;
  }
  EXPECT_EQ(conv, 3);
  EXPECT_EQ(dense, 2);
}

}  // namespace
}  // namespace whygpu::framework
