#pragma once
// The four number formats a training step can run its matrix products in, what each
// keeps of a float (sign, exponent and mantissa bits), and rounding a value into each
// exactly as the GPU's conversions do (round to nearest, ties to even; FP16 with
// subnormals and overflow to infinity). The mixed-precision panel draws these, and the
// tests use them to emulate the GPU's rounding on the CPU.
#include <cstdint>
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::precision {

enum class Precision { fp32, tf32, bf16, fp16 };
inline constexpr Precision kAllPrecisions[] = {Precision::fp32, Precision::tf32, Precision::bf16, Precision::fp16};

struct FormatInfo {
  const char* key;    // "bf16": for --precision and files
  const char* label;  // "BF16 (bfloat16)", marked N_() for the interface to translate
  int exponent_bits;
  int mantissa_bits;  // stored fraction bits (the leading 1 is implied)
  int storage_bits;   // bits one value takes in memory during the step
  double largest;     // largest finite value
  double smallest_normal;
  double smallest_subnormal;
  const char* about;  // one sentence
};

const FormatInfo& format_info(Precision p);
// "fp32" -> Precision::fp32; an error lists the accepted words.
Status parse_precision(const std::string& text, Precision* out);
// A comma-separated list ("fp32,bf16", or "all").
Status parse_precisions(const std::string& text, std::vector<Precision>* out);

// The nearest value the format can hold (ties to even), as a float: what the GPU's
// __float2bfloat16_rn / __float2half_rn give back, or what TF32 keeps of an input.
float round_to(Precision p, float value);

// A value as the format stores it: the sign bit, the exponent field and the mantissa
// field, each as a string of '0'/'1' (most significant first).
struct FormatBits {
  char sign = '0';
  std::string exponent;
  std::string mantissa;
};
FormatBits format_bits(Precision p, float value);  // value is rounded first

// Relative rounding error |round_to(p, v) - v| / |v| (0 for v == 0).
double relative_rounding_error(Precision p, float value);

}  // namespace whygpu::precision
