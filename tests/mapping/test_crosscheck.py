#!/usr/bin/env python3
# test_crosscheck.py: the extraction rules of mappings/tools/crosscheck.py on small inputs, one per rule, and
# the judging of a difference (explained, unexplained, stale exception). It reads no reference.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "..", "mappings", "tools"))
import crosscheck  # noqa: E402

failures = []


def expect(what, got, want):
    if got != want:
        failures.append("%s: got %r, want %r" % (what, got, want))


SOURCE = r'''
#define hipMemcpyHostToHost cudaMemcpyHostToHost
#define hipStreamPerThread ((cudaStream_t)2)
typedef enum cudaMemcpyKind hipMemcpyKind;
typedef struct cudaArray* hipArray_t;           /* a pointer typedef: no pair */
typedef enum hipJitOption { hipJitOptionMaxRegisters = CU_JIT_MAX_REGISTERS, hipJitOptionX = 3 } hipJitOption;
inline static hipError_t hipMalloc(void** p, size_t n) { return hipCUDAErrorTohipError(cudaMalloc(p, n)); }
hipblasStatus_t hipblasSgemm(hipblasHandle_t h) try { return hipblasConvertStatus(cublasSgemm((cublasHandle_t)h)); } catch(...) { return 0; }
hipError_t hipHelper(int d) { int x; cudaGetDevice(&x); cudaSetDevice(d); return 0; }  // two calls, none returned: no pair
QUALIFIERS uint4 hiprand4(hiprandStatePhilox4_32_10_t* s) { return curand4(s); }
hipError_t hipCUDAErrorTohipError(cudaError_t e) { switch (e) { case cudaSuccess: return hipSuccess; } }
cudaError_t back(hipError_t e) { switch (e) { case hipErrorOutOfMemory: return cudaErrorMemoryAllocation; } }
void attr(hipDeviceAttribute_t a) { switch (a) { case hipDeviceAttributeMaxTexture1DWidth: cdattr = cudaDevAttrMaxTexture1DWidth; break; } }
hiprtcResult hiprtcVersion(int* a, int* b) { return nvrtcResultTohiprtcResult(nvrtcVersion(a, b)); }
// #define hipComment cudaComment
'''
pairs = crosscheck.extract_text(SOURCE)
expect("pairs", sorted((c, h, how) for c, h, how in pairs), sorted([
    ("cudaMemcpyHostToHost", "hipMemcpyHostToHost", "define"),
    ("cudaMemcpyKind", "hipMemcpyKind", "typedef"),
    ("CU_JIT_MAX_REGISTERS", "hipJitOptionMaxRegisters", "enumerator"),
    ("cudaMalloc", "hipMalloc", "call"),
    ("cublasSgemm", "hipblasSgemm", "call"),
    ("curand4", "hiprand4", "call"),
    ("cudaSuccess", "hipSuccess", "case"),
    ("cudaErrorMemoryAllocation", "hipErrorOutOfMemory", "case"),
    ("cudaDevAttrMaxTexture1DWidth", "hipDeviceAttributeMaxTexture1DWidth", "case"),
    ("nvrtcVersion", "hiprtcVersion", "call"),
]))

rows = {"cudaMalloc": {"hip": "hipMalloc", "family": "runtime"},
        "cudaMallocHost": {"hip": "hipHostMalloc", "family": "runtime"},
        "cudaFoo": {"hip": "", "family": "runtime"}}
ref = [("cudaMalloc", "hipMalloc", "call"), ("cudaMallocHost", "hipMallocHost", "call"), ("cudaFoo", "hipFoo", "call")]
exc = [{"reference": "*", "cuda": "cudaMallocHost", "hip": "hipMallocHost", "ours": "hipHostMalloc", "right": "hipify-c",
        "why": "deprecated", "where": "x:2", "used": 0},
       {"reference": "other", "cuda": "cudaBar", "hip": "*", "ours": "*", "right": "both", "why": "w", "where": "x:3", "used": 0}]
counts, fails = crosscheck.judge("test", ref, rows, exc, False)
expect("counts", counts, {"runtime": [1, 1]})
expect("unexplained", [f.split(": ", 2)[2] for f in fails], ["cudaFoo -> hipFoo (call), hipify-c: unsupported (no HIP name)"])
expect("used", [e["used"] for e in exc], [1, 0])

# A hipify_torch-style table is read as data: only the API maps, literal entries, and HIP_UNSUPPORTED kept.
TABLE = r'''
CUDA_INCLUDE_MAP = collections.OrderedDict([("cuda.h", ("hip/hip_runtime.h", CONV_INCLUDE, API_RUNTIME))])
CUDA_IDENTIFIER_MAP = collections.OrderedDict(
    [
        ("cudaMalloc", ("hipMalloc", CONV_MEM, API_RUNTIME)),
        ("cuCtxDetach", ("hipCtxDetach", CONV_CONTEXT, API_DRIVER, HIP_UNSUPPORTED)),
        ("THCState", ("THHState", CONV_TYPE, API_PYTORCH)),
        ("std::max", ("::max", CONV_MATH_FUNC, API_RUNTIME)),
        ("cudaFoo", ("hipFoo" if rocm_version < (5, 2, 0) else "hipBar", CONV_MEM, API_RUNTIME)),
    ]
)
'''
expect("python table", crosscheck.extract_python_table(TABLE),
       [("cudaMalloc", "hipMalloc", "table"), ("cuCtxDetach", "hipCtxDetach", "unsupported")])
# a name the table marks unsupported agrees with no HIP name; one hipify-c maps differs
counts, fails = crosscheck.judge("torch", [("cuCtxDetach", "hipCtxDetach", "unsupported"),
                                           ("cudaMalloc", "hipMalloc", "unsupported")],
                                 {"cudaMalloc": {"hip": "hipMalloc", "family": "runtime"},
                                  "cudaFoo": {"hip": "", "family": "runtime"}}, [], False)
expect("unsupported counts", counts, {"runtime": [1, 0], "driver": [1, 0]})
counts, fails = crosscheck.judge("torch", [("cudaFoo", "hipFoo", "unsupported"), ("cudaMalloc", "hipMemAlloc", "table")],
                                 {"cudaMalloc": {"hip": "hipMalloc", "family": "runtime"}}, [], False)
expect("unsupported fails", [f.split(": ", 2)[2] for f in fails], ["cudaMalloc -> hipMemAlloc (table), hipify-c: maps to hipMalloc"])

for f in failures:
    print("FAIL: " + f)
print("%d checks failed" % len(failures))
sys.exit(1 if failures else 0)
