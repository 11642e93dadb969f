#include "compute/bench/bench_cli.h"

#include <unistd.h>

#include <algorithm>
#include <optional>
#include <iostream>
#include <sstream>

#include "compute/bench/bench_format.h"
#include "compute/kernels/copy_bench.h"
#include "compute/kernels/matmul.h"
#include "compute/bench/run_info.h"
#include "compute/core/text_file.h"
#include "compute/kernels/vector_add_bench.h"

namespace whygpu::bench {

using namespace whygpu::kernels;  // the measurements this module reads and prints
namespace {

constexpr std::int64_t kMaxMatmulN = 1 << 17;

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) items.push_back(item);
  return items;
}

std::vector<std::string> variant_keys(const std::string& benchmark) {
  std::vector<std::string> keys;
  if (benchmark == "matmul")
    for (auto v : all_matmul_variants()) keys.emplace_back(matmul_variant_info(v).key);
  if (benchmark == "vector-add")
    for (auto v : all_vector_add_variants()) keys.emplace_back(vector_add_variant_info(v).key);
  if (benchmark == "copy")
    for (auto k : all_copy_kinds()) keys.emplace_back(copy_kind_info(k).key);
  return keys;
}

std::string joined(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

std::vector<std::int64_t> default_sizes(const std::string& benchmark) {
  if (benchmark == "matmul") return {256, 512, 1024, 2048, 4096};
  if (benchmark == "vector-add") {
    std::vector<std::int64_t> sizes;
    for (int log = 10; log <= 28; log += 2) sizes.push_back(std::int64_t{1} << log);
    return sizes;
  }
  return {std::int64_t{64} << 10, std::int64_t{1} << 20, std::int64_t{16} << 20,
          std::int64_t{256} << 20, std::int64_t{1} << 30};
}

// Builds the sweep jobs for one benchmark of the request.
Status jobs_for(const std::string& benchmark, const BenchRequest& request,
                std::vector<SweepJob>* jobs) {
  const std::vector<std::int64_t> sizes =
      request.sizes.empty() ? default_sizes(benchmark) : request.sizes;
  const std::vector<std::string> keys =
      request.variants.empty() ? variant_keys(benchmark) : request.variants;
  if (benchmark == "matmul") {
    std::vector<MatmulVariant> variants;
    for (const auto& key : keys) {
      MatmulVariant v{};
      if (!find_matmul_variant(key, &v)) return Status::error("unknown matmul variant " + key);
      variants.push_back(v);
    }
    std::vector<int> ns;
    for (auto s : sizes) {
      if (s > kMaxMatmulN)
        return Status::error("--sizes: matmul n=" + std::to_string(s) + " is above " +
                             std::to_string(kMaxMatmulN));
      ns.push_back(static_cast<int>(s));
    }
    for (auto& j : matmul_jobs(variants, ns, request.options)) jobs->push_back(std::move(j));
    if (request.tune) {
      // Every tile shape of the requested rungs that have several.
      for (int n : ns) {
        for (MatmulVariant v : variants) {
          const auto shapes = matmul_tile_shapes(v);
          for (int i = 0; i < static_cast<int>(shapes.size()); ++i) {
            const BenchOptions options = request.options;
            jobs->push_back({"matmul " + std::string(matmul_variant_info(v).key) + "@" +
                                 shapes[static_cast<std::size_t>(i)] + " n=" + std::to_string(n),
                             [v, i, n, options](std::vector<Measurement>* rows) {
                               return run_matmul_tile_shape(v, i, n, options, rows);
                             }});
          }
        }
      }
    }
    return Status::ok();
  }
  std::vector<std::size_t> counts;
  for (auto s : sizes) counts.push_back(static_cast<std::size_t>(s));
  if (benchmark == "vector-add") {
    std::vector<VectorAddVariant> variants;
    for (const auto& key : keys) {
      VectorAddVariant v{};
      if (!find_vector_add_variant(key, &v))
        return Status::error("unknown vector-add variant " + key);
      variants.push_back(v);
    }
    for (auto& j : vector_add_jobs(variants, counts, request.options)) jobs->push_back(std::move(j));
    return Status::ok();
  }
  std::vector<CopyKind> kinds;
  for (const auto& key : keys) {
    CopyKind k{};
    if (!find_copy_kind(key, &k)) return Status::error("unknown copy kind " + key);
    kinds.push_back(k);
  }
  for (auto& j : copy_jobs(kinds, counts, request.options)) jobs->push_back(std::move(j));
  return Status::ok();
}

}  // namespace

BenchOptions default_bench_options() {
  BenchOptions o;
  o.measure.warmup = 2;
  o.measure.repeats = 20;
  o.measure.min_repeats = 3;
  o.measure.budget_seconds = 2.0;
  return o;
}

