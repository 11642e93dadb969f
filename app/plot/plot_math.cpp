#include "app/plot/plot_math.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/i18n/number_text.h"

namespace whygpu::app::plot {
namespace {

// Values on a log axis are handled as log10(v), so that equal ratios get equal lengths.
double to_scale(ScaleKind scale, double v) { return scale == ScaleKind::Log ? std::log10(v) : v; }
double from_scale(ScaleKind scale, double s) { return scale == ScaleKind::Log ? std::pow(10.0, s) : s; }

// Limits of a view, in scale space: zooming stops there instead of losing all precision.
constexpr double kMaxLogScale = 300.0;
constexpr double kMaxLinear = 1e300;
constexpr double kMinRelativeSpan = 1e-9;

// Removes trailing zeros (and a trailing point) from "12.500".
std::string trim_zeros(std::string text) {
  if (text.find('.') == std::string::npos) return text;
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

// Fixed-point with enough decimals for `significant` digits, never rounding the integer part.
std::string plain_number(double v, int significant) {
  if (v == 0.0) return "0";
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(v))));
  const int decimals = std::clamp(significant - 1 - magnitude, 0, 12);
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, v);
  std::string out = trim_zeros(text);
  return out == "-0" ? "0" : out;
}

std::string number(double v, int significant) {
  const double a = std::fabs(v);
  if (a == 0.0) return "0";
  if (!std::isfinite(v)) return std::isnan(v) ? "NaN" : (v > 0 ? "inf" : "-inf");
  if (a >= 1e15 || a < 1e-4) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*e", std::max(0, significant - 1), v);
    // "2.50e-05" -> "2.5e-5"
    std::string s = text;
    const auto e = s.find('e');
    std::string mantissa = trim_zeros(s.substr(0, e));
    int exponent = std::atoi(s.c_str() + e + 1);
    return mantissa + "e" + std::to_string(exponent);
  }
  if (a >= 1e4) {
    static const char* const suffixes[] = {"k", "M", "G", "T"};
    int index = 0;
    double scaled = v / 1e3;
    while (std::fabs(scaled) >= 1e3 && index < 3) {
      scaled /= 1e3;
      ++index;
    }
    return plain_number(scaled, significant) + suffixes[index];
  }
  return plain_number(v, significant);
}

// UTF-8 superscript for an integer exponent: 20 -> "²⁰".
std::string superscript(int exponent) {
  static const char* const digits[] = {"\u2070", "\u00b9", "\u00b2", "\u00b3", "\u2074",
                                       "\u2075", "\u2076", "\u2077", "\u2078", "\u2079"};
  std::string out = exponent < 0 ? "\u207b" : "";
  for (const char c : std::to_string(std::abs(exponent))) out += digits[c - '0'];
  return out;
}

// Exponent of v when it is a power of two (to rounding), or false.
bool power_of_two_exponent(double v, int* exponent) {
  if (!(v > 0.0) || !std::isfinite(v)) return false;
  const double e = std::round(std::log2(v));
  if (std::fabs(std::log2(v) - e) > 1e-9) return false;
  *exponent = static_cast<int>(e);
  return true;
}

std::string tick_label(double v, const AxisSpec& axis, int significant) {
  return format_value(v, axis.format, significant);
}

bool inside(const Range& range, double v) {
  const double slack = 1e-9 * std::max(std::fabs(range.min), std::fabs(range.max));
  return v >= range.min - slack && v <= range.max + slack;
}

