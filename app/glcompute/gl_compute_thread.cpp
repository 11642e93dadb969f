#include "app/glcompute/gl_compute_thread.h"

#include "app/shell/headless_context.h"

namespace whygpu::app {

GlComputeThread::GlComputeThread() : thread_(&GlComputeThread::loop, this) {}

GlComputeThread::~GlComputeThread() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

Status GlComputeThread::wait_ready(GlRenderer* renderer) const {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [this] { return started_; });
  if (renderer) *renderer = renderer_;
  return start_status_;
}

bool GlComputeThread::ready(Status* status, GlRenderer* renderer) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!started_) return false;
  if (status) *status = start_status_;
  if (renderer) *renderer = renderer_;
  return true;
}

Status GlComputeThread::run(const std::function<Status(GlCompute&)>& task) {
  Task t{&task};
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [this] { return started_; });
  if (!start_status_) return start_status_;
  queue_.push_back(&t);
  changed_.notify_all();
  changed_.wait(lock, [&t] { return t.done; });
  return t.result;
}

void GlComputeThread::loop() {
  Wording error;
  HeadlessOptions options;
  options.hardware_first = true;
  options.keep_display = true;
  options.newest_version = true;
  std::unique_ptr<HeadlessContext> context = HeadlessContext::create(1, 1, &error, options);
  std::unique_ptr<GlCompute> engine;
  Status status = context ? GlCompute::create(&engine) : Status::error(error);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    started_ = true;
    start_status_ = status.with_context("OpenGL");
    if (engine) renderer_ = engine->renderer();
  }
  changed_.notify_all();
  for (;;) {
    Task* task = nullptr;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) break;  // stopping, and nothing left to do
      task = queue_.front();
      queue_.pop_front();
    }
    const Status result = (*task->work)(*engine);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      task->result = result;
      task->done = true;
    }
    changed_.notify_all();
  }
  engine.reset();  // its objects go while the context is still current
  context.reset();
}

}  // namespace whygpu::app
