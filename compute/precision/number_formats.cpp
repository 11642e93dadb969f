#include "compute/precision/number_formats.h"

#include <cmath>
#include <cstring>

#include "compute/core/translation_marker.h"

namespace whygpu::precision {
namespace {

constexpr FormatInfo kFormats[] = {
    {"fp32", N_("FP32 (single)"), 8, 23, 32, 3.4028234663852886e38, 1.1754943508222875e-38, 1.401298464324817e-45,
     "The CPU's and CUDA cores' everyday float: 24 significant bits, about 7 decimal digits."},
    {"tf32", N_("TF32 (TensorFloat-32)"), 8, 10, 32, 3.4011621342146535e38, 1.1754943508222875e-38,
     1.1479437019748901e-41,
     "Stored as FP32; the Tensor Cores read only the top 10 mantissa bits: FP32's range, FP16's precision."},
    {"bf16", N_("BF16 (bfloat16)"), 8, 7, 16, 3.3895313892515355e38, 1.1754943508222875e-38, 9.183549615799121e-41,
     "FP32 with the mantissa cut to 7 bits: same range, so gradients never underflow, but only 2-3 digits."},
    {"fp16", N_("FP16 (half)"), 5, 10, 16, 65504.0, 6.103515625e-05, 5.960464477539063e-08,
     "10 mantissa bits but only 5 exponent bits: nothing above 65504, nothing below 6e-8."},
};

std::uint32_t bits_of(float v) {
  std::uint32_t u;
  std::memcpy(&u, &v, 4);
  return u;
}
float float_of(std::uint32_t u) {
  float v;
  std::memcpy(&v, &u, 4);
  return v;
}

// Keeps the top (23 - drop) mantissa bits of a float, rounding to nearest even; NaN and
// infinity pass through, a carry out of the largest finite value gives infinity.
float round_mantissa(float value, int drop) {
  const std::uint32_t u = bits_of(value);
  if ((u & 0x7F800000u) == 0x7F800000u) return value;
  const std::uint32_t half = (1u << (drop - 1)) - 1u;
  const std::uint32_t lsb = (u >> drop) & 1u;
  const std::uint32_t rounded = (u + half + lsb) & ~((1u << drop) - 1u);
  return float_of(rounded);
}

float round_fp16(float value) {
  if (std::isnan(value)) return value;
  const float a = std::fabs(value);
  if (a >= 65520.0f) return std::copysign(INFINITY, value);  // past 65504 + half a step
  float r;
  if (a < 6.103515625e-05f) {
    r = std::nearbyint(a * 16777216.0f) / 16777216.0f;  // subnormals: steps of 2^-24, exact scaling
  } else {
    r = round_mantissa(a, 13);
  }
  return std::copysign(r, value);
}

std::string binary(std::uint32_t value, int bits) {
  std::string s(bits, '0');
  for (int i = 0; i < bits; ++i)
    if (value >> (bits - 1 - i) & 1u) s[i] = '1';
  return s;
}

}  // namespace

const FormatInfo& format_info(Precision p) { return kFormats[static_cast<int>(p)]; }

Status parse_precision(const std::string& text, Precision* out) {
  for (Precision p : kAllPrecisions)
    if (text == format_info(p).key) {
      *out = p;
      return Status::ok();
    }
  return Status::error(
      Wording::sentence(N_("unknown precision '{0}' (use fp32, tf32, bf16 or fp16)"), {text}));
}

Status parse_precisions(const std::string& text, std::vector<Precision>* out) {
  out->clear();
  if (text == "all") {
    out->assign(std::begin(kAllPrecisions), std::end(kAllPrecisions));
    return Status::ok();
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    const std::string word = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    Precision p;
    if (Status s = parse_precision(word, &p); !s) return s;
    out->push_back(p);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return Status::ok();
}

float round_to(Precision p, float value) {
  switch (p) {
    case Precision::fp32: return value;
    case Precision::tf32: return round_mantissa(value, 13);
    case Precision::bf16: return round_mantissa(value, 16);
    case Precision::fp16: return round_fp16(value);
  }
  return value;
}

FormatBits format_bits(Precision p, float value) {
  const float r = round_to(p, value);
  const FormatInfo& f = format_info(p);
  FormatBits out;
  const std::uint32_t u = bits_of(r);
  out.sign = (u >> 31) ? '1' : '0';
  if (p != Precision::fp16) {
    out.exponent = binary((u >> 23) & 0xFFu, 8);
    out.mantissa = binary((u & 0x7FFFFFu) >> (23 - f.mantissa_bits), f.mantissa_bits);
    return out;
  }
  const float a = std::fabs(r);
  std::uint32_t exponent = 0, mantissa = 0;
  if (std::isnan(r)) {
    exponent = 31;
    mantissa = 1u << 9;
  } else if (std::isinf(r)) {
    exponent = 31;
  } else if (a < 6.103515625e-05f) {
    mantissa = static_cast<std::uint32_t>(a * 16777216.0f);  // exact: a is a multiple of 2^-24
  } else {
    const std::uint32_t ua = bits_of(a);
    exponent = ((ua >> 23) & 0xFFu) - 127 + 15;
    mantissa = (ua & 0x7FFFFFu) >> 13;
  }
  out.exponent = binary(exponent, 5);
  out.mantissa = binary(mantissa, 10);
  return out;
}

double relative_rounding_error(Precision p, float value) {
  if (value == 0.0f) return 0.0;
  return std::fabs(static_cast<double>(round_to(p, value)) - value) / std::fabs(static_cast<double>(value));
}

}  // namespace whygpu::precision
