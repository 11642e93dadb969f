// A try of a kernel is code from a lesson file, which teachers share like a document: it
// must not start programs with the user's rights, and nothing of it may outlive the try
// (no process, no temporary folder), however it ends. These run the app's way, a child
// process of the whygpu binary, in the CPU simulator.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "compute/kernel_lab/child_run.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/sandbox.h"
#include "compute/kernel_lab/work_folder.h"
#include "tests/kernel_lab/app_binary.h"

namespace whygpu::kernel_lab {
namespace {

#define EXPECT_CONTAINS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

// The live processes (zombies are dead) whose command line contains `marker`, this one aside.
std::vector<pid_t> processes_naming(const std::string& marker) {
  std::vector<pid_t> found;
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ignored)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = static_cast<pid_t>(std::stol(name));
    if (pid == getpid()) continue;
    std::ifstream cmdline(entry.path() / "cmdline");
    std::string command((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
    if (command.find(marker) == std::string::npos) continue;
    std::ifstream stat_file(entry.path() / "stat");
    std::string stat((std::istreambuf_iterator<char>(stat_file)), std::istreambuf_iterator<char>());
    const std::size_t after_name = stat.rfind(')');
    if (after_name == std::string::npos || after_name + 2 >= stat.size() || stat[after_name + 2] == 'Z') continue;
    found.push_back(pid);
  }
  return found;
}

// A temporary folder of the test's own, TMPDIR while it lives: the try's work folder goes
// in it, so every process of the try names it on its command line (the child's
// arguments, g++'s and cc1plus's files), and what the try leaves behind is in it.
class PrivateTemp {
 public:
  PrivateTemp() {
    std::string pattern = (std::filesystem::temp_directory_path() / "whygpu-sandbox-test-XXXXXX").string();
    if (mkdtemp(pattern.data())) path_ = pattern;
    if (const char* old = std::getenv("TMPDIR")) old_tmpdir_ = old, had_tmpdir_ = true;
    setenv("TMPDIR", path_.c_str(), 1);
  }
  ~PrivateTemp() {
    if (had_tmpdir_) setenv("TMPDIR", old_tmpdir_.c_str(), 1);
    else unsetenv("TMPDIR");
    for (pid_t pid : processes_naming(path_)) kill(pid, SIGKILL);  // a failed test leaves nothing running
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  PrivateTemp(const PrivateTemp&) = delete;
  PrivateTemp& operator=(const PrivateTemp&) = delete;
  const std::string& path() const { return path_; }

  // What the try left in the folder, apart from the files the test made itself.
  std::string leftovers(const std::vector<std::string>& own) const {
    std::string names;
    std::error_code ignored;
    for (const auto& entry : std::filesystem::directory_iterator(path_, ignored)) {
      const std::string name = entry.path().filename().string();
      if (std::find(own.begin(), own.end(), name) == own.end()) names += name + " ";
    }
    return names;
  }

  // The processes of the try still alive once it has had a moment to die.
  std::vector<pid_t> survivors() const {
    std::vector<pid_t> alive = processes_naming(path_);
    for (int waited_ms = 0; !alive.empty() && waited_ms < 2000; waited_ms += 50) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      alive = processes_naming(path_);
    }
    return alive;
  }

