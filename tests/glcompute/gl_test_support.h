#pragma once
// One OpenGL compute thread for a whole test binary (its context is made once), and a
// skip when this machine has no OpenGL at all.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "app/glcompute/gl_compute_thread.h"

namespace whygpu::app::testing {

inline const std::shared_ptr<GlComputeThread>& shared_gl_thread() {
  static const auto thread = std::make_shared<GlComputeThread>();
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
