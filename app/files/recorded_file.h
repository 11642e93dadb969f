#pragma once
// A recording shipped with whygpu (assets/reference/...), loaded the first time a
// panel asks and kept for the process: panels that show recorded runs on machines without
// a GPU each keep one of these per file format.
#include <optional>
#include <string>

#include "app/i18n/translate.h"
#include "app/files/file_locations.h"
#include "compute/bench/recording_file.h"
#include "compute/core/status.h"

namespace whygpu::app {

// `relative` is the file as shipped (app/files/file_locations.h), a recording of `kind`
// (compute/bench/recording_file.h). nullptr when it could not be read, with the reason in
// *error, in the interface's language of the moment (the file is read once; the reason is
// put in words at each call, so a language switch reaches it).
template <class T>
const T* recorded_file(const char* relative, const bench::RecordingKind& kind, std::string* error) {
  static const auto loaded = [&] {
    std::pair<std::optional<T>, Status> r{std::nullopt, Status::ok()};
    T value;
    r.second = bench::load_recording(shipped_path(relative), kind, &value);
    if (r.second) r.first = std::move(value);
    return r;
  }();
  if (!loaded.first && error) *error = translated(loaded.second);
  return loaded.first ? &*loaded.first : nullptr;
}

}  // namespace whygpu::app
