# Run by cpack after it built the packages (CPACK_POST_BUILD_SCRIPTS): adds
# "Built-Using: CPACK_WHYGPU_BUILT_USING" (the statically linked Dear ImGui's Debian source
# and version) to the control file of whygpu_*.deb, for which CPack has no variable. The
# package is unpacked, the field appended, and the package built again in its place.
foreach(deb IN LISTS CPACK_PACKAGE_FILES)
  get_filename_component(name "${deb}" NAME)
  if(NOT name MATCHES "^whygpu_.*\\.deb$")
    continue()
  endif()
  set(tree "${deb}.tree")
  file(REMOVE_RECURSE "${tree}")
  execute_process(COMMAND dpkg-deb --raw-extract "${deb}" "${tree}" COMMAND_ERROR_IS_FATAL ANY)
  file(READ "${tree}/DEBIAN/control" control)
  string(REGEX REPLACE "\n+$" "" control "${control}")  # CPack ends it with a blank line
  file(WRITE "${tree}/DEBIAN/control" "${control}\nBuilt-Using: ${CPACK_WHYGPU_BUILT_USING}\n")
  execute_process(COMMAND dpkg-deb --root-owner-group --build "${tree}" "${deb}"
                  OUTPUT_QUIET COMMAND_ERROR_IS_FATAL ANY)
  file(REMOVE_RECURSE "${tree}")
endforeach()
