// What each format keeps of a float, and the wide network's shape.
#include "compute/precision/number_formats.h"

#include <gtest/gtest.h>

#include <cmath>

#include "compute/cnn/model.h"
#include "compute/precision/precision_recording.h"
#include "compute/precision/wide_model.h"

namespace whygpu::precision {
namespace {

TEST(NumberFormats, RoundToNearestEven) {
  EXPECT_EQ(round_to(Precision::fp32, 0.1f), 0.1f);
  // 1 + 2^-8 lies halfway between BF16's 1 and 1 + 2^-7: ties go to the even one (1).
  EXPECT_EQ(round_to(Precision::bf16, 1.0f + std::ldexp(1.0f, -8)), 1.0f);
  EXPECT_EQ(round_to(Precision::bf16, 1.0f + 3 * std::ldexp(1.0f, -8)), 1.0f + std::ldexp(1.0f, -6));
  EXPECT_EQ(round_to(Precision::bf16, 3.14159265f), 3.140625f);
  EXPECT_EQ(round_to(Precision::tf32, 3.14159265f), 3.140625f);  // 10 bits: 3.1416015625 would need 11
  EXPECT_EQ(round_to(Precision::fp16, 3.14159265f), 3.140625f);
  EXPECT_EQ(round_to(Precision::tf32, 1.0f + std::ldexp(1.0f, -11)), 1.0f);
  EXPECT_EQ(round_to(Precision::tf32, 1.0f + 3 * std::ldexp(1.0f, -11)), 1.0f + std::ldexp(1.0f, -9));
  EXPECT_EQ(round_to(Precision::bf16, -2.0f), -2.0f);
}

TEST(NumberFormats, Fp16RangeSubnormalsAndOverflow) {
  EXPECT_EQ(round_to(Precision::fp16, 65504.0f), 65504.0f);
  EXPECT_EQ(round_to(Precision::fp16, 65519.0f), 65504.0f);
  EXPECT_TRUE(std::isinf(round_to(Precision::fp16, 65520.0f)));
  EXPECT_TRUE(std::isinf(round_to(Precision::fp16, -1e6f)) && round_to(Precision::fp16, -1e6f) < 0);
  const float smallest = std::ldexp(1.0f, -24);
  EXPECT_EQ(round_to(Precision::fp16, smallest), smallest);
  EXPECT_EQ(round_to(Precision::fp16, 3e-8f), smallest);                       // above half the smallest
  EXPECT_EQ(round_to(Precision::fp16, std::ldexp(1.0f, -25)), 0.0f);          // exactly half: to even (0)
  EXPECT_EQ(round_to(Precision::fp16, 1e-8f), 0.0f);                          // a gradient that vanishes
  EXPECT_EQ(round_to(Precision::fp16, 3 * smallest + smallest / 4), 3 * smallest);
  EXPECT_GT(round_to(Precision::bf16, 1e-8f), 0.0f);                          // BF16 keeps it
  EXPECT_NEAR(round_to(Precision::bf16, 1e-8f), 1e-8f, 1e-8f * 0.004f);
  EXPECT_GT(round_to(Precision::fp16, 1e-8f * 65536.0f), 0.0f) << "scaled by 2^16 it survives";
  EXPECT_TRUE(std::isnan(round_to(Precision::fp16, NAN)));
  EXPECT_TRUE(std::isnan(round_to(Precision::bf16, NAN)));
}

TEST(NumberFormats, BitsOfEachFormat) {
  const FormatBits one = format_bits(Precision::fp16, 1.0f);
  EXPECT_EQ(one.sign, '0');
  EXPECT_EQ(one.exponent, "01111");
  EXPECT_EQ(one.mantissa, "0000000000");
  const FormatBits minus_pi = format_bits(Precision::bf16, -3.14159265f);
  EXPECT_EQ(minus_pi.sign, '1');
  EXPECT_EQ(minus_pi.exponent, "10000000");
  EXPECT_EQ(minus_pi.mantissa, "1001001");
  const FormatBits sub = format_bits(Precision::fp16, std::ldexp(3.0f, -24));
  EXPECT_EQ(sub.exponent, "00000");
  EXPECT_EQ(sub.mantissa, "0000000011");
  EXPECT_EQ(format_bits(Precision::fp16, 1e9f).exponent, "11111");
  EXPECT_EQ(format_bits(Precision::fp32, 1.0f).mantissa.size(), 23u);
  EXPECT_EQ(format_bits(Precision::tf32, 1.0f).mantissa.size(), 10u);
  for (Precision p : kAllPrecisions) {
    const FormatInfo& f = format_info(p);
    EXPECT_EQ(format_bits(p, 0.5f).exponent.size(), static_cast<std::size_t>(f.exponent_bits));
    EXPECT_EQ(round_to(p, static_cast<float>(f.largest)), static_cast<float>(f.largest)) << f.key;
    EXPECT_EQ(round_to(p, static_cast<float>(f.smallest_normal)), static_cast<float>(f.smallest_normal)) << f.key;
    EXPECT_LT(relative_rounding_error(p, 0.1f), std::ldexp(1.0, -f.mantissa_bits)) << f.key;
  }
}

TEST(NumberFormats, ParsesNamesAndLists) {
  Precision p;
  EXPECT_TRUE(parse_precision("bf16", &p).is_ok());
  EXPECT_EQ(p, Precision::bf16);
  const Status bad = parse_precision("fp8", &p);
  ASSERT_FALSE(bad.is_ok());
  EXPECT_NE(bad.message().find("fp32, tf32, bf16 or fp16"), std::string::npos);
  std::vector<Precision> list;
  EXPECT_TRUE(parse_precisions("fp32,fp16", &list).is_ok());
  EXPECT_EQ(list, (std::vector<Precision>{Precision::fp32, Precision::fp16}));
  EXPECT_TRUE(parse_precisions("all", &list).is_ok());
  EXPECT_EQ(list.size(), 4u);
  EXPECT_FALSE(parse_precisions("fp32,", &list).is_ok());
}

TEST(WideModel, WidthOneIsTheCurriculumNetwork) {
  WideShape s;
  ASSERT_TRUE(wide_shape(1, &s).is_ok());
  EXPECT_EQ(s.parameter_count, cnn::kParameterCount);
  for (int b = 0; b < cnn::kParamBlockCount; ++b) {
    EXPECT_EQ(s.blocks[b].offset, cnn::kParamBlocks[b].offset);
    EXPECT_EQ(s.blocks[b].count, cnn::kParamBlocks[b].count);
  }
  EXPECT_EQ(wide_initial_parameters(s, 42), cnn::initial_parameters(42));
  WideShape w4;
  ASSERT_TRUE(wide_shape(4, &w4).is_ok());
  EXPECT_EQ(w4.conv2.patch(), 128 * 9);
  EXPECT_EQ(w4.flatten, 2304);
  EXPECT_EQ(w4.parameter_count, 1280 + 295168 + 590080 + 147520 + 650);
  EXPECT_NEAR(w4.step_flop_per_image() / s.step_flop_per_image(), 15.0, 1.5) << "conv2 grows with the square";
  EXPECT_FALSE(wide_shape(0, &s).is_ok());
  EXPECT_FALSE(wide_shape(kMaxWidth + 1, &s).is_ok());
  EXPECT_NE(w4.describe().english().find("128/256/256"), std::string::npos);
}

TEST(PrecisionRecording, RoundTripsAndRefusesOthers) {
  PrecisionRecording r;
  r.run.gpu_available = true;
  r.run.gpu_name = "Test GPU";
  r.data = "digits";
  r.timings.push_back({Precision::fp32, 1, 64, 0.2, 0.19, 1.07});
  r.timings.push_back({Precision::bf16, 4, 64, 0.3, 0.29, 16.0});
  r.accuracy.push_back({Precision::fp16, 1, 2, 5, 0.975, 0.3, 1, 32768});
  r.accuracy.push_back({Precision::fp16, 1, 3, 5, 0.965, 0.3, 0, 65536});
  PrecisionRecording back;
  const Status s = bench::parse_recording(bench::recording_text(kPrecisionRecording, r), kPrecisionRecording, &back);
  ASSERT_TRUE(s.is_ok()) << s.message();
  ASSERT_EQ(back.timings.size(), 2u);
  EXPECT_EQ(back.timings[1].precision, Precision::bf16);
  EXPECT_EQ(back.timings[1].width, 4);
  EXPECT_NEAR(back.timings[1].tflops(), 16.0 / 0.3, 1e-9);
  EXPECT_NEAR(mean_accuracy(back, Precision::fp16, 1), 0.97, 1e-12);
  EXPECT_TRUE(std::isnan(mean_accuracy(back, Precision::bf16, 1)));
  EXPECT_EQ(find_timing(back, Precision::fp32, 1)->batch, 64);
  EXPECT_EQ(find_timing(back, Precision::fp32, 4), nullptr);
  EXPECT_EQ(back.accuracy[0].skipped_steps, 1);
  EXPECT_FALSE(bench::parse_recording("{\"format\": \"whygpu-bench\"}", kPrecisionRecording, &back).is_ok());
  EXPECT_FALSE(
      bench::parse_recording("{\"format\": \"whygpu-precision\", \"timings\": [{\"precision\": \"fp8\"}]}", kPrecisionRecording, &back)
          .is_ok());
}

}  // namespace
}  // namespace whygpu::precision
