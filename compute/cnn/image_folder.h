#pragma once
// The user's own data: a folder with one sub-folder per class (at most 10, sorted by
// name; the sub-folder's name is the class name), each holding PNG or JPEG images of any
// size up to 50 megapixels (other formats are refused by name: compute/image/image_file.h). Every image is turned into what the network sees: 28x28 grey,
// light strokes on a dark background like MNIST, the strokes scaled into a 20x20 box and
// centred by their centre of mass (images with a light background are inverted).
#include <cstdint>
#include <string>
#include <vector>

#include "compute/cnn/dataset.h"
#include "compute/core/status.h"

namespace whygpu::cnn {

// Converts a grey image (0 black .. 255 white), with an optional alpha channel
// (transparent pixels count as white paper), into the 784 bytes the network sees.
// A blank image gives all zeros. Also what a UI uses to turn a drawing of any size into
// network input; out must hold kImagePixels bytes.
void to_network_input(const std::uint8_t* grey, const std::uint8_t* alpha, int width, int height,
                      std::uint8_t* out);

// Decodes one image file (compute/image: libpng, libjpeg-turbo) and converts it as above.
Status load_image_file(const std::string& path, std::vector<std::uint8_t>* out);

// Loads a class-per-sub-folder tree. In each class, files sorted by name, every
// `test_every`-th one (the 5th, 10th, ...) goes to the test set, the rest to training.
// Files with other extensions and hidden files are skipped; an image that cannot be
// decoded is an error naming the file.
Status load_image_folder(const std::string& folder, DatasetPair* out, int test_every = 5);

}  // namespace whygpu::cnn
