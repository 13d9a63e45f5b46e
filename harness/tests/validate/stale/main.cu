/* main.cu: plain C built by a Makefile through an object file, for the validate end-to-end test of stale
 * build products: the translation includes hip/hip_runtime.h (the test double defines HC_TRANSLATED), so the
 * port prints "port"; a CUDA main.o copied from the tree into the port must not be linked instead. */
#include <stdio.h>

int main(void)
{
#ifdef HC_TRANSLATED
    printf("built from: port\n");
#else
    printf("built from: original\n");
#endif
    return 0;
}
