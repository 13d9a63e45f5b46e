#!/usr/bin/env python3
# cmake_packages.py: writes CMake packages for HIP on NVIDIA (hip, hipblas, hiprand...) whose imported targets
# (hip::host, roc::hipblas, hip::hiprand...) bring the HIP headers and the library layer and link CUDA's libraries.
# It does not build or link anything itself, and writes no package for a library the layer does not provide.
#
# A port's CMake files say find_package(hipblas) and link roc::hipblas, the names translator/lib/build_libraries.def
# gives them. With HIP on NVIDIA there is no hipBLAS to find: the layer (hiplibs_gen.py) is header-only over cuBLAS.
# These packages give each such name an INTERFACE IMPORTED target that adds the layer's include folder and links
# the CUDA library of the same row (CUDA::cublas, from CMake's FindCUDAToolkit), so the port's CMake build
# configures and links for NVIDIA unchanged. Put the output folder on CMAKE_PREFIX_PATH.
#
# usage: cmake_packages.py --def build_libraries.def --headers headers.tsv --out PREFIX
#                          --layer-include DIR --hip-include DIR [--compat-include DIR]
# A relative DIR is taken from PREFIX, so a prefix that moves with its folders keeps working.
import argparse
import csv
import os
import re
import sys

ROW = re.compile(r'^HC_BUILD_LIB\(\s*"([^"]*)",\s*"([^"]*)",\s*"([^"]*)",\s*"([^"]*)",\s*"([^"]*)",\s*"([^"]*)"(?:,\s*"[^"]*")*\s*\)',
                 re.M)
RUNTIME = "hip"  # the package of the runtime rows (cudart, cuda): HIP itself


def read_def(path):
    """build_libraries.def rows: (cuda -l name, hip -l name, CUDA target, HIP target, HIP package)."""
    return [m.groups()[:5] for m in ROW.finditer(open(path).read())]


def layer_links(path):
    """CUDA -l names the layer forwards to (headers.tsv's link column, HIP-named headers only)."""
    with open(path, newline='') as f:
        rows = csv.DictReader((l for l in f if not l.startswith('#')), delimiter='\t', quoting=csv.QUOTE_NONE)
        return {r['link'] for r in rows if r['column'] == 'hip' and r['link'] not in ('', '-')}


def cmake_path(path):
    """A folder as the config file spells it: relative ones from the package prefix."""
    if os.path.isabs(path):
        return path
    return "${_hipify_prefix}/" + path


def packages(rows, links):
    """{package: [(HIP target, CUDA target)]}: the runtime's rows, and each library row the layer provides."""
    out = {}
    for cuda_l, _hip_l, cuda_target, hip_target, package in rows:
        if not package or not hip_target or not cuda_target:
            continue  # no HIP counterpart, or no CMake name on one side: nothing to provide
        if package != RUNTIME and cuda_l not in links:
            continue  # a HIP library the layer does not give (MIOpen): its package would be a lie
        pairs = out.setdefault(package, [])
        if (hip_target, cuda_target) not in pairs:
            pairs.append((hip_target, cuda_target))
    return out


HEADER = """# {pkg}-config.cmake: HIP on NVIDIA. Written by hipify-c's cmake_packages.py; do not edit.
# {what}
get_filename_component(_hipify_prefix "${{CMAKE_CURRENT_LIST_DIR}}/../../.." ABSOLUTE)
include(CMakeFindDependencyMacro)
find_dependency(CUDAToolkit)
"""

