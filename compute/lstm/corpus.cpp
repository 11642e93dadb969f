#include "compute/lstm/corpus.h"

#include "compute/lstm/utf8.h"

namespace whygpu::lstm {

Status corpus_from_text(const std::u32string& text, const std::string& source, Corpus* out) {
  if (text.empty())
    return Status::error(Wording::sentence(N_("{0} is empty: there is no text to learn from"), {source}));
  Corpus corpus;
  corpus.source = source;
  if (Status s = Vocabulary::from_text(text, &corpus.vocabulary); !s) return s.with_context(source);
  if (Status s = corpus.vocabulary.encode(text, &corpus.tokens); !s) return s.with_context(source);
  *out = std::move(corpus);
  return Status::ok();
}

Status load_corpus(const std::string& path, Corpus* out) {
  std::u32string text;
  if (Status s = read_utf8_file(path, &text); !s) return s;
  return corpus_from_text(text, path, out);
}

Status load_corpus_with_vocabulary(const std::string& path, const Vocabulary& vocabulary, Corpus* out) {
  std::u32string text;
  if (Status s = read_utf8_file(path, &text); !s) return s;
  Corpus corpus;
  corpus.source = path;
  corpus.vocabulary = vocabulary;
  if (Status s = vocabulary.encode(text, &corpus.tokens); !s) return s.with_context(path);
  *out = std::move(corpus);
  return Status::ok();
}

}  // namespace whygpu::lstm
