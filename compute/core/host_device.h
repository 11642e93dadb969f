#pragma once
// WHYGPU_HD marks arithmetic written once for both sides: nvcc compiles it for the CPU
// and for the GPU kernels, the host compiler (a build without CUDA) for the CPU only.
// Keeping one copy is what makes the CPU reference and the kernel compute the same thing.
#if defined(__CUDACC__)
#define WHYGPU_HD __host__ __device__
#else
#define WHYGPU_HD
#endif
