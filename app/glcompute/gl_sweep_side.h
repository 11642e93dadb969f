#pragma once
// The OpenGL side of the timing lessons' sweeps (vector add, matmul ladder): whether it
// runs (the panels' `opengl` parameter: auto runs it only where there is no CUDA GPU, so
// every laptop with any GPU draws a live GPU curve; on adds it beside CUDA), the OpenGL
// thread its jobs run on, the names of its curves, and the note beside the chart that
// says which renderer drew them, and when it is software, that it is the CPU.
#include <memory>
#include <string>
#include <vector>

#include "app/glcompute/gl_compute_thread.h"
#include "app/panels/panel_params.h"
#include "compute/kernels/measurement.h"

namespace whygpu::app {

// The `opengl` parameter both sweeps declare.
template <typename O>
Field<O> opengl_field(std::string O::*mode) {
  return choice_field("opengl", mode, {"auto", "on", "off"},
                      "also time the kernels as OpenGL shaders on whatever GPU OpenGL offers (auto: where there is "
                      "no CUDA GPU)");
}

class GlSweepSide {
 public:
  // `mode`: auto, on or off.
  explicit GlSweepSide(const std::string& mode);
  void set_mode(const std::string& mode);
  // On, or auto without a CUDA GPU. Starts the OpenGL thread when it becomes true, so its
  // context is ready by the time the sweep starts.
  bool enabled() const;

  // The thread, started if need be.
  const std::shared_ptr<GlComputeThread>& thread();
  // The renderer, once the context is up (false while it starts, or without OpenGL).
  bool renderer(GlRenderer* out) const;

  // An "also OpenGL" checkbox, where CUDA is available (without it OpenGL is always on).
  // True when it changed.
  bool draw_toggle(bool sweep_running);
  // Beside the chart: the renderer the OpenGL curves come from, and for a software
  // renderer, in the warning colour, that it is the CPU pretending to be a GPU.
  void draw_note() const;
  // A row's note (Measurement::note) in the page's language. The rows the OpenGL thread
  // could not run carry its start-up failure in English: that one is shown from the
  // thread's own Wording; any other note as shown_gl_note() shows it.
  std::string shown_row_note(const std::string& note) const;

 private:
  void start_if_enabled();
  std::string mode_;
  std::shared_ptr<GlComputeThread> thread_;
};

// The renderer the measured rows of `variant` ran on ("Intel UHD Graphics 620 via OpenGL",
// in the page's language; "" when none was measured).
std::string gl_device_of(const std::vector<kernels::Measurement>& rows, const std::string& benchmark,
                         const std::string& variant);

// A legend label for an OpenGL curve, named by the renderer its rows were measured on:
// "llvmpipe via OpenGL (software): compute shader". `what` alone when no row has it.
std::string gl_series_label(const std::vector<kernels::Measurement>& rows, const std::string& benchmark,
                            const std::string& variant, const std::string& what);

// True when the measured rows of `variant` came from a software renderer.
bool gl_rows_are_software(const std::vector<kernels::Measurement>& rows, const std::string& benchmark,
                          const std::string& variant);

}  // namespace whygpu::app