 private:
  std::string path_;
  std::string old_tmpdir_;
  bool had_tmpdir_ = false;
};

std::string pids_text(const std::vector<pid_t>& pids) {
  std::ostringstream text;
  for (pid_t pid : pids) {
    std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
    std::string name;
    std::getline(comm, name);
    text << pid << " (" << name << ") ";
  }
  return text.str();
}

// The add exercise on the simulator, with `host_code` run by thread 0 once it has stored
// its output. NVRTC (which a CUDA build asks first) compiles the kernel without it, as a
// lesson's author would arrange: the simulator compiles the same text with g++, for the CPU.
LabRequest add_request_running(const std::string& includes, const std::string& host_code) {
  LabRequest r;
  r.exercise = "add";
  r.n = 1000;
  r.block = 128;
  r.engine = Engine::Simulator;
  r.source = "#ifndef __CUDACC_RTC__\n" + includes + "\n#define HOST_CODE() " + host_code +
             "\n#else\n#define HOST_CODE()\n#endif\n"
             "extern \"C\" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {\n"
             "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
             "  if (i < n) c[i] = a[i] + b[i];\n"
             "  if (i == 0) { HOST_CODE(); }\n"
             "}\n";
  return r;
}

TEST(Sandbox, AKernelThatForksIsRefusedAndSaysSo) {
  PrivateTemp temp;
  // The child it would start waits for ever: it must never exist.
  const LabReport report = run_in_child(
      testing::app_binary(), add_request_running("#include <unistd.h>", "if (fork() == 0) for (;;) pause()"), 20,
      nullptr);
  EXPECT_EQ(report.run, RunState::Failed);
  EXPECT_CONTAINS(report.message.english(), "the kernel tried to start a program");
  EXPECT_CONTAINS(report.message.english(), "kernels in the lab cannot");
  EXPECT_TRUE(temp.survivors().empty()) << pids_text(temp.survivors());
  EXPECT_EQ(temp.leftovers({}), "");
}

TEST(Sandbox, AKernelThatCallsSystemRunsNothing) {
  PrivateTemp temp;
  const std::string marker = temp.path() + "/MARKER";
  const LabReport report = run_in_child(
      testing::app_binary(),
      add_request_running("#include <stdlib.h>", "(void)system(\"touch " + marker + "\")"), 20, nullptr);
  EXPECT_FALSE(std::filesystem::exists(marker));
  EXPECT_EQ(report.run, RunState::Failed);
  EXPECT_CONTAINS(report.message.english(), "the kernel tried to start a program");
  EXPECT_TRUE(temp.survivors().empty()) << pids_text(temp.survivors());
  EXPECT_EQ(temp.leftovers({}), "");
}

// AddressSanitizer reserves terabytes of address space for its shadow memory, as CUDA
// does: a process that already holds that much gets no address-space limit (sandbox.cpp).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSpaceLimited = false;
#else
constexpr bool kAddressSpaceLimited = true;
#endif

TEST(Sandbox, TheTryRunsUnderResourceLimits) {
  PrivateTemp temp;
  // c[0] comes out wrong where a limit is missing.
  const LabReport report = run_in_child(
      testing::app_binary(),
      add_request_running("#include <sys/resource.h>\n"
                          "static bool limited(int what) { rlimit r; return getrlimit(what, &r) == 0 && "
                          "r.rlim_max != RLIM_INFINITY; }",
                          std::string("if (!limited(RLIMIT_CPU) || !limited(RLIMIT_FSIZE) || !limited(RLIMIT_CORE)") +
                              (kAddressSpaceLimited ? " || !limited(RLIMIT_AS)" : "") + ") c[0] = -1.0f"),
      20, nullptr);
  ASSERT_EQ(report.run, RunState::Ran) << report.message.english() << report.compile_log;
  EXPECT_EQ(report.wrong, 0);
}

TEST(Sandbox, AnEndlessKernelIsKilledAtTheTimeoutAndLeavesNothing) {
  PrivateTemp temp;
  // The simulator's own limit (10 s) is longer than the try's: the app's timeout stops it.
  const LabReport report = run_in_child(
      // 10 s: half of a try is the compile's, and g++ on a loaded 2-core CI machine needs more than 1.5 s.
      testing::app_binary(), add_request_running("", "volatile int spin = 1; while (spin) {}"), 10, nullptr);
  EXPECT_EQ(report.run, RunState::Failed);
  EXPECT_CONTAINS(report.message.english(), "stopped after 10 s");
  EXPECT_TRUE(temp.survivors().empty()) << pids_text(temp.survivors());
  EXPECT_EQ(temp.leftovers({}), "");
}

TEST(Sandbox, ACompileWaitingOnAFifoIsStoppedAndLeavesNothing) {
  PrivateTemp temp;
  const std::string fifo = temp.path() + "/never-ends";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
  // A quoted #include of a FIFO: the compiler waits for a writer that never comes.
  const LabReport report =
      run_in_child(testing::app_binary(), add_request_running("#include \"" + fifo + "\"", "(void)0"), 4, nullptr);
  EXPECT_FALSE(report.compiled);
  EXPECT_NE(report.run, RunState::Ran);
  EXPECT_CONTAINS(report.message.english(), "compile");
  EXPECT_CONTAINS(report.message.english(), "did not finish");
  const std::vector<pid_t> left = temp.survivors();
  EXPECT_TRUE(left.empty()) << pids_text(left);
  EXPECT_EQ(temp.leftovers({"never-ends"}), "");
}

}  // namespace
}  // namespace whygpu::kernel_lab

