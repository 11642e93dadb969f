// A GPU training session: it trains on its worker thread while this thread draws the
// conv1 feature maps of an inference straight from device memory, as the UI will.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "compute/cnn/feature_map_render.h"
#include "compute/cnn/training_session.h"
#include "tests/cnn/synthetic_data.h"
#include "tests/gpu_test_support.h"

namespace whygpu::cnn {
namespace {

TEST(GpuSession, TrainsWhileTheUiThreadDrawsFeatureMapsFromDeviceMemory) {
  WHYGPU_REQUIRE_GPU();
  auto data = std::make_shared<DatasetPair>();
  data->train = testing::bar_dataset(512, 4, 1);
  data->test = testing::bar_dataset(64, 4, 2);
  TrainerOptions options;
  options.batch_size = 32;
  std::unique_ptr<TrainingSession> session;
  const Status created = TrainingSession::create(Backend::kGpu, options, data, &session);
  ASSERT_TRUE(created.is_ok()) << created.message();
  std::array<std::uint8_t, kImagePixels> image{};
  std::copy(data->test.image(3), data->test.image(3) + kImagePixels, image.begin());
  session->play();
  session->infer(image);
  session->wait_until_idle();

  const FeatureMapLayout layout = feature_map_layout(layer_shape(Layer::kConv1), 8, 2, 1);
  const std::size_t pixels = static_cast<std::size_t>(layout.width()) * layout.height();
  std::uint32_t* picture = nullptr;
  ASSERT_EQ(cudaMalloc(&picture, pixels * 4), cudaSuccess);
  std::vector<std::uint32_t> drawn(pixels);
  int frames = 0;
  double fastest = 0.0;  // images/s while running (a paused session shows 0)
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (session->snapshot().progress.epochs_completed < 3 && std::chrono::steady_clock::now() < deadline) {
    ASSERT_TRUE(session->with_device_display([&](const auto& activations, const float* params, void* stream) {
      ASSERT_NE(params, nullptr);
      ASSERT_TRUE(render_feature_maps_gpu(activations[1].data, layout, {}, picture, layout.width(), stream).is_ok());
      ASSERT_EQ(cudaMemcpyAsync(drawn.data(), picture, pixels * 4, cudaMemcpyDeviceToHost,
                                static_cast<cudaStream_t>(stream)),
                cudaSuccess);
    }));
    ++frames;
    fastest = std::max(fastest, session->snapshot().images_per_second);
  }
  session->pause();
  session->wait_until_idle();
  const SessionSnapshot s = session->snapshot();
  EXPECT_GE(s.progress.epochs_completed, 3) << s.message.english();
  EXPECT_GT(frames, 0);
  EXPECT_GT(fastest, 0.0);
  EXPECT_EQ(s.images_per_second, 0.0) << "paused";
  ASSERT_FALSE(s.test_accuracy.empty());
  EXPECT_GT(s.test_accuracy.back().value, 0.9f);

  Inference inference;
  ASSERT_EQ(session->latest_inference(&inference), 1);
  std::vector<std::uint32_t> expected(pixels);
  ASSERT_TRUE(render_feature_maps_cpu(inference.activations[1].data(), layout, {}, expected.data(), layout.width()).is_ok());
  int off = 0;
  for (std::size_t i = 0; i < pixels; ++i)
    for (int k = 0; k < 3; ++k) off += std::abs(int((drawn[i] >> (8 * k)) & 255) - int((expected[i] >> (8 * k)) & 255)) > 1;
  EXPECT_EQ(off, 0) << "the picture drawn from device memory shows the inference's activations";
  cudaFree(picture);
}

}  // namespace
}  // namespace whygpu::cnn
