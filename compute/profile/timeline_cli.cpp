#include "compute/profile/timeline_cli.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include "compute/bench/bench_cli.h"
#include "compute/profile/cupti_recorder.h"
#include "compute/profile/timeline_format.h"
#include "compute/profile/timeline_json.h"
#include "compute/profile/work.h"

namespace whygpu::profile {
namespace {

struct Request {
  std::string work, json_path, load_path;
  WorkOptions options;
  int max_rows = 0;
  bool help = false;
};

std::string usage(const std::string& program) {
  std::string u = "usage: " + program + " --work WORK [--json FILE] [options]\n" + "       " + program +
                  " --load FILE\n"
                  "Records one piece of GPU work with CUPTI: every kernel, copy, memset and CUDA call,\n"
                  "then prints the lanes, the kernels by total time and how long the GPU sat idle.\n"
                  "works:\n";
  for (const WorkInfo& w : profiled_works()) u += "  " + w.key + std::string(18 - w.key.size(), ' ') + w.summary + "\n";
  u += "options:\n"
       "  --json FILE     also save the recording (JSON), to show where there is no GPU\n"
       "  --load FILE     print a saved recording instead of recording\n"
       "  --batch N       cnn-step*: images per step (default 64)\n"
       "  --n N           vector-add: elements (default 2^24); matmul: n of n x n x n (default 2048)\n"
       "  --variant V     matmul: the rung (default gpu-register-tiled)\n"
       "  --repeats N     matmul: products per recorded run (default 1)\n"
       "  --warmup N      runs before the recorded one (default 3)\n"
       "  --max-rows N    print at most N items per lane (default: all)\n";
  return u;
}

// --n takes sizes as bench does ("2^24", "16M"); its range depends on the work, which checks it.
Status parse_n(const std::string& text, long long* out) {
  std::int64_t v = 0;
  if (Status s = bench::parse_size(text, &v); !s) return s.with_context("--n");
  *out = v;
  return Status::ok();
}

Status parse(const std::vector<std::string>& args, Request* r) {
  static const char* const kValued[] = {"--work", "--json", "--load", "--batch", "--n",
                                        "--variant", "--repeats", "--warmup", "--max-rows"};
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      r->help = true;
      continue;
    }
    if (std::find(std::begin(kValued), std::end(kValued), a) == std::end(kValued))
      return Status::error("unknown option " + a);
    if (i + 1 >= args.size()) return Status::error(a + " needs a value");
    const std::string& v = args[++i];
    Status s = Status::ok();
    if (a == "--work") {
      r->work = v;
    } else if (a == "--json") {
      r->json_path = v;
    } else if (a == "--load") {
      r->load_path = v;
    } else if (a == "--variant") {
      r->options.matmul_variant = v;
    } else if (a == "--batch") {
      s = bench::parse_int(a, v, 1, 1 << 16, &r->options.cnn_batch);
    } else if (a == "--n") {  // elements for vector-add, n for matmul
      long long n = 0;
      s = parse_n(v, &n);
      r->options.vector_elements = n;
      r->options.matmul_n = static_cast<int>(std::min(n, 1LL << 30));
    } else if (a == "--repeats") {
      s = bench::parse_int(a, v, 1, 1000, &r->options.matmul_repeats);
    } else if (a == "--warmup") {
      s = bench::parse_int(a, v, 0, 1000, &r->options.warmup_runs);
    } else {
      s = bench::parse_int(a, v, 1, 1 << 30, &r->max_rows);
    }
    if (!s) return s;
  }
  if (r->help) return Status::ok();
  if (r->work.empty() == r->load_path.empty()) return Status::error("give either --work WORK or --load FILE");
  if (!r->load_path.empty() && !r->json_path.empty()) return Status::error("--json saves a recording; --load reads one");
  if (!r->work.empty()) {
    std::string known;
    for (const WorkInfo& w : profiled_works()) {
      if (w.key == r->work) return Status::ok();
      known += (known.empty() ? "" : ", ") + w.key;
    }
    return Status::error("unknown work \"" + r->work + "\" (known: " + known + ")");
  }
  return Status::ok();
}

std::string joined(const std::string& program, const std::vector<std::string>& args) {
  std::string command = program;
  for (const std::string& a : args) command += " " + a;
  return command;
}

}  // namespace

int run_timeline_command(const std::vector<std::string>& args, const std::string& program) {
  Request r;
  if (Status s = parse(args, &r); !s) {
    std::fprintf(stderr, "%s: %s\n%s", program.c_str(), s.message().c_str(), usage(program).c_str());
    return 2;
  }
  if (r.help) {
    std::fputs(usage(program).c_str(), stdout);
    return 0;
  }
  Timeline timeline;
  if (!r.load_path.empty()) {
    if (Status s = load_timeline(r.load_path, &timeline); !s) {
      std::fprintf(stderr, "%s: %s\n", program.c_str(), s.message().c_str());
      return 1;
    }
    std::printf("%s\n%s", timeline.recorded_label(/*sentence_start=*/true).c_str(), format_timeline(timeline, r.max_rows).c_str());
    return 0;
  }
  if (Status s = timeline_recording_available(); !s) {
    std::fprintf(stderr, "%s: cannot record: %s\n", program.c_str(), s.message().c_str());
    return 1;
  }
  if (Status s = record_work(r.work, r.options, joined(program, args), &timeline); !s) {
    std::fprintf(stderr, "%s: %s\n", program.c_str(), s.message().c_str());
    return 1;
  }
  std::fputs(format_timeline(timeline, r.max_rows).c_str(), stdout);
  if (!r.json_path.empty()) {
    if (Status s = save_timeline(timeline, r.json_path); !s) {
      std::fprintf(stderr, "%s: %s\n", program.c_str(), s.message().c_str());
      return 1;
    }
    std::fprintf(stderr, "%s: wrote %s\n", program.c_str(), r.json_path.c_str());
  }
  return 0;
}

}  // namespace whygpu::profile
