#pragma once
// How many CPU threads the app's live CPU training uses: all but one of the CPU's, so
// the UI thread (and, in the race, the thread that drives the GPU lane) keeps a core.
// OpenBLAS with more threads than free cores slows down rather than sharing: on a
// 2-core machine with the other core busy, a CNN step took 39 ms with 2 OpenBLAS threads
// and 25 ms with 1. Benchmarks (`whygpu bench`) still use every core.
namespace whygpu::app {

int training_threads();

}  // namespace whygpu::app
