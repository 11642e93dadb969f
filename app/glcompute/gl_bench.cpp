#include "app/glcompute/gl_bench.h"

#include <chrono>
#include <cmath>
#include <cstdio>

#include "app/glcompute/gl_error.h"
#include "app/glcompute/result_check.h"
#include "app/i18n/translate.h"
#include "app/shell/gl.h"
#include "compute/bench/bench_format.h"
#include "compute/kernels/host_array.h"
#include "compute/kernels/random_fill.h"
#include "compute/kernels/vector_add_bench.h"

namespace whygpu::app {
namespace {

using kernels::Measurement;
using kernels::RowState;

// A product with more rows than this is checked on this many rows spread over C (with
// every element checked for NaN): the float64 product of every row would take longer than
// the measurement.
constexpr int kRowsChecked = 16;

Measurement make_gl_row(const GlCompute& gl, const std::string& benchmark, const GlVariant& variant,
                        std::int64_t size) {
  Measurement row;
  row.benchmark = benchmark;
  row.variant = gl_variant_key(variant);
  row.label = gl_variant_label(variant);
  row.on_gpu = !gl.renderer().software;  // a software renderer's result is the CPU's
  row.device = gl.renderer().name();
  row.precision = "fp32";
  row.size = size;
  return row;
}

// The notes of the sizes a software renderer skips, in English in a row (shown_gl_note()).
constexpr const char* kSkippedAdditions =
    N_("skipped above 2^{0} elements: {1} runs on the CPU, where this takes seconds per addition");
constexpr const char* kSkippedProducts = N_("skipped above n={0}: {1} runs on the CPU, where a product this size takes minutes");

std::string clock_note(const GlRenderer& renderer, bool with_copies) {
  if (renderer.software)
    return renderer.caveat() + "; timed on the CPU clock with glFinish (its timer queries do not cover its work)";
  return with_copies ? "each phase timed on the CPU clock with glFinish" : "timed with GL timer queries";
}

double since_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// The kernel alone, inputs already on the GPU.
Status time_kernel(const GlRenderer& renderer, GlProblem& problem, const MeasureOptions& options, TimingStats* out) {
  GlObject query = make_query();
  std::vector<TimingStats> phases;
  const Status s = time_self_timed(
      options, 1,
      [&](int, double* ms) -> Status {
        if (renderer.software) {
          glFinish();
          const auto start = std::chrono::steady_clock::now();
          if (Status r = problem.run(options.cancel); !r) return r;
          glFinish();
          ms[0] = since_ms(start);
        } else {
          glBeginQuery(GL_TIME_ELAPSED, query.get());
          const Status r = problem.run(options.cancel);
          glEndQuery(GL_TIME_ELAPSED);
          if (!r) return r;
          GLuint64 ns = 0;
          glGetQueryObjectui64v(query.get(), GL_QUERY_RESULT, &ns);  // waits for the GPU
          ms[0] = static_cast<double>(ns) * 1e-6;
        }
        return gl_check(Wording::sentence(N_("timing the kernel")));
      },
      &phases, nullptr);
  if (s) *out = phases[0];
  return s;
}

// Upload, kernel, download, each waited for: phases h2d, kernel, d2h and their total.
Status time_with_copies(GlProblem& problem, const float* a, const float* b, float* c, const MeasureOptions& options,
                        std::vector<TimingStats>* phases, TimingStats* total) {
  return time_self_timed(
      options, 3,
      [&](int, double* ms) -> Status {
        glFinish();
        auto start = std::chrono::steady_clock::now();
        if (Status r = problem.upload(a, b); !r) return r;
        glFinish();
        ms[0] = since_ms(start);
        start = std::chrono::steady_clock::now();
        if (Status r = problem.run(options.cancel); !r) return r;
        glFinish();
        ms[1] = since_ms(start);
        start = std::chrono::steady_clock::now();
        if (Status r = problem.download(c); !r) return r;  // glReadPixels and glGetBufferSubData wait
        ms[2] = since_ms(start);
        return Status::ok();
      },
      phases, total);
}

// Host arrays with fresh random inputs.
struct Inputs {
  kernels::HostArray<float> a, b, c;
  Status allocate(std::size_t a_count, std::size_t b_count, std::size_t c_count, const std::string& what) {
    if (Status s = kernels::check_fits_in_host_memory(4.0 * static_cast<double>(a_count + b_count + c_count), what); !s)
      return s;
    if (Status s = a.allocate(a_count, what + ": a"); !s) return s;
    if (Status s = b.allocate(b_count, what + ": b"); !s) return s;
    if (Status s = c.allocate(c_count, what + ": c"); !s) return s;
    const std::uint64_t seed = kernels::fresh_seed();
    kernels::fill_uniform(a.data(), a_count, seed);
    kernels::fill_uniform(b.data(), b_count, seed + 1);
    return Status::ok();
  }
};

// Marks `made` measured, or failed with the message, and appends them.
Status finish(Status s, std::vector<Measurement> made, std::vector<Measurement>* rows) {
  if (is_cancelled(s)) return s;
  for (Measurement& r : made) {
    r.state = s ? RowState::Measured : RowState::Failed;
    if (!s) r.note = s.message();
    rows->push_back(std::move(r));
  }
  return s;
}

}  // namespace

std::string gl_variant_key(const GlVariant& variant) {
  return std::string(gl_kernel_info(variant.kernel).key) + (variant.with_copies ? "-with-copies" : "");
}

std::string gl_variant_label(const GlVariant& variant) {
  return std::string(gl_kernel_info(variant.kernel).label) + (variant.with_copies ? " with copies" : "");
}

std::string shown_gl_note(const std::string& note) {
  return translated(recognised_sentence(note, {kSkippedAdditions, kSkippedProducts, kNeedsComputeShaders}));
}

Status run_gl_vector_add(GlCompute& gl, const GlVariant& variant, std::size_t n, const kernels::BenchOptions& options,
                         std::vector<Measurement>* rows) {
  Measurement row = make_gl_row(gl, "vector-add", variant, static_cast<std::int64_t>(n));
  const double nd = static_cast<double>(n);
  row.flop = nd;
  row.bytes = 12.0 * nd;
  std::string why = gl.refusal(variant.kernel);
  if (why.empty() && gl.renderer().software && n > kSoftwareVectorAddMaxN)
    why = fill(kSkippedAdditions,
               {std::to_string(static_cast<int>(std::log2(static_cast<double>(kSoftwareVectorAddMaxN)))),
                gl.renderer().short_name()});
  if (!why.empty()) {
    row.state = RowState::Absent;
    row.note = why;
    if (variant.with_copies) row.phase = "total";
    rows->push_back(std::move(row));
    return Status::ok();
  }
  const std::string what = "OpenGL vector add of " + std::to_string(n) + " floats";
  Inputs in;
  std::unique_ptr<GlProblem> problem;
  Status s = in.allocate(n, n, n, what);
  if (s) s = gl.vector_add_problem(variant.kernel, n, &problem);
  if (s) s = round_trip(*problem, in.a.data(), in.b.data(), in.c.data());
  if (s) s = check_vector_add(in.a.data(), in.b.data(), in.c.data(), n).with_context("wrong result");
  row.note = clock_note(gl.renderer(), variant.with_copies);
  if (!variant.with_copies) {
    if (s) s = time_kernel(gl.renderer(), *problem, options.measure, &row.time);
    return finish(s, {row}, rows);
  }
  std::vector<TimingStats> phases;
  TimingStats total;
  if (s) s = time_with_copies(*problem, in.a.data(), in.b.data(), in.c.data(), options.measure, &phases, &total);
  return finish(s, kernels::vector_add_phase_rows(row, s.is_ok(), phases, total), rows);
}

Status run_gl_matmul(GlCompute& gl, GlKernel kernel, int n, const kernels::BenchOptions& options,
                     std::vector<Measurement>* rows) {
  Measurement row = make_gl_row(gl, "matmul", GlVariant{kernel, false}, n);
  row.flop = 2.0 * std::pow(static_cast<double>(n), 3.0);
  row.bytes = 12.0 * static_cast<double>(n) * n;
  std::string why = gl.refusal(kernel);
  if (why.empty() && gl.renderer().software && n > kSoftwareMatmulMaxN)
    why = fill(kSkippedProducts, {std::to_string(kSoftwareMatmulMaxN), gl.renderer().short_name()});
  if (!why.empty()) {
    row.state = RowState::Absent;
    row.note = why;
    rows->push_back(std::move(row));
    return Status::ok();
  }
  const std::size_t count = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  Inputs in;
  std::unique_ptr<GlProblem> problem;
  Status s = in.allocate(count, count, count, "OpenGL matmul n=" + std::to_string(n));
  if (s) s = gl.matmul_problem(kernel, n, n, n, &problem);
  if (s) s = round_trip(*problem, in.a.data(), in.b.data(), in.c.data());
  if (s) s = check_matmul(in.a.data(), in.b.data(), in.c.data(), n, n, n, kRowsChecked).with_context("wrong result");
  if (s) s = time_kernel(gl.renderer(), *problem, options.measure, &row.time);
  row.note = clock_note(gl.renderer(), false);
  return finish(s, {row}, rows);
}

namespace {

const Measurement* find_row(const std::vector<Measurement>& rows, const std::string& benchmark,
                            const std::string& variant, const std::string& phase, std::int64_t size) {
  for (const Measurement& r : rows)
    if (r.benchmark == benchmark && r.variant == variant && r.phase == phase && r.size == size &&
        r.state == RowState::Measured)
      return &r;
  return nullptr;
}

std::string rate_text(const Measurement& r) {
  char text[64];
  if (r.benchmark == "matmul") std::snprintf(text, sizeof text, "%.4g GFLOP/s", r.gflops());
  else std::snprintf(text, sizeof text, "%.4g GB/s", r.gbytes_per_s());
  return text;
}

double rate_of(const Measurement& r) { return r.benchmark == "matmul" ? r.gflops() : r.gbytes_per_s(); }

}  // namespace

std::vector<std::string> gl_summary(const std::vector<Measurement>& rows) {
  std::vector<std::string> lines;
  for (const Measurement& r : rows) {
    if (r.variant.rfind("gl-", 0) != 0 || r.state != RowState::Measured) continue;
    if (!r.phase.empty() && r.phase != "total") continue;
    std::vector<std::string> peers;
    if (r.benchmark == "matmul")
      peers = {r.variant == "gl-compute-tiled" ? "gpu-tiled" : "gpu-coalesced", "cpu-openblas"};
    else
      peers = {r.phase == "total" ? "gpu-with-copies" : "gpu", "cpu-threads"};
    for (const std::string& peer : peers) {
      const Measurement* p = find_row(rows, r.benchmark, peer, peer == "gpu-with-copies" ? "total" : "", r.size);
      if (!p || !(rate_of(*p) > 0)) continue;
      char ratio[32];
      std::snprintf(ratio, sizeof ratio, "%.2f", rate_of(r) / rate_of(*p));
      lines.push_back(r.benchmark + (r.benchmark == "matmul" ? " n=" : " ") + bench::format_size(r) + ": " +
                      r.variant + " " + rate_text(r) + " = " + ratio + " x " + peer + " (" + rate_text(*p) + ")" +
                      (r.on_gpu ? "" : "  [" + r.device + ": not a GPU result]"));
      break;
    }
  }
  return lines;
}

namespace {

// A job that runs `work` on the OpenGL thread; without OpenGL, an absent row.
kernels::SweepJob gl_job(const std::shared_ptr<GlComputeThread>& thread, std::string description, bool on_cpu,
                         Measurement absent, std::function<Status(GlCompute&, std::vector<Measurement>*)> work) {
  return {std::move(description),
          [thread, absent, work](std::vector<Measurement>* rows) {
            Status ready = Status::ok();
            if (thread->ready(&ready) && !ready) {
              Measurement row = absent;
              row.state = RowState::Absent;
              row.note = ready.message();
              rows->push_back(std::move(row));
              return Status::ok();
            }
            return thread->run([&](GlCompute& gl) { return work(gl, rows); });
          },
          on_cpu};
}

Measurement absent_row(const std::string& benchmark, const GlVariant& variant, std::int64_t size) {
  Measurement row;
  row.benchmark = benchmark;
  row.variant = gl_variant_key(variant);
  row.label = gl_variant_label(variant);
  row.precision = "fp32";
  row.size = size;
  row.device = "no OpenGL";
  if (variant.with_copies) row.phase = "total";
  return row;
}

}  // namespace

std::vector<kernels::SweepJob> gl_vector_add_jobs(const std::shared_ptr<GlComputeThread>& thread,
                                                  const std::vector<GlVariant>& variants,
                                                  const std::vector<std::size_t>& sizes,
                                                  const kernels::BenchOptions& options) {
  GlRenderer renderer;
  const bool on_cpu = thread->wait_ready(&renderer) && renderer.software;
  std::vector<kernels::SweepJob> jobs;
  for (const std::size_t n : sizes)
    for (const GlVariant& v : variants)
      jobs.push_back(gl_job(thread, "vector-add " + gl_variant_key(v) + " n=" + std::to_string(n), on_cpu,
                            absent_row("vector-add", v, static_cast<std::int64_t>(n)),
                            [v, n, options](GlCompute& gl, std::vector<Measurement>* rows) {
                              return run_gl_vector_add(gl, v, n, options, rows);
                            }));
  return jobs;
}

std::vector<kernels::SweepJob> gl_matmul_jobs(const std::shared_ptr<GlComputeThread>& thread,
                                              const std::vector<GlKernel>& kernels, const std::vector<int>& sizes,
                                              const kernels::BenchOptions& options) {
  GlRenderer renderer;
  const bool on_cpu = thread->wait_ready(&renderer) && renderer.software;
  std::vector<kernels::SweepJob> jobs;
  for (const int n : sizes)
    for (const GlKernel k : kernels)
      jobs.push_back(gl_job(thread, "matmul " + std::string(gl_kernel_info(k).key) + " n=" + std::to_string(n), on_cpu,
                            absent_row("matmul", {k, false}, n),
                            [k, n, options](GlCompute& gl, std::vector<Measurement>* rows) {
                              return run_gl_matmul(gl, k, n, options, rows);
                            }));
  return jobs;
}

}  // namespace whygpu::app
