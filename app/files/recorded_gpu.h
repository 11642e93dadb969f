#pragma once
// The recordings of the GPU panels (`whygpu record`, compute/bench/recording_file.h) as the
// app finds them: one file per part in assets/reference/recorded-gpu/ (found as every
// shipped file is, app/files/file_locations.h), each read once per process. Panels show a recording only
// where this computer has no NVIDIA GPU, always with recorded_label(run) (app/i18n/recorded_label.h) beside it.
#include <string>

#include "app/files/recorded_file.h"
#include "app/i18n/translate.h"
#include "compute/bench/recording_file.h"

namespace whygpu::app {

// The folder the recordings are read from.
std::string recorded_gpu_folder();

// One part, read on first use (recorded_file); `kind` is the part's, as its module
// declares it (grid::kGridRecording). Null when the file is missing or malformed; *error
// says why, in words a panel shows where the recording would be: "no recording from a GPU
// machine here (<file>: cannot open: ...)".
template <typename T>
const T* recorded_part(const bench::RecordingKind& kind, std::string* error = nullptr) {
  static const std::string relative = bench::recording_path(bench::kRecordingFolder, kind.part);
  std::string why;
  const T* found = recorded_file<T>(relative.c_str(), kind, &why);
  if (!found && error) *error = fill(tr("no recording from a GPU machine here ({0})"), {why});
  return found;
}

}  // namespace whygpu::app
