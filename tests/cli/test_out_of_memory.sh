#!/bin/sh
# test_out_of_memory.sh: a file whose translation runs out of memory is an error that names it (not a
# silent exit 1), and the other files of the tree are still written. Memory is made to run out by an
# LD_PRELOAD library that refuses large allocations (SKIPPED where no C compiler can build it).
. "$(dirname "$0")/lib.sh"

cc=$(command -v cc || command -v gcc || command -v clang) || { echo "SKIPPED: no C compiler"; exit 77; }
cat >"$SCRATCH/nomem.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
/* Refuses every malloc/realloc above HC_TEST_ALLOC_LIMIT bytes, as a memory limit would. */
static size_t limit(void) { const char *v = getenv("HC_TEST_ALLOC_LIMIT"); return v ? strtoull(v, NULL, 10) : (size_t)-1; }
void *malloc(size_t n) {
    static void *(*real)(size_t);
    if (!real) real = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
    return n > limit() ? NULL : real(n);
}
void *realloc(void *p, size_t n) {
    static void *(*real)(void *, size_t);
    if (!real) real = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
    return n > limit() ? NULL : real(p, n);
}
C
# An AddressSanitizer build must have its runtime first in the process: a preloaded library aborts it.
if ldd "$HIPIFY" 2>/dev/null | grep -q libasan; then echo "SKIPPED: an ASan build cannot take an LD_PRELOAD library"; exit 77; fi
"$cc" -shared -fPIC -o "$SCRATCH/nomem.so" "$SCRATCH/nomem.c" -ldl 2>/dev/null || { echo "SKIPPED: cannot build the preload library"; exit 77; }

# A Makefile of many -lcudart words: reading it takes under 1 MB, its edit list and output more.
mkdir tree
awk 'BEGIN { print "LDLIBS = \\"; for (i = 0; i < 60000; i++) print "  -lcudart \\"; print "  -lm"; print "all:"; print "\tnvcc -o app app.cu $(LDLIBS)" }' >tree/Makefile
printf 'int main(void) { return 0; }\n' >tree/small.c
run 1 "out of memory in one file" env LD_PRELOAD="$SCRATCH/nomem.so" HC_TEST_ALLOC_LIMIT=1000000 \
  "$HIPIFY" -j1 -O out tree
has "$SCRATCH/stderr" "tree/Makefile: error: out of memory" "the error names the file"
exists out/small.c "the other files are written"

exit $((failures > 0))
