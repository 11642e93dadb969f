// The gzip layer under IDX and weights files: the start of a file, inflated when it is
// gzip-compressed, with a small limit so that bombs show.
#include "compute/cnn/idx_file.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::size_t kLimit = 1 << 20;
  const std::string path = whygpu::fuzz::write_input_file(data, size, "file.gz");
  whygpu::cnn::FileStart start;
  if (whygpu::cnn::read_file_start(path, kLimit, &start))
    whygpu::fuzz::check(start.bytes.size() <= kLimit, "read_file_start keeps to its limit");
  return 0;
}
