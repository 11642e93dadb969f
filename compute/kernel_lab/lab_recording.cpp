#include "compute/kernel_lab/lab_recording.h"

#include <cmath>
#include <cstdio>

#include "compute/core/gpu_info.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/lab_cli.h"
#include "compute/kernel_lab/problem.h"

namespace whygpu::kernel_lab {
namespace {

bool same_request(const LabRequest& a, const LabRequest& b) {
  // The code alone: the editor's comments are in the page's language, the recording's in English.
  if (a.exercise != b.exercise || a.block != b.block || without_comments(a.source) != without_comments(b.source))
    return false;
  const Exercise* e = find_exercise(a.exercise);
  if (e && e->layout == Layout::Matrix) return a.width == b.width && a.height == b.height && a.block_y == b.block_y;
  return a.n == b.n;
}

// A count, grouped as the page groups its numbers ("1 000 000" in French).
Wording count(long long n) { return Wording::number(std::to_string(n)); }

}  // namespace

const RecordedTry* LabRecording::find(const LabRequest& request) const {
  for (const RecordedTry& t : tries)
    if (same_request(t.request, request)) return &t;
  return nullptr;
}

std::vector<RecordedTry> lab_recording_plan() {
  std::vector<RecordedTry> plan;
  for (const Exercise& e : exercises()) plan.push_back({"the starting code", starting_request(e), {}});
  // The lesson's experiments with the add kernel.
  const Exercise& add = *find_exercise("add");
  RecordedTry wide{"2000 threads a block", starting_request(add), {}};
  wide.request.block = 2000;
  plan.push_back(wide);
  RecordedTry unguarded{"no bounds check, n = 1000", starting_request(add), {}};
  // The starter's guard and the comment above it go; its store moves left to match.
  std::string& source = unguarded.request.source;
  const std::string guard = "  // the last block may reach past n:\n  if (i < n)\n";
  if (const auto at = source.find(guard); at != std::string::npos) {
    source.erase(at, guard.size());
    source.replace(source.find("    c[i]"), 4, "  ");
    unguarded.request.n = 1000;
    plan.push_back(unguarded);
  }
  return plan;
}

Status record_lab(LabRecording* out) {
  if (Status s = require_gpu(); !s) return s;
  std::vector<RecordedTry> tries = lab_recording_plan();
  for (RecordedTry& t : tries) {
    t.request.engine = Engine::Gpu;
    t.report = try_kernel(t.request);
    if (!t.report.compiled)
      return Status::error(Wording::sentence(N_("{0}, {1}: did not compile: {2}"),
                                             {t.request.exercise, t.what, t.report.message}));
  }
  out->tries = std::move(tries);
  return Status::ok();
}

Wording summarize(const LabReport& r) {
  switch (r.run) {
    case RunState::NotRun: return Wording::sentence(N_("not run: {0}"), {r.message});
    case RunState::Refused: return Wording::sentence(N_("refused: {0}"), {r.message});
    case RunState::Failed: return Wording::sentence(N_("failed: {0}"), {r.message});
    case RunState::Ran: break;
  }
  // Clauses, each a sentence of its own, joined by "; " (translated for its punctuation:
  // French puts a narrow space before it, Chinese writes "；").
  Wording text = r.wrong == 0 ? Wording::sentence(N_("all {0} outputs right"), {count(r.checked)})
                              : Wording::sentence(N_("{0} of {1} outputs wrong, the first {2}"),
                                                  {count(r.wrong), count(r.checked),
                                                   r.output + "[" + std::to_string(r.first_wrong) + "]"});
  const auto then = [&text](Wording clause) { text = Wording::sentence(N_("{0}; {1}"), {text, std::move(clause)}); };
  if (r.overrun > 0)
    then(Wording::sentence(N_("{0} floats written past the end of {1}"), {count(r.overrun), r.output}));
  if (r.time.repeats > 0) {
    char number[48];
    std::snprintf(number, sizeof number, "%.4f", r.time.median_ms);
    Wording time = Wording::sentence(N_("{0} ms (median of {1})"), {Wording::number(number), count(r.time.repeats)});
    if (r.wrong == 0 && r.gbytes_per_s > 0) {
      std::snprintf(number, sizeof number, "%.0f", r.gbytes_per_s);
      time = Wording::sentence("{0}, {1} GB/s", {time, Wording::number(number)});
    }
    then(time);
  }
  return text;
}

// A try's request, its members under their own names (the engine is not recorded).
#define WHYGPU_REQUEST_MEMBERS exercise, source, n, block, block_y, width, height

void to_json(bench::Json& j, const RecordedTry& t) {
  WHYGPU_JSON_WRITE_MEMBERS(j, t.request, WHYGPU_REQUEST_MEMBERS);
  j["what"] = t.what;
  j["summary"] = summarize(t.report).english();  // for readers
  j["report"] = t.report;
}

void from_json(const bench::Json& j, RecordedTry& out) {
  RecordedTry t;
  t.what = j.value("what", t.what);
  t.request.exercise.clear();  // required
  WHYGPU_JSON_READ_MEMBERS(j, t.request, WHYGPU_REQUEST_MEMBERS);
  if (!find_exercise(t.request.exercise)) bench::reject(j, "no exercise named '" + t.request.exercise + "'");
  j.at("report").get_to(t.report);
  out = std::move(t);
}

void to_json(bench::Json& j, const LabRecording& recording) { j = {{"tries", recording.tries}}; }

void from_json(const bench::Json& j, LabRecording& recording) { bench::array_at(j, "tries").get_to(recording.tries); }

}  // namespace whygpu::kernel_lab
