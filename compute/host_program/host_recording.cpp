#include "compute/host_program/host_recording.h"

namespace whygpu::host_program {

const RecordedProgram* HostRecording::find(Mistake mistake) const {
  for (const RecordedProgram& p : programs)
    if (p.mistake == mistake) return &p;
  return nullptr;
}

void to_json(bench::Json& j, const HostRecording& r) {
  j = {{"n", r.n}, {"threads", r.threads}, {"programs", bench::Json::array()}};
  for (const RecordedProgram& p : r.programs) {
    bench::Json program = {{"mistake", mistake_info(p.mistake).key}, {"steps", p.steps}};
    if (!p.failure.empty()) program["failure"] = p.failure;
    j["programs"].push_back(std::move(program));
  }
}

void from_json(const bench::Json& j, HostRecording& out) {
  if (j.at("format_version").get<double>() < kHostRecording.version)
    bench::reject(j.at("format_version"), "this recording was made before the program's warm-up launch: record it "
                                          "again with whygpu host-program --record FILE on a GPU machine");
  HostRecording r;
  r.n = j.value("n", 0LL);
  r.threads = j.value("threads", 0);
  if (Status s = check_options({r.n, r.threads, Mistake::None}); !s) bench::reject(j, "the recording's sizes: " + s.message());
  for (const bench::Json& program : bench::array_at(j, "programs")) {
    RecordedProgram p;
    const bench::Json& mistake = program.at("mistake");
    if (!find_mistake(mistake.get<std::string>(), &p.mistake)) bench::reject(mistake, "not a mistake this whygpu knows");
    p.failure = program.value("failure", p.failure);
    const bench::Json& steps = bench::array_at(program, "steps");
    const std::size_t lines = program_steps({r.n, r.threads, p.mistake}).size();
    if (steps.size() > lines)
      bench::reject(steps, "expected at most " + std::to_string(lines) + " steps, one per line of the program");
    steps.get_to(p.steps);
    for (std::size_t k = 0; k < p.steps.size(); ++k)
      if (p.steps[k].index != static_cast<int>(k)) bench::reject(steps[k], "its index is not " + std::to_string(k));
    r.programs.push_back(std::move(p));
  }
  out = std::move(r);
}

}  // namespace whygpu::host_program
