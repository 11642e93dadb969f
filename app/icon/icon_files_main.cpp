// whygpu-icons DIR: writes the icon theme files the install puts under share/icons:
// DIR/hicolor/<n>x<n>/apps/whygpu.png for each size desktops ask for, and
// DIR/hicolor/scalable/apps/whygpu.svg. Run at build time (app/CMakeLists.txt).
#include <stb_image_write.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/icon/app_icon.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: whygpu-icons DIR\n");
    return 2;
  }
  const std::filesystem::path root = std::filesystem::path(argv[1]) / "hicolor";
  for (const int size : {16, 24, 32, 48, 64, 128, 256, 512}) {
    const std::string name = std::to_string(size) + "x" + std::to_string(size);
    const std::filesystem::path folder = root / name / "apps";
    std::filesystem::create_directories(folder);
    const std::string path = (folder / "whygpu.png").string();
    if (!stbi_write_png(path.c_str(), size, size, 4, whygpu::app::icon_pixels(size).data(), size * 4)) {
      std::fprintf(stderr, "whygpu-icons: cannot write %s\n", path.c_str());
      return 1;
    }
  }
  std::filesystem::create_directories(root / "scalable/apps");
  std::ofstream svg(root / "scalable/apps/whygpu.svg");
  svg << whygpu::app::icon_svg();
  if (!svg.flush()) {
    std::fprintf(stderr, "whygpu-icons: cannot write %s\n", (root / "scalable/apps/whygpu.svg").c_str());
    return 1;
  }
  return 0;
}
