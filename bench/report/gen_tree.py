#!/usr/bin/env python3
"""gen_tree.py: writes a synthetic CUDA source tree of N files (seeded, deterministic) for measuring the
report writers and the HTML report on large trees. The files look like CUDA programs (kernels, runtime
calls, cuBLAS, a few APIs without a HIP equivalent and warp-size hazards) but are not meant to compile.

usage: gen_tree.py N OUT_DIR [SEED]"""
import os
import random
import sys

CALLS = ["cudaMalloc(&d_{v}, n * sizeof(float));", "cudaFree(d_{v});",
         "cudaMemcpy(d_{v}, h_{v}, n * sizeof(float), cudaMemcpyHostToDevice);",
         "cudaMemcpy(h_{v}, d_{v}, n * sizeof(float), cudaMemcpyDeviceToHost);",
         "cudaDeviceSynchronize();", "cudaError_t err_{v} = cudaGetLastError();",
         "cudaMemcpyToSymbol(scale_{v}, &s, sizeof s);", "cublasCreate(&handle_{v});",
         "cudaThreadSynchronize();", "cuModuleLoadDataEx(&mod_{v}, image, 0, 0, 0);",
         "cudaStreamSynchronize(stream_{v});", "cudaEventRecord(ev_{v}, 0);"]
KERNEL = """__global__ void kernel_{k}(const float *a, float *b, int n)
{{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    float v = i < n ? a[i] : 0.0f;
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffff, v, o);
    if (lane == 0 && i < n)
        b[i / 32] = v * {scale}f;
}}
"""


def write_file(rng, path, index):
    lines = [f"// {os.path.basename(path)}: synthetic file {index} for the report benchmark", "#include <cstdio>",
             "#include <cuda_runtime.h>", ""]
    for k in range(rng.randint(1, 3)):
        lines.append(KERNEL.format(k=k, scale=rng.randint(1, 9)))
    lines.append(f"int run_{index}(int n, float *h_a, float s)\n{{")
    for j in range(rng.randint(8, 40)):
        if rng.random() < 0.55:
            lines.append("    " + rng.choice(CALLS).format(v=j % 4))
        else:
            lines.append(f"    s = s * {rng.random():.3f}f + {j};  // plain host code")
    lines.append("    return 0;\n}\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 12345)
    for i in range(n):
        d = os.path.join(out, f"module{i // 100:03d}", f"sub{(i // 10) % 10}")
        os.makedirs(d, exist_ok=True)
        write_file(rng, os.path.join(d, f"file{i:05d}.cu"), i)
    print(f"gen_tree: {n} files under {out}")


if __name__ == "__main__":
    main()
