// Renderer strings as drivers really report them: named for a legend, and software
// renderers told apart from GPUs (AMD's GPU drivers name LLVM too).
#include <gtest/gtest.h>

#include "app/glcompute/gl_renderer.h"

namespace whygpu::app {
namespace {

TEST(SoftwareRenderer, IsDetectedByItsName) {
  EXPECT_TRUE(is_software_renderer("llvmpipe (LLVM 15.0.6, 256 bits)", "Mesa/X.org"));
  EXPECT_TRUE(is_software_renderer("softpipe", "Mesa/X.org"));
  EXPECT_TRUE(is_software_renderer("Google SwiftShader", "Google Inc."));
  EXPECT_TRUE(is_software_renderer("ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)",
                                   "Google Inc. (Google)"));
  EXPECT_TRUE(is_software_renderer("Software Rasterizer", "Mesa Project"));
  EXPECT_TRUE(is_software_renderer("Microsoft Basic Render Driver", "Microsoft Corporation"));
}

TEST(SoftwareRenderer, GpusAreNot) {
  EXPECT_FALSE(is_software_renderer("NVIDIA H100 80GB HBM3/PCIe/SSE2", "NVIDIA Corporation"));
  EXPECT_FALSE(is_software_renderer("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "Intel"));
  EXPECT_FALSE(is_software_renderer("AMD Radeon RX 6800 XT (navi21, LLVM 15.0.7, DRM 3.49, 6.1.0-13-amd64)", "AMD"));
  EXPECT_FALSE(is_software_renderer("Apple M2", "Apple"));
}

TEST(RendererName, DropsDriverDetails) {
  EXPECT_EQ(short_renderer_name("NVIDIA H100 80GB HBM3/PCIe/SSE2"), "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(short_renderer_name("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"), "Intel UHD Graphics 620 (KBL GT2)");
  EXPECT_EQ(short_renderer_name("AMD Radeon RX 6800 XT (navi21, LLVM 15.0.7, DRM 3.49, 6.1.0-13-amd64)"),
            "AMD Radeon RX 6800 XT");
  EXPECT_EQ(short_renderer_name("llvmpipe (LLVM 15.0.6, 256 bits)"), "llvmpipe");
  EXPECT_EQ(short_renderer_name(""), "");
}

TEST(RendererName, SaysViaOpenGLAndWarnsForSoftware) {
  GlRenderer gpu;
  gpu.renderer = "NVIDIA H100 80GB HBM3/PCIe/SSE2";
  EXPECT_EQ(gpu.name(), "NVIDIA H100 80GB HBM3 via OpenGL");
  EXPECT_EQ(gpu.caveat(), "");
  GlRenderer cpu;
  cpu.renderer = "llvmpipe (LLVM 15.0.6, 256 bits)";
  cpu.software = true;
  EXPECT_EQ(cpu.name(), "llvmpipe via OpenGL (software)");
  EXPECT_EQ(cpu.caveat(), "llvmpipe: the CPU pretending to be a GPU, not a GPU result");
}

}  // namespace
}  // namespace whygpu::app
