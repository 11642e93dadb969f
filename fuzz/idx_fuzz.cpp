// IDX files (MNIST's format), raw or gzip-compressed: labels (1 dimension) and images (3).
#include "compute/cnn/idx_file.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = whygpu::fuzz::write_input_file(data, size, "train-images-idx3-ubyte");
  for (int dims : {1, 3}) {
    whygpu::cnn::IdxArray array;
    if (whygpu::cnn::read_idx_file(path, dims, &array)) {
      std::size_t product = 1;
      for (std::uint32_t d : array.dims) product *= d;
      whygpu::fuzz::check(array.dims.size() == std::size_t(dims) && array.data.size() == product,
                          "an IDX file read without error holds what its header says");
    }
  }
  return 0;
}
