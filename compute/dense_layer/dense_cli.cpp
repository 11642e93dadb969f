#include "compute/dense_layer/dense_cli.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <sstream>

#include "compute/bench/run_info.h"
#include "compute/core/command_line.h"
#include "compute/core/text_file.h"
#include "compute/dense_layer/dense_recording.h"

namespace whygpu::dense_layer {
namespace {

struct DenseCommand {
  std::vector<DenseSizes> sizes;  // empty: default_bench_sizes()
  std::string json_path;
  int repeats = 20;
};

const CommandAbout kAbout{
    "whygpu bench dense",
    N_("y = sigmoid(W x + b) with W of OUT x IN and BATCH samples, timed on one CPU core, as\n"
       "three GPU kernels (product, add, sigmoid) and as one fused kernel; every GPU result is\n"
       "checked against the CPU's first. --json FILE also records the run (the dense-layer\n"
       "panel shows it on machines without a GPU).\n")};

Status parse_size_list(DenseCommand& c, const std::string& text) {
  std::istringstream list(text);
  for (std::string item; std::getline(list, item, ',');) {
    DenseSizes d;
    if (Status s = parse_dense_sizes(item, &d); !s) return s;
    c.sizes.push_back(d);
  }
  return Status::ok();
}

const Fields<DenseCommand>& fields() {
  static const Fields<DenseCommand> table{
      parsed_field<DenseCommand>("sizes", "", parse_size_list,
                                 N_("the layers to time (default: nine, from 10x64x64 to 4096x4096x16)"))
          .shown_as("OUTxINxBATCH,...")
          .for_example("64x64x1"),
      whole_field("repeats", &DenseCommand::repeats, 1, 100000, N_("timed runs per measurement")),
      text_field("json", &DenseCommand::json_path, N_("also record the run")).shown_as("FILE"),
  };
  return table;
}

std::string ms(const TimingStats& t) {
  if (t.repeats == 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", t.median_ms);
  return text;
}

std::string format_row(const DenseTiming& t) {
  char text[512];
  std::snprintf(text, sizeof text, "%-22s %10s %10s %10s %10s %10s %10s %8.2fx %8.1fx %9.1e", t.sizes.text().c_str(),
                ms(t.cpu).c_str(), ms(t.product).c_str(), ms(t.add).c_str(), ms(t.sigmoid).c_str(),
                ms(t.three).c_str(), ms(t.fused).c_str(), t.fused_speedup(), t.gpu_speedup(),
                std::max(t.three_error, t.fused_error));
  std::string line = text;
  if (!t.gpu_measured) line += "  GPU: " + t.gpu_note;
  if (!t.cpu_note.empty()) line += "  CPU: " + t.cpu_note;
  return line;
}

}  // namespace

const std::vector<DenseSizes>& default_bench_sizes() {
  static const std::vector<DenseSizes> sizes = {
      {1024, 1024, 1}, {64, 64, 1},    {256, 256, 1},   {4096, 4096, 1}, {1024, 1024, 16},
      {1024, 1024, 256}, {4096, 4096, 16}, {64, 576, 64}, {10, 64, 64},
  };
  return sizes;
}

Status parse_dense_sizes(const std::string& text, DenseSizes* out) {
  DenseSizes s;
  char x1 = 0, x2 = 0, extra = 0;
  std::istringstream in(text);
  if (!(in >> s.out >> x1 >> s.in >> x2 >> s.batch) || x1 != 'x' || x2 != 'x' || (in >> extra))
    return Status::error("'" + text + "' is not OUTxINxBATCH (for example 1024x1024x1)");
  if (Status st = check_sizes(s); !st) return st;
  *out = s;
  return Status::ok();
}

int run_dense_bench(const std::vector<std::string>& args) {
  DenseCommand c;
  if (const std::optional<int> exit_code = parse_options(kAbout, fields(), args, &c)) return *exit_code;
  std::vector<DenseSizes>& sizes = c.sizes;
  const std::string& json_path = c.json_path;
  MeasureOptions options;
  options.repeats = c.repeats;
  options.budget_seconds = 2.0;
  if (sizes.empty()) sizes = default_bench_sizes();

  std::string command = "whygpu bench dense";
  for (const std::string& a : args) command += " " + a;
  DenseRecording recording;
  recording.run = bench::describe_this_run(command, 1);
  std::printf("# %s\n# GPU: %s\n# CPU: %s (one core)\n", command.c_str(), recording.run.gpu_summary().c_str(),
              recording.run.cpu_summary().c_str());
  std::printf("%-22s %10s %10s %10s %10s %10s %10s %9s %9s %9s\n", "out x in, batch", "cpu ms", "product",
              "add", "sigmoid", "three", "fused", "3/fused", "cpu/fused", "max err");
  int code = 0;
  for (const DenseSizes& d : sizes) {
    DenseTiming t;
    if (Status s = measure_dense_layer(d, options, &t); !s) {
      std::printf("%-22s failed: %s\n", d.text().c_str(), s.message().c_str());
      code = 1;
      continue;
    }
    if (!t.gpu_measured && recording.run.gpu_available) code = 1;
    std::printf("%s\n", format_row(t).c_str());
    std::fflush(stdout);
    recording.rows.push_back(std::move(t));
  }
  if (!json_path.empty()) {
    if (Status s = bench::save_recording(json_path, kDenseRecording, recording); !s) {
      std::fprintf(stderr, "whygpu bench dense: %s\n", s.message().c_str());
      return 1;
    }
    std::printf("# recorded in %s\n", json_path.c_str());
  }
  return code;
}

}  // namespace whygpu::dense_layer
