// A macro name glued to a string literal ("node ("fNID")", as rodinia's mummergpu writes its format
// strings) is a user-defined-literal suffix to C++11: clang rejects it ("invalid suffix on literal"),
// nvcc accepts it, and the port failed with no diagnostic. A space goes in (note HC1122); a real
// user-defined literal (leading underscore), the standard s/sv suffixes and separated names stay.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=HC1122
#include <cstdio>
#include <string>
#define fNID "%d"
// DIAG: literal_suffix.cu:[[#@LINE+1]]:32: note: HC1122: 'fNID' right after a string literal
#define SHOW(x) printf("value "fNID"\n", x)
// CHECK: #define SHOW(x) printf("value " fNID"\n", x)
__global__ void k(int n) {
  // CHECK: printf("In node (" fNID"): %c\n", n, 'a');
  // DIAG: literal_suffix.cu:[[#@LINE+1]]:21: note: HC1122: 'fNID' right after a string literal: a space inserted, or C++11 reads it as a literal suffix [literal-suffix]
  printf("In node ("fNID"): %c\n", n, 'a');
  // CHECK: printf("plain " fNID "\n", n);
  printf("plain " fNID "\n", n);
}
std::string operator""_tag(const char *p, std::size_t n) { return std::string(p, n); }
void host() {
  using namespace std::string_literals;
  // CHECK: auto a = "x"_tag; auto b = "y"s;
  auto a = "x"_tag; auto b = "y"s;
  (void)a; (void)b;
}
// extern "C"__global__ (a blog post's kernel file): __global__ is a macro under HIP, and clang reads
// "C"__global__ as one literal with a suffix; a name with two leading underscores is never a user's suffix.
// CHECK: extern "C" __global__
// DIAG: literal_suffix.cu:[[#@LINE+1]]:11: note: HC1122: '__global__' right after a string literal
extern "C"__global__
void saxpy(int n, float *y) { y[n] = 0; }
