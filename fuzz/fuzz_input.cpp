#include "fuzz/fuzz_input.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace whygpu::fuzz {
namespace {

namespace fs = std::filesystem;

std::string make_folder() {
  std::error_code ec;
  std::string base = fs::is_directory("/dev/shm", ec) ? "/dev/shm" : fs::temp_directory_path().string();
  std::string pattern = base + "/whygpu-fuzz-XXXXXX";
  if (!::mkdtemp(pattern.data())) {
    std::perror("whygpu fuzz: mkdtemp");
    std::abort();
  }
  static const std::string folder = pattern;  // removed with what is in it when the fuzzer exits
  std::atexit([] {
    std::error_code ignored;
    fs::remove_all(folder, ignored);
  });
  return pattern;
}

}  // namespace

const std::string& input_folder() {
  static const std::string folder = make_folder();
  return folder;
}

std::string write_input_file(const std::uint8_t* data, std::size_t size, const std::string& name) {
  const std::string path = input_folder() + "/" + name;
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  if (!file) {
    std::fprintf(stderr, "whygpu fuzz: cannot write %s\n", path.c_str());
    std::abort();
  }
  return path;
}

void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "whygpu fuzz: invariant broken: %s\n", what);
  std::abort();
}

}  // namespace whygpu::fuzz
