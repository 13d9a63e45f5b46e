/* translated.cu: plain C in a .cu file, so that the validate end-to-end test exercises the default path
 * (hipify-c translates the tree) with cc as the "compiler" of both sides. */
#include <stdio.h>

int main(void)
{
    double total = 0;
    for (int i = 1; i <= 100; i++)
        total += 1.0 / i;
    printf("harmonic(100) = %.12f\n", total);
    return 0;
}