std::vector<Tick> linear_ticks(const AxisSpec& axis, const Range& range, int max_labels) {
  std::vector<Tick> ticks;
  const double span = range.max - range.min;
  if (!(span > 0.0) || !std::isfinite(span)) return ticks;
  const double raw = span / std::max(1, max_labels - 1);
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10.0 * decade;
  int mantissa = 1;  // of 10 * decade, when none of 1, 2, 5 is large enough
  for (const int m : {1, 2, 5}) {
    if (m * decade >= raw * (1 - 1e-12)) {
      step = m * decade;
      mantissa = m;
      break;
    }
  }
  // Two labels at least: a range that falls between two steps takes the next finer step.
  while (std::floor(range.max / step + 1e-9) - std::ceil(range.min / step - 1e-9) < 1.0) {
    mantissa = mantissa == 1 ? 5 : mantissa == 5 ? 2 : 1;
    step = mantissa == 5 ? step / 2.0 : mantissa == 2 ? step / 2.5 : step / 2.0;
  }
  const int minors = mantissa == 2 ? 4 : 5;
  const double largest = std::max(std::fabs(range.min), std::fabs(range.max));
  const int significant =
      std::max(3, static_cast<int>(std::floor(std::log10(largest)) - std::floor(std::log10(step))) + 1);
  const double minor_step = step / minors;
  const long long first = static_cast<long long>(std::ceil(range.min / minor_step - 1e-9));
  const long long last = static_cast<long long>(std::floor(range.max / minor_step + 1e-9));
  if (last - first > 10000) return ticks;  // cannot happen with a sane max_labels
  for (long long i = first; i <= last; ++i) {
    double v = i * minor_step;
    if (std::fabs(v) < step * 1e-9) v = 0.0;  // no "-0" or "1e-17" at the origin
    Tick tick;
    tick.value = v;
    tick.major = i % minors == 0;
    if (tick.major) tick.label = tick_label(v, axis, significant);
    ticks.push_back(tick);
  }
  return ticks;
}

// Ticks at multiples m * 10^d (m from `multiples`) inside the range, all major.
std::vector<Tick> decade_multiples(const AxisSpec& axis, const Range& range,
                                   std::initializer_list<int> multiples) {
  std::vector<Tick> ticks;
  const int d0 = static_cast<int>(std::floor(std::log10(range.min)));
  const int d1 = static_cast<int>(std::ceil(std::log10(range.max)));
  for (int d = d0; d <= d1; ++d)
    for (const int m : multiples) {
      const double v = m * std::pow(10.0, d);
      if (inside(range, v)) ticks.push_back({v, true, tick_label(v, axis, 3)});
    }
  return ticks;
}

std::vector<Tick> log_ticks(const AxisSpec& axis, const Range& range, int max_labels) {
  std::vector<Tick> ticks;
  const double lmin = std::log10(range.min);
  const double lmax = std::log10(range.max);
  const int d0 = static_cast<int>(std::ceil(lmin - 1e-9));
  const int d1 = static_cast<int>(std::floor(lmax + 1e-9));
  if (d1 - d0 >= 1) {
    const int every = std::max(1, static_cast<int>(std::ceil((d1 - d0) / double(std::max(1, max_labels - 1)))));
    const bool fine_minors = every == 1 && lmax - lmin <= 8.0;
    for (int d = static_cast<int>(std::floor(lmin)); d <= d1; ++d) {
      const double v = std::pow(10.0, d);
      if (inside(range, v)) {
        const bool major = ((d % every) + every) % every == 0;
        ticks.push_back({v, major, major ? tick_label(v, axis, 3) : ""});
      }
      if (!fine_minors) continue;
      for (int m = 2; m <= 9; ++m)
        if (inside(range, m * v)) ticks.push_back({m * v, false, ""});
    }
    return ticks;
  }
  // Less than about a decade in view: 1-2-5 steps, else every multiple, else linear.
  std::vector<Tick> majors = decade_multiples(axis, range, {1, 2, 5});
  if (majors.size() < 2) majors = decade_multiples(axis, range, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  if (majors.size() < 2 || static_cast<int>(majors.size()) > std::max(2, max_labels))
    return linear_ticks(axis, range, max_labels);
  for (const Tick& t : decade_multiples(axis, range, {1, 2, 3, 4, 5, 6, 7, 8, 9})) {
    const bool is_major = std::any_of(majors.begin(), majors.end(),
                                      [&](const Tick& m) { return m.value == t.value; });
    if (!is_major) ticks.push_back({t.value, false, ""});
  }
  ticks.insert(ticks.end(), majors.begin(), majors.end());
  std::sort(ticks.begin(), ticks.end(), [](const Tick& a, const Tick& b) { return a.value < b.value; });
  return ticks;
}

std::vector<Tick> binary_ticks(const AxisSpec& axis, const Range& range, int max_labels) {
  const int p0 = static_cast<int>(std::ceil(std::log2(range.min) - 1e-9));
  const int p1 = static_cast<int>(std::floor(std::log2(range.max) + 1e-9));
  if (p1 - p0 < 1) return log_ticks(axis, range, max_labels);
  // Steps of 1, 2, 4, 5, 10, 20... powers: labels at 2^10, 2^12, 2^14, not 2^12, 2^15.
  const double wanted = (p1 - p0) / double(std::max(1, max_labels - 1));
  int every = 100;
  for (const int step : {1, 2, 4, 5, 10, 20, 50, 100}) {
    if (step >= wanted) {
      every = step;
      break;
    }
  }
  std::vector<Tick> ticks;
  for (int p = p0; p <= p1; ++p) {
    const double v = std::ldexp(1.0, p);
    const bool major = ((p % every) + every) % every == 0;
    ticks.push_back({v, major, major ? tick_label(v, axis, 3) : ""});
  }
  return ticks;
}

}  // namespace

