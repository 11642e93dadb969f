#pragma once
// One OpenGL compute thread for a whole test binary (its context is made once), and a
// skip when this machine has no OpenGL at all.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "app/glcompute/gl_compute_thread.h"

namespace whygpu::app::testing {

inline std::shared_ptr<GlComputeThread>& gl_thread_slot() {
  static std::shared_ptr<GlComputeThread> thread;
  return thread;
}

// Ends the thread (its context and objects) when the tests end, before main returns: at
// static destruction the NVIDIA driver's EGL library may already be torn down, and the
// binary crashed there on the H100 (2026-11-24) after every test had passed.
class GlThreadEnvironment : public ::testing::Environment {
 public:
  void TearDown() override { gl_thread_slot().reset(); }
};
inline ::testing::Environment* const gl_thread_environment =
    ::testing::AddGlobalTestEnvironment(new GlThreadEnvironment);

inline const std::shared_ptr<GlComputeThread>& shared_gl_thread() {
  std::shared_ptr<GlComputeThread>& thread = gl_thread_slot();
  if (!thread) thread = std::make_shared<GlComputeThread>();
  return thread;
}
inline GlComputeThread& gl_thread() { return *shared_gl_thread(); }

// What the run expects of this machine's renderer: WHYGPU_EXPECT_GL=software (CI on
// llvmpipe) or =hardware (the GPU machine); unset, nothing is assumed.
inline std::string expected_renderer_kind() {
  const char* kind = std::getenv("WHYGPU_EXPECT_GL");
  return kind ? kind : "";
}

}  // namespace whygpu::app::testing

// Skips a test when no OpenGL context could be made here, unless one is expected.
#define WHYGPU_REQUIRE_GL()                                                                  \
  do {                                                                                       \
    const ::whygpu::Status gl_ready = ::whygpu::app::testing::gl_thread().wait_ready();      \
    if (!gl_ready) {                                                                         \
      if (!::whygpu::app::testing::expected_renderer_kind().empty()) FAIL() << gl_ready.message(); \
      GTEST_SKIP() << gl_ready.message();                                                    \
    }                                                                                        \
  } while (false)
