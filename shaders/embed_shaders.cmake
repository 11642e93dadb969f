# cmake -DOUTPUT=file.inc -DSHADERS=a.frag|b.comp -P embed_shaders.cmake
# Writes one initializer per shader, {"name", R"glsl(source)glsl"}, for embedded_shaders.cpp.
string(REPLACE "|" ";" files "${SHADERS}")
set(text "// Generated from shaders/ by shaders/embed_shaders.cmake: edit the shaders, not this.\n")
foreach(path IN LISTS files)
  file(READ "${path}" source)
  get_filename_component(name "${path}" NAME)
  string(FIND "${source}" ")glsl\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${path} contains )glsl\", which would end its C++ raw string early")
  endif()
  string(APPEND text "{\"${name}\", R\"glsl(${source})glsl\"},\n")
endforeach()
file(WRITE "${OUTPUT}" "${text}")
