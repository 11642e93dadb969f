#pragma once
// Saved weights: a versioned header (magic, format version, the network's signature,
// parameter count, CRC-32 of the payload) followed by the parameters as little-endian
// float32 in model.h's flat order. Saving writes a temporary file beside the target and
// renames it over the target, so a crash never leaves half a file under the real name.
// Loading refuses anything damaged, truncated or made for another network, saying why.
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::cnn {

inline constexpr int kWeightsFormatVersion = 1;

Status save_weights(const std::string& path, const std::vector<float>& params);
Status load_weights(const std::string& path, std::vector<float>* params);

}  // namespace whygpu::cnn
