#pragma once
// Saving and loading a trained character model: its vocabulary, shape, weights and how
// many steps trained it. Version 1 layout, little-endian:
//   "WHYGPU-LSTM\0"  12 bytes
//   u32 version (1), u32 vocab, u32 embed, u32 hidden, u64 training steps
//   u32 code point x vocab
//   f32 weight x parameter_layout(shape).total
//   u64 FNV-1a hash of every byte before it
// Saving goes through write_file_atomically (compute/core/text_file.h). Loading opens the
// file once through open_regular_file (compute/core/regular_file.h: a FIFO, a device or a
// folder is refused at once), reads the header first and refuses, naming the file and the
// reason, a file of another kind, a version it does not know, impossible sizes, a length
// other than the header's shape implies (checked before the rest is read), a wrong hash or
// non-finite weights.
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
