#pragma once
// Our own all-reduce for the small gradients of data_parallel_trainer.cu, on GPUs that
// reach each other's memory (peer access; NVLink on the lent machines). NCCL's ring passes
// a buffer round the GPUs in 2 (N-1) hops, each with its own latency: 17.7 us for the
// CNN's 373 KB on two H200s, 23.4 on four (compute/cnn/BENCH.md), 11-15% of a step. Here
// one kernel a GPU does it in one hop:
//   1. it tells every GPU that its gradients are complete (it writes the step's number
//      into a flag in each GPU's memory) and waits until every GPU has said the same;
//   2. each thread reads a few pairs of values from every GPU's gradients, over the
//      links, and adds them in rank order, so that every GPU gets the same bits;
//   3. it tells every GPU that it is done reading, waits until all are, and only then
//      writes the average over its own gradients, which the others were reading.
// Flags hold step numbers, so nothing is ever reset between steps. A wait of more than
// about 10 s traps (a GPU that never arrives): the step fails instead of hanging.
#include <cuda_runtime.h>

#include <vector>

#include "compute/core/device_memory.cuh"
#include "compute/core/status.h"

namespace whygpu::cnn::gpu {

inline constexpr int kMaxPeerGpus = 8;

// What one GPU's kernel is given. `state[p]` is GPU p's state buffer (peer_state_size()
// values, zeroed): flags "ready" [0, gpus), flags "done" [gpus, 2 gpus), then that GPU's
// own step number and its count of blocks done reading.
struct PeerAllReduceRank {
  int gpus = 0;
  int rank = 0;
  int count = 0;                              // gradients on every GPU: an even number
  float* grads[kMaxPeerGpus] = {};            // every GPU's; [rank] is this GPU's
  unsigned* state[kMaxPeerGpus] = {};         // every GPU's
};

inline int peer_state_size(int gpus) { return 2 * gpus + 2; }

// Lets every one of `devices` read and write the others' memory; an error names a pair
// whose GPUs cannot reach each other.
Status enable_peer_access(const std::vector<int>& devices);

// Queues this rank's part on `stream`, whose device must be current; every rank's part
// must be queued for any of them to finish.
Status enqueue_peer_all_reduce(const PeerAllReduceRank& r, cudaStream_t stream);

}  // namespace whygpu::cnn::gpu
