#!/usr/bin/env bash
# Issue 14's OpenGL path on the lent GPU server: the GLSL of shaders/ through the NVIDIA
# driver's OpenGL (headless EGL), checked against the CPU, and timed beside the CUDA
# kernels that work the same way on the same GPU, in one run. Builds nothing; about 2
# minutes. Carried (ignored folders):
#   .devcarry   scripts/device-pack.sh build/app/whygpu build/tests/glcompute/ui_glcompute_tests
#               build/tests/glcompute/cpu_glcompute_tests
#   .gl         the GL dispatch .debs (libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
# Output under $OUT: stdout.log (everything worth reading), h100-opengl.json (the
# recording for assets/reference/), app.log, and two screenshots.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-shaders

step machine
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
install_gl_dispatch
# glvnd finds the NVIDIA EGL vendor through its .json; where the image keeps it apart, say where.
vendor=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
if [[ -f $vendor ]] && ! ls /usr/share/glvnd/egl_vendor.d/*nvidia*.json /etc/glvnd/egl_vendor.d/*nvidia*.json >/dev/null 2>&1; then
  export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor
  echo "__EGL_VENDOR_LIBRARY_FILENAMES=$vendor"
fi

# The shaders against the CPU at odd sizes, and the renderer named and not software.
step "cpu_glcompute_tests"
run 60 "$bin/cpu_glcompute_tests" --gtest_brief=1
step "ui_glcompute_tests on the NVIDIA driver's OpenGL (must not be software)"
run 180 env WHYGPU_EXPECT_GL=hardware "$bin/ui_glcompute_tests"

# The shaders beside CUDA in one run, written as the recording the lessons show on
# machines without an NVIDIA GPU; the ratio lines (shader / CUDA peer) go to this log.
step "whygpu bench opengl: vector add and matmul, shaders beside CUDA and the CPU"
run 240 "$bin/whygpu" bench opengl all --repeats 10 --budget 1 --quiet --json --output "$out/h100-opengl.json"

# The lessons live on the GPU: the history page's race and the ladder with OpenGL on.
step "the history race and the ladder with OpenGL, headless on the GPU"
mkdir -p "$out/out/shaders"
for script in gl_vs_cuda ladder_with_opengl; do
  timeout 300 env -C "$out" "$bin/whygpu" --headless --size 1920x1080 --lessons "$repo/lessons" --export-dir out/shaders \
      --script "$repo/tests/app/$script.script" >> "$out/app.log" 2>&1 || { echo "FAILED ($?): $script"; status=1; }
done
grep -v "slow frame" "$out/app.log" | tail -30
mv "$out"/out/shaders/*.png "$out"/ 2>/dev/null
echo "shaders_run: exit status $status"
exit $status
