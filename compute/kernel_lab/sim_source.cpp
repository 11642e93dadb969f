#include "compute/kernel_lab/sim_source.h"

#include "compute/kernel_lab/diagnostics.h"
#include "compute/kernel_lab/sim_abi.h"

namespace whygpu::kernel_lab {
namespace {

// CUDA's built-in words for the CPU. Threads of the simulator never run at the same time,
// so an atomic operation is a plain read-modify-write here. What only makes sense for a
// warp of 32 threads running in step (shuffles, votes) is refused at compile time with a
// message that says so.
const char* kPrelude = R"(
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

extern "C" {
WhygpuSim whygpu_sim;
}
typedef WhygpuIndex uint3;
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return {x, y, z}; }
};
static const uint3& threadIdx = whygpu_sim.thread_idx;
static const uint3& blockIdx = whygpu_sim.block_idx;
static const uint3& blockDim = whygpu_sim.block_dim;
static const uint3& gridDim = whygpu_sim.grid_dim;
static constexpr int warpSize = 32;

#define __global__
#define __device__
#define __host__
#define __constant__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __shared__ static __attribute__((section("whygpu_shared")))

inline void __syncthreads() { whygpu_sim.barrier(); }
inline void __threadfence() {}
inline void __threadfence_block() {}
[[noreturn]] inline void __trap() { __builtin_trap(); }

inline float __expf(float x) { return expf(x); }
inline float __logf(float x) { return logf(x); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __powf(float x, float y) { return powf(x, y); }
inline float __fdividef(float x, float y) { return x / y; }
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline float __saturatef(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }
inline int __float_as_int(float x) { int i; __builtin_memcpy(&i, &x, sizeof i); return i; }
inline float __int_as_float(int i) { float x; __builtin_memcpy(&x, &i, sizeof x); return x; }
template <class T> inline T __ldg(const T* p) { return *p; }

#define WHYGPU_MIN_MAX(T) \
  inline T min(T a, T b) { return b < a ? b : a; } \
  inline T max(T a, T b) { return a < b ? b : a; }
WHYGPU_MIN_MAX(int) WHYGPU_MIN_MAX(unsigned) WHYGPU_MIN_MAX(long long) WHYGPU_MIN_MAX(unsigned long long)
WHYGPU_MIN_MAX(float) WHYGPU_MIN_MAX(double)

#define WHYGPU_ATOMIC_ADD_EXCH(T) \
  inline T atomicAdd(T* p, T v) { T old = *p; *p = old + v; return old; } \
  inline T atomicExch(T* p, T v) { T old = *p; *p = v; return old; }
#define WHYGPU_ATOMIC_INTEGER(T) WHYGPU_ATOMIC_ADD_EXCH(T) \
  inline T atomicSub(T* p, T v) { T old = *p; *p = old - v; return old; } \
  inline T atomicMin(T* p, T v) { T old = *p; *p = min(old, v); return old; } \
  inline T atomicMax(T* p, T v) { T old = *p; *p = max(old, v); return old; } \
  inline T atomicCAS(T* p, T compare, T v) { T old = *p; if (old == compare) *p = v; return old; }
WHYGPU_ATOMIC_INTEGER(int) WHYGPU_ATOMIC_INTEGER(unsigned) WHYGPU_ATOMIC_INTEGER(unsigned long long)
WHYGPU_ATOMIC_ADD_EXCH(float) WHYGPU_ATOMIC_ADD_EXCH(double)

#define WHYGPU_WARP_ONLY(name) __attribute__((error(name " needs a warp of 32 threads running in step, which the simulator does not model: try it on an NVIDIA GPU")))
template <class T> WHYGPU_WARP_ONLY("__shfl_sync") T __shfl_sync(unsigned, T, int, int = 32);
template <class T> WHYGPU_WARP_ONLY("__shfl_up_sync") T __shfl_up_sync(unsigned, T, unsigned, int = 32);
template <class T> WHYGPU_WARP_ONLY("__shfl_down_sync") T __shfl_down_sync(unsigned, T, unsigned, int = 32);
template <class T> WHYGPU_WARP_ONLY("__shfl_xor_sync") T __shfl_xor_sync(unsigned, T, int, int = 32);
WHYGPU_WARP_ONLY("__ballot_sync") unsigned __ballot_sync(unsigned, int);
WHYGPU_WARP_ONLY("__all_sync") int __all_sync(unsigned, int);
WHYGPU_WARP_ONLY("__any_sync") int __any_sync(unsigned, int);
WHYGPU_WARP_ONLY("__syncwarp") void __syncwarp(unsigned = 0xffffffffu);
)";

