#include "compute/host_program/host_cli.h"

#include <cstdio>

#include "compute/bench/bench_cli.h"
#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"
#include "compute/host_program/program_child.h"

namespace whygpu::host_program {
namespace {

const char* kUsage =
    "usage: whygpu host-program [--mistake KEY|all] [--n N] [--threads T] [--record FILE]\n"
    "  runs c = a + b on N floats (default 2^24) as a first CUDA program does it: context,\n"
    "  cudaMalloc, copies in, the launch, cudaGetLastError, cudaDeviceSynchronize, the copy\n"
    "  back, cudaFree, and a check on the CPU; each call timed on the CPU's clock, with what\n"
    "  the runtime returned. Each program runs in a process of its own. --record FILE runs\n"
    "  every mistake and saves the runs (the host-program panel shows them without a GPU).\n"
    "  mistakes:\n";

// Each line gets this long to answer; copies of 2^28 floats from pageable memory, or a
// kernel reading host memory page by page, can take seconds.
constexpr double kStepSeconds = 120.0;

std::string usage() {
  std::string u = kUsage;
  for (const MistakeInfo& m : mistakes()) u += "    " + m.key + std::string(22 - m.key.size(), ' ') + m.label + "\n";
  return u;
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
    std::snprintf(head, sizeof head, "%3d  %-64s ", r.index + 1, s.code.c_str());
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
  ProgramOptions options;
  std::string mistake = "all", record_path;
  bool serve = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::fputs(usage().c_str(), stdout);
      return 0;
    }
    if (a == "--serve") {
      serve = true;
      continue;
    }
    Status s = Status::ok();
    if (i + 1 >= args.size()) {
      s = Status::error(a + " needs a value");
    } else if (a == "--mistake") {
      mistake = args[++i];
      if (mistake != "all" && !find_mistake(mistake, &options.mistake))
        s = Status::error("unknown mistake '" + mistake + "'");
    } else if (a == "--n") {
      std::int64_t n = 0;
      s = bench::parse_size(args[++i], &n);
      options.n = n;
    } else if (a == "--threads") {
      s = bench::parse_int(a, args[++i], 1, 4096, &options.threads);
    } else if (a == "--record") {
      record_path = args[++i];
    } else {
      s = Status::error("unknown option " + a);
    }
    if (s) s = check_options(options);
    if (!s) {
      std::fprintf(stderr, "whygpu host-program: %s\n%s", s.message().c_str(), usage().c_str());
      return 2;
    }
  }
  if (serve) return serve_program(options);
  if (!record_path.empty() && !gpu_info().available) {
    std::fprintf(stderr, "whygpu host-program: no GPU here (%s): there is nothing worth recording\n",
                 gpu_info().unavailable_reason.c_str());
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
    if (Status s = write_file_atomically(record_path, host_recording_json(recording)); !s) {
      std::fprintf(stderr, "whygpu host-program: %s\n", s.message().c_str());
      return 1;
    }
    std::printf("\n# recorded in %s\n", record_path.c_str());
  }
  return code;
}

}  // namespace whygpu::host_program
