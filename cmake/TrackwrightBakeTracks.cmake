# trackwright_bake_tracks(TARGET name SOURCES a.twtrack b.twtrack ... [OUTPUT_DIRECTORY dir]
#                         [BASE_DIRECTORY dir] [CLASSES file-or-folder] [ROSTER file] [CACHE_DIRECTORY dir]
#                         [REPORT_DIRECTORY dir] [OPTIONS twbake build options...])
#
# Bakes .twtrack sources into .twbake files as ordinary build outputs of a game's build: each
# output depends on its source and on twbake, so only changed tracks are baked again, in parallel.
# A source below BASE_DIRECTORY (default: the current source folder) bakes to the same relative
# place under OUTPUT_DIRECTORY (default: the current binary folder's `name`), so tracks/a/oval and
# tracks/b/oval do not collide; one outside it bakes to OUTPUT_DIRECTORY itself. The name keeps
# every dot but the last (zandvoort.v2.twtrack -> zandvoort.v2.twbake). Two sources that would
# still bake to one file stop the configure with both names. OPTIONS go to `twbake build` as they
# are (--raceline, --method laptime, --vehicle car). The target `name` builds them all; the
# variable `name_OUTPUTS` lists the .twbake paths. twbake build takes a track it baked before from
# its bake cache (docs/cli.md; CACHE_DIRECTORY, else TRACKWRIGHT_CACHE_DIR, names a folder a build
# farm shares), so a clean checkout does not bake unchanged tracks again; a bake that comes out the
# same leaves its output's time alone, and the Ninja generator (the outputs declared with their
# byproducts) then rebuilds nothing downstream. CLASSES (a car or class file, or a folder of them)
# go into every track (`--classes`); each output depends on them. ROSTER (a roster file) is baked
# into every track for the game to read (`--roster`); each output depends on it. REPORT_DIRECTORY gets a JUnit
# report a track (`--report`, at the track's relative place, `.xml`), declared as a byproduct: a CI
# collects them with one glob.
function(trackwright_bake_tracks)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "" "TARGET;OUTPUT_DIRECTORY;BASE_DIRECTORY;CLASSES;ROSTER;CACHE_DIRECTORY;REPORT_DIRECTORY" "SOURCES;OPTIONS")
  if(NOT ARG_TARGET OR NOT ARG_SOURCES)
    message(FATAL_ERROR "trackwright_bake_tracks: TARGET and SOURCES are required")
  endif()
  if(NOT ARG_OUTPUT_DIRECTORY)
    set(ARG_OUTPUT_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}")
  endif()
  if(NOT ARG_BASE_DIRECTORY)
    set(ARG_BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
  get_filename_component(base "${ARG_BASE_DIRECTORY}" ABSOLUTE)
  if(TARGET twbake)
    set(twbake_command $<TARGET_FILE:twbake>)
    set(twbake_dependency twbake)
  elseif(TARGET Trackwright::twbake)
    set(twbake_command $<TARGET_FILE:Trackwright::twbake>)
    set(twbake_dependency Trackwright::twbake)
  else()
    message(FATAL_ERROR "trackwright_bake_tracks: no twbake target (add Trackwright, or find_package(Trackwright))")
  endif()
  set(common_options --progress none ${ARG_OPTIONS})
  set(class_files "")
  if(ARG_CLASSES)
    get_filename_component(classes "${ARG_CLASSES}" ABSOLUTE)
    list(APPEND common_options --classes "${classes}")
    if(IS_DIRECTORY "${classes}")
      file(GLOB class_files CONFIGURE_DEPENDS "${classes}/*.json")
    else()
      set(class_files "${classes}")
    endif()
  endif()
  set(roster_file "")
  if(ARG_ROSTER)
    get_filename_component(roster_file "${ARG_ROSTER}" ABSOLUTE)
    list(APPEND common_options --roster "${roster_file}")
  endif()
  if(ARG_CACHE_DIRECTORY)
    list(APPEND common_options --cache "${ARG_CACHE_DIRECTORY}")
  endif()
  set(outputs "")
  set(sources_seen "")
  foreach(source IN LISTS ARG_SOURCES)
    get_filename_component(source "${source}" ABSOLUTE)
    get_filename_component(stem "${source}" NAME_WLE)
    get_filename_component(folder "${source}" DIRECTORY)
    file(RELATIVE_PATH relative "${base}" "${folder}")
    if(relative MATCHES "^\\.\\./" OR relative STREQUAL ".." OR IS_ABSOLUTE "${relative}")
      set(relative "")
    endif()
    if(relative STREQUAL "")
      set(output_folder "${ARG_OUTPUT_DIRECTORY}")
    else()
      set(output_folder "${ARG_OUTPUT_DIRECTORY}/${relative}")
    endif()
    set(output "${output_folder}/${stem}.twbake")
    list(FIND outputs "${output}" clash)
    if(NOT clash EQUAL -1)
      list(GET sources_seen ${clash} other)
      message(FATAL_ERROR "trackwright_bake_tracks: ${other} and ${source} would both bake to ${output}: "
                          "rename one, or give a BASE_DIRECTORY both lie under")
    endif()
    set(report_options "")
    set(byproducts "")
    if(ARG_REPORT_DIRECTORY)
      if(relative STREQUAL "")
        set(report "${ARG_REPORT_DIRECTORY}/${stem}.xml")
      else()
        set(report "${ARG_REPORT_DIRECTORY}/${relative}/${stem}.xml")
      endif()
      get_filename_component(report_folder "${report}" DIRECTORY)
      set(report_options --report "${report}")
      set(byproducts BYPRODUCTS "${report}")
    else()
      set(report_folder "${output_folder}")
    endif()
    add_custom_command(
      OUTPUT "${output}"
      ${byproducts}
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${output_folder}" "${report_folder}"
      COMMAND ${twbake_command} build "${source}" -o "${output}" ${common_options} ${report_options}
      DEPENDS "${source}" ${class_files} ${roster_file} ${twbake_dependency}
      COMMENT "Baking ${stem}.twtrack"
      VERBATIM)
    list(APPEND outputs "${output}")
    list(APPEND sources_seen "${source}")
  endforeach()
  add_custom_target(${ARG_TARGET} ALL DEPENDS ${outputs})
  set(${ARG_TARGET}_OUTPUTS ${outputs} PARENT_SCOPE)
endfunction()
