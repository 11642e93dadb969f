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

Wording seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return Wording::number(text);
}

std::string address_text(const void* address) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%" PRIxPTR, reinterpret_cast<std::uintptr_t>(address));
  return text;
}

}  // namespace

Wording describe(const Finding& f, const Problem& problem, const GuardedArrays& arrays, const BlockFibers& fibers,
                 double time_limit_seconds) {
  // Each sentence whole, for its translation: the thread and block are values, and so is
  // what they did to which element; a verb (read, wrote, touched) is part of the sentence.
  const std::string thread = index_text(f.thread), block = index_text(f.block);
  switch (f.stop) {
    case Stop::OutOfBounds: {
      const std::string index = std::to_string(f.index), type = f.array_type ? f.array_type : "?";
      const bool before = f.index < 0;
      if (f.line > 0)
        return Wording::sentence(before ? N_("thread {0} of block {1} used index {2} of an array declared {3}, on line {4}: "
                                   "before its start")
                              : N_("thread {0} of block {1} used index {2} of an array declared {3}, on line {4}: "
                                   "past its end"),
                       {thread, block, index, type, std::to_string(f.line)});
      return Wording::sentence(before ? N_("thread {0} of block {1} used index {2} of an array declared {3}: before its start")
                            : N_("thread {0} of block {1} used index {2} of an array declared {3}: past its end"),
                     {thread, block, index, type});
    }
    case Stop::EndlessLoop:
      return Wording::sentence(N_("thread {0} of block {1} was still running when the simulation's {2} were up, and a second "
                        "later: an endless loop?"),
                     {thread, block, seconds_text(time_limit_seconds)});
    case Stop::TooSlow:
      return Wording::sentence(N_("the simulation took more than {0} (it had reached block {1}): the simulator runs one thread "
                        "at a time, so try fewer elements"),
                     {seconds_text(time_limit_seconds), block});
    case Stop::Signal: break;
    case Stop::None:
    case Stop::NeedsFibers: return Wording::sentence(N_("the simulation stopped"));
  }
  switch (f.signal) {
    case SIGFPE: return Wording::sentence(N_("thread {0} of block {1} divided an integer by zero"), {thread, block});
    case SIGILL:
    case SIGTRAP:
      return Wording::sentence(N_("thread {0} of block {1} stopped the kernel (__trap(), or an instruction this CPU does not "
                        "have)"),
                     {thread, block});
    case SIGABRT:
      return Wording::sentence(N_("thread {0} of block {1} stopped the kernel (abort(), or an assert that failed)"),
                     {thread, block});
    default: break;
  }
  const bool wrote = f.access == 2, read = f.access == 1;
  GuardedArrays::Hit hit;
  if (arrays.locate(f.address, &hit)) {
    const Array& a = problem.arrays[hit.array];
    const std::string element = a.name + "[" + std::to_string(hit.index) + "]";
    if (hit.index < 0)
      return Wording::sentence(wrote  ? N_("thread {0} of block {1} wrote {2}, before the start of {3}")
                     : read ? N_("thread {0} of block {1} read {2}, before the start of {3}")
                            : N_("thread {0} of block {1} touched {2}, before the start of {3}"),
                     {thread, block, element, a.name});
    return Wording::sentence(wrote  ? N_("thread {0} of block {1} wrote {2}, past the end of {3} ({4} elements: {5} to {6})")
                   : read ? N_("thread {0} of block {1} read {2}, past the end of {3} ({4} elements: {5} to {6})")
                          : N_("thread {0} of block {1} touched {2}, past the end of {3} ({4} elements: {5} to {6})"),
                   {thread, block, element, a.name, Wording::number(std::to_string(a.size)), a.name + "[0]",
                    a.name + "[" + std::to_string(a.size - 1) + "]"});
  }
  const auto distance = reinterpret_cast<std::intptr_t>(f.address) - reinterpret_cast<std::intptr_t>(f.stack_pointer);
  if (fibers.is_stack_guard(f.address))
    return Wording::sentence(N_("thread {0} of block {1} ran out of stack: its local variables, or its recursion, need more "
                      "than the simulator gives a thread ({2} KiB)"),
                   {thread, block, std::to_string(BlockFibers::kStackBytes / 1024)});
  if (f.stack_pointer && distance > -65536 && distance < 65536)  // the process's own stack
    return Wording::sentence(N_("thread {0} of block {1} ran out of stack: its local variables, or its recursion, need more "
                      "than the simulator gives a thread"),
                   {thread, block});
  const std::string address = address_text(f.address);
  if (reinterpret_cast<std::uintptr_t>(f.address) < 65536)
    return Wording::sentence(wrote  ? N_("thread {0} of block {1} wrote through a null pointer (address {2})")
                   : read ? N_("thread {0} of block {1} read through a null pointer (address {2})")
                          : N_("thread {0} of block {1} touched memory through a null pointer (address {2})"),
                   {thread, block, address});
  return Wording::sentence(wrote  ? N_("thread {0} of block {1} wrote memory at address {2} that belongs to none of the arrays: "
                             "a pointer gone astray, or an index far out of range")
                 : read ? N_("thread {0} of block {1} read memory at address {2} that belongs to none of the arrays: "
                             "a pointer gone astray, or an index far out of range")
                        : N_("thread {0} of block {1} touched memory at address {2} that belongs to none of the "
                             "arrays: a pointer gone astray, or an index far out of range"),
                 {thread, block, address});
}

}  // namespace whygpu::kernel_lab
