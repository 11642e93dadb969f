#!/usr/bin/env bash
# The panels whose layout changed for the projector on 2026-11-28 (issue 28), live on the
# lent GPU server at 1280x720, text x2, in the presenting layout with a caption, each after
# its own measurement: the dense layer's timings, the gl-vs-cuda race, the mixed-precision
# race, the inference batches, the occupancy table of a live launch, the framework's kernel
# lists, and data parallelism on this machine's GPUs (transfer learning trains on the CPU:
# checked without a GPU). Builds nothing;
# about three minutes. Carried: .devcarry (scripts/device-pack.sh build/app/whygpu), .gl,
# data/mnist. Output: $OUT/projector-panels.tar.gz (screenshots, log).
#   tests/device/projector_panels_run.sh [LANGUAGE]     (default en)
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-projector-panels
language=${1:-en}
step machine
date -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
install_gl_dispatch
cat > "$out/pages.script" <<'SCRIPT'
presenter on
font-scale 2
lesson dense-layer
predict skip
wait-idle dense-layer 60
press dense-layer run
wait-idle dense-layer 120
caption "Three kernels against one fused kernel, timed on this GPU."
wait-key dense-layer
screenshot dense-layer.png
lesson history
predict skip
wait-idle gl-vs-cuda 60
press gl-vs-cuda run
wait-idle gl-vs-cuda 180
caption "A 2001 graphics shader against a 2006 CUDA kernel, on one GPU."
wait-key gl-vs-cuda
screenshot gl-vs-cuda.png
lesson mixed-precision
predict skip
wait-idle mixed-precision 60
press mixed-precision race
wait-idle mixed-precision 240
caption "Four number formats, the same network: images per second and accuracy."
wait-key mixed-precision
screenshot mixed-precision.png
lesson inference-batch
predict skip
wait-idle inference-batch 60
press inference-batch run
wait-idle inference-batch 240
caption "Bigger batches: more images per second, a longer wait for each."
wait-key inference-batch
screenshot inference-batch.png
lesson occupancy
predict skip
wait-idle thread-grid 60
caption "What one block needs, what one SM has: how many blocks fit."
wait-key thread-grid
screenshot occupancy.png
lesson framework-kernels
predict skip
wait-idle framework-kernels 60
caption "One training step, kernel by kernel: ours and PyTorch's."
wait-key framework-kernels
screenshot framework-kernels.png
lesson data-parallel
predict skip
wait-idle data-parallel 60
press data-parallel run
wait-idle data-parallel 240
caption "The same step on every GPU of this machine: compute and all-reduce."
wait-key data-parallel
screenshot data-parallel.png
quit
SCRIPT
play_pages "$language" 560 projector-panels.tar.gz
step done
exit $status
