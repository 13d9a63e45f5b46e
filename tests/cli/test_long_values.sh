#!/bin/sh
# test_long_values.sh: option values longer than any fixed buffer (-I, -D, --cuda-gpu-arch) reach the
# semantic pass whole, as -v prints its arguments; it checks nothing about what the pass makes of them.
. "$(dirname "$0")/lib.sh"

write_cuda a.cu
long=$(printf '%05000d' 0) # 5000 characters: past PATH_MAX and the 512 bytes an architecture name had
run 0 "-v with 5000-character -I, -D and --cuda-gpu-arch values" "$HIPIFY" -v "-I/x$long" "-DM=$long" \
  "--cuda-gpu-arch=sm_$long" a.cu -o out.hip
has stderr " -I/x$long " "-I value passed whole"
has stderr " -DM=$long " "-D value passed whole"
has stderr " --cuda-gpu-arch=sm_$long" "--cuda-gpu-arch value passed whole"
finish
