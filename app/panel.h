#pragma once
// A live panel: the interactive part of a lesson page, placed by a lesson directive
// (`@panel NAME key=value ...`). The shell owns one Panel per directive while its lesson
// is open, calls draw() every frame, and routes script and demo actions to it through
// set_param() / press(), so a classroom demo drives exactly what a person would click.
#include <concepts>
#include <map>
#include <memory>
#include <string>

#include "compute/core/status.h"

namespace whygpu::app {

struct Fonts;

// The shortest a frame may be while a panel times CPU work. Measured on a 2-core machine
// with software OpenGL: a single-threaded vector add of 2^22 floats took 15.5 ms inside
// the app drawing flat out, against 1.6 ms in `whygpu bench`.
inline constexpr double kQuietFrameSeconds = 0.1;

// The directive's parameters, with typed getters that range-check and record the first
// problem, so a bad lesson line shows "lessons/x.lesson:12: size must be 1..2^28".
class PanelArgs {
 public:
  PanelArgs(std::map<std::string, std::string> values, std::string where)
      : values_(std::move(values)), where_(std::move(where)) {}

  bool has(const std::string& key) const { return values_.count(key) != 0; }
  std::string get_string(const std::string& key, const std::string& fallback) const;
  long long get_int(const std::string& key, long long fallback, long long min, long long max);
  double get_double(const std::string& key, double fallback, double min, double max);
  bool get_bool(const std::string& key, bool fallback);
  // One of `choices`; anything else is an error naming them.
  std::string get_choice(const std::string& key, const std::string& fallback,
                         std::initializer_list<const char*> choices);

  // The first problem found by a getter (empty when all was well), prefixed with "file:line: ".
  const std::string& error() const { return error_; }
  const std::string& where() const { return where_; }

 private:
  void fail(const std::string& message);
  std::map<std::string, std::string> values_;
  std::string where_;
  std::string error_;
};

// Parsers for one set_param() value, with PanelArgs' checks and messages, so a script line
// is read as the same lesson line would be ("burst must be a whole number from 1 to 10000
// (got 'x')"). On failure *out is left as it was.
Status parse_whole_value(const std::string& key, const std::string& value, long long min, long long max,
                         long long* out);
Status parse_number_value(const std::string& key, const std::string& value, double min, double max, double* out);
Status parse_flag_value(const std::string& key, const std::string& value, bool* out);

// The same into a narrower variable (an int, a float), which min and max must fit.
template <std::integral T>
Status parse_whole_value(const std::string& key, const std::string& value, long long min, long long max, T* out) {
  long long v = 0;
  if (Status s = parse_whole_value(key, value, min, max, &v); !s) return s;
  *out = static_cast<T>(v);
  return Status::ok();
}
template <std::floating_point T>
Status parse_number_value(const std::string& key, const std::string& value, double min, double max, T* out) {
  double v = 0;
  if (Status s = parse_number_value(key, value, min, max, &v); !s) return s;
  *out = static_cast<T>(v);
  return Status::ok();
}

// What the shell tells a panel about the current frame.
struct FrameContext {
  float delta_seconds = 0.0f;   // since the previous frame began
  // How long the previous frame took to make, from its start until glFinish returned (the
  // GPU had drawn it): what a display's refresh has to wait for. Not in it: the wait for
  // the display in a window's buffer swap, and the sleep that paces headless frames.
  float previous_frame_cost_seconds = 0.0f;
  float font_scale = 1.0f;      // user's zoom; panels scale fixed pixel sizes by it
  bool headless = false;        // rendering offscreen (screenshots, scripts)
  float content_width = 0.0f;   // width available to the panel, in pixels
  const Fonts* fonts = nullptr; // the page's fonts (monospace, headings), at the user's scale
};

class Panel {
 public:
  virtual ~Panel() = default;

  // Draws the panel's widgets at the current ImGui cursor. Called every frame.
  virtual void draw(const FrameContext& frame) = 0;

  // Sets a parameter by the same name a lesson directive uses ("n", "block_x", ...).
  virtual Status set_param(const std::string& key, const std::string& value);

  // Presses a named button ("launch", "run", "train", "pause", "step", "reset", ...).
  virtual Status press(const std::string& button);

  // True while background work (a sweep, training) runs; scripts can wait for false.
  virtual bool busy() const { return false; }

  // True while the panel's background work is timing CPU work. The app then draws a frame
  // every kQuietFrameSeconds at most (Shell::pace_frame), so its own drawing, all on the
  // CPU where OpenGL is software-rendered, does not slow down what is being measured.
  virtual bool timing_the_cpu() const { return false; }
};

}  // namespace whygpu::app
