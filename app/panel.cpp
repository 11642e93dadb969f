#include "app/panel.h"

#include <cerrno>
#include <cstdlib>

namespace whygpu::app {

Status Panel::set_param(const std::string& key, const std::string&) {
  return Status::error("this panel has no parameter '" + key + "'");
}

Status Panel::press(const std::string& button) {
  return Status::error("this panel has no button '" + button + "'");
}

void PanelArgs::fail(const std::string& message) {
  if (error_.empty()) error_ = where_ + ": " + message;
}

std::string PanelArgs::get_string(const std::string& key, const std::string& fallback) const {
  const auto found = values_.find(key);
  return found == values_.end() ? fallback : found->second;
}

long long PanelArgs::get_int(const std::string& key, long long fallback, long long min, long long max) {
  const auto found = values_.find(key);
  if (found == values_.end()) return fallback;
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(found->second.c_str(), &end, 0);
  if (errno != 0 || end == found->second.c_str() || *end != '\0' || value < min || value > max) {
    fail(key + " must be a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
         " (got '" + found->second + "')");
    return fallback;
  }
  return value;
}

double PanelArgs::get_double(const std::string& key, double fallback, double min, double max) {
  const auto found = values_.find(key);
  if (found == values_.end()) return fallback;
  char* end = nullptr;
  const double value = std::strtod(found->second.c_str(), &end);
  if (end == found->second.c_str() || *end != '\0' || !(value >= min && value <= max)) {
    fail(key + " must be a number from " + std::to_string(min) + " to " + std::to_string(max) +
         " (got '" + found->second + "')");
    return fallback;
  }
  return value;
}

bool PanelArgs::get_bool(const std::string& key, bool fallback) {
  const auto found = values_.find(key);
  if (found == values_.end()) return fallback;
  if (found->second == "true" || found->second == "1" || found->second == "yes") return true;
  if (found->second == "false" || found->second == "0" || found->second == "no") return false;
  fail(key + " must be true or false (got '" + found->second + "')");
  return fallback;
}

std::string PanelArgs::get_choice(const std::string& key, const std::string& fallback,
                                  std::initializer_list<const char*> choices) {
  const auto found = values_.find(key);
  if (found == values_.end()) return fallback;
  std::string list;
  for (const char* choice : choices) {
    if (found->second == choice) return found->second;
    list += (list.empty() ? "" : ", ") + std::string(choice);
  }
  fail(key + " must be one of " + list + " (got '" + found->second + "')");
  return fallback;
}

namespace {

// A PanelArgs holding only `key`, read by `get`; its error without the empty "where: ".
template <class T, class Get>
Status parse_value(const std::string& key, const std::string& value, T* out, Get get) {
  PanelArgs args({{key, value}}, "");
  const T v = get(args);
  if (!args.error().empty()) return Status::error(args.error().substr(std::string(": ").size()));
  *out = v;
  return Status::ok();
}

}  // namespace

Status parse_whole_value(const std::string& key, const std::string& value, long long min, long long max,
                         long long* out) {
  return parse_value(key, value, out, [&](PanelArgs& args) { return args.get_int(key, 0, min, max); });
}

Status parse_number_value(const std::string& key, const std::string& value, double min, double max, double* out) {
  return parse_value(key, value, out, [&](PanelArgs& args) { return args.get_double(key, 0, min, max); });
}

Status parse_flag_value(const std::string& key, const std::string& value, bool* out) {
  return parse_value(key, value, out, [&](PanelArgs& args) { return args.get_bool(key, false); });
}

}  // namespace whygpu::app
