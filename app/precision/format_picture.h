#pragma once
// The picture of what each number format keeps: for FP32, TF32, BF16 and FP16 a strip of
// bit boxes (sign, exponent, mantissa, in three colours) holding the student's value
// rounded into that format, with the value it became and the error; then why FP16 needs
// loss scaling: a small gradient that FP16 turns into 0 while BF16 keeps it, and the same
// gradient scaled by 2^16 surviving FP16.
namespace whygpu::app {

// `value` is the number the student typed; `gradient` the small gradient of the second part.
void draw_format_picture(float value, float gradient, float font_scale);

}  // namespace whygpu::app
