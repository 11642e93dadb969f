// The pipeline's CPU steps on small images whose answers are known, the settings' checks,
// a missing photo's message, and the recording's JSON both ways.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "compute/pipeline/pipeline_bench.h"
#include "compute/pipeline/pipeline_cpu.h"
#include "compute/pipeline/pipeline_recording.h"

namespace whygpu::pipeline {
namespace {

std::vector<std::uint8_t> random_rgb(int w, int h, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> v(static_cast<std::size_t>(w) * h * 3);
  for (auto& x : v) x = static_cast<std::uint8_t>(rng() & 0xff);
  return v;
}

TEST(PipelineCpu, ResizeToTheSameSizeKeepsEveryPixel) {
  const int w = 37, h = 23;
  const auto src = random_rgb(w, h, 1);
  std::vector<std::uint8_t> dst(src.size(), 7);
  cpu_resize(src.data(), w, h, dst.data(), w, h);
  EXPECT_EQ(dst, src);
}

TEST(PipelineCpu, ResizeByHalfAveragesEachTwoByTwoBlock) {
  const int w = 8, h = 6;
  const auto src = random_rgb(w, h, 2);
  std::vector<std::uint8_t> dst(static_cast<std::size_t>(w / 2) * (h / 2) * 3);
  cpu_resize(src.data(), w, h, dst.data(), w / 2, h / 2);
  for (int y = 0; y < h / 2; ++y)
    for (int x = 0; x < w / 2; ++x)
      for (int c = 0; c < 3; ++c) {
        const auto at = [&](int xx, int yy) { return static_cast<double>(src[(static_cast<std::size_t>(yy) * w + xx) * 3 + c]); };
        const double mean = (at(2 * x, 2 * y) + at(2 * x + 1, 2 * y) + at(2 * x, 2 * y + 1) + at(2 * x + 1, 2 * y + 1)) / 4.0;
        EXPECT_NEAR(dst[(static_cast<std::size_t>(y) * (w / 2) + x) * 3 + c], mean, 0.51) << x << "," << y;
      }
}

TEST(PipelineCpu, AugmentWithoutRotationOrZoomIsAShiftedCrop) {
  PipelineSettings s;
  s.side = 32;
  s.crop = 17;
  s.augment = {0.0f, 0.0f, false, 0.0f};
  const int w = 41, h = 33;  // odd, with room to move the crop
  const auto src = random_rgb(w, h, 3);
  std::vector<std::uint8_t> dst(static_cast<std::size_t>(s.crop) * s.crop * 3);
  cpu_augment(src.data(), w, h, s, 5, dst.data());
  const ImageAugment a = draw_augment(s.augment, s.seed, 5, w, h, s.crop);
  // The crop's top-left corner, somewhere that keeps it inside the image.
  const double ox = a.centre_x - 0.5 * (s.crop - 1), oy = a.centre_y - 0.5 * (s.crop - 1);
  ASSERT_GE(ox, 0.0);
  ASSERT_LE(ox + s.crop - 1, w - 1.0);
  ASSERT_GE(oy, 0.0);
  ASSERT_LE(oy + s.crop - 1, h - 1.0);
  // Written out here in double: a blend of the four pixels around (x + ox, y + oy).
  const double fx = ox - std::floor(ox), fy = oy - std::floor(oy);
  for (int y = 0; y < s.crop; ++y)
    for (int x = 0; x < s.crop; ++x)
      for (int c = 0; c < 3; ++c) {
        const int x0 = x + static_cast<int>(std::floor(ox)), y0 = y + static_cast<int>(std::floor(oy));
        const auto at = [&](int xx, int yy) {
          return xx < w && yy < h ? static_cast<double>(src[(static_cast<std::size_t>(yy) * w + xx) * 3 + c]) : 0.0;
        };
        const double top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
        const double bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
        EXPECT_NEAR(dst[(static_cast<std::size_t>(y) * s.crop + x) * 3 + c], top * (1 - fy) + bottom * fy, 0.51);
      }
}

TEST(PipelineCpu, MirrorTwiceOverTheCentreIsTheImage) {
  PipelineSettings s;
  s.side = 16;
  s.crop = 16;
  s.augment = {0.0f, 0.0f, true, 0.0f};
  const int w = 16, h = 16;
  const auto src = random_rgb(w, h, 4);
  // Find an image of the batch the hash mirrors, and one it leaves alone.
  int mirrored = -1, plain = -1;
  for (int i = 0; i < 64 && (mirrored < 0 || plain < 0); ++i)
    (draw_augment(s.augment, s.seed, i, w, h, s.crop).flip ? mirrored : plain) = i;
  ASSERT_GE(mirrored, 0);
  ASSERT_GE(plain, 0);
  std::vector<std::uint8_t> a(src.size()), b(src.size());
  cpu_augment(src.data(), w, h, s, plain, a.data());
  cpu_augment(src.data(), w, h, s, mirrored, b.data());
  EXPECT_EQ(a, src);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < 3; ++c)
        EXPECT_EQ(b[(static_cast<std::size_t>(y) * w + x) * 3 + c], src[(static_cast<std::size_t>(y) * w + (w - 1 - x)) * 3 + c]);
}

TEST(PipelineCpu, GreyStaysGreyThroughJitterAndHasNoColourInYCbCr) {
  ImageAugment a{};
  a.brightness = 1.1f;
  a.contrast = 0.9f;
  a.saturation = 1.3f;
  const std::uint8_t grey[3] = {90, 90, 90};
  std::uint8_t out[3];
  jitter_pixel(grey, a, out);
  EXPECT_EQ(out[0], out[1]);
  EXPECT_EQ(out[1], out[2]);
  EXPECT_EQ(out[0], static_cast<std::uint8_t>(std::lround((90 * 1.1 - 128) * 0.9 + 128)));
  std::uint8_t planes[3];
  cpu_ycbcr(grey, 1, planes);
  EXPECT_EQ(planes[0], 90);
  EXPECT_EQ(planes[1], 128);
  EXPECT_EQ(planes[2], 128);
  const std::uint8_t red[3] = {255, 0, 0};
  cpu_ycbcr(red, 1, planes);
  EXPECT_EQ(planes[0], 76);   // 0.299 x 255
  EXPECT_EQ(planes[2], 255);  // 128 + 127.5, clamped
}

TEST(PipelineCpu, NormaliseUsesEachPlanesStatistics) {
  const std::uint8_t planes[6] = {0, 255, 128, 128, 128, 255};  // n = 2
  float out[6];
  cpu_normalise(planes, 2, out);
  EXPECT_NEAR(out[0], (0.0f - 0.45f) / 0.25f, 1e-6);
  EXPECT_NEAR(out[1], (1.0f - 0.45f) / 0.25f, 1e-6);
  EXPECT_NEAR(out[2], (128 / 255.0f - 0.5f) / 0.06f, 1e-5);
  EXPECT_NEAR(out[5], (1.0f - 0.5f) / 0.06f, 1e-5);
}

TEST(PipelineCpu, TheSameIndexDrawsTheSameAugmentationAndOthersDiffer) {
  const AugmentRange r;
  const ImageAugment a = draw_augment(r, 1, 7, 410, 256, 224), b = draw_augment(r, 1, 7, 410, 256, 224);
  const ImageAugment c = draw_augment(r, 1, 8, 410, 256, 224);
  EXPECT_EQ(a.cos_a, b.cos_a);
  EXPECT_EQ(a.centre_x, b.centre_x);
  EXPECT_NE(a.cos_a, c.cos_a);
  EXPECT_LE(std::fabs(a.brightness - 1.0f), r.jitter);
}

TEST(PipelineSettings, RejectsACropLargerThanTheSideAndOutOfRangeValues) {
  PipelineSettings s;
  EXPECT_TRUE(check_settings(s));
  s.crop = s.side + 1;
  EXPECT_NE(check_settings(s).message().find("crop"), std::string::npos);
  s = PipelineSettings{};
  s.augment.jitter = 2.0f;
  EXPECT_FALSE(check_settings(s));
  s = PipelineSettings{};
  s.side = 5;
  EXPECT_FALSE(check_settings(s));
}

TEST(PipelineSettings, ResizeKeepsTheAspectRatio) {
  int w = 0, h = 0;
  resized_size(2560, 1600, 256, &w, &h);
  EXPECT_EQ(w, 410);
  EXPECT_EQ(h, 256);
  resized_size(300, 500, 100, &w, &h);
  EXPECT_EQ(w, 100);
  EXPECT_EQ(h, 167);
}

TEST(PipelinePhoto, AMissingPhotoSaysWhatToDo) {
  std::string bytes;
  const Status s = read_photo_bytes("/nonexistent/photo.jpg", &bytes);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("/nonexistent/photo.jpg"), std::string::npos);
  Picture p;
  EXPECT_FALSE(cpu_decode("/nonexistent/photo.jpg", &p));
}

