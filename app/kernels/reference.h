#pragma once
// The recorded H100 results shipped in assets/reference/, loaded once. On a computer
// without an NVIDIA GPU the timing panels draw their GPU curves from them, labelled with
// the machine and date (ReferenceData::label()), never as if measured here.
#include <string>

#include "compute/bench/reference_data.h"

namespace whygpu::app {

// nullptr when the file is missing or unreadable; *error (optional) then says why.
const bench::ReferenceData* h100_reference(std::string* error = nullptr);

// Where it is looked for: as every shipped file is (app/files/file_locations.h).
std::string h100_reference_path();

// The H100's OpenGL run (`whygpu bench opengl --json`: the shaders of shaders/ beside CUDA
// on the same GPU), found as every shipped file is; like h100_reference.
const bench::ReferenceData* h100_opengl_reference(std::string* error = nullptr);

}  // namespace whygpu::app
