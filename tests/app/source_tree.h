#pragma once
// Where UI tests find the checkout's lessons and demos: WHYGPU_SOURCE_DIR when set (the
// tests run on a GPU server from a carried tree), else the checkout the tests were built
// from.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace whygpu::app::source_tree {

inline std::string lessons_folder() {
  const char* source = std::getenv("WHYGPU_SOURCE_DIR");
  return std::string(source && *source ? source : WHYGPU_SOURCE_DIR) + "/lessons";
}

// Every demo script (translations included), in name order.
inline std::vector<std::string> demo_files() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(lessons_folder() + "/demos"))
    if (entry.path().extension() == ".script") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace whygpu::app::source_tree