bool plottable(ScaleKind scale, double v) {
  return std::isfinite(v) && (scale == ScaleKind::Linear || v > 0.0);
}

double fraction_of(ScaleKind scale, const Range& range, double v) {
  const double lo = to_scale(scale, range.min);
  const double hi = to_scale(scale, range.max);
  return (to_scale(scale, v) - lo) / (hi - lo);
}

double value_at(ScaleKind scale, const Range& range, double fraction) {
  const double lo = to_scale(scale, range.min);
  const double hi = to_scale(scale, range.max);
  return from_scale(scale, lo + fraction * (hi - lo));
}

std::vector<Tick> make_ticks(const AxisSpec& axis, const Range& range, int max_labels) {
  if (!(range.max > range.min) || !plottable(axis.scale, range.min) || !plottable(axis.scale, range.max))
    return {};
  max_labels = std::max(2, max_labels);
  if (axis.scale == ScaleKind::Linear) return linear_ticks(axis, range, max_labels);
  if (axis.binary_ticks) return binary_ticks(axis, range, max_labels);
  return log_ticks(axis, range, max_labels);
}

namespace {

// format_value's text in the C locale (a decimal point), for in_language to localise.
std::string c_locale_value(double v, ValueFormat format, int significant) {
  switch (format) {
    case ValueFormat::Number:
      return number(v, significant);
    case ValueFormat::PowerOfTwo: {
      int exponent = 0;
      if (!power_of_two_exponent(v, &exponent)) return number(v, significant);
      // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) about "2" + string.
      std::string text = "2";
      text += superscript(exponent);
      if (significant > 3 && exponent >= 0 && exponent < 63) {
        text += " (";
        text += std::to_string(1ull << exponent);
        text += ")";
      }
      return text;
    }
    case ValueFormat::Milliseconds: {
      if (!std::isfinite(v)) return number(v, significant);
      const double a = std::fabs(v);
      if (a == 0.0) return "0 s";
      if (a >= 1e3) return number(v / 1e3, significant) + " s";
      if (a >= 1.0) return number(v, significant) + " ms";
      if (a >= 1e-3) return number(v * 1e3, significant) + " \u00b5s";
      return number(v * 1e6, significant) + " ns";
    }
  }
  return number(v, significant);
}

}  // namespace

std::string format_value(double v, ValueFormat format, int significant) {
  return in_language(c_locale_value(v, format, significant));
}

void Extent::add(double v) {
  if (!plottable(scale_, v)) return;
  lo_ = std::min(lo_, v);
  hi_ = std::max(hi_, v);
}

