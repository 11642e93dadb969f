#include "compute/kernel_lab/lab_report.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace whygpu::kernel_lab {
namespace {

// Values are single lines: the log travels a line per "log=" key.
std::string one_line(std::string s) {
  for (char& ch : s)
    if (ch == '\n' || ch == '\r') ch = ' ';
  return s;
}

std::string number(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

// atoi/atoll are undefined on out-of-range text; a damaged report clamps instead.
long long whole_number(const char* text) { return std::strtoll(text, nullptr, 10); }  // saturates (ERANGE)
int small_number(const char* text) {
  return static_cast<int>(std::clamp<long long>(whole_number(text), std::numeric_limits<int>::min(),
                                                std::numeric_limits<int>::max()));
}

}  // namespace

const char* run_state_key(RunState state) {
  switch (state) {
    case RunState::NotRun: return "not-run";
    case RunState::Refused: return "refused";
    case RunState::Failed: return "failed";
    case RunState::Ran: return "ran";
  }
  return "not-run";
}

const char* engine_key(Engine engine) {
  switch (engine) {
    case Engine::Auto: return "auto";
    case Engine::Gpu: return "gpu";
    case Engine::Simulator: return "simulator";
  }
  return "auto";
}

bool engine_from_key(const std::string& key, Engine* out) {
  for (Engine e : {Engine::Auto, Engine::Gpu, Engine::Simulator})
    if (key == engine_key(e)) {
      *out = e;
      return true;
    }
  return false;
}

std::string to_text(const LabReport& r) {
  std::ostringstream out;
  out << "report=kernel-lab 1\n";
  out << "compiled=" << (r.compiled ? 1 : 0) << "\n";
  out << "target=" << one_line(r.target) << "\n";
  out << "simulated=" << (r.simulated ? 1 : 0) << "\n";
  out << "compile_ms=" << number(r.compile_ms) << "\n";
  for (const Diagnostic& d : r.diagnostics)
    out << "diagnostic=" << d.line << "|" << d.severity << "|" << one_line(d.message) << "\n";
  std::istringstream log(r.compile_log);
  for (std::string line; std::getline(log, line);) out << "log=" << line << "\n";
  out << "run=" << run_state_key(r.run) << "\n";
  out << "message=" << one_line(r.message) << "\n";
  out << "launch=" << one_line(r.launch) << "\n";
  out << "output=" << one_line(r.output) << "\n";
  out << "checked=" << r.checked << "\nwrong=" << r.wrong << "\nfirst_wrong=" << r.first_wrong << "\n";
  out << "expected=" << number(r.expected) << "\ngot=" << number(r.got) << "\n";
  out << "overrun=" << r.overrun << "\n";
  out << "order_dependent=" << (r.order_dependent ? 1 : 0) << "\n";
  out << "repeats=" << r.time.repeats << "\nmedian_ms=" << number(r.time.median_ms)
      << "\np10_ms=" << number(r.time.p10_ms) << "\np90_ms=" << number(r.time.p90_ms) << "\n";
  out << "gbytes_per_s=" << number(r.gbytes_per_s) << "\n";
  return out.str();
}

bool from_text(const std::string& text, LabReport* out) {
  LabReport r;
  bool seen = false;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
    const char* v = value.c_str();
    if (key == "report") seen = true;
    else if (key == "compiled") r.compiled = value == "1";
    else if (key == "target") r.target = value;
    else if (key == "simulated") r.simulated = value == "1";
    else if (key == "compile_ms") r.compile_ms = std::atof(v);
    else if (key == "diagnostic") {
      const std::size_t bar1 = value.find('|'), bar2 = value.find('|', bar1 + 1);
      if (bar1 == std::string::npos || bar2 == std::string::npos) continue;
      r.diagnostics.push_back({small_number(v), value.substr(bar1 + 1, bar2 - bar1 - 1), value.substr(bar2 + 1)});
    } else if (key == "log") r.compile_log += value + "\n";
    else if (key == "run") {
      for (RunState s : {RunState::NotRun, RunState::Refused, RunState::Failed, RunState::Ran})
        if (value == run_state_key(s)) r.run = s;
    } else if (key == "message") r.message = value;
    else if (key == "launch") r.launch = value;
    else if (key == "output") r.output = value;
    else if (key == "checked") r.checked = whole_number(v);
    else if (key == "wrong") r.wrong = whole_number(v);
    else if (key == "first_wrong") r.first_wrong = whole_number(v);
    else if (key == "expected") r.expected = static_cast<float>(std::atof(v));
    else if (key == "got") r.got = static_cast<float>(std::atof(v));
    else if (key == "overrun") r.overrun = whole_number(v);
    else if (key == "order_dependent") r.order_dependent = value == "1";
    else if (key == "repeats") r.time.repeats = small_number(v);
    else if (key == "median_ms") r.time.median_ms = std::atof(v);
    else if (key == "p10_ms") r.time.p10_ms = std::atof(v);
    else if (key == "p90_ms") r.time.p90_ms = std::atof(v);
    else if (key == "gbytes_per_s") r.gbytes_per_s = std::atof(v);
  }
  if (seen) *out = std::move(r);
  return seen;
}

}  // namespace whygpu::kernel_lab
