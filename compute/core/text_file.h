#pragma once
// Whole-file reads, and the one atomic whole-file write every save in whygpu goes through
// (weights, models, settings, exports, screenshots, imgui.ini, recordings).
//
// read_text_file(path, out, max_bytes)
//   Opens through open_regular_file (compute/core/regular_file.h): never blocks, refuses
//   anything but a regular file (a FIFO, a device, a folder, a socket), naming the file.
//   A file larger than `max_bytes` is refused from its size before a byte is read, and
//   again if it grows past the limit while it is read. *out is changed only on success.
//
// write_file_atomically(path, contents)
//   - The target must be a regular file or not exist. A symbolic link, a FIFO, a device,
//     a socket or a folder at `path` is refused ("PATH: is a symbolic link; a save
//     replaces only a regular file, so it was left as it is") and left untouched, and so
//     is whatever a link points at. (lstat, so a link is seen as a link. A target swapped
//     after this check is still only replaced by rename, never written through.)
//   - The bytes go to a new temporary file beside the target, ".NAME.whygpu-tmp-XXXXXX"
//     (mkstemp's six characters), are flushed to the disk (fsync), and the temporary is
//     renamed over the target; then the folder is flushed. A crash, a power cut or a full
//     disk leaves the old file or the new one, never half of one. A failed save removes
//     its temporary; a killed one leaves it for remove_stale_save_temporaries.
//   - The new file has the old file's permission bits (a 0600 file stays 0600); a file
//     that did not exist is made 0644.
//
// remove_stale_save_temporaries(folder, older_than)
//   Removes from `folder` (not its subfolders) the temporaries of saves that never
//   finished: regular files of this process's user named ".NAME.whygpu-tmp-XXXXXX" and
//   last changed more than `older_than` ago (a younger one may be another whygpu's save
//   under way). Nothing else is touched: no other name, no link or folder of that name.
//   Returns how many were removed; a missing folder removes none. The app calls it at
//   start over the folders it saves into.
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

#include "compute/core/status.h"

namespace whygpu {

// Text or binary: `contents` is written byte for byte.
Status write_file_atomically(const std::string& path, std::string_view contents);

Status read_text_file(const std::string& path, std::string* out, std::size_t max_bytes = std::size_t{256} << 20);

int remove_stale_save_temporaries(const std::string& folder,
                                  std::chrono::seconds older_than = std::chrono::minutes(1));

}  // namespace whygpu
