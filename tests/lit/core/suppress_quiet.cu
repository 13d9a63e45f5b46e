// --suppress drops diagnostics by id (lists and ranges), --suppress-all drops every one, and
// --quiet-warnings hides notes and warnings on stderr but not errors; the translation is the same.
// RUN: %hipify --hip-version 6.2 %s -o %t.all.cpp 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %hipify --hip-version 6.2 --suppress HC1001 %s -o %t.s1.cpp 2>&1 | FileCheck %s --check-prefix=NO1001
// RUN: %hipify --hip-version 6.2 --suppress=HC1001-HC1011 %s -o %t.s2.cpp 2>&1 | count 0
// RUN: %hipify --hip-version 6.2 --suppress-all %s -o %t.s3.cpp 2>&1 | count 0
// RUN: %hipify --hip-version 6.2 --quiet-warnings %s -o %t.q.cpp 2>&1 | count 0
// RUN: cmp %t.all.cpp %t.s1.cpp
// RUN: cmp %t.all.cpp %t.s3.cpp
// RUN: cmp %t.all.cpp %t.q.cpp
// RUN: printf 'int x; /* open' > %t.err.cu
// RUN: not %hipify --quiet-warnings %t.err.cu -o %t.err.out 2>&1 | FileCheck %s --check-prefix=ERR
// ALL: note: HC1011: inserted '#include <hip/hip_runtime.h>'
// ALL: warning: HC1001: 'cudaCtxResetPersistingL2Cache' has no HIP equivalent
// NO1001: note: HC1011
// NO1001-NOT: HC1001
// ERR: error: HC2007: unterminated /* comment starting at line 1
__global__ void k() {}
void h() { cudaCtxResetPersistingL2Cache(); }
