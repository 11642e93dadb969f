#pragma once
// The list of lessons at the left of the window: sections and titles, the open lesson
// highlighted. Long titles wrap instead of being cut. The list's width follows the text
// size (Settings::sidebar_width, pixels at text scale 1) but never takes more than
// kMaxWindowShare of the window: large text on a small projector still leaves the page
// most of the room.
#include "app/lesson/lesson_library.h"
#include "app/settings.h"
#include "app/ui_style.h"

namespace whygpu::app {

class LessonList {
 public:
  static constexpr float kMaxWindowShare = 0.24f;

  // Inside BeginTable, in place of TableSetupColumn for the list's column (the first):
  // keeps the column at the width above, and takes a width the user drags it to as
  // theirs (in `settings`, within the same limit).
  void setup_column(Settings& settings, float window_width);

  // In the column's cell. Returns the index of the lesson clicked, or -1.
  int draw(const LessonLibrary& library, int current, bool scroll_to_current, const Fonts& fonts);
};

}  // namespace whygpu::app
