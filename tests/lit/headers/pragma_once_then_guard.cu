// #pragma once before the include guard: the include goes right after #pragma once.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK: #pragma once
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #if !defined(ONCE_FIRST_H)
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
/* leading comment */
#pragma once
#if !defined(ONCE_FIRST_H)
#define ONCE_FIRST_H
#include <stdio.h>
#endif
