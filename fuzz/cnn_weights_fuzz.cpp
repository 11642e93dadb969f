// CNN weights files. The header's CRC-32 is set to match the payload first, so that the
// fuzzer reaches the checks behind it instead of stopping at the checksum.
#include <zlib.h>

#include <cstring>
#include <vector>

#include "compute/cnn/model.h"
#include "compute/cnn/weights_file.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::size_t kHeader = 88, kCrcAt = 80;
  std::vector<std::uint8_t> bytes(data, data + size);
  if (size >= kHeader) {
    const std::uint32_t crc = static_cast<std::uint32_t>(
        crc32(crc32(0L, Z_NULL, 0), bytes.data() + kHeader, static_cast<uInt>(size - kHeader)));
    std::memcpy(bytes.data() + kCrcAt, &crc, sizeof crc);
  }
  const std::string path = whygpu::fuzz::write_input_file(bytes.data(), bytes.size(), "weights.bin");
  std::vector<float> params;
  if (whygpu::cnn::load_weights(path, &params))
    whygpu::fuzz::check(params.size() == std::size_t(whygpu::cnn::kParameterCount),
                        "loaded weights have the network's parameter count");
  return 0;
}
