#!/usr/bin/env python3
# import_reference.py: regenerates mappings/<family>.tsv from the HIPIFY reference tables (Markdown).
# It does not touch the hand-reviewed files (extra_*.tsv, headers.tsv, arguments.tsv, shim.tsv).
"""Usage: import_reference.py [--reference DIR] [--mappings DIR] [--check]

Reads every *.md table of the reference directory (column meanings: ../README.md there), infers the
kind of each name (docs/mappings.md explains the heuristics), keeps one row per CUDA name (the file
earlier in REFERENCE_FILES wins) and writes one TSV per family, sorted by CUDA name, so that a
re-import shows up as a readable diff. Names listed in arguments.tsv get flag arg_rewrite; names whose
HIP spelling equals the CUDA one get flag identity.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hctables  # noqa: E402

# Reference file -> (family key, output TSV). Order decides which file wins for a name listed twice
# (ten names: the CU*_st handle structs in both Runtime and Driver, libraryPropertyType in Runtime and
# cuDNN): the runtime is the header users include, so it comes first.
REFERENCE_FILES = [
    ("CUDA_Runtime_API_functions_supported_by_HIP.md", "runtime", "runtime.tsv"),
    ("CUDA_Driver_API_functions_supported_by_HIP.md", "driver", "driver.tsv"),
    ("CUDA_Device_API_supported_by_HIP.md", "device", "device.tsv"),
    ("cuComplex_API_supported_by_HIP.md", "complex", "complex.tsv"),
    ("CUDA_RTC_API_supported_by_HIP.md", "rtc", "rtc.tsv"),
    ("CUBLAS_API_supported_by_HIP_and_ROC.md", "blas", "blas.tsv"),
    ("CURAND_API_supported_by_HIP_and_ROC.md", "rand", "rand.tsv"),
    ("CUFFT_API_supported_by_HIP.md", "fft", "fft.tsv"),
    ("CUSPARSE_API_supported_by_HIP_and_ROC.md", "sparse", "sparse.tsv"),
    ("CUSOLVER_API_supported_by_HIP_and_ROC.md", "solver", "solver.tsv"),
    ("CUDNN_API_supported_by_HIP_and_MIOPEN.md", "dnn", "dnn.tsv"),
    ("CUB_API_supported_by_HIP.md", "cub", "cub.tsv"),
]

SECTION_RE = re.compile(r"^## \*\*\d+\. (.*)\*\*\s*$")
TYPES_SECTION_RE = re.compile(r"\b(Data [Tt]ypes|Types( References)?)\b")
# Constant-like: an upper-case first word followed by more words (CUBLASLT_MATMUL_TILE_16x8 counts).
ALL_CAPS_RE = re.compile(r"_*[A-Z][A-Z0-9]*(_[A-Za-z0-9]*)*$")
CAMEL_HUMP_RE = re.compile(r"[A-Z0-9]+(?![a-z])|[A-Z]?[a-z0-9]+")
# Enum constants the shape rules below would miss (their type's spelling differs from their prefix).
ENUM_NAME_RE = re.compile(r"(cudaSuccess$|cudaDevAttr|cudaDevP2PAttr|cudaMemcpy(Host|Device|Default)|cudaError[A-Z]|"
                          r"cudaEnable(Default|LegacyStream|PerThreadDefaultStream)$|cudaGraph(ExecUpdate|Instantiate)Error$|"
                          r"cudaGraphUserObjectMove$|cudaReadMode|cudaMemHandleType|cudaStream(Add|Set)CaptureDependencies$)")
# camelCase names ending in these words name structs, enums types or callbacks, not constants.
TYPE_SUFFIX_RE = re.compile(r".*(Params|Desc|Descriptor|Prop|Properties|Info|Data|Attributes|Window|Frame|"
                            r"Extent|Pos|Ptr|PitchedPtr|Handle|Callback|Fn|Type|Kind|Mode|Flags|Attr|"
                            r"Config|Policy|Result|Options|Scope|Target|Ordering|List|Format|Status|"
                            r"Error|Id|Key|Entry)$")

# ALL_CAPS names in type sections are enum constants unless they match one of these: constants that
# CUDA defines with #define (math constants, version and size macros, launch/alloc flag words) and the
# CUB configuration macros.
MACRO_PATTERNS = re.compile(
    r"(CUDART_|CUB_|_CUB_|__CUB_|CUDA_VERSION$|CUDA_IPC_HANDLE_SIZE$|CUDA_EGL_MAX_PLANES$|"
    r"CU_LAUNCH_PARAM_|CU_MEMHOSTALLOC_|CU_MEMHOSTREGISTER_|CU_TRSA_|CU_TRSF_|CU_TRSR_|"
    r"CU_IPC_HANDLE_SIZE$|CU_STREAM_LEGACY$|CU_STREAM_PER_THREAD$|CU_DEVICE_CPU$|CU_DEVICE_INVALID$|"
    r"CU_ARRAY3D_|CUDA_ARRAY3D_|CU_PARAM_TR_DEFAULT$|CU_TENSOR_MAP_NUM_QWORDS$|CU_GRAPH_KERNEL_NODE_PORT_|"
    r"CUBLASLT_NUMERICAL_IMPL_FLAGS_|CUDA_COOPERATIVE_LAUNCH_|CUDA_EXTERNAL_SEMAPHORE_|CU_STREAM_ATTRIBUTE_|"
    r"CUBLAS_VER_|CUFFT_VER_|CUSPARSE_VER_|CUSOLVER_VER_|CUDNN_VERSION$|"
    r"CUDNN_MAJOR$|CUDNN_MINOR$|CUDNN_PATCHLEVEL$|CUDNN_DIM_MAX$|CUDNN_BN_MIN_EPSILON$|CURAND_VER_|"
    r"NVRTC_VER|CUDNN_SEV_.*_EN$|CU_KERNEL_NODE_ATTRIBUTE_)")
# camelCase runtime names that CUDA defines as macros (flag words and special values), not enums.
CAMEL_MACRO_RE = re.compile(
    r"cuda(HostAlloc|HostRegister|MemAttach|DeviceSchedule|DeviceMapHost|DeviceLmemResizeToMax|"
    r"DeviceMask|DeviceBlockingSync|EventBlockingSync|EventDisableTiming|EventDefault|EventInterprocess|"
    r"EventRecord(Default|External)$|EventWait(Default|External)$|StreamDefault|StreamNonBlocking|StreamLegacy|StreamPerThread|"
    r"ArrayDefault|ArrayLayered|ArraySurfaceLoadStore|ArrayCubemap|ArrayTextureGather|ArraySparse$|"
    r"ArrayDeferredMapping|ArrayColorAttachment|IpcMemLazyEnablePeerAccess|Occupancy|CpuDeviceId|"
    r"InvalidDeviceId|CooperativeLaunchMultiDevice|PeerAccessDefault|InitDevice|NvSci|SurfaceType|"
    r"TextureType|ExternalMemoryDedicated|ExternalSemaphoreSignalSkipNvSciBufMemSync|"
    r"ExternalSemaphoreWaitSkipNvSciBufMemSync|GraphKernelNodePort|KernelNodeAttribute|StreamAttribute|"
    r"DeviceSyncMemops)|cublasStatus$")
# Type names by shape: handles and structs (_t, _st, _enum, _v1...), CUDA driver CamelCase (CUdevice),
# and vector/fp types of the device API (__half, __nv_bfloat16).
TYPE_SHAPE_RE = re.compile(r"(.*(_t|_st|_enum|_v\d+|_s|Perf|Struct)$|CU[a-z].*|__half.*|__nv_.*|nv_.*|cudaArray$|"
                           r"curandState)")


def infer_kind(name, section, names_in_section):
    """The kind of a reference name; see docs/mappings.md for why these rules."""
    if not TYPES_SECTION_RE.search(section):
        return "function"
    if MACRO_PATTERNS.match(name) or CAMEL_MACRO_RE.match(name):
        return "macro"
    if ALL_CAPS_RE.match(name):
        # driver structs are ALL_CAPS too (CUDA_MEMCPY3D): they come with _st/_vN spellings
        if re.search(r"_(st|v\d+)$", name) or any(name + s in names_in_section for s in ("_st", "_v1", "_v2", "_v3")):
            return "type"
        return "enum"
    if TYPE_SHAPE_RE.match(name):
        return "type"
    if ENUM_NAME_RE.match(name):
        return "enum"
    humps = CAMEL_HUMP_RE.findall(name)
    if len(humps) > 3 and not TYPE_SUFFIX_RE.match(name):
        # two or more names sharing the first three camel humps are an enum's constants
        # (cudaDevAttrClockRate, cudaDevAttrWarpSize, ...); their type is spelled differently
        stem = "".join(humps[:3])
        if sum(1 for other in names_in_section if other.startswith(stem)) >= 2:
            return "enum"
    # camelCase: an enum constant when a shorter name of the same section is its prefix (the enum
    # type: cudaMemcpyKind -> cudaMemcpyHostToDevice), a type otherwise (cudaDeviceProp).
    for length in range(len(name) - 1, 3, -1):
        if name[:length] in names_in_section:
            return "enum"
    return "type"


def parse_reference(path):
    """Yields (section, cells) for every table row of one reference file."""
    section = ""
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = SECTION_RE.match(line)
            if m:
                section = m.group(1).strip()
                continue
            if not line.startswith("|`"):
                continue
            cells = [c.strip().strip("`").strip() for c in line.rstrip("\n").split("|")[1:-1]]
            yield section, cells


def row_from_cells(cells, family, section, kind, argument_names):
    # Layout: CUDA A D C R | HIP A D C R E | [ROC/MIOPEN A D C R E]
    cuda, hip = cells[0], cells[5]
    roc_cells = cells[11:17] if len(cells) >= 17 else [""] * 6
    flags = []
    if cuda in argument_names:
        flags.append("arg_rewrite")
    if hip and hip == cuda:
        flags.append("identity")
    values = [cuda, hip, roc_cells[0], kind, family, section] + cells[1:5] + cells[6:11] + roc_cells[1:6]
    values.append(",".join(flags))
    return dict(zip(hctables.MAPPING_COLUMNS, values))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reference", default=os.path.join(os.path.dirname(root), "shared", "reference",
                                                         "hipify-api-tables"))
    ap.add_argument("--mappings", default=os.path.join(root, "mappings"))
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 when a table differs from a fresh import, 77 without the reference")
    args = ap.parse_args()
    if args.check and not os.path.isdir(args.reference):
        print("SKIPPED: reference tables not found at %s" % args.reference)
        return 77

    errors = []
    argument_names = set()
    argument_path = os.path.join(args.mappings, "arguments.tsv")
    if os.path.exists(argument_path):
        argument_names = {a["cuda"] for _, a in hctables.read_tsv(argument_path, hctables.ARGUMENT_COLUMNS, errors)}

    taken = {}
    per_file = {}
    for md, family, tsv in REFERENCE_FILES:
        entries = list(parse_reference(os.path.join(args.reference, md)))
        sections = {}
        for section, cells in entries:
            sections.setdefault(section, set()).add(cells[0])
        out = per_file.setdefault(tsv, [])
        for section, cells in entries:
            if len(cells) not in (11, 17):
                errors.append("%s: row '%s' has %d cells" % (md, cells[0], len(cells)))
                continue
            if cells[0] in taken:
                continue  # listed by an earlier file: that row wins
            taken[cells[0]] = md
            kind = infer_kind(cells[0], section, sections[section])
            out.append(row_from_cells(cells, family, section, kind, argument_names))
    # Reviewed corrections of the reference (overrides.tsv: cuda, column, value, reason), applied last.
    override_path = os.path.join(args.mappings, "overrides.tsv")
    if os.path.exists(override_path):
        by_name = {r["cuda"]: r for rows in per_file.values() for r in rows}
        for number, o in hctables.read_tsv(override_path, hctables.OVERRIDE_COLUMNS, errors):
            where = "overrides.tsv:%d" % number
            if o["cuda"] not in by_name:
                errors.append("%s: '%s' is not in the reference" % (where, o["cuda"]))
            elif o["column"] not in hctables.MAPPING_COLUMNS or o["column"] == "cuda":
                errors.append("%s: no column '%s' to override" % (where, o["column"]))
            elif not o["reason"]:
                errors.append("%s: an override needs a reason" % where)
            else:
                by_name[o["cuda"]][o["column"]] = o["value"]
    if errors:
        sys.stderr.write("\n".join(errors) + "\n")
        return 1
    stale = 0
    for tsv, rows in per_file.items():
        rows.sort(key=lambda r: r["cuda"].encode())
        text = "\t".join(hctables.MAPPING_COLUMNS) + "\n" + "".join(
            "\t".join(r[c] for c in hctables.MAPPING_COLUMNS) + "\n" for r in rows)
        path = os.path.join(args.mappings, tsv)
        if args.check:
            try:
                with open(path, encoding="utf-8") as f:
                    current = f.read()
            except OSError:
                current = ""
            if current != text:
                stale += 1
                print("%s differs from a fresh import: run mappings/tools/import_reference.py" % tsv)
            continue
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print("%-12s %5d rows" % (tsv, len(rows)))
    if args.check and not stale:
        print("the %d reference-derived tables match a fresh import" % len(per_file))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
