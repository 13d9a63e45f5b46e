#!/usr/bin/env python3
"""test_cmake_packages.py: checks cmake_packages.py's output against its two tables (build_libraries.def, the
layer's headers.tsv): every HIP package the layer backs gets a config file whose imported target is the table's
and links the table's CUDA target; a library the layer does not give (MIOpen) gets none; relative folders are
taken from the prefix. It reads the written files back; it runs no CMake (cmake_packages_check.sh does)."""
import os
import re
import subprocess
import sys
import tempfile

LAYER = sys.argv[1]  # runtime-shim/nvidia-libs
ROOT = os.path.abspath(os.path.join(LAYER, "..", ".."))
DEF = os.path.join(ROOT, "translator", "lib", "build_libraries.def")
sys.path.insert(0, LAYER)
import cmake_packages  # noqa: E402

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


with tempfile.TemporaryDirectory() as out:
    subprocess.run([sys.executable, os.path.join(LAYER, "cmake_packages.py"), "--def", DEF, "--headers",
                    os.path.join(LAYER, "headers.tsv"), "--out", out, "--layer-include", "include",
                    "--hip-include", "/opt/hip/include", "--compat-include", "../overlay"], check=True)
    written = {d: open(os.path.join(out, "lib", "cmake", d, d + "-config.cmake")).read()
               for d in os.listdir(os.path.join(out, "lib", "cmake"))}
    rows = cmake_packages.read_def(DEF)
    links = cmake_packages.layer_links(os.path.join(LAYER, "headers.tsv"))
    check(len(rows) >= 10, "build_libraries.def read: %d rows" % len(rows))
    for cuda_l, _hip_l, cuda_t, hip_t, pkg in rows:
        backed = pkg and hip_t and cuda_t and (pkg == "hip" or cuda_l in links)
        if not backed:
            check(pkg not in written or pkg == "hip", "%s: written, but the layer does not give %s" % (pkg, cuda_l))
            continue
        text = written.get(pkg, "")
        check(text, "%s: no config for the package of %s" % (pkg, cuda_l))
        targets = re.search(r"foreach\(_hipify_t ([^)]*)\)", text)
        check(targets and hip_t in targets.group(1).split(), "%s: target %s not defined" % (pkg, hip_t))
        link = re.search(r'INTERFACE_LINK_LIBRARIES "([^"]*)"', text)
        check(link and cuda_t in link.group(1).split(";"), "%s: %s does not link %s" % (pkg, hip_t, cuda_t))
    check("miopen" not in written, "miopen: a package with no layer behind it")
    hip = written.get("hip", "")
    check('"${_hipify_prefix}/../overlay" "${_hipify_prefix}/include" "/opt/hip/include"' in hip,
          "hip: include order overlay, layer, HIP headers (relative ones from the prefix)")
    check('"${_hipify_prefix}/include"' in written.get("hipblas", ""), "hipblas: the layer's folder")

for f in failures:
    print("FAIL:", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
