# HarnessHipCpu.cmake: the wave64 tier's copy of AMD's HIP CPU Runtime: HIPIFY_HIP_CPU_DIR (never edited) copied into
# the build tree with the patches of harness/hip-cpu/patches applied, at configure time. Sets HARNESS_HIP_CPU_INCLUDE
# to the copy's include folder, or leaves it empty (with a message) where HIP-CPU, oneTBB or patch is missing.
set(HARNESS_HIP_CPU_INCLUDE "")

# hip_runtime.h precompiled beside the copy (BUILD/hip-cpu/pch/hip/hip_runtime.h.gch), rebuilt when a file of the
# copy changes: parsing HIP-CPU and oneTBB is about half of each port's build. The harness's hip-cpu step puts the
# folder first on the include path; g++ uses the file only when the flags match (-std=c++17 -O1 -pthread) and
# otherwise reads the header itself, so a stale or mismatched file costs time, never correctness.
macro(harness_hip_cpu_pch)
  file(GLOB_RECURSE hip_cpu_files ${hip_cpu_copy}/include/* ${hip_cpu_copy}/src/* ${hip_cpu_copy}/external/*)
  set(pch ${hip_cpu_copy}/pch/hip/hip_runtime.h.gch)
  # The precompiled file needs a header of its name beside it: one that includes HIP-CPU's, under a guard (a
  # '#pragma once' header compiled as the main file draws a warning).
  file(WRITE ${hip_cpu_copy}/pch/hip/hip_runtime.h "#ifndef HIPIFY_HIP_CPU_PCH\n#define HIPIFY_HIP_CPU_PCH\n"
             "#include \"${hip_cpu_copy}/include/hip/hip_runtime.h\"\n#endif\n")
  add_custom_command(OUTPUT ${pch}
                     COMMAND ${HIPIFY_HIP_CPU_CXX} -std=c++17 -O1 -pthread -isystem ${hip_cpu_copy}/include
                             -x c++-header ${hip_cpu_copy}/pch/hip/hip_runtime.h -o ${pch}
                     DEPENDS ${hip_cpu_files} COMMENT "Precompiling HIP-CPU's hip_runtime.h for the wave64 tier")
  add_custom_target(harness_hip_cpu_pch ALL DEPENDS ${pch})
endmacro()
set(hip_cpu_copy ${CMAKE_BINARY_DIR}/hip-cpu)
file(GLOB hip_cpu_patches ${CMAKE_CURRENT_SOURCE_DIR}/hip-cpu/patches/*.patch)
list(SORT hip_cpu_patches)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${hip_cpu_patches})
find_program(HARNESS_PATCH patch)
find_path(HARNESS_TBB_INCLUDE tbb/version.h)
if(NOT EXISTS ${HIPIFY_HIP_CPU_DIR}/include/hip/hip_runtime.h)
  message(STATUS "wave64 tier (run-cpu): no HIP-CPU at ${HIPIFY_HIP_CPU_DIR} (-DHIPIFY_HIP_CPU_DIR): its tests report SKIPPED")
  return()
elseif(NOT HARNESS_TBB_INCLUDE)
  message(STATUS "wave64 tier (run-cpu): oneTBB headers not found (Debian: libtbb-dev): its tests report SKIPPED")
  return()
elseif(NOT HARNESS_PATCH OR NOT HIPIFY_HIP_CPU_CXX)
  message(STATUS "wave64 tier (run-cpu): patch or a host C++ compiler not found: its tests report SKIPPED")
  return()
endif()
# A fresh copy whenever the source or a patch changed, so that a changed or removed patch never stays applied; an
# unchanged copy is kept, so that a reconfigure does not pull headers from under a running build.
set(stamp "${HIPIFY_HIP_CPU_DIR}")
foreach(p ${hip_cpu_patches})
  file(SHA256 ${p} hash)
  string(APPEND stamp ";${p}=${hash}")
endforeach()
set(old_stamp "")
if(EXISTS ${hip_cpu_copy}.stamp)
  file(READ ${hip_cpu_copy}.stamp old_stamp)
endif()
list(LENGTH hip_cpu_patches n)
if(old_stamp STREQUAL stamp AND EXISTS ${hip_cpu_copy}/include/hip/hip_runtime.h)
  set(HARNESS_HIP_CPU_INCLUDE ${hip_cpu_copy}/include)
  harness_hip_cpu_pch()
  return()
endif()
file(REMOVE ${hip_cpu_copy}.stamp)
file(REMOVE_RECURSE ${hip_cpu_copy})
file(MAKE_DIRECTORY ${hip_cpu_copy})
foreach(part include src external LICENSE)
  if(EXISTS ${HIPIFY_HIP_CPU_DIR}/${part})
    file(COPY ${HIPIFY_HIP_CPU_DIR}/${part} DESTINATION ${hip_cpu_copy})
  endif()
endforeach()
foreach(p ${hip_cpu_patches})
  execute_process(COMMAND ${HARNESS_PATCH} -p1 -s -N -d ${hip_cpu_copy} -i ${p} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(WARNING "wave64 tier (run-cpu): ${p} does not apply to ${HIPIFY_HIP_CPU_DIR}: ${out}; its tests report SKIPPED")
    return()
  endif()
endforeach()
file(WRITE ${hip_cpu_copy}.stamp "${stamp}")
set(HARNESS_HIP_CPU_INCLUDE ${hip_cpu_copy}/include)
harness_hip_cpu_pch()
message(STATUS "wave64 tier (run-cpu): HIP-CPU ${HIPIFY_HIP_CPU_DIR} with ${n} patches, copied to ${hip_cpu_copy}")
