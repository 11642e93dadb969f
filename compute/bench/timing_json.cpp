#include "compute/bench/timing_json.h"

#include <string>

namespace whygpu::bench {

JsonValue timing_to_json(const TimingStats& t) {
  JsonValue j = JsonValue::object();
  j.set("median_ms", JsonValue::number(t.median_ms));
  j.set("p10_ms", JsonValue::number(t.p10_ms));
  j.set("p90_ms", JsonValue::number(t.p90_ms));
  j.set("repeats", JsonValue::number(t.repeats));
  return j;
}

Status timing_from_json(const JsonValue& row, const char* key, bool required, TimingStats* out) {
  const JsonValue* j = row.find(key);
  if (!j || !j->is_object()) {
    if (required) return Status::error(std::string("no \"") + key + "\" timing");
    return Status::ok();
  }
  out->median_ms = j->get_number("median_ms", -1.0);
  out->p10_ms = j->get_number("p10_ms", out->median_ms);
  out->p90_ms = j->get_number("p90_ms", out->median_ms);
  out->repeats = static_cast<int>(j->get_number("repeats", 0.0));
  if (out->median_ms < 0.0 || out->repeats < 1)
    return Status::error(std::string("\"") + key + "\" needs a median_ms of at least 0 and a repeats of at least 1");
  return Status::ok();
}

}  // namespace whygpu::bench
