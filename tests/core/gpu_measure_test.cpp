// time_gpu_queued on a device: how it counts runs, that its events bracket the work on
// the caller's own stream, and how it stops on errors.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <vector>

#include "compute/core/measure.h"
#include "tests/gpu_test_support.h"

namespace whygpu {
namespace {

// A stream that does not wait for the legacy default stream, as the trainers' streams:
// events recorded on stream 0 would not wait for its work.
class NonBlockingStream {
 public:
  NonBlockingStream() { EXPECT_EQ(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), cudaSuccess); }
  ~NonBlockingStream() { cudaStreamDestroy(stream_); }
  NonBlockingStream(const NonBlockingStream&) = delete;
  NonBlockingStream& operator=(const NonBlockingStream&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

class DeviceBytes {
 public:
  explicit DeviceBytes(std::size_t bytes) { EXPECT_EQ(cudaMalloc(&data_, bytes), cudaSuccess); }
  ~DeviceBytes() { cudaFree(data_); }
  DeviceBytes(const DeviceBytes&) = delete;
  DeviceBytes& operator=(const DeviceBytes&) = delete;
  void* get() const { return data_; }

 private:
  void* data_ = nullptr;
};

TEST(GpuTimeQueued, RunsWarmupsTimedRunsAndBackToBackRunsInOrder) {
  WHYGPU_REQUIRE_GPU();
  NonBlockingStream stream;
  DeviceBytes buffer(1 << 20);
  std::vector<int> runs;
  QueuedTiming t;
  const Status s = time_gpu_queued(stream.get(), 2, 5, [&](int run) -> Status {
    runs.push_back(run);
    if (cudaMemsetAsync(buffer.get(), run & 0xff, 1 << 20, stream.get()) != cudaSuccess)
      return Status::error("cudaMemsetAsync failed");
    return Status::ok();
  }, &t);
  ASSERT_TRUE(s) << s.message();
  const std::vector<int> expected = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};  // 2 + 5 + 5
  EXPECT_EQ(runs, expected);
  EXPECT_EQ(t.each.repeats, 5);
  EXPECT_GT(t.each.median_ms, 0.0);
  EXPECT_LE(t.each.min_ms, t.each.median_ms);
  EXPECT_GT(t.back_to_back_ms, 0.0);
}

// 256 MiB set on the caller's non-blocking stream takes tens of microseconds at the very
// least (no GPU writes 10 TB/s); events recorded anywhere else would see almost nothing.
TEST(GpuTimeQueued, EventsBracketTheWorkOnTheCallersStream) {
  WHYGPU_REQUIRE_GPU();
  const std::size_t bytes = std::size_t{256} << 20;
  NonBlockingStream stream;
  DeviceBytes buffer(bytes);
  QueuedTiming t;
  const Status s = time_gpu_queued(stream.get(), 1, 9, [&](int run) -> Status {
    if (cudaMemsetAsync(buffer.get(), run & 0xff, bytes, stream.get()) != cudaSuccess)
      return Status::error("cudaMemsetAsync failed");
    return Status::ok();
  }, &t);
  ASSERT_TRUE(s) << s.message();
  const double at_least_ms = static_cast<double>(bytes) / 10e12 * 1e3;
  EXPECT_GT(t.each.min_ms, at_least_ms);
  EXPECT_GT(t.back_to_back_ms, at_least_ms);
  // Events between runs cost next to nothing beside a 256 MiB memset.
  EXPECT_NEAR(t.back_to_back_ms, t.each.median_ms, 0.5 * t.each.median_ms);
}

TEST(GpuTimeQueued, FailingBodyStopsWithItsMessage) {
  WHYGPU_REQUIRE_GPU();
  NonBlockingStream stream;
  int last = -1;
  QueuedTiming t;
  const Status s = time_gpu_queued(stream.get(), 1, 10, [&](int run) -> Status {
    last = run;
    return run == 4 ? Status::error("step 4 refused") : Status::ok();
  }, &t);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), "step 4 refused");
  EXPECT_EQ(last, 4);
  EXPECT_EQ(cudaStreamQuery(stream.get()), cudaSuccess) << "the stream is left idle";
}

TEST(GpuTimeQueued, RejectsBadCounts) {
  WHYGPU_REQUIRE_GPU();
  int runs = 0;
  const auto body = [&](int) { ++runs; return Status::ok(); };
  QueuedTiming t;
  EXPECT_FALSE(time_gpu_queued(nullptr, 1, 0, body, &t));
  EXPECT_FALSE(time_gpu_queued(nullptr, -1, 3, body, &t));
  EXPECT_EQ(runs, 0);
}

}  // namespace
}  // namespace whygpu
