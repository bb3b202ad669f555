# Project-wide warning policy: every Trackwright target calls this.
function(trackwright_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    # GCC 12 reports -Wrestrict on `"literal" + std::string` at -O3 inside libstdc++ itself (GCC bug
    # 105329, fixed in 13): a false positive that would break every Release build with -Werror.
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(TRACKWRIGHT_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
