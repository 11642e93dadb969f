#pragma once
// One training step's kernels as a list: a bar of the time each library took, then every
// kernel in launch order with its grid, block and time, coloured by library.
#include <vector>

#include "compute/framework/kernel_groups.h"

struct ImFont;

namespace whygpu::app {

// The colour of each library, the same in both lists.
unsigned library_colour(framework::KernelLibrary library);

// Draws within `width` pixels; rows beyond `max_rows` scroll inside a child window of
// `list_height` pixels. `faded`: a recording, drawn dimmer.
void draw_kernel_list(const char* id, const std::vector<framework::KernelRow>& rows, float width, float list_height,
                      bool faded, ImFont* code);

}  // namespace whygpu::app
