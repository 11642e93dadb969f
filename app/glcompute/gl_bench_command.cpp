#include "app/glcompute/gl_bench_command.h"

#include <iostream>
#include <optional>

#include "app/glcompute/gl_bench.h"
#include "compute/bench/bench_cli.h"
#include "compute/core/command_line.h"
#include "compute/core/gpu_info.h"
#include "compute/kernels/matmul.h"
#include "compute/kernels/vector_add_bench.h"

namespace whygpu::app {
namespace {

constexpr const char* kProgram = "whygpu bench opengl";

struct GlCommand {
  bench::BenchRequest request;
  bool cuda = true;
};

const CommandAbout kAbout{
    kProgram,
    N_("Times c = a + b and C = A B as OpenGL shaders (fragment shaders drawing into float\n"
       "textures; compute shaders where OpenGL 4.3 is offered) on the GPU OpenGL gives,\n"
       "each checked against the CPU first, beside the CUDA kernels on the same GPU and the\n"
       "CPU, in one run (default: all).\n"),
    "vector-add|matmul|all"};

const Fields<GlCommand>& fields() {
  static const Fields<GlCommand> table = [] {
    std::vector<Field<GlCommand>> fields;
    for (const Field<bench::BenchRequest>& f : bench::measurement_fields())
      fields.push_back(nested_field<GlCommand>(f, &GlCommand::request));
    fields.push_back(switch_field<GlCommand>("no-cuda", &GlCommand::cuda, false, N_("leave out the CUDA kernels")));
    return Fields<GlCommand>(std::move(fields));
  }();
  return table;
}

Status set_benchmark(GlCommand& c, const std::string& word) {
  if (!c.request.benchmark.empty()) return Status::error("unexpected argument " + word);
  if (word != "vector-add" && word != "matmul" && word != "all")
    return Status::error("unknown benchmark " + word + " (this command knows vector-add, matmul and all)");
  c.request.benchmark = word;
  return Status::ok();
}

std::vector<std::int64_t> default_sizes(const std::string& benchmark) {
  if (benchmark == "matmul") return {256, 512, 1024, 2048, 4096};
  return {std::int64_t{1} << 16, std::int64_t{1} << 20, std::int64_t{1} << 24, std::int64_t{1} << 26};
}

void append(std::vector<kernels::SweepJob>* jobs, std::vector<kernels::SweepJob> more) {
  for (auto& j : more) jobs->push_back(std::move(j));
}

// The jobs of one benchmark, size by size: the shaders, then their peers.
std::vector<kernels::SweepJob> jobs_for(const std::string& benchmark, const bench::BenchRequest& request,
                                        const std::shared_ptr<GlComputeThread>& gl, bool cuda) {
  std::vector<kernels::SweepJob> jobs;
  const std::vector<std::int64_t> sizes = request.sizes.empty() ? default_sizes(benchmark) : request.sizes;
  for (const std::int64_t size : sizes) {
    if (benchmark == "matmul") {
      const int n = static_cast<int>(size);
      append(&jobs, gl_matmul_jobs(gl, {GlKernel::MatmulFragment, GlKernel::MatmulComputeNaive,
                                        GlKernel::MatmulComputeTiled}, {n}, request.options));
      std::vector<kernels::MatmulVariant> peers = {kernels::MatmulVariant::CpuOpenBlas};
      if (cuda)
        peers.insert(peers.end(), {kernels::MatmulVariant::GpuCoalesced, kernels::MatmulVariant::GpuSharedTiled,
                                   kernels::MatmulVariant::CublasFp32});
      append(&jobs, kernels::matmul_jobs(peers, {n}, request.options));
    } else {
      const auto n = static_cast<std::size_t>(size);
      append(&jobs, gl_vector_add_jobs(gl, {{GlKernel::VectorAddFragment, false}, {GlKernel::VectorAddFragment, true},
                                            {GlKernel::VectorAddCompute, false}, {GlKernel::VectorAddCompute, true}},
                                       {n}, request.options));
      std::vector<kernels::VectorAddVariant> peers = {kernels::VectorAddVariant::CpuThreads};
      if (cuda) peers.insert(peers.end(), {kernels::VectorAddVariant::Gpu, kernels::VectorAddVariant::GpuWithCopies});
      append(&jobs, kernels::vector_add_jobs(peers, {n}, request.options));
    }
  }
  return jobs;
}

}  // namespace

int run_opengl_bench(const std::vector<std::string>& args) {
  GlCommand c;
  if (const std::optional<int> exit_code = parse_options<GlCommand>(kAbout, fields(), args, &c, set_benchmark))
    return *exit_code;
  bench::BenchRequest& request = c.request;
  if (request.benchmark.empty()) request.benchmark = "all";
  bool cuda = c.cuda;
  cuda = cuda && gpu_info().available;
  const auto gl = std::make_shared<GlComputeThread>();
  GlRenderer renderer;
  if (Status s = gl->wait_ready(&renderer); !s) {
    std::cerr << kProgram << ": " << s.message() << "\n";
    return 1;
  }
  std::cerr << kProgram << ": " << renderer.name() << " (" << renderer.renderer << ", OpenGL " << renderer.version
            << ")" << (renderer.software ? "; " + renderer.caveat() : std::string()) << "\n";
  std::vector<kernels::SweepJob> jobs;
  for (const char* b : {"vector-add", "matmul"})
    if (request.benchmark == "all" || request.benchmark == b) append(&jobs, jobs_for(b, request, gl, cuda));
  std::string command = kProgram;
  for (const std::string& a : args) command += " " + a;
  std::vector<kernels::Measurement> rows;
  const int code = bench::run_bench_jobs(request, jobs, command, std::cout, std::cerr, &rows);
  std::ostream& notes = request.format == bench::OutputFormat::Table ? std::cout : std::cerr;
  for (const std::string& line : gl_summary(rows)) notes << line << "\n";
  return code;
}

}  // namespace whygpu::app
