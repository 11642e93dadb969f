#include "compute/profile/timeline_cli.h"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "compute/cnn/model.h"
#include "compute/core/command_line.h"
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
};

CommandAbout about(const std::string& program) {
  std::string text = N_("Records one piece of GPU work with CUPTI: every kernel, copy, memset and CUDA call,\n"
                        "then prints the lanes, the kernels by total time and how long the GPU sat idle.\n"
                        "Give --work WORK to record, or --load FILE to print a saved recording. Works:\n");
  for (const WorkInfo& w : profiled_works()) text += "  " + w.key + std::string(18 - w.key.size(), ' ') + w.summary + "\n";
  return CommandAbout{program, text};
}

const Fields<Request>& fields() {
  static const Fields<Request> table{
      text_field("work", &Request::work, N_("the work to record (the list above)")).shown_as("WORK").for_example(
          "vector-add"),
      text_field("json", &Request::json_path, N_("also save the recording (JSON), to show where there is no GPU"))
          .shown_as("FILE"),
      text_field("load", &Request::load_path, N_("print a saved recording instead of recording")).shown_as("FILE"),
      // The GPU trainer's limit: the work is one of its steps.
      whole_field<Request>("batch", [](Request& r) -> int& { return r.options.cnn_batch; }, 1, cnn::kMaxBatch,
                           N_("cnn-step*: images per step")),
      // Its range depends on the work, which checks it; matmul's n is the size up to 2^30.
      size_field<Request>("n", [](Request& r) -> long long& { return r.options.vector_elements; }, 1,
                          std::int64_t{1} << 50, N_("vector-add: elements; matmul: n of n x n x n (default 2048)"))
          .also([](Request& r) { r.options.matmul_n = static_cast<int>(std::min(r.options.vector_elements, 1LL << 30)); }),
      text_field<Request>("variant", [](Request& r) -> std::string& { return r.options.matmul_variant; },
                          N_("matmul: the rung"))
          .shown_as("V"),
      whole_field<Request>("repeats", [](Request& r) -> int& { return r.options.matmul_repeats; }, 1, 1000,
                           N_("matmul: products per recorded run")),
      whole_field<Request>("warmup", [](Request& r) -> int& { return r.options.warmup_runs; }, 0, 1000,
                           N_("runs before the recorded one")),
      whole_field("max-rows", &Request::max_rows, 0, 1 << 30, N_("print at most N items per lane (0: all)")),
  };
  return table;
}

// What the options say together: one of --work and --load, a work that exists.
Status check(const Request& r) {
  if (r.work.empty() == r.load_path.empty()) return Status::error("give either --work WORK or --load FILE");
  if (!r.load_path.empty() && !r.json_path.empty()) return Status::error("--json saves a recording; --load reads one");
  if (!r.work.empty()) {
    std::string known;
    for (const WorkInfo& w : profiled_works()) {
      if (w.key == r.work) return Status::ok();
      known += (known.empty() ? "" : ", ") + w.key;
    }
    return Status::error("unknown work \"" + r.work + "\" (known: " + known + ")");
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
  const CommandAbout command = about(program);
  if (const std::optional<int> exit_code = parse_options(command, fields(), args, &r)) return *exit_code;
  if (Status s = check(r); !s) {
    std::fprintf(stderr, "%s: %s (%s --help lists the options)\n", program.c_str(), s.message().c_str(),
                 program.c_str());
    return 2;
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
