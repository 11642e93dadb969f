#include "app/cnn/own_images.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "app/i18n/translate.h"
#include "app/shell/png_file.h"

namespace whygpu::app::cnn_ui {
namespace fs = std::filesystem;
namespace {

constexpr int kExampleScale = 3;

std::string safe_name(const std::string& name) {
  std::string out;
  for (char c : name) out += (c == '/' || c == '\\' || c == ':' || c == '\0') ? '-' : c;
  if (out.empty() || out == "." || out == "..") out = "class";
  return out;
}

Status write_png(const fs::path& path, const std::vector<std::uint8_t>& grey, int width, int height) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec)
    return Status::error(Wording::sentence(N_("{0}: cannot create the folder ({1})"),
                                           {path.parent_path().string(), ec.message()}));
  return save_png(path.string(), width, height, 1, grey.data(), width);
}

}  // namespace

std::string default_image_folder() {
  const char* home = std::getenv("HOME");
  return (home && *home ? std::string(home) : std::string(".")) + "/whygpu-images";
}

Status write_example_folder(const cnn::Dataset& data, const std::string& folder, int per_class, int* written) {
  *written = 0;
  if (folder.empty()) return Status::error(tr("no folder given"));
  if (per_class <= 0) return Status::error(tr("at least one image per class"));
  const int side = cnn::kImageSide * kExampleScale;
  std::vector<int> done(data.class_names.size(), 0);
  std::vector<std::uint8_t> picture(static_cast<std::size_t>(side) * side);
  for (int i = 0; i < data.count; ++i) {
    const int label = data.labels[i];
    if (done[label] >= per_class) continue;
    const std::uint8_t* image = data.image(i);
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x)
        picture[static_cast<std::size_t>(y) * side + x] =
            static_cast<std::uint8_t>(255 - image[(y / kExampleScale) * cnn::kImageSide + x / kExampleScale]);
    const fs::path path = fs::path(folder) / safe_name(data.class_names[label]) /
                          ("example-" + std::to_string(done[label] + 1) + ".png");
    if (Status s = write_png(path, picture, side, side); !s) return s;
    ++done[label];
    ++*written;
  }
  return Status::ok();
}

}  // namespace whygpu::app::cnn_ui
