# HipifyShared.cmake: finds the folder of material kept beside a checkout rather than in it (HIPIFY's
# conformance tests, its API reference tables, AMD's HIP-CPU), for the tests that read them. It holds none of
# that material and downloads nothing; where no folder is found those tests say SKIPPED.
#
# HIPIFY_SHARED_DIR, first found of: -DHIPIFY_SHARED_DIR=..., the environment variable HIPIFY_SHARED_DIR,
# ../shared beside the source tree, and ../shared beside the repository this one was cloned from (a clone
# made with `git clone /path/to/checkout /tmp/fresh` finds /path/to/shared).
set(_hc_shared "")
if(DEFINED ENV{HIPIFY_SHARED_DIR} AND IS_DIRECTORY "$ENV{HIPIFY_SHARED_DIR}")
  set(_hc_shared "$ENV{HIPIFY_SHARED_DIR}")
elseif(IS_DIRECTORY "${CMAKE_SOURCE_DIR}/../shared")
  get_filename_component(_hc_shared "${CMAKE_SOURCE_DIR}/../shared" ABSOLUTE)
else()
  find_program(_hc_git git)
  if(_hc_git)
    execute_process(COMMAND ${_hc_git} -C "${CMAKE_SOURCE_DIR}" config --get remote.origin.url
                    OUTPUT_VARIABLE _hc_origin OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _hc_rc)
    string(REGEX REPLACE "^file://" "" _hc_origin "${_hc_origin}")
    if(_hc_rc EQUAL 0 AND IS_ABSOLUTE "${_hc_origin}" AND IS_DIRECTORY "${_hc_origin}/../shared")
      get_filename_component(_hc_shared "${_hc_origin}/../shared" ABSOLUTE)
    endif()
  endif()
endif()
set(HIPIFY_SHARED_DIR "${_hc_shared}" CACHE PATH
    "Folder beside the checkout holding conformance/, reference/ and third_party/ (docs/HACKING.md)")
if(HIPIFY_SHARED_DIR)
  message(STATUS "hipify-c: shared material from ${HIPIFY_SHARED_DIR}")
else()
  message(STATUS "hipify-c: no shared folder found (set HIPIFY_SHARED_DIR): conformance and reference tests will say SKIPPED")
  set(HIPIFY_SHARED_DIR "${CMAKE_SOURCE_DIR}/../shared" CACHE PATH "" FORCE)
endif()
