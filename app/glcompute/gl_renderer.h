#pragma once
// Which OpenGL implementation a context runs on, named for a plot's legend ("Intel UHD
// Graphics 620 via OpenGL"), and whether it is a software renderer (Mesa's llvmpipe and
// softpipe, SwiftShader, ...): the CPU pretending to be a GPU, whose results are never
// to be called GPU results.
#include <string>
#include <string_view>

#include "compute/core/wording.h"

namespace whygpu::app {

struct GlRenderer {
  std::string renderer;  // GL_RENDERER: "NVIDIA H100 80GB HBM3/PCIe/SSE2", "llvmpipe (LLVM 15.0.6, 256 bits)"
  std::string vendor;    // GL_VENDOR: "NVIDIA Corporation", "Mesa/X.org"
  std::string version;   // GL_VERSION: "4.6.0 NVIDIA 580.95.05"
  int major = 0, minor = 0;
  bool software = false;
  bool compute_shaders = false;  // OpenGL 4.3 or later: compute shaders and storage buffers

  // NVIDIA's driver: the context draws on an NVIDIA GPU, the one CUDA work may share.
  bool by_nvidia() const { return vendor.find("NVIDIA") != std::string::npos; }

  // The renderer without driver details: "NVIDIA H100 80GB HBM3", "llvmpipe".
  std::string short_name() const;
  // "NVIDIA H100 80GB HBM3 via OpenGL"; a software renderer adds "(software)". In English,
  // as a measurement row keeps it (Measurement::device) and the command line prints it;
  // shown_gl_device() gives it in the page's language.
  std::string name() const;
  // name() as a sentence, for a message read in the page's language.
  Wording name_wording() const;
  // "" for a GPU; else "llvmpipe: the CPU pretending to be a GPU, not a GPU result", in
  // English (a row's note, the command line).
  std::string caveat() const;
  // The caveat in the page's language.
  std::string shown_caveat() const;
};

// A renderer's name as name() wrote it (in a measurement row, perhaps a recorded one), in
// the page's language; any other text as it is.
std::string shown_gl_device(const std::string& name);

// True for renderers that run on the CPU, judged from GL_RENDERER and GL_VENDOR.
bool is_software_renderer(std::string_view renderer, std::string_view vendor);

// GL_RENDERER without what only drivers care about: "/PCIe/SSE2", "(R)", a leading
// "Mesa ", a bracket of LLVM or DRM versions.
std::string short_renderer_name(std::string_view renderer);

// Reads the strings and version of the current context.
GlRenderer query_renderer();

}  // namespace whygpu::app
