#pragma once
// Saved weights: a versioned header (magic, format version, the network's signature,
// parameter count, CRC-32 of the payload) followed by the parameters as little-endian
// float32 in model.h's flat order. Saving goes through write_file_atomically
// (compute/core/text_file.h). Loading opens the file through read_file_start (idx_file.h:
// a FIFO, a device or a folder is refused at once), checks the whole header first
// (reserved bytes included) and reads no more than the size it implies; it refuses
// anything damaged, truncated, too long or made for another network, naming the file and
// saying why.
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::cnn {

inline constexpr int kWeightsFormatVersion = 1;

Status save_weights(const std::string& path, const std::vector<float>& params);
Status load_weights(const std::string& path, std::vector<float>* params);

}  // namespace whygpu::cnn
