# trackwright_bake_tracks(TARGET name SOURCES a.twtrack b.twtrack ... [OUTPUT_DIRECTORY dir])
#
# Bakes .twtrack sources into .twbake files as ordinary build outputs of a game's build: each
# output depends on its source and on twbake, so only changed tracks are baked again, in parallel,
# and any build farm that runs the game's build distributes and caches the step like a compile.
# The target `name` builds them all; the variable `name_OUTPUTS` lists the .twbake paths.
function(trackwright_bake_tracks)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "" "TARGET;OUTPUT_DIRECTORY" "SOURCES")
  if(NOT ARG_TARGET OR NOT ARG_SOURCES)
    message(FATAL_ERROR "trackwright_bake_tracks: TARGET and SOURCES are required")
  endif()
  if(NOT ARG_OUTPUT_DIRECTORY)
    set(ARG_OUTPUT_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}")
  endif()
  if(TARGET twbake)
    set(twbake_command $<TARGET_FILE:twbake>)
    set(twbake_dependency twbake)
  elseif(TARGET Trackwright::twbake)
    set(twbake_command $<TARGET_FILE:Trackwright::twbake>)
    set(twbake_dependency Trackwright::twbake)
  else()
    message(FATAL_ERROR "trackwright_bake_tracks: no twbake target (add Trackwright, or find_package(Trackwright))")
  endif()
  set(outputs "")
  foreach(source IN LISTS ARG_SOURCES)
    get_filename_component(source "${source}" ABSOLUTE)
    get_filename_component(stem "${source}" NAME_WE)
    set(output "${ARG_OUTPUT_DIRECTORY}/${stem}.twbake")
    add_custom_command(
      OUTPUT "${output}"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${ARG_OUTPUT_DIRECTORY}"
      COMMAND ${twbake_command} build "${source}" -o "${output}"
      DEPENDS "${source}" ${twbake_dependency}
      COMMENT "Baking ${stem}.twtrack"
      VERBATIM)
    list(APPEND outputs "${output}")
  endforeach()
  add_custom_target(${ARG_TARGET} ALL DEPENDS ${outputs})
  set(${ARG_TARGET}_OUTPUTS ${outputs} PARENT_SCOPE)
endfunction()
