#pragma once
// What every CNN panel shows of its session in one or two lines: Train/Pause, Step,
// Reset, and where training stands (back end, data, epoch, images per second, test
// accuracy); or that the session is being prepared, or why it could not be.
#include <string>

#include "app/cnn/shared_session.h"

namespace whygpu::app::cnn_ui {

// Returns true when the session is ready (the caller may draw the rest of its panel).
bool draw_session_bar(SharedSession& shared, bool with_buttons);

// Beside the network's guesses: "untrained (random weights): these guesses are noise",
// and a button that loads the trained example, while the session is untrained. Draws
// nothing otherwise.
void draw_untrained_note(SharedSession& shared);

// The back end's colour (CPU orange, GPU green, as everywhere in the app).
unsigned backend_colour(cnn::Backend backend);

}  // namespace whygpu::app::cnn_ui
