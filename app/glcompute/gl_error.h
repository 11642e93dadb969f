#pragma once
// OpenGL reports failures through glGetError, long after the call that caused them if
// nobody asks. The OpenGL compute path asks after every step, and turns what it finds into
// a Status that names the step: "uploading matrices A and B: GL_OUT_OF_MEMORY".
#include <string>

#include "compute/core/status.h"

namespace whygpu::app {

// Drains glGetError; an error names `what` (a sentence, read in the page's language) and
// every error code found.
Status gl_check(const Wording& what);

// "GL_INVALID_VALUE", or "GL error 0x1234".
std::string gl_error_name(unsigned code);

}  // namespace whygpu::app
