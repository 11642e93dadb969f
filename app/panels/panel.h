#pragma once
// A live panel: the interactive part of a lesson page, placed by a lesson directive
// (`@panel NAME key=value ...`). The shell owns one Panel per directive while its lesson
// is open, calls draw() every frame, and routes script and demo actions to it through
// set_param() / press(), so a classroom demo drives exactly what a person would click.
// What a panel accepts is declared once in its PanelType (panel_registry.h).
#include <memory>
#include <string>

#include "app/panels/panel_params.h"
#include "compute/core/status.h"

namespace whygpu::app {

struct Fonts;

// The shortest a frame may be while a panel times CPU work. Measured on a 2-core machine
// with software OpenGL: a single-threaded vector add of 2^22 floats took 15.5 ms inside
// the app drawing flat out, against 1.6 ms in `whygpu bench`.
inline constexpr double kQuietFrameSeconds = 0.1;

// What the shell tells a panel about the current frame.
struct FrameContext {
  float delta_seconds = 0.0f;   // since the previous frame began
  // How long the previous frame took to make, from its start until glFinish returned (the
  // GPU had drawn it): what a display's refresh has to wait for. Not in it: the wait for
  // the display in a window's buffer swap, and the sleep that paces headless frames.
  float previous_frame_cost_seconds = 0.0f;
  float font_scale = 1.0f;      // user's zoom; panels scale fixed pixel sizes by it
  bool headless = false;        // rendering offscreen (screenshots, scripts)
  bool preparing = false;       // "Prepare the class" is running: keep what is measured
  float content_width = 0.0f;   // width available to the panel, in pixels
  // Height of the window the panel is seen in (the page, or the panel alone when
  // maximized), in pixels; 0: unknown. A panel whose picture would be taller than this
  // shrinks it, so a demo stop on it shows the whole result (at text x2 on 1280 x 720
  // the page shows about 420 pixels under the caption).
  float visible_height = 0.0f;
  const Fonts* fonts = nullptr; // the page's fonts (monospace, headings), at the user's scale
};

// What a panel measured, for a @predict question to compare with (NaN: a text only).
struct PanelResult {
  double value = 0.0;
  std::string text;  // how the panel says it: "2^21 = 2.1 M elements", the runtime's message
};

class Panel {
 public:
  virtual ~Panel() = default;

  // Draws the panel's widgets at the current ImGui cursor. Called every frame.
  virtual void draw(const FrameContext& frame) = 0;

  // Sets a parameter while the page is open (a script's `set`). The shell has already
  // checked key and value against the panel's table; a key that can only be given in the
  // lesson returns an error saying so.
  virtual Status set_param(const std::string& key, const ParamValue& value);

  // Presses a button the panel's type lists ("launch", "run", "train", "pause", ...).
  virtual Status press(const std::string& button);

  // True while background work (a sweep, training) runs; scripts can wait for false.
  virtual bool busy() const { return false; }

  // True while the panel's main action (PanelType::main_action) is under way: Space then
  // presses its stop button. Training panels train without being busy().
  virtual bool running() const { return busy(); }

  // A result its type lists (PanelType::results), once the main action has produced it
  // on this computer or from a recording; false before.
  virtual bool result(const std::string& name, PanelResult* out) const;

  // True while the panel's background work is timing CPU work. The app then draws a frame
  // every kQuietFrameSeconds at most (Shell::pace_frame), so its own drawing, all on the
  // CPU where OpenGL is software-rendered, does not slow down what is being measured.
  virtual bool timing_the_cpu() const { return false; }
};

}  // namespace whygpu::app
