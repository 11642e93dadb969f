#include "app/predict/prediction.h"

#include <cmath>
#include <cstdlib>
#include <set>

#include "app/i18n/language.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"

namespace whygpu::app {
namespace {

bool read_number(const std::string& text, double* out) {
  char* end = nullptr;
  *out = std::strtod(text.c_str(), &end);
  return !text.empty() && *end == '\0' && std::isfinite(*out);
}

std::vector<std::string> split_choices(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  for (const char c : text) {
    if (c == '|') {
      out.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  out.push_back(item);
  return out;
}

}  // namespace

Status parse_prediction(const std::map<std::string, std::string>& params, Prediction* out) {
  static const std::set<std::string> known = {"question", "explain", "unit", "min",   "max",
                                              "choices",  "answer",  "panel", "result"};
  Prediction p;
  for (const auto& [key, value] : params)
    if (!known.count(key))
      return Status::error("@predict has no key '" + key +
                           "' (known: question, explain, unit, min, max, choices, answer, panel, result)");
  auto get = [&](const char* key) {
    const auto found = params.find(key);
    return found == params.end() ? std::string() : found->second;
  };
  p.question = get("question");
  p.explain = get("explain");
  p.panel = get("panel");
  p.result = get("result");
  p.unit = get("unit");
  if (p.question.empty()) return Status::error(tr("@predict needs question=\"...\""));
  if (p.explain.empty()) return Status::error(tr("@predict needs explain=\"...\" (shown after the measurement)"));
  if (params.count("choices")) {
    p.kind = Prediction::Kind::choice;
    p.choices = split_choices(get("choices"));
    if (p.choices.size() < 2 || p.choices.size() > 6)
      return Status::error(tr("@predict choices= wants 2 to 6 answers separated by |"));
    for (const std::string& c : p.choices)
      if (c.empty()) return Status::error(tr("@predict choices= has an empty answer"));
    if (params.count("answer")) {
      double n = 0;
      if (!read_number(get("answer"), &n) || n != std::floor(n) || n < 1 || n > static_cast<double>(p.choices.size()))
        return Status::error("@predict answer= is the number of the right choice, 1 to " +
                             std::to_string(p.choices.size()));
      p.answer = static_cast<int>(n) - 1;
    } else if (p.result.empty()) {
      return Status::error(tr("@predict with choices needs answer=N, or a panel result= that decides"));
    }
    if (params.count("min") || params.count("max") || params.count("unit"))
      return Status::error(tr("@predict with choices takes no unit, min or max"));
  } else {
    if (params.count("answer")) return Status::error(tr("@predict answer= goes with choices="));
    if (p.result.empty()) return Status::error(tr("@predict for a number needs result= (what the panel measures)"));
    if (!read_number(get("min"), &p.min) || !read_number(get("max"), &p.max))
      return Status::error(tr("@predict for a number needs min= and max= (the slider's ends)"));
    if (!(p.min > 0 && p.max > p.min)) return Status::error(tr("@predict min must be above 0 and below max"));
  }
  *out = std::move(p);
  return Status::ok();
}

std::string readable_number(double value) {
  const double a = std::fabs(value);
  // Chinese counts large numbers in 万 (10^4) and 亿 (10^8): 1.5 million is 150万.
  const std::string& language = current_language();
  if (language.rfind("zh", 0) == 0) {
    if (a >= 1e12) return significant_text(value / 1e12, 3) + "万亿";
    if (a >= 1e8) return significant_text(value / 1e8, 3) + "亿";
    if (a >= 1e4) return significant_text(value / 1e4, 3) + "万";
    if (a >= 1000) return with_commas(value);
    return significant_text(value, 3);
  }
  if (a >= 1e12) return fill(tr("{0} trillion"), {significant_text(value / 1e12, 3)});
  if (a >= 1e9) return fill(tr("{0} billion"), {significant_text(value / 1e9, 3)});
  if (a >= 1e6) return fill(tr("{0} million"), {significant_text(value / 1e6, 3)});
  if (a >= 1000) return with_commas(value);
  return significant_text(value, 3);
}

std::string compare_numbers(double predicted, double measured) {
  if (!(predicted > 0) || !(measured > 0)) return "";
  const double ratio = predicted / measured;
  if (ratio >= 0.5 && ratio <= 2.0) return tr("within a factor of 2 of the measurement: a good guess");
  if (ratio > 1) return fill(tr("{0} times too high"), {readable_number(ratio)});
  return fill(tr("{0} times too low"), {readable_number(1 / ratio)});
}

}  // namespace whygpu::app
