#include "compute/bench/wording_json.h"

#include <utility>
#include <vector>

namespace whygpu::bench {
namespace {

constexpr int kMaxSentenceDepth = 3;

Wording wording_at_depth(const Json& j, int depth) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_object() && j.contains("number")) return Wording::number(j.at("number").get<std::string>());
  if (depth >= kMaxSentenceDepth) reject(j, "a sentence nested this deep is not one whygpu writes");
  std::vector<Wording> values;
  for (const Json& v : array_at(j, "values")) values.push_back(wording_at_depth(v, depth + 1));
  return Wording::sentence(j.at("pattern").get<std::string>(), std::move(values));
}

}  // namespace

Json wording_json(const Wording& wording) {
  if (wording.is_number) return {{"number", wording.pattern}};
  if (!wording.is_sentence) return wording.pattern;
  Json values = Json::array();
  for (const Wording& v : wording.values) values.push_back(wording_json(v));
  return {{"pattern", wording.pattern}, {"values", values}};
}

Wording wording_from_json(const Json& j) { return wording_at_depth(j, 0); }

}  // namespace whygpu::bench
