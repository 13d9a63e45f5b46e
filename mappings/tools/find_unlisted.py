#!/usr/bin/env python3
"""find_unlisted.py: lists the CUDA API names a CUDA toolkit's headers declare that no table of mappings/
names, and sorts them: those a HIP installation seems to have a counterpart for (a HIP identifier that
reads the same once the prefixes and underscores are gone) are printed for review; the rest have no HIP
counterpart and are what extra_cuda13.tsv lists, so that a use of one is reported (HC1001) instead of
passing silently; the names to review are written there too (reported until a person decides), and a
row a person has reviewed (any other section text) is kept as it is. Block-scope atomics (atomicAdd_block) become HIP's device-scope ones: a device-scope
atomic is atomic within a block too. It reads headers; with --write it rewrites extra_cuda13.tsv.

usage: mappings/tools/find_unlisted.py [--cuda-include DIR] [--hip-include DIR ...] [--write] [--mappings DIR]
       (defaults: /usr/local/cuda/include; /usr/include/hip. Give newer HIP headers too, e.g. an export
       of ROCm/HIP's include/hip and ROCm/clr's hipamd/include/hip, so that no name HIP gained later is
       called unsupported.)
"""
import argparse
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MAPPINGS = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import hctables  # noqa: E402

SECTION_NONE = "(absent from the reference tables; declared by CUDA 13.0, no HIP counterpart up to ROCm 6.3)"
SECTION_REVIEW = "(absent from the reference tables; declared by CUDA 13.0; HIP may have a counterpart, to review: %s)"
SECTION_BLOCK = ("(absent from the reference tables) block-scope atomic: HIP has none; the device-scope one "
                 "is atomic for the block too")


# header, function/type prefix, enumerator prefix, family: the library headers whose names are compared
LIBRARY_HEADERS = [
    ("library_types.h", "cuda", "CUDA_", "blas"),
    ("cublas_api.h", "cublas", "CUBLAS_", "blas"),
    ("cusparse.h", "cusparse", "CUSPARSE_", "sparse"),
    ("cusolver_common.h", "cusolver", "CUSOLVER_", "solver"),
    ("cusolverDn.h", "cusolver", "CUSOLVER_", "solver"),
    ("cufft.h", "cufft", "CUFFT_", "fft"),
    ("curand.h", "curand", "CURAND_", "rand"),
]


NVTX_HEADERS = ("nvToolsExt.h", "nvToolsExtCuda.h", "nvToolsExtCudaRt.h")


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def declared(cuda):
    """name -> (kind, family) for the runtime and driver functions and enumerators and the scoped atomics."""
    names = {}
    rt, dt, cu = (read(os.path.join(cuda, f)) for f in ("cuda_runtime_api.h", "driver_types.h", "cuda.h"))
    for n in re.findall(r"\b(cuda[A-Z]\w*)\s*\(", rt):
        names.setdefault(n, ("function", "runtime"))
    for n in re.findall(r"^\s*(cuda[A-Z]\w*)\s*=", dt, re.M):
        names.setdefault(n, ("enum", "runtime"))
    for n in re.findall(r"\b(cu[A-Z]\w*)\s*\(", cu):
        names.setdefault(n, ("function", "driver"))
    for n in re.findall(r"^\s*(CU_[A-Z0-9_]+)\s*=", cu, re.M):
        names.setdefault(n, ("enum", "driver"))
    # the enum and struct types themselves (cudaJitOption, CUmemAllocationCompType)
    for text, prefix, family in ((dt, "cuda", "runtime"), (cu, "CU", "driver")):
        text = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)
        for n in re.findall(r"(?:\}|typedef\s+(?:enum|struct)\s+\w+)\s*(%s[A-Za-z]\w*)\s*;" % prefix, text):
            names.setdefault(n, ("type", family))
        # C++ uses a tag as a type name: enum __device_builtin__ cudaJitOption { ... }
        for n in re.findall(r"^\s*(?:enum|struct)\s+(?:__device_builtin__\s+)?(%s[A-Za-z]\w*)\s*\{" % prefix, text, re.M):
            names.setdefault(n, ("type", family))
    # the library data types (cudaDataType_t's header) and the math libraries' APIs: CUDA 13.0 added
    # floating-point emulation there (cudaEmulationStrategy_t, cublasSetEmulationStrategy ...), which the
    # reference predates
    for header, prefix, enum_prefix, family in LIBRARY_HEADERS:
        text = re.sub(r"/\*.*?\*/|//[^\n]*", "", read(os.path.join(cuda, header)), flags=re.S)
        for n in re.findall(r"\b(%s[A-Z]\w*)\s*\(" % prefix, text):
            names.setdefault(n, ("function", family))
        for n in re.findall(r"^\s*(%s[A-Z0-9_]+)\s*=" % enum_prefix, text, re.M):
            names.setdefault(n, ("enum", family))
        for n in re.findall(r"(?:\}|typedef\s+enum\s+\w+)\s*(%s[A-Z]\w*)\s*;" % prefix, text):
            names.setdefault(n, ("type", family))
    # NVTX (nvtx3/, which nvToolsExt.h forwards to): the functions and the names without the A/W suffix
    # that nvToolsExt.h defines to the ASCII ones (nvtxRangePush -> nvtxRangePushA)
    nvtx = "".join(read(os.path.join(cuda, "nvtx3", f)) for f in NVTX_HEADERS)
    for n in re.findall(r"\b(nvtx[A-Z]\w*)\s*\(", nvtx) + re.findall(r"^\s*#\s*define\s+(nvtx[A-Z]\w*)\s+nvtx\w+\s*$", nvtx, re.M):
        names.setdefault(n, ("function", "nvtx"))
    # cuRAND's device API (curand_kernel.h and the generator headers it includes: curand4 ...)
    for f in sorted(glob.glob(os.path.join(cuda, "curand_*.h"))):
        text = re.sub(r"/\*.*?\*/|//[^\n]*", "", read(f), flags=re.S)
        for n in re.findall(r"\b(curand[A-Za-z_]\w*)\s*\(", text):
            names.setdefault(n, ("function", "rand"))
    device = "".join(read(f) for f in glob.glob(os.path.join(cuda, "sm_*atomic*.h")) +
                     [os.path.join(cuda, "device_atomic_functions.h")])
    for n in re.findall(r"\b(atomic\w+_(?:system|block))\s*\(", device):
        names.setdefault(n, ("function", "device"))
    # versioned entry points (_v2, _ptsz) are reached through their unversioned names (cublas_v2.h's
    # `#define cublasSetWorkspace cublasSetWorkspace_v2`): the name a program writes is the stem
    out = {}
    for n, v in names.items():
        out.setdefault(re.sub(r"(_v\d+)?(_ptsz|_ptds)?$", "", n), v)
    return out


