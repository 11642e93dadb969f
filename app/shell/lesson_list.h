#pragma once
// The list of lessons at the left of the window: sections and titles, the open lesson
// highlighted. Long titles wrap between words instead of being cut. The list's width
// follows the text size (Settings::sidebar_width, pixels at text scale 1) but never takes
// more than kMaxWindowShare of the window, so that large text on a small projector still
// leaves the page most of the room; except that it is always as wide as the longest word
// of a title (a French "d’apprentissage" is never broken inside), up to kMaxWordShare.
#include <string>

#include "app/lesson/lesson_library.h"
#include "app/shell/settings.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app {

class LessonList {
 public:
  static constexpr float kMaxWindowShare = 0.24f;
  static constexpr float kMaxWordShare = 0.32f;

  // Inside BeginTable, in place of TableSetupColumn for the list's column (the first):
  // keeps the column at the width above, and takes a width the user drags it to as
  // theirs (in `settings`, within the same limits).
  void setup_column(Settings& settings, float window_width, const LessonLibrary& library, const Fonts& fonts);

  // In the column's cell. Returns the index of the lesson clicked, or -1.
  int draw(const LessonLibrary& library, int current, bool scroll_to_current, const Fonts& fonts);

 private:
  float word_room_ = 0.0f;  // the longest title word's room, at this text size and language
  float measured_font_size_ = 0.0f;
  std::string measured_language_;
};

}  // namespace whygpu::app