Range Extent::padded(double pad) const {
  if (empty()) return scale_ == ScaleKind::Log ? Range{1.0, 10.0} : Range{0.0, 1.0};
  double lo = to_scale(scale_, lo_);
  double hi = to_scale(scale_, hi_);
  if (hi - lo <= kMinRelativeSpan * std::max(1.0, std::fabs(lo))) {
    // One value (or all equal): give it room, half a decade on a log axis.
    const double half = scale_ == ScaleKind::Log ? 0.5 : std::max(std::fabs(lo) * 0.1, 0.5);
    lo -= half;
    hi += half;
  }
  const double span = hi - lo;
  double min = lo - pad * span;
  // Values of 0 or more (steps, images, times) keep a linear axis at 0 or more: a tick at
  // -0.4 steps means nothing.
  if (scale_ == ScaleKind::Linear && lo_ >= 0.0) min = std::max(min, 0.0);
  return {from_scale(scale_, min), from_scale(scale_, hi + pad * span)};
}

Range zoom(ScaleKind scale, const Range& range, double anchor, double factor) {
  if (!(factor > 0.0) || !std::isfinite(factor)) return range;
  const double lo = to_scale(scale, range.min);
  const double hi = to_scale(scale, range.max);
  const double at = lo + anchor * (hi - lo);
  const double new_lo = at - (at - lo) * factor;
  const double new_hi = at + (hi - at) * factor;
  const double limit = scale == ScaleKind::Log ? kMaxLogScale : kMaxLinear;
  const double min_span = kMinRelativeSpan * std::max({1.0, std::fabs(new_lo), std::fabs(new_hi)});
  if (!(new_hi - new_lo > min_span) || new_lo < -limit || new_hi > limit) return range;
  return {from_scale(scale, new_lo), from_scale(scale, new_hi)};
}

Range pan(ScaleKind scale, const Range& range, double delta) {
  const double lo = to_scale(scale, range.min);
  const double hi = to_scale(scale, range.max);
  const double shift = delta * (hi - lo);
  const double limit = scale == ScaleKind::Log ? kMaxLogScale : kMaxLinear;
  if (!std::isfinite(shift) || lo + shift < -limit || hi + shift > limit) return range;
  return {from_scale(scale, lo + shift), from_scale(scale, hi + shift)};
}

int nearest_point(const std::vector<ScreenPoint>& points, ScreenPoint at, double radius) {
  int best = -1;
  double best_d2 = radius * radius;
  for (int i = 0; i < static_cast<int>(points.size()); ++i) {
    const double dx = points[i].x - at.x;
    const double dy = points[i].y - at.y;
    const double d2 = dx * dx + dy * dy;
    if (d2 <= best_d2) {
      best_d2 = d2;
      best = i;
    }
  }
  return best;
}

