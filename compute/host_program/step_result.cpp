#include "compute/host_program/step_result.h"

namespace whygpu::host_program {


const char* step_state_key(StepState state) {
  switch (state) {
    case StepState::Ran: return "ran";
    case StepState::Missing: return "missing";
    case StepState::NotRun: return "not-run";
  }
  return "not-run";
}

void to_json(bench::Json& j, const StepResult& r) {
  j = {{"index", r.index}, {"state", step_state_key(r.state)}, {"ms", r.ms}};
  if (r.has_error_code) {
    j["error_code"] = r.error_code;
    j["error_name"] = r.error_name;
    j["error_text"] = r.error_text;
  }
  if (!r.output.empty()) j["output"] = r.output;
  if (r.stopped) j["stopped"] = true;
  if (r.correct) j["correct"] = true;
  if (r.wrong > 0) j["wrong"] = r.wrong;
  if (r.printed_ms > 0.0) j["printed_ms"] = r.printed_ms;
  if (r.kernel_ms >= 0.0) j["kernel_ms"] = r.kernel_ms;
}

void from_json(const bench::Json& j, StepResult& out) {
  StepResult r;
  j.at("index").get_to(r.index);
  if (r.index < 0) bench::reject(j.at("index"), "must be 0 or more");
  const std::string state = j.at("state").get<std::string>();
  if (state == "ran") r.state = StepState::Ran;
  else if (state == "missing") r.state = StepState::Missing;
  else if (state == "not-run") r.state = StepState::NotRun;
  else bench::reject(j.at("state"), "not a step state (ran, missing, not-run)");
  r.ms = j.value("ms", r.ms);
  r.has_error_code = j.contains("error_code");
  r.error_code = j.value("error_code", r.error_code);
  r.error_name = j.value("error_name", r.error_name);
  r.error_text = j.value("error_text", r.error_text);
  r.output = j.value("output", r.output);
  r.stopped = j.value("stopped", r.stopped);
  r.correct = j.value("correct", r.correct);
  r.wrong = j.value("wrong", r.wrong);
  r.printed_ms = j.value("printed_ms", r.printed_ms);
  r.kernel_ms = j.value("kernel_ms", r.kernel_ms);
  out = std::move(r);
}

std::string result_to_line(const StepResult& r) { return bench::dump_json_line(r); }

Status result_from_line(const std::string& line, StepResult* out) {
  bench::Json j;
  if (Status s = bench::parse_json(line, &j); !s) return s;
  return bench::read_json(j, out);
}

}  // namespace whygpu::host_program
