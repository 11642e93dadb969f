#include "compute/kernel_lab/sim_finding.h"

#include <signal.h>

#include <cinttypes>
#include <cstdint>
#include <cstdio>

namespace whygpu::kernel_lab {
namespace {

std::string index_text(const WhygpuIndex& i) {
  char text[48];
  std::snprintf(text, sizeof text, "(%u, %u, %u)", i.x, i.y, i.z);
  return text;
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

std::string address_text(const void* address) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%" PRIxPTR, reinterpret_cast<std::uintptr_t>(address));
  return text;
}

}  // namespace

std::string describe(const Finding& f, const Problem& problem, const GuardedArrays& arrays,
                     const BlockFibers& fibers, double time_limit_seconds) {
  const std::string who = "thread " + index_text(f.thread) + " of block " + index_text(f.block);
  const char* verb = f.access == 2 ? "wrote" : f.access == 1 ? "read" : "touched";
  switch (f.stop) {
    case Stop::OutOfBounds: {
      std::string text = who + " used index " + std::to_string(f.index) + " of an array declared " +
                         (f.array_type ? f.array_type : "with a fixed size");
      if (f.line > 0) text += ", on line " + std::to_string(f.line);
      return text + (f.index < 0 ? ": before its start" : ": past its end");
    }
    case Stop::EndlessLoop:
      return who + " was still running when the simulation's " + seconds_text(time_limit_seconds) +
             " were up, and a second later: an endless loop?";
    case Stop::TooSlow:
      return "the simulation took more than " + seconds_text(time_limit_seconds) + " (it had reached block " +
             index_text(f.block) +
             "): the simulator runs one thread at a time, so try fewer elements";
    case Stop::Signal: break;
    case Stop::None:
    case Stop::NeedsFibers: return "the simulation stopped";
  }
  switch (f.signal) {
    case SIGFPE: return who + " divided an integer by zero";
    case SIGILL:
    case SIGTRAP: return who + " stopped the kernel (__trap(), or an instruction this CPU does not have)";
    case SIGABRT: return who + " stopped the kernel (abort(), or an assert that failed)";
    default: break;
  }
  GuardedArrays::Hit hit;
  if (arrays.locate(f.address, &hit)) {
    const Array& a = problem.arrays[hit.array];
    const std::string element = a.name + "[" + std::to_string(hit.index) + "]";
    if (hit.index < 0) return who + " " + verb + " " + element + ", before the start of " + a.name;
    return who + " " + verb + " " + element + ", past the end of " + a.name + " (" + std::to_string(a.size) +
           " elements: " + a.name + "[0] to " + a.name + "[" + std::to_string(a.size - 1) + "])";
  }
  const auto distance = reinterpret_cast<std::intptr_t>(f.address) - reinterpret_cast<std::intptr_t>(f.stack_pointer);
  const std::string out_of_stack = who + " ran out of stack: its local variables, or its recursion, need more than the "
                                         "simulator gives a thread";
  if (fibers.is_stack_guard(f.address))
    return out_of_stack + " (" + std::to_string(BlockFibers::kStackBytes / 1024) + " KiB)";
  if (f.stack_pointer && distance > -65536 && distance < 65536) return out_of_stack;  // the process's own stack
  if (reinterpret_cast<std::uintptr_t>(f.address) < 65536)
    return who + " " + verb + " through a null pointer (address " + address_text(f.address) + ")";
  return who + " " + verb + " memory at address " + address_text(f.address) +
         " that belongs to none of the arrays: a pointer gone astray, or an index far out of range";
}

}  // namespace whygpu::kernel_lab
