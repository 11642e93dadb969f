#pragma once
// Saving and loading a trained character model: its vocabulary, shape, weights and how
// many steps trained it. Version 1 layout, little-endian:
//   "WHYGPU-LSTM\0"  12 bytes
//   u32 version (1), u32 vocab, u32 embed, u32 hidden, u64 training steps
//   u32 code point x vocab
//   f32 weight x parameter_layout(shape).total
//   u64 FNV-1a hash of every byte before it
// Saving writes "<path>.tmp" and renames it over <path>, so a crash never leaves half a
// file under the real name. Loading refuses a file that is cut short, has a wrong
// hash, an unknown version, impossible sizes or non-finite weights, and says which.
#include <string>

#include "compute/core/status.h"
#include "compute/lstm/model.h"
#include "compute/lstm/vocabulary.h"

namespace whygpu::lstm {

struct SavedModel {
  Vocabulary vocabulary;
  ModelWeights weights;
  long long training_steps = 0;
};

Status save_model(const std::string& path, const SavedModel& model);
Status load_model(const std::string& path, SavedModel* out);

}  // namespace whygpu::lstm
