// Saved character models. The input is the file without its last 8 bytes: the harness
// appends the FNV-1a hash the format ends with, so that the fuzzer reaches the checks
// behind it instead of stopping at the checksum.
#include <cstring>
#include <string>

#include "compute/lstm/model_file.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  std::uint64_t hash = 0xcbf29ce484222325ull;  // FNV-1a, as compute/lstm/model_file.cpp
  for (unsigned char b : bytes) hash = (hash ^ b) * 0x100000001b3ull;
  bytes.append(reinterpret_cast<const char*>(&hash), sizeof hash);
  const std::string path = whygpu::fuzz::write_input_file(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                                          bytes.size(), "model.lstm");
  whygpu::lstm::SavedModel model;
  if (whygpu::lstm::load_model(path, &model))
    whygpu::fuzz::check(model.vocabulary.size() == model.weights.shape.vocab,
                        "a loaded model's vocabulary fits its shape");
  return 0;
}