namespace {

Status add_sizes(BenchRequest& r, const std::string& text) {
  for (const auto& item : split_list(text)) {
    std::int64_t size = 0;
    if (Status s = parse_size_text(item, &size); !s) return s;
    r.sizes.push_back(size);
  }
  if (r.sizes.empty()) return Status::error("give at least one size");
  return Status::ok();
}

Status set_variants(BenchRequest& r, const std::string& text) {
  r.variants = split_list(text);
  if (r.variants.empty()) return Status::error("give at least one variant");
  return Status::ok();
}

CommandAbout kernel_bench_about(const std::string& program) {
  return CommandAbout{program, N_("Times each variant at each size (matmul: n; vector-add: elements; copy: bytes).\n"),
                      "vector-add|matmul|copy|all"};
}

const Fields<BenchRequest>& kernel_bench_fields() {
  static const Fields<BenchRequest> table = [] {
    std::vector<Field<BenchRequest>> fields = measurement_fields();
    const std::vector<Field<BenchRequest>> own{
        parsed_field<BenchRequest>("variants", "", set_variants, N_("comma-separated variant keys (--list shows them)"))
            .shown_as("LIST"),
        whole_field<BenchRequest>("cpu-naive-max-n",
                                  [](BenchRequest& r) -> int& { return r.options.cpu_naive_max_n; }, 0, 1 << 17,
                                  N_("largest n for the naive CPU matmul (0: any)")),
        switch_field<BenchRequest>("no-rotate", [](BenchRequest& r) -> bool& { return r.options.rotate_inputs; }, false,
                                   N_("do not rotate among input sets (caches may flatter)")),
        flag_field("tune", &BenchRequest::tune,
                   N_("matmul: also time every tile shape of the rungs that have several (gpu-register-tiled, gpu-tc-*)")),
        text_field("sgemm-shape", &BenchRequest::sgemm_shape,
                   N_("matmul: the tile shape gpu-register-tiled uses (see --tune; default auto: chosen by size)"))
            .shown_as("NAME"),
        flag_field("list", &BenchRequest::list, N_("list the variants of each benchmark")),
    };
    fields.insert(fields.end(), own.begin(), own.end());
    return Fields<BenchRequest>(std::move(fields));
  }();
  return table;
}

}  // namespace

std::vector<Field<BenchRequest>> measurement_fields() {
  using R = BenchRequest;
  return {
      parsed_field<R>("sizes", "", add_sizes, N_("comma-separated sizes: 4096, 2^28, 64K, 256M, 1G"))
          .shown_as("LIST")
          .for_example("4096"),
      whole_field<R>("repeats", [](R& r) -> int& { return r.options.measure.repeats; }, 1, 100000,
                     N_("timed runs per measurement"))
          .also([](R& r) { r.options.measure.min_repeats = std::min(r.options.measure.min_repeats, r.options.measure.repeats); }),
      whole_field<R>("warmup", [](R& r) -> int& { return r.options.measure.warmup; }, 0, 1000,
                     N_("untimed runs first")),
      number_field<R>("budget", [](R& r) -> double& { return r.options.measure.budget_seconds; }, 0, 3600,
                      N_("fewer runs when a measurement would take longer (0: none; at least 3 runs are made)"))
          .in_unit("s"),
      whole_field<R>("threads", [](R& r) -> int& { return r.options.cpu_threads; }, 1, 4096,
                     N_("threads of the multi-threaded CPU variants (default: all)")),
      switch_field<R>("json", &R::format, OutputFormat::Json, N_("JSON instead of a table")),
      switch_field<R>("csv", &R::format, OutputFormat::Csv, N_("CSV instead of a table")),
      text_field("output", &R::output_path, N_("write the output to FILE instead of stdout")).shown_as("FILE"),
      switch_field<R>("quiet", &R::progress, false, N_("no progress line on stderr")),
  };
}

