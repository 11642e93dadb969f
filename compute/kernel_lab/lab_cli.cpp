#include "compute/kernel_lab/lab_cli.h"

#include <cstdio>
#include <optional>
#include <iostream>
#include <sstream>

#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"
#include "compute/core/command_line.h"
#include "compute/kernel_lab/compiler.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/kernel_run.h"
#include "compute/kernel_lab/problem.h"
#include "compute/kernel_lab/sandbox.h"
#include "compute/kernel_lab/sim_compiler.h"
#include "compute/kernel_lab/sim_run.h"

namespace whygpu::kernel_lab {
namespace {

struct LabCommand {
  LabRequest request;
  TryOptions options;
  std::string source_path, starter;
};

CommandAbout about() {
  std::string text = N_("Compiles FILE (CUDA C++ defining extern \"C\" __global__ void my_kernel(...), with the\n"
                        "exercise's parameters) with NVRTC, runs it on N random floats in blocks of B threads\n"
                        "(a matrix exercise: W x H in blocks of B x BY), checks the output against the CPU and\n"
                        "times it. Without a GPU (or with --engine simulator) it runs in the CPU simulator\n"
                        "instead: every thread on the CPU, which checks correctness, not speed. FILE - reads\n"
                        "standard input. Exercises:\n");
  for (const Exercise& e : exercises()) text += "  " + e.key + std::string(e.key.size() < 11 ? 11 - e.key.size() : 1, ' ') + e.title + "\n";
  return CommandAbout{"whygpu kernel-lab", text};
}

std::vector<std::string> exercise_keys() {
  std::vector<std::string> keys;
  for (const Exercise& e : exercises()) keys.push_back(e.key);
  return keys;
}

const Fields<LabCommand>& fields() {
  using C = LabCommand;
  static const Fields<C> table{
      choice_field<C>("exercise", exercise_keys(), LabRequest{}.exercise,
                      [](C& c, const std::string& v) { c.request.exercise = v; }, N_("the exercise (the list above)")),
      text_field("source", &C::source_path, N_("the kernel's source; - reads standard input (needed)"))
          .shown_as("FILE"),
      size_field<C>("n", [](C& c) -> int& { return c.request.n; }, 1, kMaxElements, N_("elements of a line exercise")),
      // Up to 4096 on purpose: a lesson shows the GPU refusing more than 1024.
      size_field<C>("block", [](C& c) -> int& { return c.request.block; }, 1, 4096, N_("threads per block (x)"))
          .shown_as("B"),
      size_field<C>("block-y", [](C& c) -> int& { return c.request.block_y; }, 1, 4096,
                    N_("threads per block in y (matrix exercises)"))
          .shown_as("BY"),
      size_field<C>("width", [](C& c) -> int& { return c.request.width; }, 1, kMaxElements,
                    N_("columns of a matrix exercise"))
          .shown_as("W"),
      size_field<C>("height", [](C& c) -> int& { return c.request.height; }, 1, kMaxElements,
                    N_("rows of a matrix exercise"))
          .shown_as("H"),
      choice_field<C>("engine", {"auto", "gpu", "simulator"}, "auto",
                      [](C& c, const std::string& v) { engine_from_key(v, &c.request.engine); },
                      N_("where the kernel runs (auto: the GPU when there is one)")),
      text_field<C>("work-folder", [](C& c) -> std::string& { return c.options.work_folder; },
                    N_("the simulator's files (default: a temporary folder)"))
          .shown_as("DIR"),
      number_field<C>("compile-seconds", [](C& c) -> double& { return c.options.compile_seconds; }, 0, 3600,
                      N_("the simulator's compile is stopped after this"), true)
          .in_unit("s"),
      choice_field("starter", &C::starter, exercise_keys(), N_("print an exercise's starting source and exit"))
          .shown_as("KEY"),
  };
  return table;
}

void copy_compile(const CompiledKernel& kernel, LabReport* report) {
  report->compiled = kernel.ok;
  report->target = kernel.target;
  report->compile_ms = kernel.compile_ms;
  report->diagnostics = kernel.diagnostics;
  report->compile_log = kernel.log;
  if (!kernel.ok) report->message = Wording::sentence(N_("the source did not compile: see the errors"));
}

void try_on_gpu(const LabRequest& request, const Exercise& exercise, const TryOptions& options, LabReport* report) {
  const GpuInfo& gpu = gpu_info();
  CompiledKernel kernel;
  if (Status s = compile_kernel(request.source, gpu.available ? gpu.compute_major : 0,
                                gpu.available ? gpu.compute_minor : 0, &kernel);
      !s) {
    report->message = s.message();
    return;
  }
  copy_compile(kernel, report);
  if (!kernel.ok) return;
  if (!gpu.available) {
    report->message = Wording::sentence(N_("it compiles, but no kernel can run here: {0}"), {gpu.unavailable_reason});
    return;
  }
  Problem problem;
  if (Status s = make_problem(exercise, request, &problem); !s) {
    report->message = s.message();
    return;
  }
  // The kernel has no code on the CPU here; the filter guards what is loaded with it. Not
  // tried on a GPU yet: CUDA's threads are made with clone(CLONE_THREAD), which it allows.
  if (options.confine)
    if (Status s = forbid_new_processes(); !s) {
      report->message = Wording::sentence(N_("could not lock the kernel in: {0}"), {s.message()});
      return;
    }
  run_kernel(kernel, problem, report);
}

void try_on_simulator(const LabRequest& request, const Exercise& exercise, const TryOptions& options,
                      LabReport* report) {
  // NVRTC first, where there is one: its errors are the ones a GPU's compiler gives.
  CompiledKernel checked;
  if (compile_kernel(request.source, 0, 0, &checked) && !checked.ok) return copy_compile(checked, report);

  SimBuild build;
  SimKernel kernel;
  SimBuildOptions build_options;
  build_options.folder = options.work_folder;
  build_options.compile_seconds = options.compile_seconds;
  if (options.confine) build_options.before_load = forbid_new_processes;
  if (Status s = build_for_simulator(exercise, request.source, &build, &kernel, build_options); !s) {
    report->message = s.message();
    return;
  }
  report->simulated = true;
  report->target = "CPU simulator (" + build.compiler + ")";
  report->compile_ms = build.compile_ms;
  report->diagnostics = build.diagnostics;
  report->compile_log = build.log;
  report->compiled = build.ok || !build.problem.empty();  // the user's code compiled, whatever else
  if (!build.ok) {
    report->message = build.problem.empty() ? Wording::sentence(N_("the source did not compile: see the errors")) : Wording(build.problem);
    return;
  }
  Problem problem;
  if (Status s = make_problem(exercise, request, &problem); !s) {
    report->message = s.message();
    return;
  }
  simulate(kernel, problem, SimOptions{}, report);
}

}  // namespace

Engine choose_engine(Engine requested) {
  if (requested != Engine::Auto) return requested;
  return gpu_info().available ? Engine::Gpu : Engine::Simulator;
}

LabReport try_kernel(const LabRequest& request, const TryOptions& options) {
  LabReport report;
  const Exercise* exercise = find_exercise(request.exercise);
  if (!exercise) {
    report.message = Wording::sentence(N_("no exercise named '{0}'"), {request.exercise});
    return report;
  }
  if (choose_engine(request.engine) == Engine::Gpu) {
    try_on_gpu(request, *exercise, options, &report);
    return report;
  }
  try_on_simulator(request, *exercise, options, &report);
  // The refused call failed with EPERM and the kernel went on; whatever came of it, the
  // try failed, and why comes first. (On the GPU a refusal could only be the driver's.)
  if (const std::string call = refused_call(); !call.empty()) {
    report.run = RunState::Failed;
    report.message = forbidden_call_message(call);
  }
  return report;
}

int run_kernel_lab_command(const std::vector<std::string>& args) {
  LabCommand c;
  if (const std::optional<int> exit_code = parse_options(about(), fields(), args, &c)) return *exit_code;
  if (!c.starter.empty()) {
    std::fputs(find_exercise(c.starter)->starter.c_str(), stdout);
    return 0;
  }
  LabRequest& request = c.request;
  TryOptions& options = c.options;
  options.confine = true;
  const std::string& source_path = c.source_path;
  const auto usage = [](const std::string& error) {
    std::fprintf(stderr, "whygpu kernel-lab: %s (whygpu kernel-lab --help lists the options)\n", error.c_str());
    return 2;
  };
  if (source_path.empty()) return usage("--source is needed");
  std::ostringstream text;
  if (source_path == "-") {
    text << std::cin.rdbuf();
  } else {
    std::string file_text;
    if (Status s = read_text_file(source_path, &file_text, kMaxSourceBytes); !s) return usage(s.message());
    text << file_text;
  }
  request.source = text.str();
  LabReport report;
  if (Status s = limit_resources(choose_engine(request.engine) == Engine::Gpu); !s) report.message = s.message();
  else report = try_kernel(request, options);
  std::fputs(to_text(report).c_str(), stdout);
  return 0;
}

}  // namespace whygpu::kernel_lab