std::vector<Box> place_labels(const std::vector<LabelRequest>& labels, const Box& bounds, double gap,
                              LabelShift shift, std::vector<bool>* has_room, const std::vector<Box>& taken) {
  constexpr int kMostLines = 12;  // how far a mark's label may go down its line
  std::vector<Box> placed;
  placed.reserve(labels.size());
  std::vector<Box> drawn;  // the placed labels that found room: one without is not drawn and takes none
  if (has_room) has_room->clear();
  for (const LabelRequest& l : labels) {
    const double top = shift == LabelShift::DownOnly ? l.anchor_y : l.anchor_y - l.height / 2;
    const Box right{l.anchor_x + gap, top, l.anchor_x + gap + l.width, top + l.height};
    const Box left{l.anchor_x - gap - l.width, top, l.anchor_x - gap, top + l.height};
    const bool right_fits = right.x1 <= bounds.x1;
    const Box sides[2] = {right_fits ? right : left, right_fits ? left : right};
    // Free: inside, over no label placed before and (point labels) beside no point of
    // another spot, where it would read as that point's label.
    auto free = [&](const Box& b) {
      if (!b.inside(bounds)) return false;
      const Box padded{b.x0 - gap / 2, b.y0 - gap / 2, b.x1 + gap / 2, b.y1 + gap / 2};
      for (const Box& p : drawn)
        if (p.overlaps(padded)) return false;
      for (const Box& t : taken)
        if (t.overlaps(padded)) return false;
      if (shift == LabelShift::DownOnly) return true;
      const Box near{b.x0 - 2 * gap, b.y0 - gap, b.x1 + 2 * gap, b.y1 + gap};
      for (const LabelRequest& other : labels) {
        const bool same_spot = std::hypot(other.anchor_x - l.anchor_x, other.anchor_y - l.anchor_y) < l.height;
        if (!same_spot && other.anchor_x > near.x0 && other.anchor_x < near.x1 && other.anchor_y > near.y0 &&
            other.anchor_y < near.y1)
          return false;
      }
      return true;
    };
    struct Candidate {
      double cost;
      Box box;
    };
    std::vector<Candidate> candidates;
    if (shift == LabelShift::DownOnly) {
      // A mark's label goes down its line, whole lines at a time.
      for (int lines = 0; lines <= kMostLines; ++lines) {
        const double dy = lines * (l.height + gap / 2);
        candidates.push_back({dy, Box{sides[0].x0, sides[0].y0 + dy, sides[0].x1, sides[0].y1 + dy}});
      }
    } else {
      // A point's label stays beside its point, on either side, moved by whole lines up
      // or down and by steps of a line's height away from it, never further than
      // kMostLabelDistance label heights; the nearest free place wins, the natural side
      // (right, unless that leaves the bounds) by a gap's width. Further than that, a label
      // reads as another point's: the caller names that point some other way.
      const double most = kMostLabelDistance * l.height;
      const int reach = static_cast<int>(most / (l.height + gap / 2)) + 1;
      for (int side = 0; side < 2; ++side) {
        const double direction = sides[side].x0 >= l.anchor_x ? 1.0 : -1.0;
        for (int column = 0; column * l.height <= most; ++column)
          for (int lines = -reach; lines <= reach; ++lines) {
            const double dx = direction * column * l.height, dy = lines * (l.height + gap / 2);
            const Box b{sides[side].x0 + dx, sides[side].y0 + dy, sides[side].x1 + dx, sides[side].y1 + dy};
            const double away_x = std::max({b.x0 - l.anchor_x, 0.0, l.anchor_x - b.x1});
            const double away_y = std::max({b.y0 - l.anchor_y, 0.0, l.anchor_y - b.y1});
            const double distance = std::hypot(away_x, away_y);
            if (distance > most) continue;
            candidates.push_back({distance + (side == 1 ? gap : 0.0), b});
          }
      }
      std::stable_sort(candidates.begin(), candidates.end(),
                       [](const Candidate& a, const Candidate& b) { return a.cost < b.cost; });
    }
    Box chosen = sides[0];
    bool found = false;
    for (const Candidate& c : candidates) {
      if (!free(c.box)) continue;
      chosen = c.box;
      found = true;
      break;
    }
    placed.push_back(chosen);
    if (found) drawn.push_back(chosen);
    if (has_room) has_room->push_back(found);
  }
  return placed;
}

double crossover_x(const std::vector<double>& x, const std::vector<double>& a,
                   const std::vector<double>& b, bool log_x, bool log_y, bool* a_ends_above) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::size_t count = std::min({x.size(), a.size(), b.size()});
  const ScaleKind xs = log_x ? ScaleKind::Log : ScaleKind::Linear;
  const ScaleKind ys = log_y ? ScaleKind::Log : ScaleKind::Linear;
  double crossing = nan;
  bool have_previous = false;
  double previous_x = 0.0, previous_d = 0.0;
  int last_sign = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (!plottable(xs, x[i]) || !plottable(ys, a[i]) || !plottable(ys, b[i])) continue;
    const double d = to_scale(ys, a[i]) - to_scale(ys, b[i]);
    const int sign = d > 0 ? 1 : d < 0 ? -1 : 0;
    if (sign != 0 && last_sign != 0 && sign != last_sign && have_previous) {
      // Between the previous sample and this one (at the previous one when it was a tie).
      const double t = previous_d == 0.0 ? 0.0 : previous_d / (previous_d - d);
      const double x0 = to_scale(xs, previous_x);
      const double x1 = to_scale(xs, x[i]);
      crossing = from_scale(xs, x0 + t * (x1 - x0));
    }
    if (sign != 0) last_sign = sign;
    have_previous = true;
    previous_x = x[i];
    previous_d = d;
  }
  if (a_ends_above) *a_ends_above = last_sign > 0;
  return crossing;
}

}  // namespace whygpu::app::plot
