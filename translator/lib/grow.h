/* grow.h: the one way libhipify and the front end make room in a growable array (double the capacity,
 * or start at a first size). It owns no memory and knows nothing of what the arrays hold. */
#ifndef HC_GROW_H
#define HC_GROW_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Makes room for need elements of the array whose pointer is at array_ptr (&s->v, for any element type),
 * element size size and capacity *cap: nothing when need <= *cap, else the capacity doubles (starting at
 * first for an empty array) until need fits, in one reallocation. Returns 0, or -1 when out of memory or
 * the size would overflow; the array and *cap are then left as they were, so the caller still owns and
 * frees it. The pointer is read and written through memcpy so that any object pointer type can be passed
 * without a cast to void ** (which C does not allow to alias T **). */
static inline int hc_grow_to(void *array_ptr, size_t *cap, size_t need, size_t size, size_t first) {
    if (need <= *cap) return 0;
    size_t ncap = *cap ? *cap : first ? first : 1;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2) return -1;
        ncap *= 2;
    }
    if (size && ncap > SIZE_MAX / size) return -1;
    void *old, *grown;
    memcpy(&old, array_ptr, sizeof old);
    grown = realloc(old, ncap * size);
    if (!grown) return -1;
    memcpy(array_ptr, &grown, sizeof grown);
    *cap = ncap;
    return 0;
}

/* Makes room for element number n (0-based): the common case of appending one element. */
static inline int hc_grow(void *array_ptr, size_t *cap, size_t n, size_t size, size_t first) {
    return n < SIZE_MAX ? hc_grow_to(array_ptr, cap, n + 1, size, first) : -1;
}

#endif
