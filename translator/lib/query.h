/* query.h: --query and --list-unsupported: prints what the mapping tables say about names and
 * families under the options in force. It translates nothing. */
#ifndef HC_QUERY_H
#define HC_QUERY_H
#include "hipify/hipify.h"
#include <stdio.h>

/* Prints the mapping of one CUDA or HIP name. Returns 0 when found, 1 when the name is unknown. */
int hc_query_print(FILE *out, const char *name, const hc_options *opt);
/* Lists CUDA APIs without a HIP counterpart at opt->hip_version (one family, or all when NULL).
 * Returns 0, or 1 when the family key is unknown. */
int hc_list_unsupported(FILE *out, const char *family_key_or_null, const hc_options *opt);

#endif
