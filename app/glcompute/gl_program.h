#pragma once
// Compiling and linking the embedded shaders of shaders/ into a program, with the
// driver's own compile or link log in the Status when it fails.
#include <initializer_list>
#include <string>

#include "app/glcompute/gl_objects.h"
#include "compute/core/status.h"

namespace whygpu::app {

// Links the named files of shaders/ ({"fullscreen.vert", "matmul.frag"}) into one program;
// the stage comes from the extension (.vert, .frag, .comp).
Status build_program(std::initializer_list<const char*> files, GlObject* program);

// The location of a uniform the program must have; an error names it when it has not
// (the compiler drops unused uniforms, so a typo would otherwise pass silently).
Status uniform_location(GLuint program, const char* name, GLint* location);

}  // namespace whygpu::app
