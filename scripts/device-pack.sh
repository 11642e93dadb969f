#!/usr/bin/env bash
# Packs binaries built here for a run on the lent GPU server (Ubuntu 24.04, CUDA, no
# package access): copies them to .devcarry/bin and the shared libraries they need that
# such a server lacks (GLFW, stb, ...) to .devcarry/lib. The server has OpenBLAS; the driver's own
# libraries (libcuda, GL/EGL vendor), glibc and the CUDA toolkit stay behind. It has no
# fonts either, so the app's DejaVu fonts go to .devcarry/fonts.
# On the server:  export LD_LIBRARY_PATH=$PWD/.devcarry/lib:/usr/local/cuda/lib64
#                 export WHYGPU_FONT_DIR=$PWD/.devcarry/fonts
# Usage: scripts/device-pack.sh build/app/whygpu build/tests/gpu_*_tests ...
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .devcarry/bin .devcarry/lib .devcarry/fonts
fonts=/usr/share/fonts/truetype/dejavu
cp -f "$fonts"/DejaVuSans.ttf "$fonts"/DejaVuSans-Oblique.ttf "$fonts"/DejaVuSans-Bold.ttf \
  "$fonts"/DejaVuSansMono.ttf .devcarry/fonts/
skip='^(libopenblas|libgfortran|libquadmath|libc|libm|libpthread|libdl|librt|ld-linux-x86-64|libstdc\+\+|libgcc_s|libcuda|libcublas|libcublasLt|libnvrtc|libGL|libEGL|libGLX|libGLdispatch|libOpenGL|libGLESv2|linux-vdso)\.'
for bin in "$@"; do
  cp -f "$bin" .devcarry/bin/
  ldd "$bin" | awk '/=> \//{print $1, $3}' | while read -r name path; do
    [[ "$name" =~ $skip ]] && continue
    cp -fL "$path" ".devcarry/lib/$name"
  done
done
du -sh .devcarry
