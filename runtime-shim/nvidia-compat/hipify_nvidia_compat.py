#!/usr/bin/env python3
# hipify_nvidia_compat.py: writes a fixed copy of the HIP-on-NVIDIA headers that HIP 5.2 ships, so that
# translated HIP compiles with a newer CUDA (13); it never edits the installed headers, and fixes nothing else.
"""Generate the HIP-on-NVIDIA compatibility overlay.

Debian's HIP 5.2 headers (hip/nvidia_detail/nvidia_hip_runtime_api.h) wrap CUDA runtime and driver
calls whose signatures CUDA 12 and 13 changed or removed.  This script copies the affected header into
an output directory and applies the table PATCHES below.  Every patch keeps the original text under an
#else branch of a CUDA-version guard, so the overlay is correct for old and new CUDA alike; the guard
condition is the CUDA release that made the change.

Usage (from CMake or a plain shell):
  hipify_nvidia_compat.py --out DIR               overlay only: put -IDIR before the HIP include dir
  hipify_nvidia_compat.py --out DIR --bundle      overlay plus a copy of every HIP header: self-contained
  hipify_nvidia_compat.py --probe --nvcc NVCC     prints needed / recommended / not-needed / broken (exit 0,0,0,1)
  hipify_nvidia_compat.py --markdown              prints the patch table (README.md embeds it)
  hipify_nvidia_compat.py --check-doc README.md   fails unless the document holds the current table
  hipify_nvidia_compat.py --summary               prints how many fields/attributes/codes correspond
  hipify_nvidia_compat.py --emit-tables FILE      writes the X-macro tables of the GPU parity test
The derived patches and tables read the CUDA headers too (--cuda-include, or found next to --nvcc,
under $CUDA_PATH or /usr/local/cuda); without them only the fixed patches are applied.
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compat_derive  # noqa: E402  (next to this script; derives the field/attribute/error tables)

RUNTIME_API = "hip/nvidia_detail/nvidia_hip_runtime_api.h"
RUNTIME = "hip/nvidia_detail/nvidia_hip_runtime.h"

# The helper the unified-memory patches call: CUDA 13 takes a location struct where HIP passes a device
# ordinal, with cudaCpuDeviceId (-1) meaning host memory.
MEM_LOCATION_HELPER = """\
// hipify-c overlay: CUDA 13 takes a cudaMemLocation where HIP 5.2 passes a device ordinal.
static inline struct cudaMemLocation hipifyCompatMemLocation(int device) {
    struct cudaMemLocation location;
    location.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
    location.id = device == cudaCpuDeviceId ? 0 : device;
    return location;
}
"""

# One row per change.  kind: "replace" (new text under the guard, original under #else), "insert"
# (new text under the guard, placed before the anchor), "drop" (original kept only when the guard is
# false).  The anchor is exact text that must occur exactly once; "start"/"end" instead select the
# lines from the one holding start to the one holding end (each unique).
PATCHES = [
    dict(id="mem-location-helper", kind="insert", guard="CUDART_VERSION >= 13000",
         anchor="inline static hipError_t hipMemAdvise(const void* dev_ptr, size_t count, hipMemoryAdvise advice,\n",
         new=MEM_LOCATION_HELPER,
         reason="CUDA 13 replaced the device ordinal of cudaMemAdvise/cudaMemPrefetchAsync by struct cudaMemLocation; "
                "helper converting an ordinal (cudaCpuDeviceId = host)"),
    dict(id="mem-advise-location", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="        hipMemoryAdviseTocudaMemoryAdvise(advice), device));\n",
         new="        hipMemoryAdviseTocudaMemoryAdvise(advice), hipifyCompatMemLocation(device)));\n",
         reason="cudaMemAdvise's last parameter became struct cudaMemLocation in CUDA 13"),
    dict(id="mem-prefetch-location", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="    return hipCUDAErrorTohipError(cudaMemPrefetchAsync(dev_ptr, count, device, stream));\n",
         new="    return hipCUDAErrorTohipError(\n"
             "        cudaMemPrefetchAsync(dev_ptr, count, hipifyCompatMemLocation(device), 0, stream));\n",
         reason="cudaMemPrefetchAsync takes (location, flags, stream) in CUDA 13; flags 0 is the old behaviour"),
    dict(id="choose-device-clock", kind="drop", guard="CUDART_VERSION >= 13000",
         anchor="    cdprop.clockRate = prop->clockRate;\n",
         reason="cudaDeviceProp::clockRate removed in CUDA 13; cudaChooseDevice cannot match on it any more"),
    dict(id="choose-device-compute-mode", kind="drop", guard="CUDART_VERSION >= 13000",
         anchor="    cdprop.computeMode = prop->computeMode;\n",
         reason="cudaDeviceProp::computeMode removed in CUDA 13; cudaChooseDevice cannot match on it any more"),
    dict(id="choose-device-memory-clock", kind="drop", guard="CUDART_VERSION >= 13000",
         anchor="    cdprop.memoryClockRate = prop->memoryClockRate;\n",
         reason="cudaDeviceProp::memoryClockRate removed in CUDA 13; cudaChooseDevice cannot match on it any more"),
    dict(id="props-clock-rates", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="    p_prop->clockRate = cdprop.clockRate;\n    p_prop->memoryClockRate = cdprop.memoryClockRate;\n",
         new="    // hipify-c overlay: the fields left cudaDeviceProp in CUDA 13; the attributes still exist.\n"
             "    if (cerror == cudaSuccess) cerror = cudaDeviceGetAttribute(&p_prop->clockRate, cudaDevAttrClockRate, device);\n"
             "    if (cerror == cudaSuccess)\n"
             "        cerror = cudaDeviceGetAttribute(&p_prop->memoryClockRate, cudaDevAttrMemoryClockRate, device);\n",
         reason="cudaDeviceProp::clockRate and ::memoryClockRate removed in CUDA 13; read cudaDevAttrClockRate / "
                "cudaDevAttrMemoryClockRate instead (same units, kHz)"),
    dict(id="props-compute-mode", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="    p_prop->computeMode = cdprop.computeMode;\n"
                "    p_prop->clockInstructionRate = cdprop.clockRate; // Same as clock-rate:\n",
         new="    if (cerror == cudaSuccess) cerror = cudaDeviceGetAttribute(&p_prop->computeMode, cudaDevAttrComputeMode, device);\n"
             "    p_prop->clockInstructionRate = p_prop->clockRate; // Same as clock-rate:\n",
         reason="cudaDeviceProp::computeMode removed in CUDA 13; read cudaDevAttrComputeMode; clockInstructionRate "
                "copies the clock rate read above, as HIP 5.2 does"),
    dict(id="props-multi-device-coop", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="    p_prop->cooperativeMultiDeviceLaunch = cdprop.cooperativeMultiDeviceLaunch;\n",
         new="    p_prop->cooperativeMultiDeviceLaunch = 0; // CUDA 13 has no multi-device cooperative launch\n",
         reason="cudaDeviceProp::cooperativeMultiDeviceLaunch removed in CUDA 13 with the feature itself: report 0"),
    dict(id="props-exec-timeout", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="    p_prop->kernelExecTimeoutEnabled = cdprop.kernelExecTimeoutEnabled;\n",
         new="    if (cerror == cudaSuccess)\n"
             "        cerror = cudaDeviceGetAttribute(&p_prop->kernelExecTimeoutEnabled, cudaDevAttrKernelExecTimeout, device);\n",
         reason="cudaDeviceProp::kernelExecTimeoutEnabled removed in CUDA 13; read cudaDevAttrKernelExecTimeout"),
    dict(id="attr-multi-device-coop", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="            cdattr = cudaDevAttrCooperativeMultiDeviceLaunch;\n            break;\n",
         new="            *pi = 0; // hipify-c overlay: CUDA 13 has no multi-device cooperative launch\n"
             "            return hipSuccess;\n",
         reason="cudaDevAttrCooperativeMultiDeviceLaunch removed in CUDA 13 with the feature: the attribute reads 0"),
    dict(id="ctx-create-v4", kind="replace", guard="CUDA_VERSION >= 13000",
         anchor="    return hipCUResultTohipError(cuCtxCreate(ctx, flags, device));\n",
         new="    CUctxCreateParams params; // all zero: no execution affinity, no CIG: a plain context\n"
             "    memset(&params, 0, sizeof params);\n"
             "    return hipCUResultTohipError(cuCtxCreate(ctx, &params, flags, device));\n",
         reason="CUDA 13 maps cuCtxCreate to cuCtxCreate_v4, which takes a CUctxCreateParams pointer"),
    dict(id="bind-texture", kind="replace", guard="CUDART_VERSION >= 12000",
         anchor="    return hipCUDAErrorTohipError(cudaBindTexture(offset, tex, devPtr, desc, size));\n}\n\n"
                "__HIP_DEPRECATED inline static hipError_t hipBindTexture2D(\n",
         new="    (void)offset; (void)tex; (void)devPtr; (void)desc; (void)size;\n"
             "    return hipErrorNotSupported; // texture references were removed in CUDA 12\n}\n\n"
             "__HIP_DEPRECATED inline static hipError_t hipBindTexture2D(\n",
         reason="texture references (cudaBindTexture) removed in CUDA 12: hipBindTexture returns hipErrorNotSupported"),
    dict(id="bind-texture-2d", kind="replace", guard="CUDART_VERSION >= 12000",
         anchor="    return hipCUDAErrorTohipError(cudaBindTexture2D(offset, tex, devPtr, desc, width, height, pitch));\n",
         new="    (void)offset; (void)tex; (void)devPtr; (void)desc; (void)width; (void)height; (void)pitch;\n"
             "    return hipErrorNotSupported; // texture references were removed in CUDA 12\n",
         reason="cudaBindTexture2D removed in CUDA 12: hipBindTexture2D returns hipErrorNotSupported"),
    dict(id="texture-alignment-offset", kind="replace", guard="CUDART_VERSION >= 12000",
         anchor="    return hipCUDAErrorTohipError(cudaGetTextureAlignmentOffset(offset,texref));\n",
         new="    (void)offset; (void)texref;\n"
             "    return hipErrorNotSupported; // texture references were removed in CUDA 12\n",
         reason="cudaGetTextureAlignmentOffset removed in CUDA 12: returns hipErrorNotSupported"),
    dict(id="texture-templates", kind="drop", guard="CUDART_VERSION >= 12000",
         start="template <class T, int dim, enum cudaTextureReadMode readMode>\n"
               "inline static hipError_t hipBindTexture(size_t* offset, const struct texture<T, dim, readMode>& tex,\n",
         end="    return hipCUDAErrorTohipError(cudaBindTextureToArray(tex, array));\n}\n",
         reason="the texture<T, dim, readMode> template was removed in CUDA 12, so no caller of these six "
                "hipBindTexture/hipUnbindTexture/hipBindTextureToArray overloads can exist"),
    dict(id="coop-multi-device-launch", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="    return hipCUDAErrorTohipError(cudaLaunchCooperativeKernelMultiDevice(launchParamsList, numDevices, flags));\n",
         new="    (void)launchParamsList; (void)numDevices; (void)flags;\n"
             "    return hipErrorNotSupported; // removed in CUDA 13\n",
         reason="cudaLaunchCooperativeKernelMultiDevice removed in CUDA 13: returns hipErrorNotSupported"),
    dict(id="graph-add-dependencies", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="    return hipCUDAErrorTohipError(cudaGraphAddDependencies(graph, from, to, numDependencies));\n",
         new="    return hipCUDAErrorTohipError(cudaGraphAddDependencies(graph, from, to, NULL, numDependencies));\n",
         reason="CUDA 13 added an edge-data argument; NULL means default edges, the only kind HIP 5.2 knows"),
    dict(id="graph-remove-dependencies", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="    return hipCUDAErrorTohipError(cudaGraphRemoveDependencies(graph, from, to, numDependencies));\n",
         new="    return hipCUDAErrorTohipError(cudaGraphRemoveDependencies(graph, from, to, NULL, numDependencies));\n",
         reason="CUDA 13 added an edge-data argument; NULL means default edges"),
    dict(id="graph-get-edges", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="    return hipCUDAErrorTohipError(cudaGraphGetEdges(graph, from, to, numEdges));\n",
         new="    return hipCUDAErrorTohipError(cudaGraphGetEdges(graph, from, to, NULL, numEdges));\n",
         reason="CUDA 13 added an edge-data output; with NULL, CUDA reports cudaErrorLossyQuery if an edge is not default"),
    dict(id="graph-node-dependencies", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="        cudaGraphNodeGetDependencies(node, pDependencies, pNumDependencies));\n",
         new="        cudaGraphNodeGetDependencies(node, pDependencies, NULL, pNumDependencies));\n",
         reason="CUDA 13 added an edge-data output; NULL as for cudaGraphGetEdges"),
    dict(id="graph-node-dependents", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="        cudaGraphNodeGetDependentNodes(node, pDependentNodes, pNumDependentNodes));\n",
         new="        cudaGraphNodeGetDependentNodes(node, pDependentNodes, NULL, pNumDependentNodes));\n",
         reason="CUDA 13 added an edge-data output; NULL as for cudaGraphGetEdges"),
    dict(id="stream-capture-info", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="    return hipCUDAErrorTohipError(cudaStreamGetCaptureInfo_v2(\n"
                "        stream, captureStatus_out, id_out, graph_out, dependencies_out, numDependencies_out));\n",
         new="    return hipCUDAErrorTohipError(cudaStreamGetCaptureInfo(\n"
             "        stream, captureStatus_out, id_out, graph_out, dependencies_out, NULL, numDependencies_out));\n",
         reason="cudaStreamGetCaptureInfo_v2 removed in CUDA 13; cudaStreamGetCaptureInfo now has its signature "
                "plus an edge-data output (NULL)"),
    dict(id="stream-update-capture-deps", kind="replace", guard="CUDART_VERSION >= 13000",
         anchor="    return hipCUDAErrorTohipError(cudaStreamUpdateCaptureDependencies(stream, dependencies,\n"
                "                                                                      numDependencies, flags));\n",
         new="    return hipCUDAErrorTohipError(cudaStreamUpdateCaptureDependencies(stream, dependencies, NULL,\n"
             "                                                                      numDependencies, flags));\n",
         reason="CUDA 13 added an edge-data argument; NULL means default edges"),
]

# Patches whose new text is derived from the HIP and the CUDA headers (compat_derive.py), so they cover every
# field, attribute and code both APIs have.  Their guard is the CUDA release the tables were derived from
# ({cudart} below); with an older CUDA the original HIP 5.2 code stays.  "derive" names the Derivation method
# that renders the new text.
DERIVED_GUARD = "CUDART_VERSION >= {cudart}"
DERIVED_PATCHES = [
    dict(id="props-zero-unset", kind="insert", guard=DERIVED_GUARD,
         anchor="    strncpy(p_prop->name, cdprop.name, 256);\n",
         new="    memset(p_prop, 0, sizeof(*p_prop)); // hipify-c overlay: HIP-only fields read 0, not stack garbage\n",
         reason="HIP 5.2 leaves gcnArchName, hdp*FlushCntl, isLargeBar, asicRevision and the fields below "
                "unwritten (stack garbage); they read 0 as on a device without the feature"),
    dict(id="props-fill-derived", kind="insert", guard=DERIVED_GUARD,
         anchor="    p_prop->tccDriver                = cdprop.tccDriver;\n", derive="render_props_fill",
         reason="HIP 5.2 does not copy managedMemory, concurrentManagedAccess, pageableMemoryAccess(UsesHostPageTables), "
                "directManagedMemAccessFromHost, maxTexture1DLinear: every hipDeviceProp_t field with a cudaDeviceProp "
                "(or attribute) counterpart not yet copied is, derived from both structs"),
    dict(id="attr-derived-helper", kind="insert", guard=DERIVED_GUARD,
         anchor="inline static hipError_t hipDeviceGetAttribute(int* pi, hipDeviceAttribute_t attr, int device) {\n",
         derive="render_attr_helper",
         reason="HIP 5.2 maps 46 of the hipDeviceAttribute_t values; a helper maps every other one with a "
                "cudaDeviceAttr counterpart (derived from both enums)"),
    dict(id="attr-derived-default", kind="replace", guard=DERIVED_GUARD,
         anchor="        default:\n            return hipCUDAErrorTohipError(cudaErrorInvalidValue);\n    }\n\n"
                "    cerror = cudaDeviceGetAttribute(pi, cdattr, device);\n",
         new="        default:\n            if (!hipifyCompatDeviceAttr(attr, &cdattr)) return hipErrorInvalidValue;\n"
             "            break;\n    }\n\n    cerror = cudaDeviceGetAttribute(pi, cdattr, device);\n",
         reason="hipDeviceGetAttribute consults the derived helper before reporting an attribute unknown"),
    dict(id="errors-derived", kind="replace", guard=DERIVED_GUARD,
         start="inline static hipError_t hipCUDAErrorTohipError(cudaError_t cuError) {\n",
         until="inline static enum cudaMemcpyKind hipMemcpyKindToCudaMemcpyKind(hipMemcpyKind kind) {\n",
         derive="render_error_functions",
         reason="hipCUDAErrorTohipError, hipCUResultTohipError and hipErrorToCudaError regenerated with one case per "
                "code both enums have (HIP numbers its codes as CUDA does), so every pair round-trips"),
]

# nvidia_hip_runtime.h: device-side assert.
RUNTIME_PATCHES = [
    dict(id="device-assert", kind="replace", guard="CUDART_VERSION >= 4010",
         start="#undef assert\n", until="#endif\n\n#define __clock() clock()\n",
         new="// hipify-c overlay: keep CUDA's own device assert (CUDA 4.1+): it prints the failed condition, honours\n"
             "// NDEBUG and makes the next synchronisation return cudaErrorAssert (hipErrorAssert).\n"
             "#include <assert.h>\n",
         reason="HIP 5.2 redefines device assert(COND) as `if (!COND) trap`: unparenthesised (assert(i < n) traps "
                "for every i), ignores NDEBUG and yields hipErrorLaunchFailure instead of hipErrorAssert"),
]

PATCHED_FILES = {RUNTIME_API: PATCHES + DERIVED_PATCHES, RUNTIME: RUNTIME_PATCHES}


def resolve(patches, derivation):
    """The patches with derived text filled in; without CUDA headers the derived ones are left out."""
    out = []
    for p in patches:
        if p["guard"] == DERIVED_GUARD:
            if derivation is None:
                continue
            p = dict(p, guard=DERIVED_GUARD.format(cudart=derivation.cudart_version))
            if "derive" in p:
                p["new"] = getattr(derivation, p["derive"])()
        out.append(p)
    return out

PROBE_SOURCE = """\
#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>
#include <hip/hip_fp16.h>
#include <hip/hip_cooperative_groups.h>
__global__ void hipify_probe_kernel(float *x) { x[threadIdx.x] += 1.0f; }
int main() {
    float *d = 0;
    if (hipMalloc(&d, 64 * sizeof(float)) != hipSuccess) return 1;
    hipLaunchKernelGGL(hipify_probe_kernel, dim3(1), dim3(64), 0, 0, d);
    hipDeviceProp_t prop;
    (void)hipGetDeviceProperties(&prop, 0);
    return hipFree(d) == hipSuccess ? 0 : 1;
}
"""


class PatchError(Exception):
    pass


def locate(text, patch):
    """Returns (begin, end) of the region a patch applies to; raises PatchError unless unique.
    Regions are whole lines, because the guards around them are preprocessor lines."""
    for key in ("anchor", "start", "end", "until", "new"):
        if key in patch and not patch[key].endswith("\n"):
            raise PatchError("patch %s: %s must end with a newline" % (patch["id"], key))
    if "until" in patch:  # from the line holding start up to (not including) the line holding until
        for key in ("start", "until"):
            if text.count(patch[key]) != 1:
                raise PatchError("patch %s: %s text found %d times (expected once)" % (patch["id"], key, text.count(patch[key])))
        begin, end = text.index(patch["start"]), text.index(patch["until"])
        if end <= begin or text[end - 1] != "\n":
            raise PatchError("patch %s: until must start a line after start" % patch["id"])
        return begin, end
    if "anchor" in patch:
        count = text.count(patch["anchor"])
        if count != 1:
            raise PatchError("patch %s: anchor found %d times (expected once)" % (patch["id"], count))
        begin = text.index(patch["anchor"])
        if begin > 0 and text[begin - 1] != "\n":
            raise PatchError("patch %s: anchor does not start a line" % patch["id"])
        return begin, begin + len(patch["anchor"])
    for key in ("start", "end"):
        if text.count(patch[key]) != 1:
            raise PatchError("patch %s: %s text found %d times (expected once)" % (patch["id"], key, text.count(patch[key])))
    begin = text.index(patch["start"])
    end = text.index(patch["end"]) + len(patch["end"])
    if end <= begin:
        raise PatchError("patch %s: end comes before start" % patch["id"])
    return begin, end


def render(patch, original):
    tag = "hipify-c overlay patch %s" % patch["id"]
    guard = patch["guard"]
    if patch["kind"] == "replace":
        return "#if %s // %s\n%s#else\n%s#endif // %s\n" % (guard, tag, patch["new"], original, tag)
    if patch["kind"] == "insert":
        return "#if %s // %s\n%s#endif // %s\n%s" % (guard, tag, patch["new"], tag, original)
    if patch["kind"] == "drop":
        return "#if !(%s) // %s\n%s#endif // %s\n" % (guard, tag, original, tag)
    raise PatchError("patch %s: unknown kind %s" % (patch["id"], patch["kind"]))


def apply_patches(text, patches):
    """Applies every patch to text (regions located in the original, applied from the end)."""
    regions = sorted(((*locate(text, p), p) for p in patches), key=lambda r: r[0])
    for (b1, e1, p1), (b2, _, p2) in zip(regions, regions[1:]):
        if b2 < e1:
            raise PatchError("patches %s and %s overlap" % (p1["id"], p2["id"]))
    for begin, end, patch in reversed(regions):
        text = text[:begin] + render(patch, text[begin:end]) + text[end:]
    return text


def load_derivation(hip_include, cuda_include):
    """The field/attribute/error tables, or None (with a warning) when no CUDA headers exist."""
    if cuda_include is None:
        sys.stderr.write("hipify_nvidia_compat: warning: no CUDA headers found (--cuda-include); the derived "
                         "property/attribute/error patches are left out\n")
        return None
    return compat_derive.Derivation(hip_include, cuda_include)


def generate(hip_include, out_dir, bundle, derivation=None):
    """Writes the overlay (and, with bundle, every HIP header) under out_dir; returns manifest lines."""
    if bundle:
        source_hip = os.path.join(hip_include, "hip")
        # symlinks=False: hcc_detail/nvcc_detail become real copies, so the folder survives any copy tool.
        shutil.copytree(source_hip, os.path.join(out_dir, "hip"), symlinks=False, dirs_exist_ok=True)
    manifest = ["# hipify-c HIP-on-NVIDIA overlay; generated by hipify_nvidia_compat.py, do not edit",
                "hip_include=%s" % hip_include, "bundle=%s" % ("yes" if bundle else "no"),
                "derived=%s" % (derivation.summary() if derivation else "none (no CUDA headers)")]
    for rel, patches in PATCHED_FILES.items():
        patches = resolve(patches, derivation)
        source = os.path.join(hip_include, rel)
        with open(source, "r", encoding="utf-8") as f:
            original = f.read()
        patched = apply_patches(original, patches)
        target = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        write_atomically(target, patched)
        manifest.append("%s sha256-of-original=%s patches=%s" % (
            rel, hashlib.sha256(original.encode("utf-8")).hexdigest(), ",".join(p["id"] for p in patches)))
        if not bundle:
            manifest += copy_quoted_siblings(original, os.path.dirname(source), os.path.dirname(target), out_dir)
    manifest += write_newer_headers(hip_include, out_dir)
    with open(os.path.join(out_dir, "HIPIFY_OVERLAY.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(manifest) + "\n")
    return manifest


# HIP headers that a port for a newer HIP includes and that an older installed HIP lacks. On NVIDIA, HIP's
# own versions of them name CUDA's types and functions, so the overlay writes the same correspondence,
# read from the mapping tables: the CUDA names that match the pattern and have another HIP spelling.
NEWER_HEADERS = [
    ("hip/hip_bf16.h", "cuda_bf16.h", r"^__nv_bfloat16"),
    ("hip/hip_fp8.h", "cuda_fp8.h", r"^(__nv_fp8|__nv_cvt_\w*fp8|__NV_(E4M3|E5M2|SATFINITE|NOSAT)$)"),
]
MAPPINGS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "mappings")
sys.path.insert(0, os.path.join(MAPPINGS_DIR, "tools"))
from hctables import NON_MAPPING_FILES  # noqa: E402  (which files of mappings/ are name tables)


def mapping_rows(pattern):
    """(cuda, hip, kind) of every mapping row whose CUDA name matches pattern and whose HIP name differs."""
    rows = {}
    for name in sorted(os.listdir(MAPPINGS_DIR)):
        if not name.endswith(".tsv") or name in NON_MAPPING_FILES:
            continue
        with open(os.path.join(MAPPINGS_DIR, name), encoding="utf-8") as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) > 3 and re.search(pattern, cols[0]) and cols[1] and cols[1] != cols[0]:
                    rows.setdefault(cols[0], (cols[0], cols[1], cols[3]))
    return [rows[k] for k in sorted(rows)]


def write_newer_headers(hip_include, out_dir):
    lines = []
    for rel, cuda_header, pattern in NEWER_HEADERS:
        if os.path.exists(os.path.join(hip_include, rel)):
            continue  # the installed HIP has its own (a bundle holds a copy of it)
        guard = "HIPIFY_OVERLAY_" + re.sub(r"\W", "_", rel).upper()
        text = ["/* %s: written by hipify_nvidia_compat.py for HIP on NVIDIA, because the HIP installed (%s) has none." % (rel, hip_include),
                " * HIP's names for CUDA's %s, as HIP's own NVIDIA headers give them; from mappings/*.tsv. */" % cuda_header,
                "#ifndef " + guard, "#define " + guard, "#include <%s>" % cuda_header]
        for cuda, hip, kind in mapping_rows(pattern):
            text.append("typedef %s %s;" % (cuda, hip) if kind == "type" else "#define %s %s" % (hip, cuda))
        text.append("#endif")
        target = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        write_atomically(target, "\n".join(text) + "\n")
        lines.append("%s written: HIP's names over %s (the installed HIP lacks it)" % (rel, cuda_header))
    return lines


def copy_quoted_siblings(text, source_dir, target_dir, out_dir):
    """A patched header's #include "x.h" is looked up next to the patched copy first, so the unpatched
    siblings it names must be there too (copied unchanged, transitively); returns manifest lines."""
    lines, pending = [], re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, flags=re.M)
    while pending:
        name = pending.pop()
        source, target = os.path.join(source_dir, name), os.path.join(target_dir, name)
        if not os.path.isfile(source) or os.path.exists(target):
            continue  # not a sibling (found elsewhere on the include path), or already there
        with open(source, "r", encoding="utf-8") as f:
            sibling = f.read()
        os.makedirs(os.path.dirname(target), exist_ok=True)
        write_atomically(target, sibling)
        lines.append("%s copied unchanged (included by a patched header)" % os.path.relpath(target, out_dir))
        pending += re.findall(r'^\s*#\s*include\s+"([^"]+)"', sibling, flags=re.M)
    return lines


def write_atomically(target, text):
    tmp = target + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, target)  # atomic: a half-written file never exists


def probe_compiles(nvcc, include_dirs, workdir):
    source = os.path.join(workdir, "probe.cu")
    with open(source, "w", encoding="utf-8") as f:
        f.write(PROBE_SOURCE)
    cmd = [nvcc, "-D__HIP_PLATFORM_NVIDIA__"] + ["-I" + d for d in include_dirs] + \
          ["-c", source, "-o", os.path.join(workdir, "probe.o")]
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return result.returncode == 0, result.stdout


def probe(nvcc, hip_include, verbose):
    """needed: plain headers fail, overlay works. recommended: both work; the overlay is still used, since it
    also makes properties, attributes, error codes and device assert agree with CUDA. not-needed: plain
    headers work, the overlay does not (or cannot be generated). broken: neither works."""
    with tempfile.TemporaryDirectory(prefix="hipify-compat-") as work:
        plain_ok, log = probe_compiles(nvcc, [hip_include], work)
        overlay = os.path.join(work, "overlay")
        try:
            generate(hip_include, overlay, bundle=False,
                     derivation=load_derivation(hip_include, compat_derive.find_cuda_include(nvcc=nvcc)))
        except (PatchError, compat_derive.DeriveError) as e:
            if plain_ok:
                return "not-needed", ("%s\n" % e) if verbose else ""
            return "broken", "%s\n(plain headers failed with:)\n%s" % (e, log)
        overlay_ok, log2 = probe_compiles(nvcc, [overlay, hip_include], work)
        if plain_ok:
            return ("recommended" if overlay_ok else "not-needed"), (log2 if verbose and not overlay_ok else "")
        if overlay_ok:
            return "needed", log if verbose else ""
        return "broken", log2


def markdown():
    lines = ["| id | CUDA guard | change | reason |", "|---|---|---|---|"]
    for rel, patches in PATCHED_FILES.items():
        for p in patches:
            guard = p["guard"].replace("{cudart}", "<derived-from>")
            lines.append("| `%s` | `%s` | %s | %s |" % (p["id"], guard, p["kind"], p["reason"]))
    return "\n".join(lines) + "\n"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hip-include", default="/usr/include",
                    help="directory that holds hip/ (default /usr/include)")
    ap.add_argument("--out", help="output directory of the overlay")
    ap.add_argument("--bundle", action="store_true", help="also copy every HIP header: a self-contained folder")
    ap.add_argument("--probe", action="store_true", help="decide whether the overlay is needed (needs --nvcc)")
    ap.add_argument("--nvcc", help="nvcc to probe with")
    ap.add_argument("--markdown", action="store_true", help="print the patch table")
    ap.add_argument("--check-doc", metavar="FILE", help="fail unless FILE holds the current patch table")
    ap.add_argument("--cuda-include", help="CUDA include dir the derived patches read (default: next to --nvcc, "
                    "$CUDA_PATH/include or /usr/local/cuda/include)")
    ap.add_argument("--emit-tables", metavar="FILE", help="write the X-macro tables of the GPU parity test")
    ap.add_argument("--summary", action="store_true", help="print the derived correspondence counts")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    try:
        if args.markdown:
            sys.stdout.write(markdown())
            return 0
        if args.check_doc:
            with open(args.check_doc, "r", encoding="utf-8") as f:
                doc = f.read()
            missing = [line for line in markdown().splitlines() if line not in doc]
            for line in missing:
                sys.stderr.write("%s lacks: %s\n" % (args.check_doc, line))
            return 1 if missing else 0
        if args.probe:
            if not args.nvcc:
                ap.error("--probe needs --nvcc")
            verdict, log = probe(args.nvcc, args.hip_include, args.verbose)
            print(verdict)
            if log:
                sys.stderr.write(log)
            return 1 if verdict == "broken" else 0
        derivation = load_derivation(args.hip_include,
                                     compat_derive.find_cuda_include(args.cuda_include, args.nvcc))
        if args.summary or args.emit_tables:
            if derivation is None:
                sys.stderr.write("hipify_nvidia_compat: --summary/--emit-tables need CUDA headers\n")
                return 1
            if args.summary:
                print(derivation.summary())
            if args.emit_tables:
                write_atomically(args.emit_tables, derivation.render_test_tables())
            if not args.out:
                return 0
        if not args.out:
            ap.error("--out is required")
        generate(args.hip_include, args.out, args.bundle, derivation)
        return 0
    except (PatchError, compat_derive.DeriveError, OSError) as e:
        sys.stderr.write("hipify_nvidia_compat: %s\n" % e)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
