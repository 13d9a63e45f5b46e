// unqualified.cpp: a ported CUB program as hipify-c writes one (`using namespace hipcub;`, then CUB's names
// unqualified), built with nvcc against the HIP-on-NVIDIA hipCUB layer; it checks names and types, not results.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>
#include <type_traits>

using namespace hipcub;

// Block- and warp-wide templates, an enumerator and an allocator, named as the port names them.
__global__ void block_sum(const int *in, int *out)
{
  typedef BlockReduce<int, 128, BLOCK_REDUCE_WARP_REDUCTIONS> Reduce;
  typedef WarpReduce<int> Warp;
  __shared__ typename Reduce::TempStorage block_storage;
  __shared__ typename Warp::TempStorage warp_storage[4];
  int v = in[threadIdx.x];
  int total = Reduce(block_storage).Sum(v);
  int lane = Warp(warp_storage[threadIdx.x / 32]).Sum(v);
  if (threadIdx.x == 0)
    out[0] = total + lane * 0;
}

static hipError_t device_wide(int *d_in, int *d_out, int *d_count, int *d_lengths, int n)
{
  void *temp = NULL;
  size_t bytes = 0;
  // Unqualified device-wide algorithms: each must be one name (the layer's hipError_t struct), not two.
  hipError_t e = DeviceRunLengthEncode::Encode(temp, bytes, d_in, d_out, d_lengths, d_count, n);
  e = DeviceReduce::Sum(NULL, bytes, d_in, d_out, n);
  e = DeviceScan::ExclusiveSum(NULL, bytes, d_in, d_out, n);
  e = DeviceRadixSort::SortKeys(NULL, bytes, d_in, d_out, n);
  e = DeviceSelect::Flagged(NULL, bytes, d_in, d_lengths, d_out, d_count, n);
  // The same names qualified, as the port's other files may spell them.
  e = hipcub::DeviceReduce::Max(NULL, bytes, d_in, d_out, n);
  static_assert(std::is_same<decltype(DeviceReduce::Sum(NULL, bytes, d_in, d_out, n)), hipError_t>::value,
                "hipcub::DeviceReduce returns hipError_t, as hipCUB's does");
  CachingDeviceAllocator allocator(true);
  (void)allocator;
  return e;
}

int main()
{
  (void)&device_wide;
  (void)&block_sum;
  return 0;
}
