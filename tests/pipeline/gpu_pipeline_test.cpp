// Every pipeline kernel against the CPU reference (pipeline_cpu.h): fresh random images of
// odd sizes, outputs poisoned before each run (twice, with two poisons, so an output the
// kernel skipped cannot pass by matching the poison), whole batches so blockIdx.z's image
// offsets are checked; and nvJPEG against libjpeg-turbo on a JPEG encoded here.
#include <cuda_runtime.h>
#include <gtest/gtest.h>
#include <jpeglib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "compute/core/device_memory.cuh"
#include "compute/pipeline/nvjpeg_library.h"
#include "compute/pipeline/pipeline_cpu.h"
#include "compute/pipeline/pipeline_display.h"
#include "compute/pipeline/pipeline_gpu.h"
#include "tests/gpu_test_support.h"

namespace whygpu::pipeline {
namespace {

std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> v(n);
  for (auto& x : v) x = static_cast<std::uint8_t>(rng() & 0xff);
  return v;
}

template <class T>
DeviceBuffer<T> upload(const std::vector<T>& host) {
  DeviceBuffer<T> d;
  EXPECT_TRUE(d.allocate(host.size()));
  EXPECT_EQ(cudaMemcpy(d.get(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  return d;
}

template <class T>
std::vector<T> download(const DeviceBuffer<T>& d) {
  std::vector<T> host(d.count());
  EXPECT_EQ(cudaMemcpy(host.data(), d.get(), d.bytes(), cudaMemcpyDeviceToHost), cudaSuccess);
  return host;
}

// Runs `launch` twice into `out`, poisoned with 0x00 then 0xff bytes, and returns the
// largest |GPU - CPU| over both runs (infinite for a NaN).
template <class T, class Launch>
double worst_over_two_poisons(DeviceBuffer<T>& out, const std::vector<T>& cpu, Launch launch) {
  double worst = 0.0;
  for (const int poison : {0x00, 0xff}) {
    EXPECT_EQ(cudaMemset(out.get(), poison, out.bytes()), cudaSuccess);
    const Status s = launch();
    EXPECT_TRUE(s) << s.message();
    EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    const std::vector<T> gpu = download(out);
    for (std::size_t i = 0; i < cpu.size(); ++i) {
      const double d = std::fabs(static_cast<double>(gpu[i]) - static_cast<double>(cpu[i]));
      worst = std::isfinite(d) ? std::max(worst, d) : INFINITY;
    }
  }
  return worst;
}

// Odd sizes: not multiples of the 16 x 16 tiles or the 256-thread blocks.
constexpr int kW = 83, kH = 61, kImages = 5;

PipelineSettings odd_settings() {
  PipelineSettings s;
  s.side = 47;
  s.crop = 37;
  s.seed = static_cast<std::uint32_t>(std::random_device{}());
  return s;
}

TEST(GpuPipeline, ResizeMatchesTheCpuForEveryImageOfABatch) {
  WHYGPU_REQUIRE_GPU();
  const auto src = random_bytes(static_cast<std::size_t>(kW) * kH * 3, std::random_device{}());
  for (const auto [ow, oh] : {std::pair{29, 19}, std::pair{131, 97}, std::pair{kW, kH}}) {
    std::vector<std::uint8_t> one(static_cast<std::size_t>(ow) * oh * 3), cpu;
    cpu_resize(src.data(), kW, kH, one.data(), ow, oh);
    for (int i = 0; i < kImages; ++i) cpu.insert(cpu.end(), one.begin(), one.end());
    DeviceBuffer<std::uint8_t> in = upload(src), out;
    ASSERT_TRUE(out.allocate(cpu.size()));
    const double worst = worst_over_two_poisons(out, cpu, [&] {
      return launch_resize(in.get(), kW, kH, out.get(), ow, oh, kImages);
    });
    EXPECT_LE(worst, 1.0) << ow << " x " << oh;  // a float rounded differently by FMA at most
  }
}

TEST(GpuPipeline, AugmentAndJitterMatchTheCpuImageByImage) {
  WHYGPU_REQUIRE_GPU();
  const PipelineSettings s = odd_settings();
  const int rw = 59, rh = s.side;
  const std::size_t rsize = static_cast<std::size_t>(rw) * rh * 3, csize = static_cast<std::size_t>(s.crop) * s.crop * 3;
  const auto src = random_bytes(rsize * kImages, s.seed);
  std::vector<std::uint8_t> augmented(csize * kImages), jittered(csize * kImages);
  const int first = 3;  // a batch starting at image 3: the kernel must add it to blockIdx.z
  for (int i = 0; i < kImages; ++i) {
    cpu_augment(src.data() + i * rsize, rw, rh, s, first + i, augmented.data() + i * csize);
    cpu_jitter(augmented.data() + i * csize, rw, rh, s, first + i, jittered.data() + i * csize);
  }
  DeviceBuffer<std::uint8_t> in = upload(src), aug_in = upload(augmented), out;
  ASSERT_TRUE(out.allocate(csize * kImages));
  EXPECT_LE(worst_over_two_poisons(out, augmented, [&] { return launch_augment(in.get(), rw, rh, s, first, kImages, out.get()); }),
            1.0);
  EXPECT_LE(worst_over_two_poisons(out, jittered, [&] { return launch_jitter(aug_in.get(), rw, rh, s, first, kImages, out.get()); }),
            1.0);
}

TEST(GpuPipeline, ColourConversionAndNormalisationMatchTheCpu) {
  WHYGPU_REQUIRE_GPU();
  const std::size_t n = 37 * 41;
  const auto rgb = random_bytes(n * 3 * kImages, std::random_device{}());
  std::vector<std::uint8_t> planes(n * 3 * kImages);
  std::vector<float> values(n * 3 * kImages);
  for (int i = 0; i < kImages; ++i) {
    cpu_ycbcr(rgb.data() + i * n * 3, n, planes.data() + i * n * 3);
    cpu_normalise(planes.data() + i * n * 3, n, values.data() + i * n * 3);
  }
  DeviceBuffer<std::uint8_t> in = upload(rgb), planes_in = upload(planes), out;
  DeviceBuffer<float> floats;
  ASSERT_TRUE(out.allocate(planes.size()));
  ASSERT_TRUE(floats.allocate(values.size()));
  EXPECT_LE(worst_over_two_poisons(out, planes, [&] { return launch_ycbcr(in.get(), n, kImages, out.get()); }), 1.0);
  // 0xff bytes are NaN floats and 0x00 bytes 0: both poisons are caught. The largest value
  // is about 8.3, so a few float roundings stay well under 1e-5.
  EXPECT_LE(worst_over_two_poisons(floats, values, [&] { return launch_normalise(planes_in.get(), n, kImages, floats.get()); }),
            1e-5);
}

TEST(GpuPipeline, PicturesMatchTheCpusColours) {
  WHYGPU_REQUIRE_GPU();
  const std::size_t n = 257;
  const auto rgb = random_bytes(n * 3, std::random_device{}());
  std::vector<float> values(n);
  std::mt19937 rng(std::random_device{}());
  for (float& v : values) v = std::uniform_real_distribution<float>(-4.0f, 4.0f)(rng);
  std::vector<std::uint32_t> want(n), want_values(n);
  for (std::size_t i = 0; i < n; ++i) {
    want[i] = rgba(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]);
    want_values[i] = diverging_rgba(values[i]);
  }
  DeviceBuffer<std::uint8_t> in = upload(rgb);
  DeviceBuffer<float> vin = upload(values);
  DeviceBuffer<std::uint32_t> out;
  ASSERT_TRUE(out.allocate(n));
  EXPECT_EQ(worst_over_two_poisons(out, want, [&] { return launch_rgb_to_rgba(in.get(), n, out.get()); }), 0.0);
  // One level of a colour channel is 2^8 or 2^16 in the packed word: compare exactly.
  EXPECT_EQ(worst_over_two_poisons(out, want_values, [&] { return launch_normalised_to_rgba(vin.get(), n, out.get()); }), 0.0);
}

// A smooth random picture encoded by libjpeg (quality 90, 4:2:0): what nvJPEG must decode.
std::string encode_jpeg(int w, int h, std::vector<std::uint8_t>* rgb) {
  std::mt19937 rng(std::random_device{}());
  const float a = std::uniform_real_distribution<float>(0.02f, 0.1f)(rng), b = std::uniform_real_distribution<float>(0.02f, 0.1f)(rng);
  rgb->resize(static_cast<std::size_t>(w) * h * 3);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < 3; ++c)
        (*rgb)[(static_cast<std::size_t>(y) * w + x) * 3 + c] =
            static_cast<std::uint8_t>(127.5f + 120.0f * std::sin(a * x * (c + 1) + b * y));
  jpeg_compress_struct cinfo{};
  jpeg_error_mgr err{};
  cinfo.err = jpeg_std_error(&err);
  jpeg_create_compress(&cinfo);
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&cinfo, &buffer, &size);
  cinfo.image_width = static_cast<JDIMENSION>(w);
  cinfo.image_height = static_cast<JDIMENSION>(h);
  cinfo.input_components = 3;
  cinfo.in_color_space = JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, 90, TRUE);
  jpeg_start_compress(&cinfo, TRUE);
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = rgb->data() + static_cast<std::size_t>(cinfo.next_scanline) * w * 3;
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  std::string out(reinterpret_cast<const char*>(buffer), size);
  std::free(buffer);
  return out;
}

