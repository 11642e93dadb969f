#pragma once
// The data pipeline a training program runs on every photo before the network sees it:
// decode the JPEG, resize it, augment it (rotation, zoom, mirror, crop, colour jitter),
// convert its colours to Y, Cb, Cr planes, and normalise those to floats. This header names
// the steps and their sizes; pipeline_cpu.h runs them on the CPU, pipeline_gpu.h as CUDA
// kernels, pipeline_bench.h times both.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "compute/core/status.h"
#include "compute/pipeline/pipeline_pixels.h"

namespace whygpu::pipeline {

enum class Step { decode, resize, augment, jitter, colour, normalise };
inline constexpr int kSteps = 6;
inline constexpr std::array<Step, kSteps> kAllSteps = {Step::decode, Step::resize, Step::augment,
                                                        Step::jitter, Step::colour, Step::normalise};
const char* step_name(Step step);   // "decode", "resize", ...
const char* step_what(Step step);   // "JPEG to RGB pixels", ...
inline int index_of(Step step) { return static_cast<int>(step); }

// Images per batch in every "per batch" figure.
inline constexpr int kBatch = 256;

struct PipelineSettings {
  int side = 256;   // the resized photo's shorter side
  int crop = 224;   // the square the augmentation cuts out (the network's input)
  AugmentRange augment;
  std::uint32_t seed = 1;  // which random augmentation each image of a batch gets
};

inline constexpr int kMinSide = 16, kMaxSide = 1024;
// Rejects a side or crop out of range, a crop larger than the side, and angles, zooms or
// jitter beyond what still looks like the photo, with a message naming the setting.
Status check_settings(const PipelineSettings& settings);

// The resized photo's size: the shorter side becomes `side`, the aspect ratio kept.
void resized_size(int width, int height, int side, int* out_w, int* out_h);

// An 8-bit picture: `channels` interleaved (RGB) or `planes` stacked (Y, Cb, Cr).
struct Picture {
  int width = 0, height = 0, channels = 3;
  std::vector<std::uint8_t> pixels;
};

// Every step's output for one image (what the panel draws): decoded RGB, resized RGB,
// augmented RGB (crop x crop), jittered RGB, Y/Cb/Cr planes, normalised floats (planes).
struct PipelineImages {
  Picture decoded, resized, augmented, jittered, planes;
  std::vector<float> normalised;  // 3 x crop x crop
  int crop = 0;
};

// Where the photo comes from: a photograph installed with the Debian package
// mate-backgrounds (scripts/setup.sh installs it): "LadyBird.jpg", by Charles Barbin (2008),
// licensed GPL-2+ (the package's copyright file). $WHYGPU_PIPELINE_PHOTO picks another
// JPEG or PNG; it is read at run time and never copied into whygpu.
inline constexpr const char* kPhotoPath = "/usr/share/backgrounds/mate/nature/LadyBird.jpg";
// Its credit, in parts, for a sentence in the interface's language.
struct PhotoCredit {
  const char* title;
  const char* author;
  const char* year;
  const char* licence;
  const char* package;
};
inline constexpr PhotoCredit kPhoto = {"LadyBird", "Charles Barbin", "2008", "GPL-2+", "mate-backgrounds"};
std::string photo_path();  // $WHYGPU_PIPELINE_PHOTO, else kPhotoPath

// Photos larger than this many pixels are refused before decoding (a 64-megapixel camera's).
inline constexpr std::int64_t kMaxPhotoPixels = std::int64_t{64} << 20;

// The photo's file, read into memory (for nvJPEG and the CPU decoder alike); a missing file
// says which package provides it.
Status read_photo_bytes(const std::string& path, std::string* out);

}  // namespace whygpu::pipeline