def normalized(name):
    return re.sub(r"^(cuda|cu|CU_|CUDA_|hip|HIP_|hipDrv)", "", name).replace("_", "").lower()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cuda-include", default="/usr/local/cuda/include")
    ap.add_argument("--hip-include", action="append", default=[])
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--mappings", default=MAPPINGS, help="the tables to compare and write (default: this checkout's)")
    args = ap.parse_args()
    hip_dirs = args.hip_include or ["/usr/include/hip"]
    known = set()
    for path in glob.glob(os.path.join(args.mappings, "*.tsv")):
        if os.path.basename(path) == "extra_cuda13.tsv":
            continue
        for line in open(path):
            known.add(line.split("\t", 1)[0])
    hip_text = "".join(read(f) for d in hip_dirs for f in glob.glob(os.path.join(d, "**", "*.h*"), recursive=True)
                       if "nvidia_detail" not in f)
    hip_ids = {h for h in re.findall(r"\b[A-Za-z_]\w*\b", hip_text) if re.match(r"^(hip|HIP|atomic)", h)}
    by_norm = {}
    for h in hip_ids:
        by_norm.setdefault(normalized(h), []).append(h)
    # A row of extra_cuda13.tsv whose section is not one this script writes was reviewed by hand (a HIP
    # counterpart ruled out, or a reason given): --write keeps it as it is, and its name is not listed again.
    out_path = os.path.join(args.mappings, "extra_cuda13.tsv")
    reviewed = []
    if os.path.exists(out_path):
        errors = []
        for _, row in hctables.read_tsv(out_path, hctables.MAPPING_COLUMNS, errors):
            if row["section"] not in (SECTION_NONE, SECTION_BLOCK) and not row["section"].startswith(SECTION_REVIEW.split("%s")[0]):
                reviewed.append(row)
        known.update(r["cuda"] for r in reviewed)
    rows, review = list(reviewed), []
    for name, (kind, family) in sorted(declared(args.cuda_include).items()):
        if name in known:
            continue
        key = normalized(name)
        similar = sorted(h for k, hs in by_norm.items() if k == key or (len(key) > 6 and k.endswith(key)) for h in hs)
        block = name.startswith("atomic") and name.endswith("_block")
        row = dict.fromkeys(hctables.MAPPING_COLUMNS, "")
        row.update(cuda=name, kind=kind, family=family, section=SECTION_BLOCK if block else SECTION_NONE)
        if block:
            row.update(hip=name[: -len("_block")], hip_added="1.6.0")
        elif similar:
            # written with no HIP name, so that a use is reported (HC1001) until a person decides
            review.append("%s: %s" % (name, ", ".join(similar[:3])))
            row["section"] = SECTION_REVIEW % ", ".join(similar[:3])
        rows.append(row)
    for line in review:
        print("review (HIP may have it): " + line)
    print("%d names without a HIP counterpart (%d kept as reviewed, %d to review)" % (len(rows), len(reviewed), len(review)))
    if args.write:
        rows.sort(key=lambda r: r["cuda"])
        with open(out_path, "w") as f:
            f.write("\t".join(hctables.MAPPING_COLUMNS) + "\n")
            for r in rows:
                f.write("\t".join(r[c] for c in hctables.MAPPING_COLUMNS) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
