#pragma once
// Writing image folders in the layout "your own data" reads (one sub-folder per class):
// an example made from test images, so a student sees the format and the conversion at
// work before using photos of their own, and single drawings saved into a class.
#include <cstdint>
#include <string>

#include "compute/cnn/dataset.h"
#include "compute/core/status.h"

namespace whygpu::app::cnn_ui {

// $HOME/whygpu-images (the current folder when HOME is unset).
std::string default_image_folder();

// Writes `per_class` images of each class of `data` into folder/<class name>/ as PNG
// files the way a scan would look: dark ink on white paper, three times the size.
// Class names that are not valid folder names are made safe ("T-shirt/top" -> "T-shirt-top").
Status write_example_folder(const cnn::Dataset& data, const std::string& folder, int per_class, int* written);

}  // namespace whygpu::app::cnn_ui
