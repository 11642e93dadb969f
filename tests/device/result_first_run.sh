#!/usr/bin/env bash
# The panels that show their result before their controls (issue 28), live on the lent
# GPU server at a projector's 1280x720, text x2, in the presenting layout with a caption:
# the CNN trainer (curves while it trains on the GPU), the feature maps (the input beside
# the first layer's filters, drawn through CUDA-OpenGL interop), the LSTM step view (gates
# first on lstm-gates, the text first on lstm-temperature), the race (the curves first),
# the drawn digit (the bars beside the pictures), the LSTM trainer (the loss beside the
# samples), the kernel lab (the verdict above the code) and the host program (its lines
# and times before the buttons). Builds nothing; about two minutes. Carried: .devcarry (scripts/device-pack.sh build/app/whygpu),
# .gl, data/mnist, data/corpus. Output: $OUT/result-first.tar.gz (screenshots, log).
#   tests/device/result_first_run.sh [LANGUAGE]     (default en)
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-result-first
language=${1:-en}
step machine
date -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
install_gl_dispatch
cat > "$out/pages.script" <<'SCRIPT'
presenter on
font-scale 2
lesson cnn-forward-backward
predict 95
wait-idle cnn-trainer 120
press cnn-trainer train
caption "Each step: a batch forward, the error measured, the gradients backward, every weight nudged. Watch the loss fall."
wait-key cnn-trainer
wait 4s
screenshot cnn-trainer.png
lesson cnn-convolution
predict 1
wait-idle cnn-feature-maps 120
caption "The first layer's 32 filters: edges and strokes, learned, not programmed. Still training."
wait-key cnn-feature-maps
wait 2s
screenshot cnn-feature-maps.png
press cnn-feature-maps pause
lesson lstm-gates
predict 2
wait-idle lstm-step 180
press lstm-step prime
press lstm-step autoplay
caption "Each column a memory cell; the forget gate decides what it keeps from one letter to the next."
wait-key lstm-step
wait 2s
screenshot lstm-gates.png
press lstm-step stop
lesson lstm-temperature
predict 1
wait-idle lstm-step 120
set lstm-step temperature 0.3
press lstm-step prime
press lstm-step burst
caption "Cold: safe and repetitive."
wait-key lstm-step
wait 1s
screenshot lstm-temperature.png
lesson cnn-race
predict 50
wait-idle cnn-race 120
press cnn-race start
caption "Watch the two curves: the same accuracy, reached at very different times."
wait-key cnn-race
wait 6s
screenshot cnn-race.png
lesson cnn-draw
predict skip
wait-idle cnn-draw 120
set cnn-draw strokes "0.3,0.2 0.7,0.2 0.45,0.9; 0.35,0.55 0.6,0.55"
caption "A 7 drawn in the middle: the bars are the network's probabilities, live."
wait-key cnn-draw
wait 1s
screenshot cnn-draw.png
lesson lstm-sequences
predict 2
wait-idle lstm-trainer 120
set lstm-trainer seconds 0
set lstm-trainer steps 500
press lstm-trainer train-for
caption "Watch the samples: first letters, then spaces, then words. It trains for 500 steps."
wait-key lstm-trainer
wait 5s
screenshot lstm-trainer.png
lesson write-a-kernel
predict skip
set kernel-lab exercise map
press kernel-lab run
wait-idle kernel-lab 120
caption "The first thread that reads past the end, named."
wait-key kernel-lab
screenshot kernel-lab.png
lesson host-program
predict skip
press host-program run
wait-idle host-program 60
caption "Every line of a first CUDA program, with its time."
wait-key host-program
screenshot host-program.png
quit
SCRIPT
play_pages "$language" 420 result-first.tar.gz
step done
exit $status