TEST(GpuPipeline, NvjpegDecodesWhatLibjpegDecodes) {
  WHYGPU_REQUIRE_GPU();
  NvjpegDecoder decoder;
  if (Status s = decoder.open(); !s) GTEST_SKIP() << s.message();
  const int w = 211, h = 149;
  std::vector<std::uint8_t> original;
  const std::string jpeg = encode_jpeg(w, h, &original);
  const std::string path = ::testing::TempDir() + "whygpu_nvjpeg_test.jpg";
  {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fwrite(jpeg.data(), 1, jpeg.size(), f);
    std::fclose(f);
  }
  Picture cpu;
  ASSERT_TRUE(cpu_decode(path, &cpu));
  int gw = 0, gh = 0;
  ASSERT_TRUE(decoder.size(jpeg, &gw, &gh));
  EXPECT_EQ(gw, w);
  EXPECT_EQ(gh, h);
  DeviceBuffer<std::uint8_t> out;
  ASSERT_TRUE(out.allocate(cpu.pixels.size()));
  ASSERT_EQ(cudaMemset(out.get(), 0xff, out.bytes()), cudaSuccess);
  const Status s = decoder.decode(jpeg, out.get(), w);
  ASSERT_TRUE(s) << s.message();
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const std::vector<std::uint8_t> gpu = download(out);
  // Two decoders: different inverse DCTs and chroma upsampling. The upsampling may move a
  // colour by tens of levels at an edge between 2x2 chroma blocks, so colours are compared
  // by their mean; luma (JFIF's exact inverse of the colour transform, so chroma cancels)
  // holds only the inverse DCTs' differences and must agree closely pixel by pixel.
  double sum = 0.0, luma_sum = 0.0;
  int worst_luma = 0;
  auto luma = [](const std::uint8_t* p) { return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]; };
  for (std::size_t i = 0; i < gpu.size(); ++i)
    sum += std::abs(static_cast<int>(gpu[i]) - static_cast<int>(cpu.pixels[i]));
  for (std::size_t i = 0; i + 2 < gpu.size(); i += 3) {
    const int d = static_cast<int>(std::lround(std::abs(luma(&gpu[i]) - luma(&cpu.pixels[i]))));
    luma_sum += d;
    worst_luma = std::max(worst_luma, d);
  }
  const double pixels = static_cast<double>(gpu.size() / 3);
  std::printf("nvJPEG against libjpeg-turbo: colour levels %.2f apart on average; luma %.2f on average, %d at worst\n",
              sum / static_cast<double>(gpu.size()), luma_sum / pixels, worst_luma);
  EXPECT_LT(sum / static_cast<double>(gpu.size()), 8.0);
  EXPECT_LT(luma_sum / pixels, 1.0);
  EXPECT_LE(worst_luma, 8);
  // A file that is not a JPEG gets nvJPEG's own words, not a crash.
  const std::string junk = "not a jpeg at all";
  EXPECT_FALSE(decoder.size(junk, &gw, &gh));
}

}  // namespace
}  // namespace whygpu::pipeline
