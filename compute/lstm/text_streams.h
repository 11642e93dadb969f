#pragma once
// How a training step reads the text (truncated backpropagation through time): the text
// is cut into `batch` equal segments, one stream each, and step k of a pass reads
// characters k*length .. k*length + length of every segment, so each stream's state
// carries over from one step to the next. After the last full chunk a new pass starts
// at the segments' beginnings with the state reset to zero. CPU and GPU follow this
// same plan (the GPU kernel that gathers a chunk mirrors `fill`).
#include <cstddef>

#include "compute/core/status.h"
#include "compute/lstm/model.h"
#include "compute/lstm/vocabulary.h"

namespace whygpu::lstm {

class TextStreams {
 public:
  // Error when the text is too short for batch streams of length + 1 characters.
  static Status create(std::size_t text_length, const TrainingShape& shape, TextStreams* out);

  const TrainingShape& shape() const { return shape_; }
  std::size_t segment() const { return segment_; }
  int chunks_per_pass() const { return chunks_; }
  // Inputs and targets (the next characters) [length][batch] of chunk 0..chunks_per_pass-1.
  void fill(const TokenId* text, int chunk, int* inputs, int* targets) const;

 private:
  TrainingShape shape_;
  std::size_t segment_ = 0;
  int chunks_ = 0;
};

}  // namespace whygpu::lstm
