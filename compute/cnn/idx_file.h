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

// The bytes of a file, inflated when it is gzip-compressed. Refuses more than
// `max_bytes` of inflated data (a damaged or hostile file could claim gigabytes).
Status read_maybe_gzipped_file(const std::string& path, std::vector<std::uint8_t>* out,
                               std::size_t max_bytes);

}  // namespace whygpu::cnn
