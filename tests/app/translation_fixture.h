#pragma once
// tests/app/translations/: one lesson and one demo with good translations (fr, it,
// zh-Hans; zh-Hant made by scripts/opencc-zh-hant.sh), copied into a temporary folder
// where a test may break one file at a time.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/cnn/temp_dir.h"

namespace whygpu::app::testing {

inline std::string translation_fixture_source() { return std::string(WHYGPU_SOURCE_DIR) + "/tests/app/translations"; }

class TranslationFixture {
 public:
  TranslationFixture() {
    std::filesystem::copy(translation_fixture_source(), dir_.path(), std::filesystem::copy_options::recursive);
  }
  const std::string& folder() const { return dir_.path(); }
  std::string lesson(const std::string& language = "") const { return file("01-basics/01-lanes", language, ".lesson"); }
  std::string script(const std::string& language = "") const { return file("demos/01-lanes", language, ".script"); }

  static std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  static void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }
  // Replaces the first `from` in the file with `to`; false when it is not there.
  static bool edit(const std::string& path, const std::string& from, const std::string& to) {
    std::string text = read(path);
    const auto at = text.find(from);
    if (at == std::string::npos) return false;
    write(path, text.replace(at, from.size(), to));
    return true;
  }

 private:
  std::string file(const std::string& stem, const std::string& language, const std::string& extension) const {
    return dir_.file(stem + (language.empty() ? "" : "." + language) + extension);
  }
  cnn::testing::TempDir dir_;
};

}  // namespace whygpu::app::testing
