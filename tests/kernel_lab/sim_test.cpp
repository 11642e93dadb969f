// The kernel lab's CPU simulator: kernels compiled by the system's C++ compiler, every
// thread run on the CPU. Correct kernels pass; each kind of bug is reported with the
// thread and the index that show it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "compute/kernel_lab/child_run.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/lab_cli.h"
#include "compute/kernel_lab/problem.h"
#include "compute/kernel_lab/sim_compiler.h"
#include "compute/kernel_lab/sim_run.h"
#include "tests/kernel_lab/app_binary.h"
#include "tests/kernel_lab/solutions.h"
#include "tests/core/special_files.h"
#include "tests/cnn/temp_dir.h"

namespace whygpu::kernel_lab {
namespace {

LabRequest line_request(const std::string& exercise, const std::string& source, int n, int block) {
  LabRequest r;
  r.exercise = exercise;
  r.source = source;
  r.n = n;
  r.block = block;
  r.engine = Engine::Simulator;
  return r;
}

LabRequest matrix_request(const std::string& source, int width, int height, int block_x, int block_y) {
  LabRequest r = line_request("matrix-add", source, 1, block_x);
  r.width = width;
  r.height = height;
  r.block_y = block_y;
  return r;
}

// Compiles with the simulator's compiler alone (no NVRTC first) and simulates.
LabReport simulate_request(const LabRequest& request, double time_limit_seconds = 10.0) {
  LabReport report;
  const Exercise& exercise = *find_exercise(request.exercise);
  SimBuild build;
  SimKernel kernel;
  const Status built = build_for_simulator(exercise, request.source, &build, &kernel);
  EXPECT_TRUE(built) << built.message();
  EXPECT_TRUE(build.ok) << build.log << build.problem;
  if (!built || !build.ok) return report;
  Problem problem;
  EXPECT_TRUE(make_problem(exercise, request, &problem));
  SimOptions options;
  options.time_limit_seconds = time_limit_seconds;
  simulate(kernel, problem, options, &report);
  return report;
}

std::string add_kernel_with_body(const std::string& body) {
  return "extern \"C\" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {\n"
         "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n" +
         body + "\n}\n";
}

const std::string& solution(const std::string& exercise) {
  for (const auto& [key, source] : testing::solutions())
    if (key == exercise) return source;
  ADD_FAILURE() << "no solution for " << exercise;
  static const std::string none;
  return none;
}

#define EXPECT_CONTAINS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

TEST(Simulator, CorrectKernelsMatchTheCpuAtOddSizes) {
  for (const auto& [exercise, source] : testing::solutions()) {
    if (exercise == "matrix-add") continue;
    for (int n : {1, 255, 100003}) {
      SCOPED_TRACE(exercise + " n=" + std::to_string(n));
      const LabReport r = try_kernel(line_request(exercise, source, n, 256));
      ASSERT_EQ(r.run, RunState::Ran) << r.message.english() << r.compile_log;
      EXPECT_TRUE(r.simulated);
      EXPECT_CONTAINS(r.target, "CPU simulator");
      EXPECT_EQ(r.wrong, 0) << "first wrong " << r.output << "[" << r.first_wrong << "]: " << r.expected << " vs " << r.got;
      EXPECT_EQ(r.checked, exercise == "block-sum" ? (n + 255) / 256 : n);
      EXPECT_FALSE(r.order_dependent) << r.message.english();
      EXPECT_EQ(r.time.repeats, 0);  // a simulation is never timed
    }
  }
  for (auto [width, height, bx, by] : {std::array{1, 1, 16, 16}, std::array{37, 53, 16, 16}, std::array{1000, 7, 32, 4}}) {
    SCOPED_TRACE(std::to_string(width) + " x " + std::to_string(height));
    const LabReport r = try_kernel(matrix_request(solution("matrix-add"), width, height, bx, by));
    ASSERT_EQ(r.run, RunState::Ran) << r.message.english();
    EXPECT_EQ(r.checked, static_cast<long long>(width) * height);
    EXPECT_EQ(r.wrong, 0);
  }
}

TEST(Simulator, TheLabsDefaultSizeRunsAndBarriersHoldAcrossManyBlocks) {
  const LabReport add = try_kernel(line_request("add", find_exercise("add")->starter, 1000000, 256));
  ASSERT_EQ(add.run, RunState::Ran) << add.message.english();
  EXPECT_EQ(add.wrong, 0);
  // With barriers: every thread a fiber, eleven rounds per block. A tenth of the lab's
  // default size keeps this test far from the simulator's endless-loop timer on a busy
  // machine (a million elements take about 3.5 s on an idle 2-core one).
  const LabReport sums = try_kernel(line_request("block-sum", solution("block-sum"), 100000, 256));
  ASSERT_EQ(sums.run, RunState::Ran) << sums.message.english();
  EXPECT_EQ(sums.checked, 391);
  EXPECT_EQ(sums.wrong, 0);
  EXPECT_FALSE(sums.order_dependent);
}

TEST(Simulator, TheStartersShowTheirBugs) {
  // ReLU copies a: the negative half is wrong.
  const LabReport relu = try_kernel(line_request("relu", find_exercise("relu")->starter, 10000, 256));
  ASSERT_EQ(relu.run, RunState::Ran) << relu.message.english();
  EXPECT_GT(relu.wrong, 4000);
  EXPECT_LT(relu.wrong, 6000);
  EXPECT_EQ(relu.expected, 0.0f);
  // scale-add uses threadIdx.x alone: from one block's width on, nothing is written.
  const LabReport scale = try_kernel(line_request("scale-add", find_exercise("scale-add")->starter, 10000, 256));
  EXPECT_EQ(scale.first_wrong, 256);
  EXPECT_EQ(scale.wrong, 10000 - 256);
  EXPECT_TRUE(std::isnan(scale.got));
  // The sigmoid with the sign wrong: all but a[i] == 0.
  const LabReport sigmoid = try_kernel(line_request("sigmoid", find_exercise("sigmoid")->starter, 10000, 256));
  EXPECT_GT(sigmoid.wrong, 9900);
  // The matrix kernel that looks at x only writes the first grid-width elements.
  const LabReport matrix = try_kernel(matrix_request(find_exercise("matrix-add")->starter, 100, 60, 16, 16));
  ASSERT_EQ(matrix.run, RunState::Ran) << matrix.message.english();
  EXPECT_EQ(matrix.first_wrong, 112);  // 7 blocks of 16 across
  EXPECT_EQ(matrix.wrong, 6000 - 112);
  // The map without a guard: the first extra thread of the last block reads past a.
  const LabReport map = try_kernel(line_request("map", find_exercise("map")->starter, 1000, 256));
  EXPECT_EQ(map.run, RunState::Failed);
  EXPECT_EQ(map.message.english(),
            "thread (232, 0, 0) of block (3, 0, 0) read a[1000], past the end of a (1000 elements: a[0] to a[999])");
}

TEST(Simulator, WritesPastTheEndNameTheThreadAndTheIndex) {
  const LabReport r = try_kernel(line_request("add", add_kernel_with_body("  c[i] = 1.0f;"), 1000, 256));
  EXPECT_EQ(r.run, RunState::Failed);
  EXPECT_EQ(r.message.english(),
            "thread (232, 0, 0) of block (3, 0, 0) wrote c[1000], past the end of c (1000 elements: c[0] to c[999])");
}

TEST(Simulator, ReadsBeforeTheStartAreCaught) {
  // Within the page before a, this read would not fault: the second run, with every
  // array's start against a guard, catches it.
  const LabReport r = try_kernel(line_request("add", add_kernel_with_body("  if (i < n) c[i] = a[i - 1] + b[i];"), 1000, 256));
  EXPECT_EQ(r.run, RunState::Failed);
  EXPECT_EQ(r.message.english(), "thread (0, 0, 0) of block (0, 0, 0) read a[-1], before the start of a");
}

TEST(Simulator, AMissingRowCheckIn2DNamesBothIndices) {
  const std::string source =
      "extern \"C\" __global__ void my_kernel(const float* a, const float* b, float* c, int width, int height) {\n"
      "  int col = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  int row = blockIdx.y * blockDim.y + threadIdx.y;\n"
      "  if (col < width) c[row * width + col] = a[row * width + col] + b[row * width + col];\n"
      "}\n";
  // 60 rows in blocks of 16: the last row of blocks has threads for rows 60 to 63.
  const LabReport r = try_kernel(matrix_request(source, 100, 60, 16, 16));
  EXPECT_EQ(r.run, RunState::Failed);
  EXPECT_EQ(r.launch, "my_kernel<<<dim3(7, 4, 1), dim3(16, 16, 1)>>>");
  EXPECT_EQ(r.message.english(),
            "thread (0, 12, 0) of block (0, 3, 0) read a[6000], past the end of a (6000 elements: a[0] to a[5999])");
}

TEST(Simulator, SharedArraysAreCheckedByTheCompiler) {
  const std::string source =
      "extern \"C\" __global__ void my_kernel(const float* a, float* sums, int n) {\n"
      "  __shared__ float partial[128];\n"
      "  int t = threadIdx.x;\n"
      "  partial[t] = a[blockIdx.x * blockDim.x + t];\n"
      "  __syncthreads();\n"
      "  if (t == 0) sums[blockIdx.x] = partial[0];\n"
      "}\n";
  const LabReport r = simulate_request(line_request("block-sum", source, 1024, 256));
  EXPECT_EQ(r.run, RunState::Failed);
  EXPECT_CONTAINS(r.message.english(), "thread (128, 0, 0) of block (0, 0, 0) used index 128 of an array declared 'float [128]'");
  EXPECT_CONTAINS(r.message.english(), "on line 4: past its end");
}

TEST(Simulator, AMissingSyncthreadsIsShownAsARace) {
  const LabReport r = try_kernel(line_request("block-sum", find_exercise("block-sum")->starter, 100000, 256));
  ASSERT_EQ(r.run, RunState::Ran) << r.message.english();
  EXPECT_TRUE(r.order_dependent);
  EXPECT_GT(r.wrong, 0);  // the wrong one of the two results is the one shown
  EXPECT_EQ(r.output, "sums");
  EXPECT_CONTAINS(r.message.english(), "depends on the order the threads run");
  EXPECT_CONTAINS(r.message.english(), "__syncthreads()");
}

TEST(Simulator, SharedMemoryNobodyWroteReadsAsNaN) {
  const std::string source =
      "extern \"C\" __global__ void my_kernel(const float* a, float* sums, int n) {\n"
      "  __shared__ float partial[256];\n"
      "  if (threadIdx.x == 0) sums[blockIdx.x] = partial[5];\n"
      "}\n";
  const LabReport r = try_kernel(line_request("block-sum", source, 1000, 256));
  ASSERT_EQ(r.run, RunState::Ran) << r.message.english();
  EXPECT_EQ(r.wrong, 4);
  EXPECT_TRUE(std::isnan(r.got));
}

TEST(Simulator, FaultsNameTheThread) {
  // Pointers and divisors that are 0 only at run time: the compiler cannot fold them away.
  const LabReport null_write = try_kernel(line_request(
      "add", add_kernel_with_body("  float* nowhere = (float*)(unsigned long long)(a[0] != a[0]);\n  if (i < n) nowhere[i] = a[i];"),
      1000, 256));
  EXPECT_EQ(null_write.run, RunState::Failed);
  EXPECT_CONTAINS(null_write.message.english(), "thread (0, 0, 0) of block (0, 0, 0) wrote through a null pointer");

  const LabReport divide = try_kernel(line_request(
      "add", add_kernel_with_body("  int zero = (int)(a[0] - a[0]);\n  if (i < n) c[i] = (float)(i / zero);"), 1000, 256));
  EXPECT_EQ(divide.run, RunState::Failed);
  EXPECT_EQ(divide.message.english(), "thread (0, 0, 0) of block (0, 0, 0) divided an integer by zero");
}

TEST(Simulator, AThreadThatRecursesTooDeepRunsOutOfStack) {
  const std::string source =
      "__device__ float deep(const float* a, int k) {\n"
      "  volatile float local[1024];\n"
      "  local[k % 1024] = a[0];\n"
      "  return k > 1000000000 ? 0.0f : deep(a, k + 1) + local[(k * 7) % 1024];\n"
      "}\n"
      "extern \"C\" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {\n"
      "  __syncthreads();\n"  // a fiber's stack, not the process's
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n) c[i] = deep(a, 0);\n"
      "}\n";
  const LabReport r = simulate_request(line_request("add", source, 100, 64));
  EXPECT_EQ(r.run, RunState::Failed);
  EXPECT_CONTAINS(r.message.english(), "thread (0, 0, 0) of block (0, 0, 0) ran out of stack");
}

TEST(Simulator, AnEndlessLoopIsStoppedAndItsThreadNamed) {
  // volatile: re-read every turn, so the compiler keeps the loop.
  const LabReport plain = simulate_request(
      line_request("add", add_kernel_with_body("  volatile const float* w = a;\n  while (w[0] == w[0]) {}"), 1000, 256),
      0.5);
  EXPECT_EQ(plain.run, RunState::Failed);
  EXPECT_CONTAINS(plain.message.english(), "thread (0, 0, 0) of block (0, 0, 0) was still running");
  EXPECT_CONTAINS(plain.message.english(), "an endless loop?");

  const LabReport fiber = simulate_request(
      line_request("add",
                   add_kernel_with_body("  __syncthreads();\n  volatile const float* w = a;\n"
                                        "  while (threadIdx.x == 5 && w[0] == w[0]) {}"),
                   1000, 256),
      0.5);
  EXPECT_EQ(fiber.run, RunState::Failed);
  EXPECT_CONTAINS(fiber.message.english(), "thread (5, 0, 0) of block (0, 0, 0) was still running");
}

TEST(Simulator, ASlowButFiniteSimulationStopsBetweenThreads) {
  const LabReport r = simulate_request(
      line_request("add",
                   add_kernel_with_body("  volatile float x = 0.0f;\n  for (int k = 0; k < 100000; ++k) x = x + 1.0f;\n"
                                        "  if (i < n) c[i] = a[i] + b[i];"),
                   100000, 256),
      0.3);
  EXPECT_EQ(r.run, RunState::Failed);
  EXPECT_CONTAINS(r.message.english(), "the simulation took more than 0.3 s");
  EXPECT_CONTAINS(r.message.english(), "try fewer elements");
}

TEST(Simulator, LaunchesAGpuWouldRefuseAreRefused) {
  const LabReport r = try_kernel(line_request("add", find_exercise("add")->starter, 5000, 2000));
  EXPECT_EQ(r.run, RunState::Refused);
  EXPECT_CONTAINS(r.message.english(), "my_kernel<<<3, 2000>>>");
  EXPECT_CONTAINS(r.message.english(), "a block holds at most 1024 threads");
}

TEST(Simulator, CompileErrorsComeBackWithTheUsersLineNumbers) {
  const Exercise& add = *find_exercise("add");
  SimBuild build;
  SimKernel kernel;
  ASSERT_TRUE(build_for_simulator(add, add_kernel_with_body("  if (i < n)\n    c[i] = a[i] + d[i];"), &build, &kernel));
  EXPECT_FALSE(build.ok);
  ASSERT_FALSE(build.diagnostics.empty()) << build.log;
  EXPECT_EQ(build.diagnostics[0].line, 4);
  EXPECT_EQ(build.diagnostics[0].severity, "error");
  EXPECT_CONTAINS(build.diagnostics[0].message, "'d' was not declared");

  // NVRTC takes a warp shuffle; the simulator says, on its line, why it cannot.
  ASSERT_TRUE(build_for_simulator(
      add, add_kernel_with_body("  float v = __shfl_down_sync(0xffffffffu, a[i], 1);\n  if (i < n) c[i] = v;"), &build,
      &kernel));
  EXPECT_FALSE(build.ok);
  ASSERT_FALSE(build.diagnostics.empty()) << build.log;
  EXPECT_EQ(build.diagnostics[0].line, 3);
  EXPECT_CONTAINS(build.diagnostics[0].message, "the simulator does not model");
}

TEST(Simulator, AKernelWithAnotherNameOrSignatureIsExplained) {
  const LabReport renamed =
      try_kernel(line_request("add", "extern \"C\" __global__ void other(float* c) { c[0] = 1; }\n", 10, 32));
  EXPECT_TRUE(renamed.compiled) << renamed.compile_log;
  EXPECT_EQ(renamed.run, RunState::NotRun);
  EXPECT_CONTAINS(renamed.message.english(), "extern \"C\" __global__ void my_kernel(const float* a, const float* b, float* c, int n)");

  const LabReport not_extern_c = try_kernel(line_request(
      "map", "__global__ void my_kernel(const float* a, float* c, int n) { c[0] = a[0]; }\n", 10, 32));
  EXPECT_EQ(not_extern_c.run, RunState::NotRun);
  EXPECT_CONTAINS(not_extern_c.message.english(), "no kernel named my_kernel");
}

TEST(Simulator, NoCompilerIsAMessageNotACrash) {
  setenv("WHYGPU_SIM_CXX", "/nonexistent/g++", 1);
  SimBuild build;
  SimKernel kernel;
  const Status s = build_for_simulator(*find_exercise("add"), find_exercise("add")->starter, &build, &kernel);
  unsetenv("WHYGPU_SIM_CXX");
  EXPECT_FALSE(s);
  EXPECT_CONTAINS(s.message(), "could not run the C++ compiler /nonexistent/g++");
  EXPECT_CONTAINS(s.message(), "g++");
}

TEST(Simulator, RunsInTheAppsChildProcessAndPrintfCannotSpoilTheReport) {
  LabRequest r = line_request(
      "add", add_kernel_with_body("  if (i == 0) printf(\"wrong=5\\nrun=failed\\n\");\n  if (i < n) c[i] = a[i] + b[i];"),
      1000, 128);
  const LabReport report = run_in_child(testing::app_binary(), r, 60, nullptr);
  ASSERT_EQ(report.run, RunState::Ran) << report.message.english();
  EXPECT_TRUE(report.simulated);
  EXPECT_EQ(report.wrong, 0);
  EXPECT_EQ(report.checked, 1000);
}

TEST(Simulator, AnEndlessLoopInTheChildIsStoppedByTheAppToo) {
  const LabReport r = run_in_child(
      testing::app_binary(),
      // 10 s: half of a try is the compile's, and g++ on a loaded 2-core CI machine needs more than 1.5 s.
      line_request("add", add_kernel_with_body("  volatile const float* w = a;\n  while (w[0] == w[0]) {}"), 1000, 256), 10,
      nullptr);
  EXPECT_EQ(r.run, RunState::Failed) << r.message.english();
  EXPECT_CONTAINS(r.message.english(), "stopped after 10 s");
}

// `whygpu kernel-lab --source FIFO` waited forever for a writer.
TEST(KernelLabCommand, AFifoAsTheSourceIsRefusedAtOnce) {
  cnn::testing::TempDir dir;
  const std::string fifo = dir.file("kernel.cu");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  int exit_code = 0;
  std::string said;
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] {
    ::testing::internal::CaptureStderr();
    exit_code = run_kernel_lab_command({"--exercise", "add", "--source", fifo});
    said = ::testing::internal::GetCapturedStderr();
  }));
  EXPECT_EQ(exit_code, 2);
  EXPECT_NE(said.find(fifo + ": is a named pipe (FIFO)"), std::string::npos) << said;
}

}  // namespace
}  // namespace whygpu::kernel_lab
