#pragma once
// The pipeline's steps on one CPU core: the reference the kernels are checked against and
// the CPU side of every timing. Each batch function runs the step on kBatch images (image i
// gets draw_augment(..., i)); the single-image functions are image 0 of a batch.
#include <string>

#include "compute/core/status.h"
#include "compute/image/image_file.h"
#include "compute/pipeline/pipeline.h"

namespace whygpu::pipeline {

// Decoding through compute/image (libjpeg-turbo for JPEG): the file read and decoded to RGB.
Status cpu_decode(const std::string& path, Picture* out);

// src: w x h RGB; dst: out_w x out_h RGB.
void cpu_resize(const std::uint8_t* src, int w, int h, std::uint8_t* dst, int out_w, int out_h);
// src: w x h RGB; dst: crop x crop RGB, image `index`'s transform.
void cpu_augment(const std::uint8_t* src, int w, int h, const PipelineSettings& s, int index, std::uint8_t* dst);
// In and out: crop x crop RGB, image `index`'s jitter (its transform drawn for a w x h source).
void cpu_jitter(const std::uint8_t* src, int w, int h, const PipelineSettings& s, int index, std::uint8_t* dst);
// In: n RGB pixels; out: three planes of n bytes (Y, then Cb, then Cr).
void cpu_ycbcr(const std::uint8_t* src, std::size_t n, std::uint8_t* planes);
// In: three planes of n bytes; out: three planes of n floats.
void cpu_normalise(const std::uint8_t* planes, std::size_t n, float* out);

// Every step for image `index` of a batch, from decoded pixels (the panel's pictures).
void cpu_pipeline_images(const Picture& decoded, const PipelineSettings& s, int index, PipelineImages* out);

}  // namespace whygpu::pipeline
