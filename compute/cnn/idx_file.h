#pragma once
// Reader for IDX files (the format of MNIST and Fashion-MNIST): a big-endian header
// (two zero bytes, a type code, the number of dimensions, then each dimension as a
// 32-bit count) followed by the data. Files may be gzip-compressed (recognised by their
// first bytes, not their name). Everything is checked against the header: magic number,
// element type, number of dimensions and the data length the dimensions imply; each
// failure names the file and says what is wrong.
#include <cstdint>
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::cnn {

struct IdxArray {
  std::vector<std::uint32_t> dims;
  std::vector<std::uint8_t> data;  // product of dims bytes
};

// Reads an IDX file of unsigned bytes (type code 0x08) with `expected_dims` dimensions:
// 1 for a labels file (magic 0x00000801), 3 for an images file (0x00000803).
Status read_idx_file(const std::string& path, int expected_dims, IdxArray* out);

// The first `limit` bytes of a file's contents (inflated when it is gzip-compressed),
// never holding more, so a header can be checked before the rest is read and a small file
// that inflates to gigabytes costs no more than `limit`. Opened through open_regular_file
// (compute/core/regular_file.h): a FIFO, a device, a folder or a missing file is refused
// at once, by name.
struct FileStart {
  std::vector<std::uint8_t> bytes;  // at most `limit`
  bool more = false;                // the contents go on past `limit`
  bool gzip = false;
  std::uintmax_t file_bytes = 0;    // the size on disk (when not gzip-compressed)
};
Status read_file_start(const std::string& path, std::size_t limit, FileStart* out);

}  // namespace whygpu::cnn
