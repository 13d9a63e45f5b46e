/* hip_runtime.h: an empty test double of HIP's header, so that hipify-c's translation of a plain C ".cu" file
 * (which gains #include <hip/hip_runtime.h>) builds with cc in the validate end-to-end test. */
