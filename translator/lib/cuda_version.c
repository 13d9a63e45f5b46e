/* cuda_version.c: chooses the CUDA and cuDNN release whose version macros the semantic pass parses a file
 * with (facts: mappings/cuda_releases.def). It does not evaluate conditions itself (pass_ppcond.c does). */

/* Why: code written for an older CUDA keeps its legacy calls in `#if CUDA_VERSION < 12000` branches, and
 * hipify-clang translates the branch the installed toolkit keeps. hipify-c has no toolkit: the user
 * names the release (--cuda-version), or the file's own conditions choose it. A group without an #else
 * holds code that exists only for some releases; the release that keeps the most such groups is the one
 * the code was written for. Where that does not decide, the release the declarations describe wins. */
#include "cuda_version.h"
#include "unit.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct cuda_release { long long cuda; int sp_major, sp_minor, sp_patch; } cuda_release;
typedef struct cudnn_release { int major, minor, patch; } cudnn_release;

static const cuda_release cuda_releases[] = {
#define HC_CUDA_RELEASE(v, ma, mi, pa) {v, ma, mi, pa},
#define HC_CUDNN_RELEASE(ma, mi, pa)
#include "../../mappings/cuda_releases.def"
#undef HC_CUDA_RELEASE
#undef HC_CUDNN_RELEASE
};
static const cudnn_release cudnn_releases[] = {
#define HC_CUDA_RELEASE(v, ma, mi, pa)
#define HC_CUDNN_RELEASE(ma, mi, pa) {ma, mi, pa},
#include "../../mappings/cuda_releases.def"
#undef HC_CUDA_RELEASE
#undef HC_CUDNN_RELEASE
};
enum {
    NCUDA = COUNT_OF(cuda_releases),
    NCUDNN = COUNT_OF(cudnn_releases),
    DEFAULT_CUDA = 12060 /* the release translator/cuda-decls describes */
};

/* Macro names, in the order env_values fills them. */
static const char *const env_names[] = {"CUDA_VERSION", "CUDART_VERSION", "CUDNN_VERSION", "CUDNN_MAJOR",
                                        "CUDNN_MINOR", "CUDNN_PATCHLEVEL", "CUSPARSE_VERSION",
                                        "CUSPARSE_VER_MAJOR", "CUSPARSE_VER_MINOR", "CUSPARSE_VER_PATCH"};
enum { NNAMES = COUNT_OF(env_names), NCORE = 6 };

static long long cudnn_version(const cudnn_release *d) {
    return d->major >= 9 ? d->major * 10000LL + d->minor * 100 + d->patch : d->major * 1000LL + d->minor * 100 + d->patch;
}

/* Fills the values of one (CUDA, cuDNN) pair; returns how many names it defines (no cuSPARSE version
 * before CUDA 10.1). */
static size_t env_values(long long cuda, const cuda_release *r, const cudnn_release *d, long long *v) {
    v[0] = v[1] = cuda;
    v[2] = cudnn_version(d);
    v[3] = d->major, v[4] = d->minor, v[5] = d->patch;
    if (!r->sp_major) return NCORE;
    v[6] = r->sp_major * 1000LL + r->sp_minor * 100 + r->sp_patch;
    v[7] = r->sp_major, v[8] = r->sp_minor, v[9] = r->sp_patch;
    return NNAMES;
}

/* The newest release not newer than a CUDA_VERSION number (the oldest one for anything older). */
static const cuda_release *release_for(long long cuda) {
    for (size_t k = 0; k < NCUDA; k++)
        if (cuda_releases[k].cuda <= cuda) return &cuda_releases[k];
    return &cuda_releases[NCUDA - 1];
}

typedef struct pick { long long cuda; const cuda_release *r; const cudnn_release *d; } pick;

static int pick_release(const hc_unit *u, hc_version forced, pick *out) {
    out->cuda = DEFAULT_CUDA;
    out->d = &cudnn_releases[0];
    if (forced) out->cuda = (long long)(forced >> 16) * 1000 + ((forced >> 8) & 0xff) * 10;
    out->r = release_for(out->cuda);
    size_t ncuda = forced ? 1 : NCUDA, n = ncuda * NCUDNN;
    hc_pp_env *envs = malloc(n * sizeof *envs);
    long long *vals = malloc(n * NNAMES * sizeof *vals);
    unsigned *scores = malloc(n * sizeof *scores);
    int rc = -1;
    if (!envs || !vals || !scores) goto done;
    /* The newest pair first: it defines every name, as hc_ppcond_score_envs needs of envs[0]. */
    for (size_t c = 0; c < ncuda; c++)
        for (size_t d = 0; d < NCUDNN; d++) {
            size_t k = c * NCUDNN + d;
            const cuda_release *r = forced ? out->r : &cuda_releases[c];
            envs[k] = (hc_pp_env){env_names, vals + k * NNAMES,
                                  env_values(forced ? out->cuda : r->cuda, r, &cudnn_releases[d], vals + k * NNAMES)};
        }
    if (envs[0].n != NNAMES) envs[0].n = NNAMES; /* a forced release without cuSPARSE's version: names read as 0 */
    if (hc_ppcond_score_envs(u, envs, n, scores) < 0) goto done;
    /* The best score; the default pair (the declarations' release, the newest cuDNN) where it ties, else
     * the newest pair that reaches it. */
    unsigned top = 0;
    for (size_t k = 0; k < n; k++) top = scores[k] > top ? scores[k] : top;
    size_t best = SIZE_MAX;
    for (size_t k = 0; k < n && best == SIZE_MAX; k++) {
        bool is_default = (forced || cuda_releases[k / NCUDNN].cuda == DEFAULT_CUDA) && k % NCUDNN == 0;
        if (is_default && scores[k] == top) best = k;
    }
    for (size_t k = 0; k < n && best == SIZE_MAX; k++)
        if (scores[k] == top) best = k;
    if (!forced) out->cuda = cuda_releases[best / NCUDNN].cuda, out->r = &cuda_releases[best / NCUDNN];
    out->d = &cudnn_releases[best % NCUDNN];
    rc = 0;
done:
    free(envs);
    free(vals);
    free(scores);
    return rc;
}

int hc_cuda_version_args(const hc_unit *u, hc_version forced, char args[][HC_CUDA_VERSION_ARG_LEN]) {
    pick p;
    if (pick_release(u, forced, &p) < 0) return -1;
    int n = 0;
    snprintf(args[n++], HC_CUDA_VERSION_ARG_LEN, "-DHIPIFY_CUDA_VERSION=%lld", p.cuda);
    snprintf(args[n++], HC_CUDA_VERSION_ARG_LEN, "-DHIPIFY_CUDNN_MAJOR=%d", p.d->major);
    snprintf(args[n++], HC_CUDA_VERSION_ARG_LEN, "-DHIPIFY_CUDNN_MINOR=%d", p.d->minor);
    snprintf(args[n++], HC_CUDA_VERSION_ARG_LEN, "-DHIPIFY_CUDNN_PATCHLEVEL=%d", p.d->patch);
    if (p.r->sp_major) {
        snprintf(args[n++], HC_CUDA_VERSION_ARG_LEN, "-DHIPIFY_CUSPARSE_VER_MAJOR=%d", p.r->sp_major);
        snprintf(args[n++], HC_CUDA_VERSION_ARG_LEN, "-DHIPIFY_CUSPARSE_VER_MINOR=%d", p.r->sp_minor);
        snprintf(args[n++], HC_CUDA_VERSION_ARG_LEN, "-DHIPIFY_CUSPARSE_VER_PATCH=%d", p.r->sp_patch);
    }
    return n;
}
