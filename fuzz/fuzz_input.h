#pragma once
// What every harness shares: loaders that take a path get the fuzzer's bytes through a
// file, and invariants a harness checks abort with a message libFuzzer records as a crash.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace whygpu::fuzz {

// Writes the input to `name` in a folder of this process (on /dev/shm when there is one,
// removed at exit) and returns the file's path. Each call replaces the previous file.
std::string write_input_file(const std::uint8_t* data, std::size_t size, const std::string& name);

// The folder write_input_file writes into (for loaders that take a folder).
const std::string& input_folder();

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Aborts (a crash to libFuzzer, which saves the input) when `ok` is false.
void check(bool ok, const char* what);

}  // namespace whygpu::fuzz
