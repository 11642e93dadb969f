#include "compute/kernel_lab/lab_cli.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"
#include "compute/bench/bench_cli.h"
#include "compute/kernel_lab/compiler.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/kernel_run.h"
#include "compute/kernel_lab/problem.h"
#include "compute/kernel_lab/sandbox.h"
#include "compute/kernel_lab/sim_compiler.h"
#include "compute/kernel_lab/sim_run.h"

namespace whygpu::kernel_lab {
namespace {

const char* kUsage =
    "usage: whygpu kernel-lab --exercise KEY --source FILE [--n N] [--block B]\n"
    "                         [--width W --height H --block-y BY] [--engine auto|gpu|simulator]\n"
    "  compiles FILE (CUDA C++ defining extern \"C\" __global__ void my_kernel(...), with the\n"
    "  exercise's parameters) with NVRTC, runs it on N random floats in blocks of B threads\n"
    "  (a matrix exercise: W x H in blocks of B x BY), checks the output against the CPU and\n"
    "  times it. Without a GPU (or with --engine simulator) it runs in the CPU simulator\n"
    "  instead: every thread on the CPU, which checks correctness, not speed. FILE - reads\n"
    "  standard input. --starter KEY prints an exercise's starting source. The simulator's\n"
    "  files go in --work-folder DIR (else a temporary folder), its compile stops after\n"
    "  --compile-seconds S (60). Exercises:\n";

int usage(const std::string& error) {
  if (!error.empty()) std::fprintf(stderr, "whygpu kernel-lab: %s\n", error.c_str());
  std::fputs(kUsage, error.empty() ? stdout : stderr);
  for (const Exercise& e : exercises())
    std::fprintf(error.empty() ? stdout : stderr, "    %-10s %s\n", e.key.c_str(), e.title.c_str());
  return error.empty() ? 0 : 2;
}

// A size as `whygpu bench` reads it (4096, 2^20, 64K), from 1 to max.
bool parse_count(const std::string& text, std::int64_t max, int* out) {
  std::int64_t v = 0;
  if (!bench::parse_size(text, &v) || v < 1 || v > max) return false;
  *out = static_cast<int>(v);
  return true;
}

void copy_compile(const CompiledKernel& kernel, LabReport* report) {
  report->compiled = kernel.ok;
  report->target = kernel.target;
  report->compile_ms = kernel.compile_ms;
  report->diagnostics = kernel.diagnostics;
  report->compile_log = kernel.log;
  if (!kernel.ok) report->message = "the source did not compile: see the errors";
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
    report->message = "it compiles, but no kernel can run here: " + gpu.unavailable_reason;
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
      report->message = "could not lock the kernel in: " + s.message();
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
    report->message = build.problem.empty() ? "the source did not compile: see the errors" : build.problem;
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
    report.message = "no exercise named '" + request.exercise + "'";
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
  LabRequest request;
  TryOptions options;
  options.confine = true;
  std::string source_path;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") return usage("");
    if (i + 1 >= args.size()) return usage(a + " needs a value");
    const std::string& v = args[++i];
    if (a == "--exercise") request.exercise = v;
    else if (a == "--source") source_path = v;
    else if (a == "--n") {
      if (!parse_count(v, kMaxElements, &request.n)) return usage("--n wants a size from 1 to 2^28 (4096, 2^20, 1M)");
    } else if (a == "--block") {
      // Up to 4096 on purpose: a lesson shows the GPU refusing more than 1024.
      if (!parse_count(v, 4096, &request.block)) return usage("--block wants a whole number from 1 to 4096");
    } else if (a == "--block-y") {
      if (!parse_count(v, 4096, &request.block_y)) return usage("--block-y wants a whole number from 1 to 4096");
    } else if (a == "--width") {
      if (!parse_count(v, kMaxElements, &request.width)) return usage("--width wants a size from 1 to 2^28");
    } else if (a == "--height") {
      if (!parse_count(v, kMaxElements, &request.height)) return usage("--height wants a size from 1 to 2^28");
    } else if (a == "--engine") {
      if (!engine_from_key(v, &request.engine)) return usage("--engine wants auto, gpu or simulator");
    } else if (a == "--work-folder") {
      options.work_folder = v;
    } else if (a == "--compile-seconds") {
      char* end = nullptr;
      options.compile_seconds = std::strtod(v.c_str(), &end);
      if (end == v.c_str() || *end || !(options.compile_seconds > 0.0 && options.compile_seconds <= 3600.0))
        return usage("--compile-seconds wants a number of seconds from 0 to 3600");
    } else if (a == "--starter") {
      const Exercise* e = find_exercise(v);
      if (!e) return usage("no exercise named '" + v + "'");
      std::fputs(e->starter.c_str(), stdout);
      return 0;
    } else {
      return usage("unknown option " + a);
    }
  }
  if (!find_exercise(request.exercise)) return usage("no exercise named '" + request.exercise + "'");
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
