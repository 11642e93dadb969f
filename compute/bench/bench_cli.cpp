#include "compute/bench/bench_cli.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
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

Status parse_seconds(const std::string& flag, const std::string& text, double* out) {
  double v = 0.0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size() || !(v >= 0.0) || v > 3600.0)
    return Status::error(flag + ": expected seconds from 0 to 3600, got '" + text + "'");
  *out = v;
  return Status::ok();
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

Status parse_int(const std::string& flag, const std::string& text, int min, int max, int* out) {
  int v = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size() || v < min || v > max)
    return Status::error(flag + ": expected a whole number from " + std::to_string(min) +
                         " to " + std::to_string(max) + ", got '" + text + "'");
  *out = v;
  return Status::ok();
}

BenchOptions default_bench_options() {
  BenchOptions o;
  o.measure.warmup = 2;
  o.measure.repeats = 20;
  o.measure.min_repeats = 3;
  o.measure.budget_seconds = 2.0;
  return o;
}

Status parse_size(const std::string& text, std::int64_t* out) {
  if (text.empty()) return Status::error("an empty size");
  std::int64_t value = 0;
  const std::size_t caret = text.find('^');
  const auto bad = [&] {
    return Status::error("'" + text + "' is not a size (examples: 4096, 2^28, 64K, 256M, 1G)");
  };
  if (text[0] == '-') return Status::error("'" + text + "' is negative: sizes must be at least 1");
  if (caret != std::string::npos) {
    if (text.substr(0, caret) != "2") return bad();
    int log = 0;
    const std::string exp = text.substr(caret + 1);
    const auto r = std::from_chars(exp.data(), exp.data() + exp.size(), log);
    if (r.ec != std::errc() || r.ptr != exp.data() + exp.size() || log < 0 || log > 50)
      return bad();
    value = std::int64_t{1} << log;
  } else {
    const auto r = std::from_chars(text.data(), text.data() + text.size(), value);
    if (r.ec != std::errc()) return bad();
    std::string suffix(r.ptr, text.data() + text.size());
    int shift = 0;
    if (suffix == "K" || suffix == "k") shift = 10;
    else if (suffix == "M") shift = 20;
    else if (suffix == "G") shift = 30;
    else if (!suffix.empty()) return bad();
    if (value > (std::int64_t{1} << (62 - shift))) return bad();
    value <<= shift;
  }
  if (value < 1) return Status::error("'" + text + "' is not positive: sizes must be at least 1");
  *out = value;
  return Status::ok();
}

