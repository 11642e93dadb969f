#pragma once
// Whole-file reads and atomic whole-file writes for the small text files whygpu saves
// (recorded timelines, results): a write goes to a temporary file beside the target and is
// renamed over it, so a crash or a full disk never leaves half a file under the real name.
#include <cstddef>
#include <string>
#include <string_view>

#include "compute/core/status.h"

namespace whygpu {

Status write_file_atomically(const std::string& path, std::string_view contents);

// Errors name the file; files larger than `max_bytes` are refused rather than read.
Status read_text_file(const std::string& path, std::string* out, std::size_t max_bytes = std::size_t{256} << 20);

}  // namespace whygpu