Status parse_bench_args(const std::vector<std::string>& args, BenchRequest* out, CommandOutcome* outcome) {
  BenchRequest r;
  CommandOutcome parsed = CommandOutcome::run;
  const Fields<BenchRequest>& fields = kernel_bench_fields();
  const Status s = parse_command_line(
      fields.specs(), args,
      [&](std::size_t i, const std::string& value) { return fields.apply(fields.fields()[i], value, &r, "--"); },
      [&](const std::string& word) {
        if (!r.benchmark.empty()) return Status::error("unexpected argument " + word);
        r.benchmark = word;
        return Status::ok();
      },
      &parsed);
  if (outcome) *outcome = parsed;
  if (!s) return s;
  if (parsed != CommandOutcome::run) {
    *out = r;
    return Status::ok();
  }
  if (r.benchmark.empty())
    return Status::error("say which benchmark: vector-add, matmul, copy or all");
  if (r.benchmark != "vector-add" && r.benchmark != "matmul" && r.benchmark != "copy" &&
      r.benchmark != "all")
    return Status::error("unknown benchmark " + r.benchmark +
                         " (this command knows vector-add, matmul, copy and all)");
  if (r.benchmark == "all" && (!r.sizes.empty() || !r.variants.empty()))
    return Status::error("--sizes and --variants apply to one benchmark at a time, not 'all'");
  if (r.tune && r.benchmark != "matmul" && r.benchmark != "all")
    return Status::error("--tune applies to matmul only");
  if (!r.variants.empty()) {
    const auto known = variant_keys(r.benchmark);
    for (const auto& key : r.variants)
      if (std::find(known.begin(), known.end(), key) == known.end())
        return Status::error("unknown " + r.benchmark + " variant " + key + " (known: " +
                             joined(known) + ")");
  }
  *out = r;
  return Status::ok();
}

std::string bench_usage(const std::string& program) {
  return command_help(kernel_bench_about(program), kernel_bench_fields().specs());
}

int run_bench_request(const BenchRequest& request, const std::string& command,
                      std::ostream& out, std::ostream& err) {
  if (!request.sgemm_shape.empty()) {
    if (Status s = select_matmul_tile_shape(MatmulVariant::GpuRegisterTiled, request.sgemm_shape);
        !s) {
      err << "whygpu bench: " << s.message() << "\n";
      return 2;
    }
  }
  std::vector<SweepJob> jobs;
  const std::vector<std::string> benchmarks =
      request.benchmark == "all" ? std::vector<std::string>{"vector-add", "matmul", "copy"}
                                 : std::vector<std::string>{request.benchmark};
  for (const auto& b : benchmarks) {
    if (Status s = jobs_for(b, request, &jobs); !s) {
      err << "whygpu bench: " << s.message() << "\n";
      return 2;
    }
  }
  return run_bench_jobs(request, jobs, command, out, err);
}

int run_bench_jobs(const BenchRequest& request, const std::vector<SweepJob>& jobs, const std::string& command,
                   std::ostream& out, std::ostream& err, std::vector<Measurement>* measured) {
  const bool tty = isatty(STDERR_FILENO) == 1;
  SweepCallbacks callbacks;
  if (request.progress) {
    callbacks.on_progress = [&](const SweepProgress& p) {
      if (p.done == p.total) {
        if (tty) err << "\r\033[K" << std::flush;
        return;
      }
      err << (tty ? "\r\033[K" : "") << "[" << p.done + 1 << "/" << p.total << "] "
          << p.current << (tty ? "" : "\n") << std::flush;
    };
  }
  std::vector<Measurement> rows;
  const Status s = run_sweep(jobs, callbacks, &rows);
  if (!s) err << "whygpu bench: " << s.message() << "\n";

  const RunInfo run = describe_this_run(command, request.options.cpu_threads);
  std::string text;
  switch (request.format) {
    case OutputFormat::Table: text = format_table(run, rows); break;
    case OutputFormat::Json: text = dump_json(bench_document(run, rows)); break;
    case OutputFormat::Csv: text = format_csv(run, rows); break;
  }
  int code = s ? 0 : 1;
  for (const auto& r : rows) {
    if (r.state == RowState::Failed) {
      err << "whygpu bench: " << r.benchmark << " " << r.variant << " " << format_size(r)
          << " failed: " << r.note << "\n";
      code = 1;
    }
  }
  if (request.output_path.empty()) {
    out << text << std::flush;
  } else {
    if (const Status s = write_file_atomically(request.output_path, text); !s) {
      err << "whygpu bench: " << s.message() << "\n";
      return 1;
    }
    err << "whygpu bench: wrote " << rows.size() << " results to " << request.output_path << "\n";
  }
  if (measured) *measured = std::move(rows);
  return code;
}

int run_kernel_bench(const std::vector<std::string>& args, const std::string& program) {
  BenchRequest request;
  CommandOutcome outcome = CommandOutcome::run;
  const Status parsed = parse_bench_args(args, &request, &outcome);
  if (const std::optional<int> exit_code =
          finish_parse(kernel_bench_about(program), kernel_bench_fields().specs(), parsed, outcome))
    return *exit_code;
  if (request.list) {
    for (const char* b : {"vector-add", "matmul", "copy"}) {
      if (request.benchmark != "all" && request.benchmark != b) continue;
      std::cout << b << ":\n";
      for (const auto& key : variant_keys(b)) std::cout << "  " << key << "\n";
    }
    return 0;
  }
  std::string command = program;
  for (const auto& a : args) command += " " + a;
  return run_bench_request(request, command, std::cout, std::cerr);
}

}  // namespace whygpu::bench
