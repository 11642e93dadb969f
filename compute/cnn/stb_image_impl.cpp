// The one translation unit that holds stb_image's implementation (Debian's libstb-dev
// ships the header only).
#define STB_IMAGE_IMPLEMENTATION
#define STBI_FAILURE_USERMSG
#include <stb_image.h>
