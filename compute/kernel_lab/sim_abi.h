#pragma once
// What the simulator and the kernel's code compiled for it share: one global struct,
// defined in the kernel's shared object and filled by the simulator before each thread
// runs (its indices), with the simulator's functions the kernel calls back. Written once,
// as a macro: the simulator compiles it, and the kernel's prelude pastes its text
// (sim_source.cpp), so the two sides cannot disagree about its layout.
#define WHYGPU_SIM_ABI                                                                    \
  struct WhygpuIndex {                                                                    \
    unsigned x, y, z;                                                                     \
  };                                                                                      \
  struct WhygpuSim {                                                                      \
    WhygpuIndex thread_idx, block_idx, block_dim, grid_dim;                               \
    /* __syncthreads(): returns when every thread of the block has called it */          \
    void (*barrier)(void);                                                                \
    /* an index outside an array whose size the compiler knows (__shared__ float s[256]): \
       never returns */                                                                   \
    void (*out_of_bounds)(unsigned line, long long index, const char* array_type);        \
  };

#define WHYGPU_SIM_TEXT(...) #__VA_ARGS__
#define WHYGPU_SIM_EXPANDED_TEXT(...) WHYGPU_SIM_TEXT(__VA_ARGS__)

namespace whygpu::kernel_lab {

WHYGPU_SIM_ABI

// The struct's definition as C++ source text, for the prelude.
inline constexpr const char* kSimAbiText = WHYGPU_SIM_EXPANDED_TEXT(WHYGPU_SIM_ABI);

}  // namespace whygpu::kernel_lab
