// --print-stats-csv writes the same statistics as CSV (to --o-stats FILE), one row per counter, per
// file (named by its base name when given as an absolute path) and in total.
// Replaced: cuda_runtime.h 14 + cudaStream_t 12 + cudaMemset 10 + cudaLimitStackSize 18 = 54 bytes.
// RUN: rm -f %t.csv %t.2.csv
// RUN: %hipify --hip-version 6.2 --print-stats-csv --o-stats %t.csv %s -o %t.cpp
// RUN: FileCheck %s < %t.csv
// RUN: %hipify -hip-version=6.2 -print-stats-csv -o-stats=%t.2.csv %s -o %t.cpp
// RUN: grep -v time_elapsed %t.csv > %t.a
// RUN: grep -v time_elapsed %t.2.csv > %t.b
// RUN: diff %t.a %t.b
// CHECK: file,section,name,value
// CHECK-NEXT: stats_csv.cu,summary,converted_refs,4
// CHECK-NEXT: stats_csv.cu,summary,unconverted_refs,1
// CHECK-NEXT: stats_csv.cu,summary,replaced_bytes,54
// CHECK-NEXT: stats_csv.cu,summary,total_bytes,{{[1-9][0-9]*}}
// CHECK-NEXT: stats_csv.cu,summary,changed_lines,4
// CHECK-NEXT: stats_csv.cu,summary,total_lines,37
// CHECK-NEXT: stats_csv.cu,summary,time_elapsed_us,{{[0-9]+}}
// CHECK-NEXT: stats_csv.cu,converted_by_api,runtime,4
// CHECK-NEXT: stats_csv.cu,unconverted_by_api,runtime,1
// CHECK-NEXT: stats_csv.cu,converted_by_name,cudaLimitStackSize,1
// CHECK-NEXT: stats_csv.cu,converted_by_name,cudaMemset,1
// CHECK-NEXT: stats_csv.cu,unconverted_by_name,cudaStreamGetId,1
// CHECK-NEXT: stats_csv.cu,converted_by_name,cudaStream_t,1
// CHECK-NEXT: stats_csv.cu,converted_by_name,cuda_runtime.h,1
// CHECK-NEXT: TOTAL,summary,converted_refs,4
// CHECK-NEXT: TOTAL,summary,unconverted_refs,1
// CHECK-NEXT: TOTAL,summary,replaced_bytes,54
// CHECK: TOTAL,unconverted_by_name,cudaStreamGetId,1
// CHECK-NEXT: TOTAL,converted_by_name,cudaStream_t,1
// CHECK-NEXT: TOTAL,converted_by_name,cuda_runtime.h,1
// CHECK-NOT: {{.}}
#include <cuda_runtime.h>
void f(void *p, cudaStream_t s) {
  cudaMemset(p, 0, 4);
  int limit = cudaLimitStackSize; cudaStreamGetId(s, (unsigned long long *)p);
}
