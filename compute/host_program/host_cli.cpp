#include "compute/host_program/host_cli.h"

#include <cstdio>
#include <optional>

#include "compute/bench/run_info.h"
#include "compute/core/command_line.h"
#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"
#include "compute/host_program/program_child.h"

namespace whygpu::host_program {
namespace {

// Each line gets this long to answer; copies of 2^28 floats from pageable memory, or a
// kernel reading host memory page by page, can take seconds.
constexpr double kStepSeconds = 120.0;

struct HostCommand {
  ProgramOptions options;
  std::string mistake = "all", record_path;
  bool serve = false;
};

CommandAbout about() {
  std::string text = N_("Runs c = a + b on N floats as a first CUDA program does it: context, cudaMalloc,\n"
                        "copies in, the launch, cudaGetLastError, cudaDeviceSynchronize, the copy back,\n"
                        "cudaFree, and a check on the CPU; each call timed on the CPU's clock, with what the\n"
                        "runtime returned. Each program runs in a process of its own. --record FILE runs\n"
                        "every mistake and saves the runs (the host-program panel shows them without a GPU).\n"
                        "Mistakes:\n");
  for (const MistakeInfo& m : mistakes()) text += "  " + m.key + std::string(22 - m.key.size(), ' ') + m.label + "\n";
  return CommandAbout{"whygpu host-program", text};
}

std::vector<std::string> mistake_choices() {
  std::vector<std::string> keys{"all"};
  for (const MistakeInfo& m : mistakes()) keys.push_back(m.key);
  return keys;
}

const Fields<HostCommand>& fields() {
  using C = HostCommand;
  static const Fields<C> table{
      choice_field<C>("mistake", mistake_choices(), "all",
                      [](C& c, const std::string& v) {
                        c.mistake = v;
                        if (v != "all") find_mistake(v, &c.options.mistake);
                      },
                      N_("the mistake to make (the list above), or all")),
      size_field<C>("n", [](C& c) -> long long& { return c.options.n; }, kMinElements, kMaxElements,
                    N_("floats in each array")),
      whole_field<C>("threads", [](C& c) -> int& { return c.options.threads; }, 1, 4096,
                     N_("threads per block of the correct launch")),
      text_field("record", &C::record_path, N_("run every mistake and save the runs")).shown_as("FILE"),
      flag_field("serve", &C::serve, N_("the child's side: run one program, step by step, as told on stdin")),
  };
  return table;
}

RecordedProgram run_program(const std::string& executable, const ProgramOptions& options) {
  RecordedProgram p;
  p.mistake = options.mistake;
  ProgramChild child;
  if (Status s = child.start(executable, options, nullptr); !s) {
    p.failure = s.message();
    return p;
  }
  if (Status s = child.run_rest(&p.steps, kStepSeconds, nullptr); !s) p.failure = s.message();
  return p;
}

}  // namespace

std::string format_program(const ProgramOptions& options, const std::vector<StepResult>& results) {
  const std::vector<Step> steps = program_steps(options);
  std::string out;
  double kernel_ms = -1.0;
  for (const StepResult& r : results) {
    if (r.index < 0 || r.index >= static_cast<int>(steps.size())) continue;
    if (r.kernel_ms >= 0.0) kernel_ms = r.kernel_ms;
    const Step& s = steps[static_cast<std::size_t>(r.index)];
    char head[256];
    std::snprintf(head, sizeof head, "%3d  %-64s ", r.index + 1, commented(s.code, s.comment).c_str());
    std::string line = head;
    char ms[32];
    switch (r.state) {
      case StepState::Missing: line += "(missing: the mistake removed it)"; break;
      case StepState::NotRun: line += "(not run: the program had stopped)"; break;
      case StepState::Ran:
        std::snprintf(ms, sizeof ms, "%10.4f ms", r.ms);
        line += ms;
        if (r.has_error_code) line += "  " + r.error_name + (r.failed() ? " \"" + r.error_text + "\"" : "");
        break;
    }
    if (!r.output.empty()) line += "  " + r.output;
    out += line + "\n";
  }
  if (kernel_ms >= 0.0) {
    char text[96];
    std::snprintf(text, sizeof text, "     the kernel itself, on the GPU's clock (CUDA events): %.4f ms\n", kernel_ms);
    out += text;
  }
  return out;
}

int run_host_program_command(const std::vector<std::string>& args, const std::string& executable) {
  HostCommand c;
  if (const std::optional<int> exit_code = parse_options(about(), fields(), args, &c)) return *exit_code;
  const ProgramOptions& options = c.options;
  const std::string &mistake = c.mistake, &record_path = c.record_path;
  const bool serve = c.serve;
  if (serve) return serve_program(options);
  if (!record_path.empty() && !gpu_info().available) {
    std::fprintf(stderr, "whygpu host-program: no GPU here (%s): there is nothing worth recording\n",
                 gpu_info().unavailable_reason.english().c_str());
    return 1;
  }

  std::string command = "whygpu host-program";
  for (const std::string& a : args) command += " " + a;
  HostRecording recording;
  recording.run = bench::describe_this_run(command, 1);
  recording.n = options.n;
  recording.threads = options.threads;
  std::printf("# %s\n# GPU: %s\n", command.c_str(), recording.run.gpu_summary().c_str());
  int code = 0;
  for (const MistakeInfo& m : mistakes()) {
    if (mistake != "all" && m.key != mistake) continue;
    ProgramOptions o = options;
    o.mistake = m.mistake;
    RecordedProgram p = run_program(executable, o);
    std::printf("\n## %s: %s\n%s", m.key.c_str(), m.label.c_str(), format_program(o, p.steps).c_str());
    if (!p.failure.empty()) {
      std::printf("     the run failed: %s\n", p.failure.c_str());
      code = 1;
    }
    std::fflush(stdout);
    recording.programs.push_back(std::move(p));
  }
  if (!record_path.empty()) {
    if (Status s = bench::save_recording(record_path, kHostRecording, recording); !s) {
      std::fprintf(stderr, "whygpu host-program: %s\n", s.message().c_str());
      return 1;
    }
    std::printf("\n# recorded in %s\n", record_path.c_str());
  }
  return code;
}

}  // namespace whygpu::host_program