Status parse_bench_args(const std::vector<std::string>& args, BenchRequest* out) {
  BenchRequest r;
  r.options = default_bench_options();
  bool sizes_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string* v) -> Status {
      if (i + 1 >= args.size()) return Status::error(a + " needs a value");
      *v = args[++i];
      return Status::ok();
    };
    std::string v;
    if (a == "-h" || a == "--help") {
      r.help = true;
    } else if (a == "--list") {
      r.list = true;
    } else if (a == "--json") {
      r.format = OutputFormat::Json;
    } else if (a == "--csv") {
      r.format = OutputFormat::Csv;
    } else if (a == "--tune") {
      r.tune = true;
    } else if (a == "--no-rotate") {
      r.options.rotate_inputs = false;
    } else if (a == "--quiet") {
      r.progress = false;
    } else if (a == "--sizes") {
      if (Status s = value(&v); !s) return s;
      sizes_given = true;
      for (const auto& item : split_list(v)) {
        std::int64_t size = 0;
        if (Status s = parse_size(item, &size); !s) return s.with_context("--sizes");
        r.sizes.push_back(size);
      }
      if (r.sizes.empty()) return Status::error("--sizes: give at least one size");
    } else if (a == "--variants") {
      if (Status s = value(&v); !s) return s;
      r.variants = split_list(v);
      if (r.variants.empty()) return Status::error("--variants: give at least one variant");
    } else if (a == "--repeats") {
      if (Status s = value(&v); !s) return s;
      if (Status s = parse_int(a, v, 1, 100000, &r.options.measure.repeats); !s) return s;
    } else if (a == "--warmup") {
      if (Status s = value(&v); !s) return s;
      if (Status s = parse_int(a, v, 0, 1000, &r.options.measure.warmup); !s) return s;
    } else if (a == "--budget") {
      if (Status s = value(&v); !s) return s;
      if (Status s = parse_seconds(a, v, &r.options.measure.budget_seconds); !s) return s;
    } else if (a == "--threads") {
      if (Status s = value(&v); !s) return s;
      if (Status s = parse_int(a, v, 1, 4096, &r.options.cpu_threads); !s) return s;
    } else if (a == "--cpu-naive-max-n") {
      if (Status s = value(&v); !s) return s;
      if (Status s = parse_int(a, v, 0, 1 << 17, &r.options.cpu_naive_max_n); !s) return s;
    } else if (a == "--sgemm-shape") {
      if (Status s = value(&r.sgemm_shape); !s) return s;
    } else if (a == "--output") {
      if (Status s = value(&r.output_path); !s) return s;
    } else if (!a.empty() && a[0] == '-') {
      return Status::error("unknown option " + a);
    } else if (r.benchmark.empty()) {
      r.benchmark = a;
    } else {
      return Status::error("unexpected argument " + a);
    }
  }
  if (r.help) {
    *out = r;
    return Status::ok();
  }
  if (r.benchmark.empty())
    return Status::error("say which benchmark: vector-add, matmul, copy or all");
  if (r.benchmark != "vector-add" && r.benchmark != "matmul" && r.benchmark != "copy" &&
      r.benchmark != "all")
    return Status::error("unknown benchmark " + r.benchmark +
                         " (this command knows vector-add, matmul, copy and all)");
  if (r.benchmark == "all" && (sizes_given || !r.variants.empty()))
    return Status::error("--sizes and --variants apply to one benchmark at a time, not 'all'");
  if (r.tune && r.benchmark != "matmul" && r.benchmark != "all")
    return Status::error("--tune applies to matmul only");
  if (r.options.measure.min_repeats > r.options.measure.repeats)
    r.options.measure.min_repeats = r.options.measure.repeats;
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
  return "usage: " + program +
         " vector-add|matmul|copy|all [options]\n"
         "  --sizes LIST        comma-separated sizes: 4096, 2^28, 64K, 256M, 1G\n"
         "                      (matmul: n; vector-add: elements; copy: bytes)\n"
         "  --variants LIST     comma-separated variant keys (--list shows them)\n"
         "  --repeats N         timed runs per measurement (default 20)\n"
         "  --warmup N          untimed runs first (default 2)\n"
         "  --budget SECONDS    fewer runs when a measurement would take longer (default 2,\n"
         "                      0 = none; at least 3 runs are always made)\n"
         "  --threads N         threads of the multi-threaded CPU variants (default: all)\n"
         "  --cpu-naive-max-n N largest n for the naive CPU matmul (default 1024, 0 = any)\n"
         "  --no-rotate         do not rotate among input sets (caches may flatter)\n"
         "  --tune              matmul: also time every tile shape of the rungs that have\n"
         "                      several (gpu-register-tiled, gpu-tc-*)\n"
         "  --sgemm-shape NAME  matmul: the tile shape gpu-register-tiled uses (see --tune;\n"
         "                      default auto: chosen by size)\n"
         "  --json | --csv      machine-readable output instead of a table\n"
         "  --output FILE       write the output to FILE instead of stdout\n"
         "  --quiet             no progress line on stderr\n"
         "  --list              list the variants of each benchmark\n";
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
    case OutputFormat::Json: text = bench_document(run, rows).dump(); break;
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
  if (Status s = parse_bench_args(args, &request); !s) {
    std::cerr << program << ": " << s.message() << "\n" << bench_usage(program);
    return 2;
  }
  if (request.help) {
    std::cout << bench_usage(program);
    return 0;
  }
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
