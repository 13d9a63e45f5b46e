// A file that defines a CUDA macro itself owns its value: nothing to diagnose or rename there.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify %s -o %t.discard 2>&1 | sed /HC1050/d | count 0
#ifndef CUDA_VERSION
#define CUDA_VERSION 0
#endif
// CHECK: #if CUDA_VERSION >= 11000
#if CUDA_VERSION >= 11000
int eleven = 1;
#endif
// Defining a CUDA header's guard fakes that header: the guard keeps its CUDA name.
#define __DRIVER_TYPES_H__
// CHECK: #ifdef __DRIVER_TYPES_H__
#ifdef __DRIVER_TYPES_H__
int driver_types = 1;
#endif
