#pragma once
// GPU tests skip (CTest shows "skipped", not "passed") when no CUDA device is usable.
#include <gtest/gtest.h>

#include "compute/core/gpu_info.h"

#define WHYGPU_REQUIRE_GPU()                                                        \
  do {                                                                              \
    if (!::whygpu::gpu_info().available)                                            \
      GTEST_SKIP() << "no CUDA device: " << ::whygpu::gpu_info().unavailable_reason.english(); \
  } while (0)
