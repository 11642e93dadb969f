#pragma once
// The recordings of the GPU panels (`whygpu record`, compute/bench/recording_file.h) as the
// app finds them: one file per part in assets/reference/recorded-gpu/ (found as every
// shipped file is, app/file_locations.h), each read once per process. Panels show a recording only
// where this computer has no NVIDIA GPU, always with run.recorded_label() beside it.
#include <mutex>
#include <string>
#include <string_view>

#include "compute/bench/json.h"
#include "compute/bench/recording_file.h"

namespace whygpu::app {

// The folder the recordings are read from.
std::string recorded_gpu_folder();

// One part, read and parsed on first use. `Parse` turns the document into a T:
//   Status parse(const bench::JsonValue& doc, T* out)
// (the run is read here). Null when the file is missing or malformed; *error says why, in
// words a panel shows where the recording would be: "no recording from a GPU machine
// here (<file>: cannot open: ...)".
template <typename T, Status (*Parse)(const bench::JsonValue&, T*)>
const T* recorded_part(std::string_view part, std::string* error = nullptr) {
  static std::once_flag once;
  static T value;
  static Status status = Status::ok();
  std::call_once(once, [part] {
    bench::JsonValue doc;
    bench::RunInfo run;
    const std::string path = bench::recording_path(recorded_gpu_folder(), part);
    status = bench::load_recording(path, part, &doc, &run);
    if (status) status = Parse(doc, &value).with_context(path);
    if (status) value.run = run;
  });
  if (!status) {
    if (error) *error = "no recording from a GPU machine here (" + status.message() + ")";
    return nullptr;
  }
  return &value;
}

}  // namespace whygpu::app
