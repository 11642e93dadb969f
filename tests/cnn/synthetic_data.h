#pragma once
// Small made-up data sets for quick tests: class k is a bright horizontal bar at a
// class-specific row, with random speckle, so a few dozen steps can learn it.
#include <cstdint>
#include <random>
#include <string>

#include "compute/cnn/dataset.h"

namespace whygpu::cnn::testing {

inline Dataset bar_dataset(int count, int classes, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> noise(0, 60);
  Dataset data;
  data.name = "bars";
  data.count = count;
  data.pixels.resize(static_cast<std::size_t>(count) * kImagePixels);
  for (int c = 0; c < classes; ++c) data.class_names.push_back("bar" + std::to_string(c));
  for (int i = 0; i < count; ++i) {
    const int label = i % classes;
    data.labels.push_back(static_cast<std::uint8_t>(label));
    std::uint8_t* image = data.pixels.data() + static_cast<std::size_t>(i) * kImagePixels;
    for (int p = 0; p < kImagePixels; ++p) image[p] = static_cast<std::uint8_t>(noise(rng));
    const int row = 4 + label * (20 / classes);
    for (int y = row; y < row + 2; ++y)
      for (int x = 4; x < 24; ++x) image[y * kImageSide + x] = 255;
  }
  return data;
}

// Uniformly random pixels and labels (nothing to learn; for agreement checks).
inline Dataset noise_dataset(int count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  Dataset data;
  data.name = "noise";
  data.count = count;
  data.class_names = digit_class_names();
  for (int i = 0; i < count * kImagePixels; ++i) data.pixels.push_back(static_cast<std::uint8_t>(rng() % 256));
  for (int i = 0; i < count; ++i) data.labels.push_back(static_cast<std::uint8_t>(rng() % kClasses));
  return data;
}

}  // namespace whygpu::cnn::testing