TEST(PipelineRecording, RoundTripsThroughJson) {
  PipelineRecording r;
  r.run.gpu_available = true;
  r.run.gpu_name = "Test GPU";
  r.timing.photo = "LadyBird.jpg";
  r.timing.width = 2560;
  r.timing.height = 1600;
  r.timing.gpu_measured = true;
  r.timing.gpu_decoded = true;
  double ms = 1.0;
  for (StepTiming& s : r.timing.steps) {
    for (TimingStats* t : {&s.cpu_image, &s.cpu_batch, &s.gpu_image, &s.gpu_batch}) {
      t->median_ms = t->p10_ms = t->p90_ms = (ms += 0.5);
      t->repeats = 3;
    }
    s.difference = ms / 100.0;
  }
  PipelineRecording back;
  ASSERT_TRUE(bench::parse_recording(bench::recording_text(kPipelineRecording, r), kPipelineRecording, &back));
  EXPECT_EQ(back.run.gpu_name, "Test GPU");
  EXPECT_EQ(back.timing.width, 2560);
  for (const Step step : kAllSteps) {
    EXPECT_DOUBLE_EQ(back.timing.at(step).gpu_batch.median_ms, r.timing.at(step).gpu_batch.median_ms);
    EXPECT_DOUBLE_EQ(back.timing.at(step).difference, r.timing.at(step).difference);
  }
  EXPECT_NEAR(back.timing.batch_speedup(), r.timing.batch_speedup(), 1e-12);
  // A GPU run missing a GPU timing is refused, naming the step.
  r.timing.at(Step::resize).gpu_batch = TimingStats{};
  const Status s = bench::parse_recording(bench::recording_text(kPipelineRecording, r), kPipelineRecording, &back);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), "field 'steps[1].gpu_batch': missing");
}

}  // namespace
}  // namespace whygpu::pipeline
