/* cuda_version.h: picks the CUDA and cuDNN releases a file is parsed against (--cuda-version, else the
 * release the file's own version conditions ask for) and says it as compiler arguments; it parses nothing. */
#ifndef HC_CUDA_VERSION_H
#define HC_CUDA_VERSION_H
#include "hipify/hipify.h"
#include <stddef.h>

struct hc_unit;

/* Values of preprocessor macros: names[k] is defined as values[k]; any other name is unknown. */
typedef struct hc_pp_env {
    const char *const *names;
    const long long *values;
    size_t n;
} hc_pp_env;

/* For each environment, how many #if groups without an #else that read a name of envs[0] keep their
 * code under it (pass_ppcond.c). envs[0] must define every name the others do. 0, or -1 on out-of-memory. */
int hc_ppcond_score_envs(const struct hc_unit *u, const hc_pp_env *envs, size_t nenv, unsigned *scores);

enum { HC_CUDA_VERSION_ARGS = 8, HC_CUDA_VERSION_ARG_LEN = 48 };

/* The release for u (forced: a CUDA version from --cuda-version, 0 for none) as -DHIPIFY_...=N arguments
 * the declaration headers read, written to args. Returns how many, or -1 on out-of-memory. */
int hc_cuda_version_args(const struct hc_unit *u, hc_version forced, char args[][HC_CUDA_VERSION_ARG_LEN]);

#endif
