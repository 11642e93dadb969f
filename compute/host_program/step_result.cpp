#include "compute/host_program/step_result.h"

namespace whygpu::host_program {

namespace {

// Indexed by StepOutput.
// What one line of a first CUDA program did when it ran; "c" and "a + b" are
// the program's arrays, CHECK its error-checking macro, and what it printed stays as it is.
constexpr const char* kOutputPatterns[static_cast<int>(StepOutput::Count)] = {
    N_("queued {0} block of {1} threads"),
    N_("queued {0} blocks of {1} threads"),
    N_("loaded the kernel; added nothing"),
    N_("prints  {0}"),
    N_("all {0} elements right"),
    N_("{0} of {1} wrong: c[{2}] = {3}, but a + b = {4}"),
    N_("CHECK prints \"{0}\" and the program exits"),
};

}  // namespace

Wording step_output(StepOutput kind, std::vector<Wording> values) {
  return Wording::sentence(kOutputPatterns[static_cast<int>(kind)], std::move(values));
}

Wording output_words(const std::string& output) {
  const auto& p = kOutputPatterns;
  return recognised_sentence(output, {p[0], p[1], p[2], p[3], p[4], p[5], p[6]});
}

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
  WHYGPU_JSON_READ_MEMBERS(j, r, ms, error_code, error_name, error_text, output, stopped, correct, wrong, printed_ms,
                           kernel_ms);
  r.has_error_code = j.contains("error_code");
  out = std::move(r);
}

std::string result_to_line(const StepResult& r) { return bench::dump_json_line(r); }

Status result_from_line(const std::string& line, StepResult* out) {
  bench::Json j;
  if (Status s = bench::parse_json(line, &j); !s) return s;
  return bench::read_json(j, out);
}

}  // namespace whygpu::host_program
