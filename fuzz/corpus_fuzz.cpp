// UTF-8 training texts: the decoder, and the corpus built from a file.
#include "compute/lstm/corpus.h"
#include "compute/lstm/utf8.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = whygpu::fuzz::as_text(data, size);
  std::u32string decoded;
  if (whygpu::lstm::decode_utf8(text, "input", &decoded)) {
    const std::string_view bom = "\xEF\xBB\xBF";
    const std::string_view body = text.substr(0, 3) == bom ? text.substr(3) : text;
    whygpu::fuzz::check(whygpu::lstm::to_utf8(decoded) == body, "valid UTF-8 encodes back to the same bytes");
  }
  const std::string path = whygpu::fuzz::write_input_file(data, size, "corpus.txt");
  whygpu::lstm::Corpus corpus;
  if (whygpu::lstm::load_corpus(path, &corpus))
    for (whygpu::lstm::TokenId id : corpus.tokens)
      whygpu::fuzz::check(id < corpus.vocabulary.size(), "every token is in the vocabulary");
  return 0;
}
