#!/usr/bin/env python3
# make_spec.py: extracts NVIDIA CUDALibrarySamples host-API samples (cuBLAS, cuFFT, cuSPARSE, cuSOLVER,
# cuRAND) from a git mirror and writes a `hipify-harness validate` spec that builds each one with nvcc (CUDA) and
# HIP-on-NVIDIA (the port) and runs it. It does not translate, build or run anything, and edits no sample.
#
# usage: make_spec.py --mirror GITDIR --commit REV --dest DIR [FOLDER...]   (FOLDER: e.g. cuBLAS/Level-1/axpy;
#        none: the SELECTION below)
# then:  hipify-harness validate build --spec DIR/spec.json --work W --hipify hipify-c --hipify-arg --hip-version=6.4
#          --nvcc nvcc --compat-include BUILD/nvidia-compat/include --libs-include BUILD/nvidia-libs/include --bundle B
#          (BUILD absolute: each build runs in its own folder)
#        and on the GPU machine: B/run.sh validate --json r.json  (docs/validation.md, "CUDALibrarySamples")
# Each source file of a folder that defines main() is one program, built alone against its library's utils/
# folder (translated with it). The samples take no arguments and print their inputs and results; the spec
# compares exit status and stdout numbers under the harness's default tolerance, timing lines ignored, and judges
# each side by its own verdict where the sample prints one (cuSPARSE: "test PASSED" / "test FAILED").
import argparse, os, posixpath, re, sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from validate_spec import TIMING_IGNORE, git, write_spec  # noqa: E402

IGNORE = TIMING_IGNORE

# Single-GPU host-API samples that build with nvcc and their library alone. Left out: multi-GPU (cuFFT *_mgpu_*,
# cuSOLVER Mg*), JIT-linked user operators (cuFFT LTO callbacks, cuSPARSE SpMMOp/SpMVOp: several sources,
# nvJitLink and NVRTC), cuBLAS emulation and GemmExAutoTuning (their subject, the emulation API and
# CUBLAS_GEMM_AUTOTUNE, is CUDA 13 only, with no HIP counterpart), cuSOLVER's CUDA 10.2 IRS sample (an API CUDA 11
# replaced).
SELECTION = [
    "cuBLAS/Level-1/" + s for s in
    ("amax", "amin", "asum", "axpy", "copy", "dot", "nrm2", "rot", "rotg", "rotm", "rotmg", "scal", "swap")
] + [
    "cuBLAS/Level-2/" + s for s in
    ("gbmv", "gemv", "ger", "hbmv", "hemv", "her", "her2", "hpmv", "hpr", "hpr2", "sbmv", "spmv", "spr", "spr2",
     "symv", "syr", "syr2", "tbmv", "tbsv", "tpmv", "tpsv", "trmv", "trsv")
] + [
    "cuBLAS/Level-3/" + s for s in
    ("gemm", "gemm3m", "gemmBatched", "gemmStridedBatched", "gemmGroupedBatched", "hemm", "her2k", "herk",
     "herkx", "symm", "syr2k", "syrk", "syrkx", "trmm", "trsm", "trsmBatched")
] + [
    "cuBLAS/Extensions/" + s for s in
    ("AxpyEx", "Cherk3mEx", "CherkEx", "Csyrk3mEx", "CsyrkEx", "DotEx", "GemmEx", "GemmBatchedEx",
     "GemmGroupedBatchedEx", "GemmStridedBatchedEx", "Nrm2Ex", "RotEx", "ScalEx", "geam", "dgmm", "tpttr", "trttp")
] + [
    "cuFFT/" + s for s in ("1d_c2c", "1d_r2c_c2r", "2d_c2r_r2c", "3d_c2c")
] + [
    "cuSPARSE/" + s for s in
    ("axpby", "bicgstab", "cg", "compression", "coosort", "dense2sparse_blockedell", "dense2sparse_csr", "gather",
     "gpsvInterleavedBatch", "graph_capture", "rot", "scatter", "sddmm_bsr", "sddmm_csr", "sddmm_csr_batched",
     "sparse2dense_csr", "spgemm", "spgemm_mem", "spgemm_reuse", "spmm_blockedell", "spmm_coo", "spmm_coo_batched",
     "spmm_csr", "spmm_csr_batched", "spmv_coo", "spmv_csr", "spmv_sell", "spsm_coo", "spsm_csr", "spsv_coo",
     "spsv_csr", "spsv_sell", "spvv")
] + [
    "cuSOLVER/" + s for s in
    ("csrqr", "gesv", "gesvd", "gesvdaStridedBatched", "gesvdj", "gesvdjBatched", "getrf", "orgqr", "ormqr",
     "potrfBatched", "syevd", "syevdx", "syevj", "syevjBatched", "sygvd", "sygvdx", "sygvj", "Xgeev", "Xgeqrf",
     "Xgesvd", "Xgesvdp", "Xgesvdr", "Xgetrf", "Xpotrf", "Xsyevd", "Xsyevdx", "Xtrtri")
] + [
    "cuRAND/Host/" + g for g in
    ("mrg32k3a", "mt19937", "mtgp32", "philox", "scrambled_sobol32", "scrambled_sobol64", "sobol32", "sobol64",
     "xorwow")
]
# Sources of a selected folder that are left out (see above).
EXCLUDE = {"cuSOLVER/gesv/cusolver_irs_expert_cuda-10.2.cu"}

