#pragma once
// The size a window opens at. A saved size (or the default 1600 x 950) can be larger than
// the screen the app starts on: a 1366 x 768 laptop or a 1280 x 720 projector then showed
// the window's right edge and status bar off screen.
namespace whygpu::app {

struct WindowSize {
  int width = 0;
  int height = 0;
};

// The smallest window the page still works in.
inline constexpr WindowSize kMinWindow{640, 480};

// `wanted` within the monitor's work area (the screen less its panels and docks), less
// room for the window's title bar and frame; never below kMinWindow, nor above the
// work area. A work area of 0 x 0 (unknown) leaves `wanted` as it is.
WindowSize fit_to_work_area(WindowSize wanted, WindowSize work_area);

}  // namespace whygpu::app
