# HipifySources.cmake: hipify_sources(), which ports CUDA sources to HIP at build time, one custom command
# per file: each port is re-made only when its source, a header it includes (hipify-c's depfile), a rules
# file or hipify-c itself changes. It compiles nothing: the caller builds the returned files.
#
# hipify_sources(<out-var>
#   SOURCES file...            CUDA sources to port
#   [HEADERS file...]          headers to port (give them with the sources that include them, or port
#                              shared headers once with TARGET and depend on that target elsewhere)
#   [TARGET name]              also make a custom target that ports them all (for targets in other
#                              directories: add_dependencies(their_target name))
#   [BASE_DIR dir]             the tree the ported layout mirrors (default: CMAKE_CURRENT_SOURCE_DIR)
#   [OUTPUT_DIR dir]           where the ported tree goes (default: CMAKE_CURRENT_BINARY_DIR/hip)
#   [HIP_VERSION v] [ROC]      --hip-version v, --roc
#   [RULES file...]            --rules file (each also a dependency)
#   [EXCLUDE regex...]         files whose path matches are copied unported
#   [INCLUDE_DIRS dir...]      -I dir for hipify-c's include lookup and semantic pass
#   [OPTIONS word...])         any other hipify-c options, passed as they are
# <out-var> receives the ports of SOURCES and HEADERS (absolute paths in OUTPUT_DIR): list them all in the
# target that builds them, so the headers are ported before the sources compile. A header a source
# includes beside it is found beside its port, since the layout is mirrored.
function(hipify_sources out_var)
  cmake_parse_arguments(PARSE_ARGV 1 HS "ROC" "BASE_DIR;OUTPUT_DIR;HIP_VERSION;TARGET"
                        "SOURCES;HEADERS;RULES;EXCLUDE;INCLUDE_DIRS;OPTIONS")
  if(HS_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hipify_sources: unknown arguments: ${HS_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT HS_SOURCES AND NOT HS_HEADERS)
    message(FATAL_ERROR "hipify_sources: no SOURCES or HEADERS given")
  endif()
  if(CMAKE_VERSION VERSION_LESS 3.20)
    message(FATAL_ERROR "hipify_sources needs CMake 3.20 or newer (add_custom_command DEPFILE)")
  endif()
  if(NOT HS_BASE_DIR)
    set(HS_BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
  if(NOT HS_OUTPUT_DIR)
    set(HS_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/hip")
  endif()
  get_filename_component(HS_BASE_DIR "${HS_BASE_DIR}" ABSOLUTE)
  get_filename_component(HS_OUTPUT_DIR "${HS_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")

  set(opts)
  if(HS_HIP_VERSION)
    list(APPEND opts --hip-version ${HS_HIP_VERSION})
  endif()
  if(HS_ROC)
    list(APPEND opts --roc)
  endif()
  set(rule_deps)
  foreach(r IN LISTS HS_RULES)
    get_filename_component(r "${r}" ABSOLUTE)
    list(APPEND opts --rules ${r})
    list(APPEND rule_deps ${r})
  endforeach()
  foreach(d IN LISTS HS_INCLUDE_DIRS)
    get_filename_component(d "${d}" ABSOLUTE)
    list(APPEND opts -I ${d})
  endforeach()
  list(APPEND opts ${HS_OPTIONS})

  # hipify-c leaves an identical port untouched; Ninja's restat then skips the recompile, but Make
  # would run the command again on every build, so there the port's time is renewed
  set(touch)
  if(NOT CMAKE_GENERATOR MATCHES "Ninja")
    set(touch COMMAND ${CMAKE_COMMAND} -E touch_nocreate)
  endif()

  set(result)
  foreach(kind SOURCES HEADERS)
    foreach(src IN LISTS HS_${kind})
      get_filename_component(src "${src}" ABSOLUTE)
      file(RELATIVE_PATH rel "${HS_BASE_DIR}" "${src}")
      if(rel MATCHES "^\\.\\./" OR IS_ABSOLUTE "${rel}")
        message(FATAL_ERROR "hipify_sources: ${src} lies outside BASE_DIR ${HS_BASE_DIR}")
      endif()
      set(out "${HS_OUTPUT_DIR}/${rel}")
      set(touch_out)
      if(touch)
        set(touch_out ${touch} "${out}")
      endif()
      set(excluded FALSE)
      foreach(pattern IN LISTS HS_EXCLUDE)
        if(rel MATCHES "${pattern}")
          set(excluded TRUE)
        endif()
      endforeach()
      get_property(known SOURCE "${out}" PROPERTY HIPIFY_C_PORTED)
      if(NOT known) # a file two calls of one directory list is ported by one command only
        if(excluded)
          add_custom_command(OUTPUT "${out}"
            COMMAND ${CMAKE_COMMAND} -E copy "${src}" "${out}"
            DEPENDS "${src}"
            COMMENT "hipify-c: copying ${rel} (excluded)"
            VERBATIM)
        else()
          add_custom_command(OUTPUT "${out}"
            COMMAND hipify-c::hipify-c "${src}" -o "${out}" --depfile "${out}.d" ${opts}
            ${touch_out}
            DEPENDS "${src}" hipify-c::hipify-c ${rule_deps}
            DEPFILE "${out}.d"
            COMMENT "hipify-c: porting ${rel}"
            VERBATIM)
        endif()
        set_property(SOURCE "${out}" PROPERTY HIPIFY_C_PORTED TRUE)
      endif()
      list(APPEND result "${out}")
    endforeach()
  endforeach()
  if(HS_TARGET)
    add_custom_target(${HS_TARGET} DEPENDS ${result})
  endif()
  set(${out_var} ${result} PARENT_SCOPE)
endfunction()
