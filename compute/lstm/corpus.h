#pragma once
// A training text: its vocabulary and the text as token ids.
#include <string>
#include <vector>

#include "compute/core/status.h"
#include "compute/lstm/vocabulary.h"

namespace whygpu::lstm {

// The default text, relative to the repository root (scripts/fetch-corpus.sh makes it;
// compute/lstm/CORPUS.md says what it is).
inline constexpr const char* kDefaultCorpusPath = "data/corpus/sotu.txt";

struct Corpus {
  std::string source;  // the file it came from, for messages and the UI
  Vocabulary vocabulary;
  std::vector<TokenId> tokens;
};

// Reads a UTF-8 file and builds its vocabulary. Missing, empty and invalid files give a
// message naming the file (and the byte offset of invalid UTF-8).
Status load_corpus(const std::string& path, Corpus* out);
// Same with the vocabulary of a trained model; characters it lacks are an error unless it
// has the replacement character.
Status load_corpus_with_vocabulary(const std::string& path, const Vocabulary& vocabulary, Corpus* out);
// From text in memory (tests, the UI's own examples).
Status corpus_from_text(const std::u32string& text, const std::string& source, Corpus* out);

}  // namespace whygpu::lstm
