/* hip_runtime.h: a test double of HIP's header, so that hipify-c's translation of a plain C ".cu" file (which
 * gains #include <hip/hip_runtime.h>) builds with cc in the validate end-to-end test; HC_TRANSLATED lets a
 * test program tell the port's build from the original's. */
#define HC_TRANSLATED 1