// After the user's source: the shared memory's extent (the linker marks the start and
// end of the section __shared__ puts it in), and the handler that the compiler's array
// bounds checks (-fsanitize=bounds) call, in place of the sanitizer's own library. Hidden,
// so that the kernel's checks call this one even in a process that has the sanitizer's
// library loaded (the app built with -fsanitize=undefined, scripts/sanitize.sh).
const char* kTrailer = R"(
extern "C" char __start_whygpu_shared[] __attribute__((weak, visibility("hidden")));
extern "C" char __stop_whygpu_shared[] __attribute__((weak, visibility("hidden")));
extern "C" void whygpu_shared_memory(char** begin, char** end) {
  *begin = __start_whygpu_shared;
  *end = __stop_whygpu_shared;
}

struct WhygpuUbsanType { unsigned short kind, info; char name[1]; };
struct WhygpuUbsanOutOfBounds {
  const char* file;
  unsigned line, column;
  const WhygpuUbsanType* array_type;
  const WhygpuUbsanType* index_type;
};
#define WHYGPU_HIDDEN __attribute__((visibility("hidden")))
extern "C" WHYGPU_HIDDEN void __ubsan_handle_out_of_bounds(void* data, void* index) {
  const WhygpuUbsanOutOfBounds* d = static_cast<const WhygpuUbsanOutOfBounds*>(data);
  // An integer index travels as its bits; info holds log2(bit width) * 2 + signed.
  const unsigned long long bits = reinterpret_cast<uintptr_t>(index);
  const unsigned width = 1u << (d->index_type->info >> 1);
  long long value = static_cast<long long>(bits);
  if (width < 64) {
    const unsigned shift = 64 - width;
    value = (d->index_type->info & 1) ? static_cast<long long>(bits << shift) >> shift
                                      : static_cast<long long>(bits & ((1ull << width) - 1));
  }
  const bool user_line = __builtin_strcmp(d->file, WHYGPU_SOURCE_NAME) == 0;
  whygpu_sim.out_of_bounds(user_line ? d->line : 0, value, d->array_type->name);
  __builtin_unreachable();
}
extern "C" WHYGPU_HIDDEN void __ubsan_handle_out_of_bounds_abort(void* data, void* index) {
  __ubsan_handle_out_of_bounds(data, index);
}
)";

std::string parameter_type(Param::Kind kind) {
  return kind == Param::Kind::Input ? "const float*" : kind == Param::Kind::Output ? "float*" : "int";
}

std::string quoted(const char* text) { return std::string("\"") + text + "\""; }

}  // namespace

std::string simulator_source(const Exercise& exercise, const std::string& user_source) {
  std::string text = "#line 1 " + quoted(kPreludeName) + "\n";
  text += std::string(kSimAbiText) + "\n" + kPrelude;
  text += "#line 1 " + quoted(kSourceName) + "\n";
  text += user_source;
  if (!user_source.empty() && user_source.back() != '\n') text += "\n";
  text += "#line 1 " + quoted(kLauncherName) + "\n";
  text += "#define WHYGPU_SOURCE_NAME " + quoted(kSourceName) + "\n";
  text += kTrailer;
  text += "extern \"C\" void " + std::string(kRunThreadSymbol) + "(void* const* args) {\n  " + kKernelName + "(";
  for (std::size_t k = 0; k < exercise.params.size(); ++k) {
    const std::string type = parameter_type(exercise.params[k].kind);
    text += (k ? ", " : "") + std::string("*static_cast<") + type + " const*>(args[" + std::to_string(k) + "])";
  }
  text += ");\n}\n";
  return text;
}

}  // namespace whygpu::kernel_lab
