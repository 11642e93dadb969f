#include "app/shell/window_fit.h"

#include <algorithm>

namespace whygpu::app {
namespace {

// What a desktop's decorations take around a window's content: a title bar and borders.
constexpr int kFrameWidth = 16;
constexpr int kFrameHeight = 48;

int fit(int wanted, int room, int minimum) {
  if (room <= 0) return wanted;
  return std::clamp(wanted, std::min(minimum, room), std::max(room, 1));
}

}  // namespace

WindowSize fit_to_work_area(WindowSize wanted, WindowSize work_area) {
  return {fit(wanted.width, work_area.width - kFrameWidth, kMinWindow.width),
          fit(wanted.height, work_area.height - kFrameHeight, kMinWindow.height)};
}

}  // namespace whygpu::app
