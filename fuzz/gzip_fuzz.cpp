// The gzip layer under IDX and weights files, with a small limit so that bombs show.
#include "compute/cnn/idx_file.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::size_t kLimit = 1 << 20;
  const std::string path = whygpu::fuzz::write_input_file(data, size, "file.gz");
  std::vector<std::uint8_t> bytes;
  if (whygpu::cnn::read_maybe_gzipped_file(path, &bytes, kLimit))
    whygpu::fuzz::check(bytes.size() <= kLimit, "read_maybe_gzipped_file keeps to its limit");
  return 0;
}