namespace whygpu::kernel_lab {
namespace {

// The filter itself, in a process of its own (a death test forks one, and the filter
// stays with it): threads still start, processes do not, and the refused call is named.
TEST(SandboxFilter, ThreadsStillStartButProcessesDoNot) {
  EXPECT_EXIT(
      {
        if (!forbid_new_processes()) _exit(10);
        int ran = 0;
        std::thread([&ran] { ran = 1; }).join();
        if (ran != 1) _exit(11);
        if (fork() != -1 || errno != EPERM) _exit(12);
        if (refused_call() != "clone") _exit(13);  // glibc's fork() is a clone without CLONE_THREAD
        if (kill(getppid(), 0) != -1 || errno != EPERM) _exit(14);
        if (kill(getpid(), 0) != 0) _exit(15);
        _exit(0);
      },
      ::testing::ExitedWithCode(0), "");
}

// system() blocks every signal around its clone, so the refusal cannot be answered with
// EPERM: the process dies of SIGSYS, which the app reports (child_run.cpp).
TEST(SandboxFilter, AProgramStartedWithSignalsBlockedEndsTheProcess) {
  EXPECT_EXIT(
      {
        if (!forbid_new_processes()) _exit(10);
        (void)system("true");
        _exit(0);
      },
      ::testing::KilledBySignal(SIGSYS), "");
}

}  // namespace
}  // namespace whygpu::kernel_lab

namespace whygpu::kernel_lab {
namespace {

// (Run as root, the locked subfolder is readable anyway: the removal is checked all the same.)
TEST(WorkFolder, GoesWithAllInItEvenWhatTheKernelLockedAway) {
  PrivateTemp temp;
  std::string path;
  {
    WorkFolder folder;
    ASSERT_TRUE(folder.make());
    path = folder.path();
    EXPECT_EQ(path.rfind(temp.path() + "/whygpu-sim-", 0), 0u) << path;
    ASSERT_EQ(mkdir((path + "/locked").c_str(), 0700), 0);
    std::ofstream(path + "/locked/file") << "x";
    ASSERT_EQ(chmod((path + "/locked").c_str(), 0), 0);
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(WorkFolder, StaleFoldersOfAKilledAppAreRemovedAndFreshOnesKept) {
  PrivateTemp temp;
  const std::string stale = temp.path() + "/whygpu-sim-stale1", fresh = temp.path() + "/whygpu-sim-fresh1",
                    other = temp.path() + "/someone-else";
  for (const std::string& folder : {stale, fresh, other}) ASSERT_EQ(mkdir(folder.c_str(), 0700), 0);
  const utimbuf an_hour_ago{time(nullptr) - 3600, time(nullptr) - 3600};
  ASSERT_EQ(utime(stale.c_str(), &an_hour_ago), 0);
  ASSERT_EQ(utime(other.c_str(), &an_hour_ago), 0);
  remove_stale_work_folders(std::chrono::minutes(10));
  EXPECT_FALSE(std::filesystem::exists(stale));
  EXPECT_TRUE(std::filesystem::exists(fresh));
  EXPECT_TRUE(std::filesystem::exists(other));
}

}  // namespace
}  // namespace whygpu::kernel_lab
