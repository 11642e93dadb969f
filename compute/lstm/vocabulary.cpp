#include "compute/lstm/vocabulary.h"

#include <algorithm>
#include <unordered_map>

#include "compute/lstm/utf8.h"

namespace whygpu::lstm {

Status Vocabulary::from_text(const std::u32string& text, Vocabulary* out) {
  if (text.empty())
    return Status::error(Wording::sentence(N_("cannot build a vocabulary from an empty text")));
  std::unordered_map<char32_t, std::size_t> counts;
  for (char32_t c : text) ++counts[c];
  std::vector<std::pair<char32_t, std::size_t>> by_count(counts.begin(), counts.end());
  std::vector<char32_t> chosen;
  if (by_count.size() <= static_cast<std::size_t>(kMaxSize)) {
    for (const auto& [c, n] : by_count) chosen.push_back(c);
  } else {
    // Most frequent first; ties by code point so the choice is reproducible.
    std::sort(by_count.begin(), by_count.end(), [](const auto& a, const auto& b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    for (int i = 0; i < kMaxSize - 1; ++i) {
      if (by_count[static_cast<std::size_t>(i)].first == kReplacement) continue;
      chosen.push_back(by_count[static_cast<std::size_t>(i)].first);
    }
    chosen.push_back(kReplacement);
  }
  std::sort(chosen.begin(), chosen.end());
  out->code_points_ = std::move(chosen);
  return Status::ok();
}

Status Vocabulary::from_code_points(std::vector<char32_t> code_points, Vocabulary* out) {
  if (code_points.empty())
    return Status::error(Wording::sentence(N_("a vocabulary needs at least one character")));
  if (code_points.size() > static_cast<std::size_t>(kMaxSize))
    return Status::error(Wording::sentence(
        N_("a vocabulary of {0} characters is more than the {1} supported"),
        {std::to_string(code_points.size()), std::to_string(kMaxSize)}));
  for (std::size_t i = 0; i < code_points.size(); ++i) {
    const char32_t c = code_points[i];
    if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
      return Status::error(Wording::sentence(
          N_("the vocabulary holds an invalid code point {0}"), {std::to_string(c)}));
    if (i > 0 && c <= code_points[i - 1])
      return Status::error(Wording::sentence(
          N_("the vocabulary's characters are not in strictly increasing order")));
  }
  out->code_points_ = std::move(code_points);
  return Status::ok();
}

int Vocabulary::id_of(char32_t code_point) const {
  const auto it = std::lower_bound(code_points_.begin(), code_points_.end(), code_point);
  if (it == code_points_.end() || *it != code_point) return -1;
  return static_cast<int>(it - code_points_.begin());
}

Status Vocabulary::encode(const std::u32string& text, std::vector<TokenId>* ids) const {
  ids->resize(text.size());
  const int replacement = id_of(kReplacement);
  // Most texts are mostly ASCII: a table avoids a search per character.
  int ascii[128];
  for (int c = 0; c < 128; ++c) ascii[c] = id_of(static_cast<char32_t>(c));
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char32_t c = text[i];
    int id = c < 128 ? ascii[c] : id_of(c);
    if (id < 0) id = replacement;
    if (id < 0)
      return Status::error(Wording::sentence(N_("the text holds {0} at character {1}, which the model's "
                                                "vocabulary of {2} characters does not know"),
                                             {describe_code_point(c), std::to_string(i),
                                              std::to_string(size())}));
    (*ids)[i] = static_cast<TokenId>(id);
  }
  return Status::ok();
}

std::string Vocabulary::decode(const std::vector<int>& ids) const {
  std::string out;
  for (int id : ids) out += utf8(id);
  return out;
}

std::string Vocabulary::utf8(int id) const {
  if (id < 0 || id >= size()) return {};
  std::string out;
  append_utf8(code_point(id), &out);
  return out;
}

}  // namespace whygpu::lstm
