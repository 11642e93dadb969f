#include "compute/profile/timeline.h"

#include <gtest/gtest.h>

#include "tests/profile/synthetic_timeline.h"

namespace whygpu::profile {
namespace {

using testing::add;
using testing::two_lane_timeline;

TEST(TimelineIdle, GapsBetweenKernelsOnOneStreamAreIdle) {
  Timeline t = two_lane_timeline();
  add(&t, ItemKind::Kernel, 1, "a", 100, 300);
  add(&t, ItemKind::Kernel, 1, "b", 400, 500);  // gap 300..400
  add(&t, ItemKind::Kernel, 1, "c", 520, 1100);  // gap 500..520
  const IdleSummary s = summarize_idle(t);
  EXPECT_EQ(s.span_ns, 1000);
  EXPECT_EQ(s.busy_ns, 880);
  EXPECT_EQ(s.idle_ns, 120);
  EXPECT_EQ(s.gaps, 2);
  EXPECT_EQ(s.longest_gap_ns, 100);
  EXPECT_DOUBLE_EQ(s.idle_fraction(), 0.12);
  EXPECT_EQ(s.kernels, 3);
}

TEST(TimelineIdle, OverlapAcrossStreamsCountsOnce) {
  // A copy on one stream under a kernel on another: the GPU is busy, once, not twice.
  Timeline t = two_lane_timeline();
  t.lanes.push_back({LaneKind::GpuStream, 14, "stream 14"});
  add(&t, ItemKind::Kernel, 1, "k", 0, 1000);
  add(&t, ItemKind::Memcpy, 2, "memcpy HtoD", 200, 1500);
  add(&t, ItemKind::Memset, 2, "memset", 2000, 2500);  // gap 1500..2000
  const IdleSummary s = summarize_idle(t);
  EXPECT_EQ(s.span_ns, 2500);
  EXPECT_EQ(s.busy_ns, 2000);
  EXPECT_EQ(s.idle_ns, 500);
  EXPECT_EQ(s.kernel_busy_ns, 1000);
  EXPECT_EQ(s.copy_busy_ns, 1800);
  EXPECT_EQ(s.gaps, 1);
  EXPECT_EQ(s.copies, 1);
  EXPECT_EQ(s.memsets, 1);
}

TEST(TimelineIdle, HostCallsAreNotGpuTimeButLaunchesAreCounted) {
  Timeline t = two_lane_timeline();
  add(&t, ItemKind::HostCall, 0, "cudaLaunchKernel", 0, 50, 7);
  add(&t, ItemKind::HostCall, 0, "cudaLaunchKernel", 60, 90, 8);
  add(&t, ItemKind::HostCall, 0, "cudaStreamSynchronize", 100, 900, 9);
  add(&t, ItemKind::Kernel, 1, "k1", 200, 400, 7);
  add(&t, ItemKind::Kernel, 1, "k2", 400, 800, 8);
  const IdleSummary s = summarize_idle(t);
  EXPECT_EQ(s.span_ns, 600);  // the GPU's own span, not the host's
  EXPECT_EQ(s.idle_ns, 0);
  EXPECT_EQ(s.gaps, 0);
  EXPECT_EQ(s.host_calls, 3);
  EXPECT_EQ(s.launches, 2);
}

TEST(TimelineIdle, NoGpuWorkGivesAnEmptySummaryAndSaysSo) {
  Timeline t = two_lane_timeline();
  add(&t, ItemKind::HostCall, 0, "cudaGetLastError", 0, 5);
  const IdleSummary s = summarize_idle(t);
  EXPECT_EQ(s.span_ns, 0);
  EXPECT_EQ(s.idle_fraction(), 0.0);
  EXPECT_EQ(idle_sentence(s, "the step").english(), "no GPU work was recorded in the step");
}

TEST(TimelineIdle, TheSentenceStatesPercentAndTimes) {
  Timeline t = two_lane_timeline();
  add(&t, ItemKind::Kernel, 1, "a", 0, 62000);
  add(&t, ItemKind::Kernel, 1, "b", 100000, 138000);  // 38 us idle of 138 us
  const IdleSummary s = summarize_idle(t);
  ASSERT_EQ(s.span_ns, 138000);
  ASSERT_EQ(s.idle_ns, 38000);
  EXPECT_EQ(idle_sentence(s, "the step").english(), "GPU idle 28% of the step (38.0 us of 138.0 us, 1 gap; longest 38.0 us)");
}

TEST(TimelineBusy, IntervalsAreMergedAndSorted) {
  Timeline t = two_lane_timeline();
  add(&t, ItemKind::Kernel, 1, "late", 500, 600);
  add(&t, ItemKind::Kernel, 1, "early", 0, 100);
  add(&t, ItemKind::Kernel, 1, "touching", 100, 200);
  add(&t, ItemKind::Kernel, 1, "empty", 300, 300);
  const std::vector<Interval> busy = gpu_busy_intervals(t);
  ASSERT_EQ(busy.size(), 2u);
  EXPECT_EQ(busy[0].start_ns, 0);
  EXPECT_EQ(busy[0].end_ns, 200);
  EXPECT_EQ(busy[1].start_ns, 500);
  EXPECT_EQ(busy[1].end_ns, 600);
}

TEST(TimelineBusy, GapsAreTheStretchesBetweenBusyIntervals) {
  Timeline t = two_lane_timeline();
  add(&t, ItemKind::Kernel, 1, "a", 100, 300);
  add(&t, ItemKind::Memcpy, 1, "c", 250, 400);
  add(&t, ItemKind::Kernel, 1, "b", 450, 500);
  add(&t, ItemKind::Kernel, 1, "d", 900, 1000);
  const std::vector<Interval> gaps = gpu_idle_gaps(t);
  ASSERT_EQ(gaps.size(), 2u);
  EXPECT_EQ(gaps[0].start_ns, 400);
  EXPECT_EQ(gaps[0].end_ns, 450);
  EXPECT_EQ(gaps[1].start_ns, 500);
  EXPECT_EQ(gaps[1].end_ns, 900);
  EXPECT_TRUE(gpu_idle_gaps(two_lane_timeline()).empty());
}

TEST(TimelineLanes, ItemsInALaneAfterNormalizing) {
  Timeline t = two_lane_timeline();
  add(&t, ItemKind::Kernel, 1, "k2", 50, 60);
  add(&t, ItemKind::HostCall, 0, "h", 0, 5);
  add(&t, ItemKind::Kernel, 1, "k1", 10, 20);
  normalize(&t);
  const auto host = items_in_lane(t, 0);
  const auto stream = items_in_lane(t, 1);
  ASSERT_EQ(host.size(), 1u);
  EXPECT_EQ(host[0].name, "h");
  ASSERT_EQ(stream.size(), 2u);
  EXPECT_EQ(stream[0].name, "k1");
  EXPECT_EQ(stream[1].name, "k2");
  EXPECT_TRUE(items_in_lane(t, 2).empty());
}

TEST(TimelineTotals, KernelsAreGroupedByDisplayNameLongestFirst) {
  Timeline t = two_lane_timeline();
  add(&t, ItemKind::Kernel, 1, "void ns::relu<float>(float*, int)", 0, 10);
  add(&t, ItemKind::Kernel, 1, "void ns::relu<float>(float*, int)", 20, 50);
  add(&t, ItemKind::Kernel, 1, "sm90_xmma_gemm_f32f32", 60, 160);
  add(&t, ItemKind::Memcpy, 1, "memcpy HtoD", 200, 900);  // not a kernel
  const std::vector<KernelTotal> totals = totals_by_kernel(t);
  ASSERT_EQ(totals.size(), 2u);
  EXPECT_EQ(totals[0].name, "sm90_xmma_gemm_f32f32");
  EXPECT_EQ(totals[0].count, 1);
  EXPECT_EQ(totals[1].name, "relu<float>");
  EXPECT_EQ(totals[1].count, 2);
  EXPECT_EQ(totals[1].total_ns, 40);
  EXPECT_EQ(totals[1].min_ns, 10);
  EXPECT_EQ(totals[1].max_ns, 30);
  EXPECT_DOUBLE_EQ(totals[0].share_of_kernel_time, 100.0 / 140.0);
}

TEST(TimelineNames, KernelDisplayNamesDropReturnTypeNamespacesAndParameters) {
  EXPECT_EQ(kernel_display_name("void whygpu::cnn::gpu::(anonymous namespace)::conv1_forward<32, (int)3>(float const*, "
                                "float*, int)"),
            "conv1_forward<32, (int)3>");
  EXPECT_EQ(kernel_display_name("vector_add(float const*, float const*, float*, unsigned long)"), "vector_add");
  EXPECT_EQ(kernel_display_name("void cutlass::Kernel2<cutlass_80_simt_sgemm_128x64_8x5_nn_align1>(Params)"),
            "Kernel2<cutlass_80_simt_sgemm_128x64_8x5_nn_align1>");
  EXPECT_EQ(kernel_display_name("sm90_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x128x32"),
            "sm90_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x128x32");
  EXPECT_EQ(kernel_display_name("void at::native::elementwise_kernel<128, 2, at::native::gpu_kernel_impl<"
                                "at::native::AddFunctor<float> >(at::TensorIteratorBase&)::{lambda(int)#1}>(int, "
                                "at::native::gpu_kernel_impl<at::native::AddFunctor<float> >::{lambda(int)#1})"),
            "elementwise_kernel<128, 2, at::native::gpu_kernel_impl<at::native::AddFunctor<float> "
            ">(at::TensorIteratorBase&)::{lambda(int)#1}>");
}

TEST(TimelineNames, HostCallsLoseOnlyTheVersionSuffix) {
  EXPECT_EQ(host_call_display_name("cudaLaunchKernel_v7000"), "cudaLaunchKernel");
  EXPECT_EQ(host_call_display_name("cudaMemcpyAsync_ptsz_v7000"), "cudaMemcpyAsync_ptsz");
  EXPECT_EQ(host_call_display_name("cuLaunchKernel"), "cuLaunchKernel");
  EXPECT_EQ(host_call_display_name("cudaGraphLaunch_v10000"), "cudaGraphLaunch");
  EXPECT_EQ(host_call_display_name("weird_v"), "weird_v");
  EXPECT_EQ(host_call_display_name("cuda_vx1"), "cuda_vx1");
}

TEST(TimelineNormalize, HostLanesFirstEmptyLanesDroppedItemsSortedByStart) {
  Timeline t;
  t.lanes = {{LaneKind::GpuStream, 20, "stream 20"},
             {LaneKind::GpuStream, 7, "stream 7"},
             {LaneKind::HostThread, 555, "host"},
             {LaneKind::GpuStream, 99, "stream 99 (unused)"}};
  add(&t, ItemKind::Kernel, 0, "on 20 late", 50, 60);
  add(&t, ItemKind::Kernel, 0, "on 20 early", 10, 20);
  add(&t, ItemKind::Kernel, 1, "on 7", 30, 40);
  add(&t, ItemKind::HostCall, 2, "call", 0, 5);
  add(&t, ItemKind::Kernel, 9, "on a lane that does not exist", 0, 1);
  normalize(&t);
  ASSERT_EQ(t.lanes.size(), 3u);
  EXPECT_EQ(t.lanes[0].name, "host");
  EXPECT_EQ(t.lanes[1].name, "stream 7");
  EXPECT_EQ(t.lanes[2].name, "stream 20");
  ASSERT_EQ(t.items.size(), 4u);
  EXPECT_EQ(t.items[0].name, "call");
  EXPECT_EQ(t.items[1].name, "on 7");
  EXPECT_EQ(t.items[1].lane, 1);
  EXPECT_EQ(t.items[2].name, "on 20 early");
  EXPECT_EQ(t.items[3].name, "on 20 late");
  EXPECT_EQ(t.items[3].lane, 2);
}

TEST(TimelineFormat, DurationsPickAReadableUnit) {
  EXPECT_EQ(format_duration_ns(850), "850 ns");
  EXPECT_EQ(format_duration_ns(9100), "9.1 us");
  EXPECT_EQ(format_duration_ns(312000), "312.0 us");
  EXPECT_EQ(format_duration_ns(1250000), "1.250 ms");
  EXPECT_EQ(format_duration_ns(1250000000), "1.25 s");
}

TEST(TimelineLabel, ARecordingSaysWhereAndWhenItWasMade) {
  Timeline t;
  t.run.gpu_available = true;
  t.run.gpu_name = "NVIDIA H100 80GB HBM3";
  t.run.nvidia_driver = "580.159.04";
  t.run.date_utc = "2026-11-24T10:00:00Z";
  EXPECT_EQ(t.recorded_label(/*sentence_start=*/true), "Recorded on NVIDIA H100 80GB HBM3 (driver 580.159.04) on 2026-11-24, not on this computer");
}

}  // namespace
}  // namespace whygpu::profile
