// One image file of the CNN's "own folder" (any format the decoder takes).
#include "compute/cnn/image_folder.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = whygpu::fuzz::write_input_file(data, size, "image");
  std::vector<std::uint8_t> pixels;
  if (whygpu::cnn::load_image_file(path, &pixels))
    whygpu::fuzz::check(pixels.size() == whygpu::cnn::kImagePixels, "a decoded image becomes 28x28");
  return 0;
}
