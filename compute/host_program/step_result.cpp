#include "compute/host_program/step_result.h"

#include <algorithm>

#include "compute/bench/json.h"

namespace whygpu::host_program {

using bench::JsonValue;

const char* step_state_key(StepState state) {
  switch (state) {
    case StepState::Ran: return "ran";
    case StepState::Missing: return "missing";
    case StepState::NotRun: return "not-run";
  }
  return "not-run";
}

JsonValue result_to_json(const StepResult& r) {
  JsonValue j = JsonValue::object();
  j.set("index", JsonValue::number(r.index));
  j.set("state", JsonValue::string(step_state_key(r.state)));
  j.set("ms", JsonValue::number(r.ms));
  if (r.has_error_code) {
    j.set("error_code", JsonValue::number(r.error_code));
    j.set("error_name", JsonValue::string(r.error_name));
    j.set("error_text", JsonValue::string(r.error_text));
  }
  if (!r.output.empty()) j.set("output", JsonValue::string(r.output));
  if (r.stopped) j.set("stopped", JsonValue::boolean(true));
  if (r.correct) j.set("correct", JsonValue::boolean(true));
  if (r.wrong > 0) j.set("wrong", JsonValue::number(static_cast<double>(r.wrong)));
  if (r.printed_ms > 0.0) j.set("printed_ms", JsonValue::number(r.printed_ms));
  if (r.kernel_ms >= 0.0) j.set("kernel_ms", JsonValue::number(r.kernel_ms));
  return j;
}

std::string result_to_line(const StepResult& r) {
  std::string text = result_to_json(r).dump();
  // The writer's line breaks fall between tokens; those inside strings are escaped.
  text.erase(std::remove(text.begin(), text.end(), '\n'), text.end());
  return text;
}

Status result_from_line(const std::string& line, StepResult* out) {
  JsonValue j;
  if (Status s = bench::parse_json(line, &j); !s) return s;
  return result_from_json(j, out);
}

Status result_from_json(const JsonValue& j, StepResult* out) {
  if (!j.is_object() || !j.find("index") || !j.find("state"))
    return Status::error("a step result needs an index and a state");
  StepResult r;
  r.index = static_cast<int>(j.get_number("index", -1));
  if (r.index < 0) return Status::error("a step result's index must be 0 or more");
  const std::string state = j.get_string("state");
  if (state == "ran") r.state = StepState::Ran;
  else if (state == "missing") r.state = StepState::Missing;
  else if (state == "not-run") r.state = StepState::NotRun;
  else return Status::error("unknown step state '" + state + "'");
  r.ms = j.get_number("ms");
  r.has_error_code = j.find("error_code") != nullptr;
  r.error_code = static_cast<int>(j.get_number("error_code"));
  r.error_name = j.get_string("error_name");
  r.error_text = j.get_string("error_text");
  r.output = j.get_string("output");
  r.stopped = j.get_bool("stopped");
  r.correct = j.get_bool("correct");
  r.wrong = static_cast<long long>(j.get_number("wrong"));
  r.printed_ms = j.get_number("printed_ms");
  r.kernel_ms = j.get_number("kernel_ms", -1.0);
  *out = std::move(r);
  return Status::ok();
}

}  // namespace whygpu::host_program
