/* main.c: a stand-in for a CUDA program that stops when prop.managedMemory is 0 (as real programs
 * do), for the AMD platform notes of the validate end-to-end test; built with cc, the -DSIDE_HIP build
 * sees 0. It is not a GPU program. Only code counts: a warpSize named in this comment must not add a note. */
#include <stdio.h>

#ifdef SIDE_HIP
#define HIP 1
#else
#define HIP 0
#endif

struct device_prop {
    int managedMemory;
    int warpSizeX; /* not warpSize: an identifier that merely starts with a key */
};

int main(void)
{
    struct device_prop prop = {HIP ? 0 : 1, 32};
    if (!prop.managedMemory) {
        printf("Unified Memory not supported (warp %d)\n", prop.warpSizeX);
        return 2;
    }
    printf("managed memory test passed (warp %d)\n", prop.warpSizeX);
    return 0;
}
