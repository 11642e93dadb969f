#pragma once
// An owning, instantiated CUDA graph for files built with CUDA: a whole step of work
// captured once from a stream and replayed with one launch. Failures come back as Status
// naming what was being captured.
#include <cuda_runtime.h>

#include <string>
#include <utility>

#include "compute/core/cuda_check.h"

namespace whygpu {

class CudaGraph {
 public:
  CudaGraph() = default;
  CudaGraph(const CudaGraph&) = delete;
  CudaGraph& operator=(const CudaGraph&) = delete;
  ~CudaGraph() { reset(); }

  void reset() {
    if (exec_) cudaGraphExecDestroy(exec_);
    exec_ = nullptr;
  }

  // Captures what `enqueue` (returning Status) puts on `stream`, this thread's work only,
  // and instantiates it; `what` names it in errors ("the training step").
  template <typename Enqueue>
  Status capture(cudaStream_t stream, const char* what, Enqueue&& enqueue) {
    reset();
    const std::string named = what;
    WHYGPU_CUDA_TRY_NAMED(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal),
                          ("cudaStreamBeginCapture of " + named).c_str());
    const Status enqueued = std::forward<Enqueue>(enqueue)();
    cudaGraph_t graph = nullptr;
    const cudaError_t ended = cudaStreamEndCapture(stream, &graph);
    if (!enqueued) {
      if (graph) cudaGraphDestroy(graph);
      return enqueued.with_context("capturing " + named);
    }
    WHYGPU_CUDA_TRY_NAMED(ended, ("cudaStreamEndCapture of " + named).c_str());
    const cudaError_t instantiated = cudaGraphInstantiate(&exec_, graph, 0);
    cudaGraphDestroy(graph);
    if (instantiated != cudaSuccess) exec_ = nullptr;
    WHYGPU_CUDA_TRY_NAMED(instantiated, ("cudaGraphInstantiate of " + named).c_str());
    return Status::ok();
  }

  bool ready() const { return exec_ != nullptr; }
  Status launch(cudaStream_t stream) const {
    WHYGPU_CUDA_TRY(cudaGraphLaunch(exec_, stream));
    return Status::ok();
  }

 private:
  cudaGraphExec_t exec_ = nullptr;
};

}  // namespace whygpu
