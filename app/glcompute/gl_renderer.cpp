#include "app/glcompute/gl_renderer.h"

#include <algorithm>
#include <cctype>

#include "app/i18n/translate.h"
#include "app/shell/gl.h"

namespace whygpu::app {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

void erase_all(std::string* text, std::string_view what) {
  for (std::size_t at; (at = text->find(what)) != std::string::npos;) text->erase(at, what.size());
}

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

std::string gl_string(GLenum name) {
  const auto* text = reinterpret_cast<const char*>(glGetString(name));
  return text ? text : "";
}

}  // namespace

bool is_software_renderer(std::string_view renderer, std::string_view vendor) {
  // Not "LLVM" alone: AMD's hardware drivers name their LLVM version in GL_RENDERER too.
  const std::string r = lower(renderer);
  for (const char* name : {"llvmpipe", "softpipe", "swiftshader", "software rasterizer", "swrast",
                           "basic render driver", "software renderer"})
    if (r.find(name) != std::string::npos) return true;
  return lower(vendor).find("swiftshader") != std::string::npos;
}

std::string short_renderer_name(std::string_view renderer) {
  std::string name(renderer);
  if (const auto slash = name.find('/'); slash != std::string::npos) name.erase(slash);  // NVIDIA's "/PCIe/SSE2"
  if (const auto open = name.rfind(" ("); open != std::string::npos) {
    const std::string bracket = name.substr(open);
    if (bracket.find("LLVM") != std::string::npos || bracket.find("DRM") != std::string::npos) name.erase(open);
  }
  erase_all(&name, "(R)");
  erase_all(&name, "(TM)");
  if (name.rfind("Mesa ", 0) == 0) name.erase(0, 5);
  for (std::size_t at; (at = name.find("  ")) != std::string::npos;) name.erase(at, 1);
  name = trimmed(name);
  return name.empty() ? std::string(renderer) : name;
}

std::string GlRenderer::short_name() const { return short_renderer_name(renderer); }

namespace {

constexpr const char* kViaOpenGl = N_("{0} via OpenGL");
constexpr const char* kViaOpenGlSoftware = N_("{0} via OpenGL (software)");
constexpr const char* kCaveat = N_("{0}: the CPU pretending to be a GPU, not a GPU result");

}  // namespace

std::string GlRenderer::name() const { return name_wording().english(); }

Wording GlRenderer::name_wording() const {
  return Wording::sentence(software ? kViaOpenGlSoftware : kViaOpenGl, {short_name()});
}

std::string GlRenderer::caveat() const { return software ? fill(kCaveat, {short_name()}) : ""; }

std::string GlRenderer::shown_caveat() const { return software ? fill(tr(kCaveat), {short_name()}) : ""; }

std::string shown_gl_device(const std::string& name) {
  return translated(recognised_sentence(name, {kViaOpenGlSoftware, kViaOpenGl}));
}

GlRenderer query_renderer() {
  GlRenderer r;
  r.renderer = gl_string(GL_RENDERER);
  r.vendor = gl_string(GL_VENDOR);
  r.version = gl_string(GL_VERSION);
  glGetIntegerv(GL_MAJOR_VERSION, &r.major);
  glGetIntegerv(GL_MINOR_VERSION, &r.minor);
  r.software = is_software_renderer(r.renderer, r.vendor);
  r.compute_shaders = r.major > 4 || (r.major == 4 && r.minor >= 3);
  return r;
}

}  // namespace whygpu::app
