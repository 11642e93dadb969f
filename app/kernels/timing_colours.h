#pragma once
// Colours of the timing lessons' curves, built on the shared palette (CPU orange, GPU
// green) so a curve keeps its colour from lesson to lesson: CPU variants in warm tones,
// hand-written GPU kernels in greens, NVIDIA's libraries in blues and violets, OpenGL
// shaders in cyans.
#include <imgui.h>

#include "app/widgets/ui_style.h"

namespace whygpu::app {

struct TimingColours {
  ImU32 cpu, cpu_threads, cpu_blas;
  ImU32 gpu, gpu_with_copies;
  ImU32 gpu_naive, gpu_coalesced, gpu_tiled, gpu_register;
  ImU32 gpu_tc_wmma_fp16, gpu_tc_wmma_bf16, gpu_tc_mma, gpu_tc_wgmma;  // ours on Tensor Cores
  ImU32 cublas_fp32, cublas_tf32, cublas_fp16, cublas_bf16;
  ImU32 gl_fragment, gl_compute, gl_compute_tiled, gl_with_copies;
  ImU32 roof;
};

// Follows the theme: the palette has a light and a dark version.
inline TimingColours timing_colours() {
  TimingColours c{};
  c.cpu = palette().cpu;
  c.cpu_threads = IM_COL32(235, 85, 60, 255);
  c.cpu_blas = IM_COL32(225, 190, 40, 255);
  c.gpu = palette().gpu;
  c.gpu_with_copies = palette().gpu_alt;
  c.gpu_naive = IM_COL32(150, 120, 90, 255);
  c.gpu_coalesced = IM_COL32(120, 170, 110, 255);
  c.gpu_tiled = IM_COL32(60, 175, 140, 255);
  c.gpu_register = palette().gpu;
  c.gpu_tc_wmma_fp16 = IM_COL32(150, 200, 60, 255);
  c.gpu_tc_wmma_bf16 = IM_COL32(120, 190, 40, 255);
  c.gpu_tc_mma = IM_COL32(40, 200, 110, 255);
  c.gpu_tc_wgmma = IM_COL32(20, 150, 80, 255);
  c.cublas_fp32 = IM_COL32(70, 150, 235, 255);
  c.cublas_tf32 = IM_COL32(130, 110, 240, 255);
  c.cublas_fp16 = IM_COL32(200, 90, 220, 255);
  c.cublas_bf16 = IM_COL32(235, 80, 160, 255);
  c.gl_fragment = IM_COL32(0, 200, 215, 255);
  c.gl_compute = IM_COL32(30, 135, 175, 255);
  c.gl_compute_tiled = IM_COL32(140, 225, 240, 255);
  c.gl_with_copies = IM_COL32(100, 170, 190, 255);
  c.roof = IM_COL32(160, 160, 170, 255);
  return c;
}

}  // namespace whygpu::app