RUNTIME_BODY = """# HIP's headers for NVIDIA, after the CUDA-13 overlay and the library layer, which must shadow them
set(hip_INCLUDE_DIRS {includes})
foreach(_hipify_t {targets})
  if(NOT TARGET ${{_hipify_t}})
    add_library(${{_hipify_t}} INTERFACE IMPORTED)
    set_target_properties(${{_hipify_t}} PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES "${{hip_INCLUDE_DIRS}}"
      INTERFACE_COMPILE_DEFINITIONS "__HIP_PLATFORM_NVIDIA__=;__HIP_PLATFORM_NVCC__="
      INTERFACE_LINK_LIBRARIES "{links}")
  endif()
endforeach()
# the device target of HIP's own package: with nvcc, device code needs nothing beyond the host target
if(NOT TARGET hip::device)
  add_library(hip::device INTERFACE IMPORTED)
  set_target_properties(hip::device PROPERTIES INTERFACE_LINK_LIBRARIES "{first}")
endif()
set(hip_LIBRARIES {first})
set(HIP_PLATFORM nvidia)
# HIP's headers for NVIDIA include CUDA's (cuda_runtime.h), and there Thrust and CUB are CUDA's own: a port that
# compiles with ${{hip_INCLUDE_DIRS}} (what the migration writes for ${{CUDAToolkit_INCLUDE_DIRS}}) or searches it
# for thrust/version.h needs CUDA's folders, CUDA 13's cccl one too (which CMake before 3.31.9 does not list).
# The targets above keep HIP's alone: they link CUDA::cudart, which gives CUDA's.
# (list(FIND), not if(IN_LIST): a project of CMake 2.8 finds hip with policy CMP0057 unset)
foreach(_hipify_d IN LISTS CUDAToolkit_INCLUDE_DIRS)
  list(APPEND hip_INCLUDE_DIRS "${{_hipify_d}}")
  list(FIND CUDAToolkit_INCLUDE_DIRS "${{_hipify_d}}/cccl" _hipify_i)
  if(IS_DIRECTORY "${{_hipify_d}}/cccl" AND _hipify_i EQUAL -1)
    list(APPEND hip_INCLUDE_DIRS "${{_hipify_d}}/cccl")
  endif()
endforeach()
set(HIP_INCLUDE_DIRS ${{hip_INCLUDE_DIRS}})
"""

LIBRARY_BODY = """if(NOT TARGET hip::host)
  include("${{CMAKE_CURRENT_LIST_DIR}}/../hip/hip-config.cmake")
endif()
set({pkg}_INCLUDE_DIRS "{layer}")
foreach(_hipify_t {targets})
  if(NOT TARGET ${{_hipify_t}})
    add_library(${{_hipify_t}} INTERFACE IMPORTED)
    set_target_properties(${{_hipify_t}} PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES "${{{pkg}_INCLUDE_DIRS}}"
      INTERFACE_LINK_LIBRARIES "hip::host;{links}")
  endif()
endforeach()
set({pkg}_LIBRARIES {first})
"""


def write_package(out, pkg, pairs, args):
    targets = " ".join(dict.fromkeys(t for t, _ in pairs))
    links = ";".join(dict.fromkeys(c for _, c in pairs))
    if pkg == RUNTIME:
        what = "hip::host links CUDA's runtime (%s); the HIP headers are HIP's own, for __HIP_PLATFORM_NVIDIA__." % links
        includes = [args.compat_include] if args.compat_include else []
        includes += [args.layer_include, args.hip_include]
        body = RUNTIME_BODY.format(includes=" ".join('"%s"' % cmake_path(p) for p in includes), targets=targets,
                                   links=links, first=pairs[0][0])
    else:
        what = "%s: the header-only layer over %s (CUDA's library, linked)." % (targets, links)
        body = LIBRARY_BODY.format(pkg=pkg, layer=cmake_path(args.layer_include), targets=targets, links=links,
                                   first=pairs[0][0])
    folder = os.path.join(out, "lib", "cmake", pkg)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, pkg + "-config.cmake"), "w") as f:
        f.write(HEADER.format(pkg=pkg, what=what) + body)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--def", dest="defs", required=True, help="translator/lib/build_libraries.def")
    ap.add_argument("--headers", required=True, help="the layer's headers.tsv")
    ap.add_argument("--out", required=True, help="the package prefix (lib/cmake/<package>/ under it)")
    ap.add_argument("--layer-include", required=True)
    ap.add_argument("--hip-include", required=True)
    ap.add_argument("--compat-include", default="")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    pkgs = packages(read_def(args.defs), layer_links(args.headers))
    if RUNTIME not in pkgs:
        sys.exit("cmake_packages.py: %s has no row for HIP's runtime package" % args.defs)
    for pkg, pairs in sorted(pkgs.items()):
        write_package(args.out, pkg, pairs, args)
        if args.summary:
            print("%-10s %s" % (pkg, ", ".join("%s -> %s" % p for p in pairs)))


if __name__ == "__main__":
    main()
