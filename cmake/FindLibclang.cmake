# FindLibclang.cmake: locates the libclang C API (clang-c/Index.h) of Debian's libclang-22-dev.
# Newer CUDA headers need clang >= 17, so older libclang versions are not searched for.
set(_hc_llvm_versions 22 21 20 19 18 17)
set(_hc_hints)
foreach(v ${_hc_llvm_versions})
  list(APPEND _hc_hints /usr/lib/llvm-${v})
endforeach()
find_path(LIBCLANG_INCLUDE_DIR clang-c/Index.h HINTS ${LIBCLANG_ROOT} PATH_SUFFIXES include
          PATHS ${_hc_hints} NO_DEFAULT_PATH)
find_library(LIBCLANG_LIBRARY NAMES clang libclang HINTS ${LIBCLANG_ROOT} PATH_SUFFIXES lib
             PATHS ${_hc_hints} NO_DEFAULT_PATH)
get_filename_component(LIBCLANG_PREFIX "${LIBCLANG_INCLUDE_DIR}" DIRECTORY)
find_program(LIBCLANG_FILECHECK FileCheck PATHS ${LIBCLANG_PREFIX}/bin NO_DEFAULT_PATH)
find_program(LIBCLANG_LIT lit PATHS ${LIBCLANG_PREFIX}/bin NO_DEFAULT_PATH)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Libclang REQUIRED_VARS LIBCLANG_LIBRARY LIBCLANG_INCLUDE_DIR)
if(Libclang_FOUND AND NOT TARGET Libclang::libclang)
  add_library(Libclang::libclang UNKNOWN IMPORTED)
  set_target_properties(Libclang::libclang PROPERTIES IMPORTED_LOCATION "${LIBCLANG_LIBRARY}"
                        INTERFACE_INCLUDE_DIRECTORIES "${LIBCLANG_INCLUDE_DIR}")
endif()
