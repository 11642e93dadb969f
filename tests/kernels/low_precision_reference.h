#pragma once
// Host rounding of FP32 values to BF16 and FP16 (round to nearest, ties to even), as the
// GPU's __float2bfloat16_rn and __float2half_rn do, so that the float64 reference of a
// 16-bit product can start from exactly the inputs the Tensor Cores multiplied.
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace whygpu::kernels::testing {

inline float round_to_bf16(float x) {
  std::uint32_t u = 0;
  std::memcpy(&u, &x, sizeof u);
  u += 0x7FFFu + ((u >> 16) & 1u);  // inputs here are finite: no NaN special case
  u &= 0xFFFF0000u;
  float r = 0.0f;
  std::memcpy(&r, &u, sizeof r);
  return r;
}

inline float round_to_fp16(float x) { return static_cast<float>(static_cast<_Float16>(x)); }

// `precision` is "fp16" or "bf16".
inline std::vector<float> rounded(const std::vector<float>& v, std::string_view precision) {
  std::vector<float> r(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    r[i] = precision == "fp16" ? round_to_fp16(v[i]) : round_to_bf16(v[i]);
  return r;
}

}  // namespace whygpu::kernels::testing
