// Parameters whose types close nested template argument lists with '>>' (or '>>>', which the lexer reads
// as one token) are still separate parameters: HC1125 compares the types without the parameters' names,
// so two definitions that name their first parameter differently still collide after the port, and the
// message shows each parameter's type alone.
// RUN: %hipify --hip-path none %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=HC1125
#include <cuda.h>
#include <cuda_runtime.h>
#include <map>
#include <vector>
void g(std::vector<std::vector<int>> a, cudaStream_t s) {}
// CHECK: merged_overloads_templates.cu:[[#@LINE+1]]:6: warning: HC1125: 'g(std :: vector < std :: vector < int >>, CUstream)' and 'g(std :: vector < std :: vector < int >>, cudaStream_t)' (line [[#@LINE-1]]) both become 'g(std :: vector < std :: vector < int >>, hipStream_t)' in HIP
void g(std::vector<std::vector<int>> b, CUstream s) {}
void same_name(std::vector<std::vector<int>> v, cudaStream_t s) {}
// CHECK: merged_overloads_templates.cu:[[#@LINE+1]]:6: warning: HC1125: 'same_name(std :: vector < std :: vector < int >>, CUstream)' and 'same_name(std :: vector < std :: vector < int >>, cudaStream_t)'
void same_name(std::vector<std::vector<int>> v, CUstream s) {}
template <class T> struct Box {};
void h(Box<Box<Box<int>>> a, cudaError_t e) {}
// CHECK: merged_overloads_templates.cu:[[#@LINE+1]]:6: warning: HC1125: 'h(Box < Box < Box < int >>>, CUresult)' and 'h(Box < Box < Box < int >>>, cudaError_t)'
void h(Box<Box<Box<int>>> b, CUresult e) {}
void k(std::map<int, std::vector<int>> m, std::vector<std::vector<float>> v, cudaEvent_t e) {}
// CHECK: merged_overloads_templates.cu:[[#@LINE+1]]:6: warning: HC1125: 'k(std :: map < int , std :: vector < int >>, std :: vector < std :: vector < float >>, CUevent)' and
void k(std::map<int, std::vector<int>> m, std::vector<std::vector<float>> w, CUevent e) {}
// Overloads that still differ after the port stay silent.
void q(std::vector<std::vector<int>> v, float x) {}
void q(std::vector<std::vector<int>> v, double x) {}
