#pragma once
// `whygpu bench vector-add|matmul|copy|all [options]`: argument parsing and the run, kept
// here (not in app/) so they are testable without the app. app/cli/bench_command.cpp calls
// run_kernel_bench for these benchmarks.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "compute/core/command_line.h"
#include "compute/core/fields.h"
#include "compute/kernels/measurement.h"

namespace whygpu::bench {

enum class OutputFormat { Table, Json, Csv };

// The defaults of `whygpu bench` (more repeats and a time budget per measurement).
kernels::BenchOptions default_bench_options();

struct BenchRequest {
  std::string benchmark;               // "vector-add", "matmul", "copy" or "all"
  std::vector<std::int64_t> sizes;     // empty: the benchmark's defaults
  std::vector<std::string> variants;   // empty: all of the benchmark's variants
  OutputFormat format = OutputFormat::Table;
  std::string output_path;             // empty: stdout
  kernels::BenchOptions options = default_bench_options();
  bool tune = false;                   // matmul: also time every tile shape of the rungs
  std::string sgemm_shape;             // matmul: the shape gpu-register-tiled uses ("auto")
  bool progress = true;                // progress line on stderr
  bool list = false;                   // print the variants and exit
};

// The options of a sweep of measurements (sizes, repeats, warm-up, budget, threads, the
// output and its format), declared once for these benchmarks and the OpenGL one.
std::vector<Field<BenchRequest>> measurement_fields();

// Parses arguments (those after "bench"). Errors are messages for the user. *outcome
// (when given) says whether the command should run or --help, --check-options or
// --list-options was given; then the benchmark is not checked.
Status parse_bench_args(const std::vector<std::string>& args, BenchRequest* out, CommandOutcome* outcome = nullptr);

// The help of vector-add, matmul, copy and all, from their field table.
std::string bench_usage(const std::string& program);

// Runs the request and writes the result (table, JSON or CSV) to `out`, progress to `err`.
// Returns the exit code: 0 when every row was measured or expectedly absent, 1 when a
// measurement failed or the output file could not be written.
int run_bench_request(const BenchRequest& request, const std::string& command,
                      std::ostream& out, std::ostream& err);

// Runs `jobs` (made elsewhere: the OpenGL benchmark's in app/) and writes them as
// `request` says (format, output file, progress), with the same exit codes; the rows
// also go to `measured` when given.
int run_bench_jobs(const BenchRequest& request, const std::vector<kernels::SweepJob>& jobs,
                   const std::string& command, std::ostream& out, std::ostream& err,
                   std::vector<kernels::Measurement>* measured = nullptr);

// The whole command: parse, run, print. `program` prefixes usage and the recorded command
// ("whygpu bench"). Exit codes: 0 ok, 1 a measurement failed, 2 bad arguments.
int run_kernel_bench(const std::vector<std::string>& args,
                     const std::string& program = "whygpu bench");

}  // namespace whygpu::bench
