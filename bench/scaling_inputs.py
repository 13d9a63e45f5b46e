import sys
kind, n = sys.argv[1], int(sys.argv[2])
out = []
if kind == 'samefn':      out = ['void h(){}\n'] * n
elif kind == 'params':    out = ['__device__ unsigned h(unsigned m){ return m & 1; }\n'] * n + ['__global__ void k(){ unsigned r = h(__ballot_sync(0xffffffff, 1)); }\n'] * n
elif kind == 'launch':    out = ['__global__ void k(int *p){}\nvoid run(int *p){\n'] + ['  k<<<1, 32>>>(p);\n'] * n + ['}\n']
elif kind == 'line':      out = ['void f(float *p){ ' + 'cudaMemset(p, 0, 4); ' * n + '}\n']
elif kind == 'macros':    out = ['#define M%d(x) cudaMalloc(x, %d)\n' % (i, i) for i in range(n)]
elif kind == 'samemacro': out = ['#define WARP_SIZE 32\n__device__ int f%d(){ return threadIdx.x %% WARP_SIZE; }\n' % i for i in range(n)]
elif kind == 'localconst':out = ['__device__ int f(){ const int WARP = 32; return threadIdx.x / WARP; }\n'] * n
elif kind == 'hazards':   out = ['__global__ void k(int *p){\n'] + ['  p[threadIdx.x %% 32 + %d] = threadIdx.x / 32;\n' % i for i in range(n)] + ['}\n']
elif kind == 'bigfn':     out = ['__global__ void k(int *p){\n'] + ['  int v%d = threadIdx.x %% 32; p[v%d] = v%d;\n' % (i, i, i) for i in range(n)] + ['}\n']
elif kind == 'samevar':   out = ['__global__ void k(int *p){\n  int v = 0;\n'] + ['  v = threadIdx.x % 32; p[v] = v;\n'] * n + ['}\n']
elif kind == 'arrays':    out = ['__global__ void k(){\n'] + ['  __shared__ float s%d[32]; s%d[threadIdx.x %% 32] = 0;\n' % (i, i) for i in range(n)] + ['}\n']
elif kind == 'samearray': out = ['__global__ void k%d(){ __shared__ float s[32]; s[threadIdx.x %% 32] = 0; }\n' % i for i in range(n)]
elif kind == 'longstmt':  out = ['__global__ void k(int *p){ p[0] = ' + ' + '.join(['(threadIdx.x % 32)'] * n) + '; }\n']
elif kind == 'steps':     out = ['__device__ void r(volatile float *s, int tid){\n'] + ['  s[tid] += s[tid - 16] + s[tid - 8] + s[tid - 4] + s[tid - 2] + s[tid - 1];\n'] * n + ['}\n']
elif kind == 'shfl':      out = ['__device__ float r(float v){\n'] + ['  v += __shfl_down_sync(0xffffffff, v, 16, 32);\n'] * n + ['  return v; }\n']
elif kind == 'ifdefs':    out = ['#if A%d\nint cudaMalloc_%d;\n#else\nvoid f%d(){ cudaFree(0); }\n#endif\n' % (i, i, i) for i in range(n)]
elif kind == 'structs':   out = ['struct cudaDeviceProp { int x; };\n'] + ['void f%d(){ cudaDeviceProp p; cudaGetDeviceProperties(&p, 0); }\n' % i for i in range(n)]
elif kind == 'printf_builtin_index': out = ['__global__ void k(){\n'] + ['  printf("%d %d", threadIdx.x, blockIdx.y);\n'] * n + ['}\n']
elif kind == 'branches':  out = ['__global__ void k(int *p){\n  int lane = threadIdx.x % 32;\n'] + ['  if (lane == %d) { { p[%d] = lane; } } else if (p[0]) { p[1] = 0; } else { __syncthreads(); }\n' % (i, i) for i in range(n)] + ['}\n']
elif kind == 'elsechain': out = ['__global__ void k(int *p){\n  int lane = threadIdx.x % 32;\n  if (lane == 0) p[0] = 0;\n'] + ['  else if (lane == %d) p[%d] = lane;\n' % (i, i) for i in range(1, n)] + ['  else __syncthreads();\n}\n']
elif kind == 'template_default_arg': out = ['template <class T> struct S%d { int f(int a); };\ntemplate <class T> int S%d<T>::f(int a = sizeof(S%d<T>)) { return a; }\n' % (i, i, i) for i in range(n)]
elif kind == 'divergent_barrier': out = ['__global__ void k(int *p){\n  int t = threadIdx.x;\n  if (blockIdx.x == 0) __syncthreads();\n'] + ['  else if (blockIdx.x == %d) { if (t == %d) return; __syncthreads(); }\n' % (i, i) for i in range(1, n)] + ['  __syncthreads();\n}\n']
sys.stdout.write(''.join(out))
