// A member called allocFlags in a file that never names cudaMemAllocationProp is someone else's: unchanged.
// RUN: %hipify --hip-version 5.2 %s -o %t.out 2>%t.err
// RUN: FileCheck %s < %t.out
// RUN: not grep alloc-flags %t.err
struct Pool { struct { int usage; } allocFlags; };
// CHECK: int pool_usage(const Pool &p) { return p.allocFlags.usage; }
int pool_usage(const Pool &p) { return p.allocFlags.usage; }
