// The translated argument rewrites and runtime calls compile with hipcc for gfx90a (Debian's HIP 5.2);
// (hipRAND and hipSPARSE outputs: tests/mapping, mapping-compile-*). Without hipcc lit reports it UNSUPPORTED.
// REQUIRES: hipcc
// RUN: %hipify --hip-version 5.2 %S/arguments.cu -o %t.args.hip 2>/dev/null
// RUN: sed -i '/"coeffs"/d' %t.args.hip
// RUN: %hipcc %t.args.hip -o %t.args.o
// HIP 5.2 has no hip/hip_math_constants.h (headers.tsv: since 5.7.0, no older spelling), so the include
// keeps math_constants.h with warning HC1010; the line is removed here so that the rest compiles.
// RUN: %hipify --hip-version 5.2 %S/runtime.cu -o %t.runtime.hip 2>/dev/null
// RUN: sed -i '/math_constants/d' %t.runtime.hip
// RUN: %hipcc %t.runtime.hip -o %t.runtime.o
// RUN: %hipify --hip-version 5.2 %S/complex.cu -o %t.complex.hip 2>/dev/null && %hipcc %t.complex.hip -o %t.complex.o
// RUN: %hipify --hip-version 5.2 %S/coop.cu -o %t.coop.hip 2>/dev/null && %hipcc %t.coop.hip -o %t.coop.o
// RUN: %hipify --hip-version 5.2 %S/device.cu -o %t.device.hip 2>/dev/null && %hipcc %t.device.hip -o %t.device.o
// RUN: %hipify --hip-version 5.2 %S/driver.cu -o %t.driver.hip 2>/dev/null && %hipcc %t.driver.hip -o %t.driver.o
// make_half2 kept as it is (fp16_make_half2.cu) is HIP 5.2's own function.
// RUN: %hipify --hip-version 5.2 %S/fp16_make_half2.cu -o %t.mh.hip 2>/dev/null && %hipcc %t.mh.hip -o %t.mh.o
// A braced launch configuration (core/launch_braced_dims.cu) compiles once typed, in both launch forms.
// RUN: %hipify --hip-version 5.2 %S/../core/launch_braced_dims.cu -o %t.brace.hip 2>/dev/null && %hipcc %t.brace.hip -o %t.brace.o
// RUN: %hipify --hip-version 5.2 --hip-kernel-execution-syntax %S/../core/launch_braced_dims.cu -o %t.brace2.hip 2>/dev/null && %hipcc %t.brace2.hip -o %t.brace2.o
// cast-unless rows: with the semantic pass (casts only where needed) and without it (casts everywhere)
// RUN: %hipify --hip-version 5.2 %S/arguments_typed.cu -o %t.typed.hip 2>/dev/null && %hipcc %t.typed.hip -o %t.typed.o
// RUN: %hipify --hip-version 5.2 --semantic never %S/arguments_typed.cu -o %t.typed-never.hip 2>/dev/null && %hipcc %t.typed-never.hip -o %t.typed-never.o