# Libraries a sample links, by the headers it (or its utils header) includes.
LIBS = [(r"cublasLt\.h", "-lcublasLt"), (r"cublas(_v2|_api)?\.h", "-lcublas"), (r"cufft\.h", "-lcufft"),
        (r"cusparse\.h", "-lcusparse"), (r"cusolver(Dn|Sp|_common)?\.h", "-lcusolver"), (r"curand\.h", "-lcurand"),
        (r"cuda\.h", "-lcuda")]


def blobs(gitdir, commit, folder):
    """(path, blob id) of the files directly in folder (not in its subfolders)."""
    out = []
    for row in git(["ls-tree", commit, "--", folder + "/"], gitdir).splitlines():
        meta, path = row.split("\t", 1)
        _, kind, blob = meta.split()
        if kind == "blob":
            out.append((path, blob))
    return out


def extract(gitdir, commit, dest, path, blob):
    data = git(["cat-file", "blob", blob], gitdir, binary=True)
    target = os.path.join(dest, path)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as f:
        f.write(data)
    return data.decode(errors="replace")


def program_name(folder, source):
    lib = folder.split("/")[0].lower()
    stem = re.sub(r"_example$", "", os.path.splitext(os.path.basename(source))[0])
    if not stem.lower().startswith(lib):
        stem = lib + "_" + stem
    return re.sub(r"[^A-Za-z0-9._-]", "_", stem)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--commit", required=True)
    ap.add_argument("--dest", required=True)
    ap.add_argument("folders", nargs="*")
    a = ap.parse_args()
    programs, skipped, utils_done = [], [], {}
    for folder in a.folders or SELECTION:
        folder = folder.strip("/")
        files = blobs(a.mirror, a.commit, folder)
        if not files:
            skipped.append((folder, "not in the mirror"))
            continue
        # the library's utils/ folder: the samples include its header by name (-I../utils or -I../../utils)
        top = folder.split("/")[0]
        utils = top + "/utils"
        if utils not in utils_done:
            utils_done[utils] = "".join(extract(a.mirror, a.commit, a.dest, p, b)
                                        for p, b in blobs(a.mirror, a.commit, utils))
        sources = []
        for path, blob in files:
            if re.search(r"\.(c|cu|cpp)$", path) and path not in EXCLUDE:
                text = extract(a.mirror, a.commit, a.dest, path, blob)
                if re.search(r"^\s*int\s+main\s*\(", text, re.M):
                    sources.append((path, text))
        if not sources:
            skipped.append((folder, "no source defines main()"))
            continue
        for path, text in sources:
            src = os.path.basename(path)
            uses_utils = bool(utils_done[utils]) and re.search(r'#include\s+"\w+_utils\.h"', text)
            rel_utils = posixpath.relpath(utils, folder)
            headers = text + (utils_done[utils] if uses_utils else "")
            libs = [flag for pat, flag in LIBS if re.search(r"#include\s*[<\"]" + pat, headers)]
            inc = ("-I" + rel_utils + " ") if uses_utils else ""
            # .cu and the cuFFT .cpp samples (their Makefile says -x cu) are CUDA; other .cpp/.c are host code
            # that nvcc hands to the host compiler. The port is compiled as CUDA (HIP) either way.
            cuda_x = "-x cu " if src.endswith(".cpp") and top == "cuFFT" else ""
            std = "" if src.endswith(".c") else "-std=c++17 "
            prog = {
                "name": program_name(folder, src),
                "tree": folder,
                "build": {
                    "cuda": "{nvcc} {cuda_flags} %s%s%s%s -o main %s" % (cuda_x, std, inc, src, " ".join(libs)),
                    "hip": "{nvcc} {hip_nvidia_flags} -std=c++17 %s%s -o main %s" % (inc, src, " ".join(libs)),
                },
                "exe": "main",
                "run": {"args": [], "timeout": 60},
            }
            if uses_utils:
                prog["also_translate"] = [rel_utils]
            if re.search(r"test PASSED", text):
                prog["verdict"] = {"must_match": "test PASSED", "must_not_match": "FAILED"}
            elif re.search(r"\bPASS(ED)?\b", text):
                prog["verdict"] = {"must_match": "\\bPASS(ED)?\\b", "must_not_match": "\\bFAIL(ED)?\\b"}
            programs.append(prog)
    names = [p["name"] for p in programs]
    dup = sorted(set(n for n in names if names.count(n) > 1))
    if dup:
        sys.exit("duplicate program names: " + ", ".join(dup))
    write_spec(a.dest, programs, 60, IGNORE, skipped)


if __name__ == "__main__":
    main()
