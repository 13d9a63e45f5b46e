# original-cuda13.sed: the only change the recipe makes to the ORIGINAL Caffe (never to the port): CUDA 13
# removed three cudaDeviceProp fields that Caffe's device report prints; it does not touch anything else.
# deviceOverlap: CUDA documents asyncEngineCount as its replacement; clockRate and kernelExecTimeoutEnabled
# come from cudaDeviceGetAttribute, as CUDA 13 expects.
s/\([A-Za-z_]*\)\.deviceOverlap/(\1.asyncEngineCount > 0)/g
s/\([A-Za-z_]*\)\.clockRate/[]{int d = 0, v = 0; cudaGetDevice(\&d); cudaDeviceGetAttribute(\&v, cudaDevAttrClockRate, d); return v;}()/g
s/\([A-Za-z_]*\)\.kernelExecTimeoutEnabled/[]{int d = 0, v = 0; cudaGetDevice(\&d); cudaDeviceGetAttribute(\&v, cudaDevAttrKernelExecTimeout, d); return v;}()/g
