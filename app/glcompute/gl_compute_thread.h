#pragma once
// A thread with an OpenGL context of its own, where all of the app's OpenGL computing
// runs. OpenGL calls only work on the thread where their context is current, and the
// app's context belongs to the UI thread, which must keep drawing frames while a sweep
// measures. So the compute work gets a second, independent context (headless EGL; a GPU
// device before a software one), created and destroyed on this thread; it shares no
// objects with the window's, since only numbers come back. The sweep's worker hands it
// tasks and waits for each, so a GL job is an ordinary sweep job with a cancel flag.
//
//   auto gl = std::make_shared<GlComputeThread>();   // starts at once; the context comes up meanwhile
//   Status s = gl->run([&](GlCompute& engine) { return engine.matmul(...); });
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "app/glcompute/gl_compute.h"

namespace whygpu::app {

class GlComputeThread {
 public:
  GlComputeThread();
  ~GlComputeThread();  // runs the queued tasks, then destroys the context on its thread
  GlComputeThread(const GlComputeThread&) = delete;
  GlComputeThread& operator=(const GlComputeThread&) = delete;

  // Waits until the context is up. Its renderer, or why there is no OpenGL to compute with.
  Status wait_ready(GlRenderer* renderer = nullptr) const;
  // The same without waiting: false while the context is still being made.
  bool ready(Status* status = nullptr, GlRenderer* renderer = nullptr) const;

  // Runs `task` on the OpenGL thread and waits for it; the error of a context that never
  // came up when there is none.
  Status run(const std::function<Status(GlCompute&)>& task);

 private:
  struct Task {
    const std::function<Status(GlCompute&)>* work;
    Status result = Status::ok();
    bool done = false;
  };
  void loop();

  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  bool started_ = false;  // the context was made, or failed
  Status start_status_ = Status::ok();
  GlRenderer renderer_;
  std::deque<Task*> queue_;
  bool stopping_ = false;
  std::thread thread_;  // last: starts once the members above exist
};

}  // namespace whygpu::app
