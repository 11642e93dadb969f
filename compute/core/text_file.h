#pragma once
// Whole-file reads, and the one atomic whole-file write every save in whygpu goes through
// (weights, models, settings, exports, screenshots, imgui.ini, recordings): the bytes go
// to a new temporary file beside the target, are flushed to the disk (fsync), and the
// file is renamed over the target, then the folder is flushed. A crash, a power cut or a
// full disk leaves the old file or the new one, never half of one.
#include <cstddef>
#include <string>
#include <string_view>

#include "compute/core/status.h"

namespace whygpu {

// Text or binary: `contents` is written byte for byte.
Status write_file_atomically(const std::string& path, std::string_view contents);

// Errors name the file; folders, and files larger than `max_bytes`, are refused rather than read.
Status read_text_file(const std::string& path, std::string* out, std::size_t max_bytes = std::size_t{256} << 20);

}  // namespace whygpu
