#pragma once
// OpenGL 3.3 core entry points, resolved by the GL dispatch library (libOpenGL from
// glvnd), which serves GLX windows and EGL offscreen contexts alike.
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include <GL/gl.h>
#include <GL/glext.h>
