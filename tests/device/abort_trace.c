// LD_PRELOAD probe for the servers that have no gdb: on SIGABRT, print the aborting
// thread's backtrace (each frame's library and offset; addr2line -e build/app/whygpu
// OFFSET names ours) to stderr, then die as before. Build it here, for
// tests/device/fault_then_demo_run.sh:
//   gcc -shared -fPIC -O1 -o build/devpack/abort_trace.so tests/device/abort_trace.c -ldl
#define _GNU_SOURCE
#include <execinfo.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <dlfcn.h>
#include <stdio.h>
static void on_abort(int sig) {
  void* frames[64];
  int n = backtrace(frames, 64);
  const char msg[] = "\n=== abort_trace: SIGABRT backtrace ===\n";
  write(2, msg, sizeof msg - 1);
  for (int i = 0; i < n; ++i) {
    Dl_info info;
    char line[512];
    if (dladdr(frames[i], &info) && info.dli_fname) {
      snprintf(line, sizeof line, "#%d %p %s+0x%lx %s\n", i, frames[i], info.dli_fname,
               (unsigned long)((char*)frames[i] - (char*)info.dli_fbase), info.dli_sname ? info.dli_sname : "?");
    } else snprintf(line, sizeof line, "#%d %p ?\n", i, frames[i]);
    write(2, line, strlen(line));
  }
  signal(sig, SIG_DFL);
  raise(sig);
}
__attribute__((constructor)) static void install(void) {
  struct sigaction sa; memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_abort; sigaction(SIGABRT, &sa, 0);
}
