/* util.h: the one COUNT_OF that libhipify and the front end share. It holds no state and no logic beyond
 * what a macro can say; growth of arrays is grow.h's. */
#ifndef HC_UTIL_H
#define HC_UTIL_H

/* The number of elements of an array (not a pointer: sizeof would then be the pointer's). */
#define COUNT_OF(a) (sizeof(a) / sizeof *(a))

#endif
