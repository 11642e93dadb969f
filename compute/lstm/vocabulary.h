#pragma once
// The characters a model knows, each with a small integer id: the embedding row and the
// softmax output of that character. Ids follow code-point order, so the same set of
// characters always gets the same ids (a saved model needs only the list).
#include <cstdint>
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::lstm {

using TokenId = std::uint16_t;

class Vocabulary {
 public:
  // Larger vocabularies make the softmax dominate and the probability view unreadable.
  static constexpr int kMaxSize = 1024;
  // Stands for the rarest characters of texts with more than kMaxSize distinct ones.
  static constexpr char32_t kReplacement = 0xFFFD;

  // Every distinct character of `text`; when there are more than kMaxSize, the
  // kMaxSize - 1 most frequent ones plus kReplacement, which the others then map to.
  static Status from_text(const std::u32string& text, Vocabulary* out);
  // From a saved list: must be strictly increasing, valid code points, 1..kMaxSize long.
  static Status from_code_points(std::vector<char32_t> code_points, Vocabulary* out);

  int size() const { return static_cast<int>(code_points_.size()); }
  char32_t code_point(int id) const { return code_points_[static_cast<std::size_t>(id)]; }
  const std::vector<char32_t>& code_points() const { return code_points_; }
  // -1 when the character is not in the vocabulary.
  int id_of(char32_t code_point) const;
  bool has_replacement() const { return id_of(kReplacement) >= 0; }

  // Characters the vocabulary lacks map to kReplacement when it has one; otherwise the
  // first one is named in the error.
  Status encode(const std::u32string& text, std::vector<TokenId>* ids) const;
  std::string decode(const std::vector<int>& ids) const;
  std::string utf8(int id) const;

  bool operator==(const Vocabulary& other) const { return code_points_ == other.code_points_; }

 private:
  std::vector<char32_t> code_points_;
};

}  // namespace whygpu::lstm
