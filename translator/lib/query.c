/* query.c: --query NAME and --list-unsupported [FAMILY]: prints what the mapping tables say about a name
 * or a family under the options in force (target HIP version, --roc, --miopen). It translates nothing. */
#include "query.h"

#include "argrewrite.h"
#include "mapping.h"
#include "util.h"

#include <string.h>

static const char *const kind_names[] = {"function", "type", "enum constant", "macro", "header", "namespace",
                                         "struct member"};

/* "6.3.0", or "-" for none; buf must hold 16 bytes. */
static const char *version_text(hc_version v, char *buf) {
    if (!v) return "-";
    return hc_version_format(v, buf, 16);
}

static void print_versions(FILE *out, const char *label, hc_version added, hc_version deprecated,
                           hc_version changed, hc_version removed, hc_version experimental, int with_experimental) {
    char a[16], d[16], c[16], r[16], e[16];
    fprintf(out, "  %-10s added %s, deprecated %s, changed %s, removed %s", label, version_text(added, a),
            version_text(deprecated, d), version_text(changed, c), version_text(removed, r));
    if (with_experimental) fprintf(out, ", experimental %s", version_text(experimental, e));
    fputc('\n', out);
}

/* What a translation does with the row under opt, in words. */
static void print_resolution(FILE *out, const hc_mapping *m, const hc_options *opt) {
    char need[16], target[16];
    const char *target_text = opt->hip_version ? version_text(opt->hip_version, target) : "newest";
    hc_resolution r = hc_mapping_resolve(m, opt);
    switch (r.kind) {
    case HC_RES_CONVERT:
        fprintf(out, "  result:    translated to %s (target HIP %s)\n", r.target, target_text);
        break;
    case HC_RES_IDENTITY:
        fprintf(out, "  result:    same name in HIP: left as it is (target HIP %s)\n", target_text);
        break;
    case HC_RES_UNSUPPORTED:
        fprintf(out, "  result:    unsupported: no HIP equivalent; left unchanged and reported\n");
        break;
    case HC_RES_NEWER:
        fprintf(out, "  result:    unsupported at the target: %s needs HIP %s (target HIP %s)\n", r.target,
                version_text(r.needed, need), target_text);
        break;
    case HC_RES_HIP_REMOVED:
        fprintf(out, "  result:    unsupported at the target: HIP removed %s in %s (target HIP %s)\n", r.target,
                version_text(r.needed, need), target_text);
        break;
    case HC_RES_NO_MIOPEN:
        fprintf(out, "  result:    unsupported with --miopen: no direct MIOpen counterpart\n");
        break;
    case HC_RES_EXPERIMENTAL:
        fprintf(out, "  result:    left: %s is experimental in HIP %s (translated with --experimental)\n", r.target,
                version_text(r.needed, need));
        break;
    }
}

static void print_arguments(FILE *out, const hc_mapping *m) {
    size_t n = 0;
    const hc_arg_rewrite *rw = hc_arg_rewrites_find(m->cuda, strlen(m->cuda), &n);
    for (size_t i = 0; i < n; i++) {
        char count[32];
        if (rw[i].nargs < 0)
            snprintf(count, sizeof count, "any call");
        else
            snprintf(count, sizeof count, "calls with %d arguments", rw[i].nargs);
        switch ((hc_arg_action)rw[i].action) {
        case HC_ARGACT_SYMBOL:
            fprintf(out, "  arguments: %s: argument %u wrapped in HIP_SYMBOL()", count, rw[i].arg_index + 1u);
            break;
        case HC_ARGACT_CAST:
            fprintf(out, "  arguments: %s: argument %u cast to %s", count, rw[i].arg_index + 1u, rw[i].text);
            break;
        case HC_ARGACT_WARN_UNLESS:
            fprintf(out, "  arguments: %s: warning where argument %u is not %s", count, rw[i].arg_index + 1u, rw[i].text);
            break;
        case HC_ARGACT_CAST_UNLESS:
        case HC_ARGACT_QUALIFY_UNLESS:
            fprintf(out, "  arguments: %s: argument %u %s to %s unless it has that type already", count,
                    rw[i].arg_index + 1u, rw[i].action == HC_ARGACT_QUALIFY_UNLESS ? "const_cast" : "cast", rw[i].text);
            break;
        case HC_ARGACT_SHIM_UNLESS:
            fprintf(out, "  arguments: %s: hipify_shim.h's template overload where argument %u is not %s", count,
                    rw[i].arg_index + 1u, rw[i].text);
            break;
        case HC_ARGACT_SHIM:
            fprintf(out, "  arguments: %s: hipify_shim.h's template overload", count);
            break;
        case HC_ARGACT_RENAME:
            fprintf(out, "  arguments: %s: call %s instead", count, rw[i].hip);
            break;
        case HC_ARGACT_APPEND:
            fprintf(out, "  arguments: %s: argument %s appended", count, rw[i].text);
            break;
        case HC_ARGACT_DROP:
            fprintf(out, "  arguments: %s: argument %u dropped when null, else warning: %s", count,
                    rw[i].arg_index + 1u, rw[i].text);
            break;
        case HC_ARGACT_CHECK:
            fprintf(out, "  arguments: %s: warning only: %s", count, rw[i].text);
            break;
        case HC_ARGACT_REMOVE:
            fprintf(out, "  arguments: %s: argument %u removed, with a warning unless null: %s", count,
                    rw[i].arg_index + 1u, rw[i].text);
            break;
        case HC_ARGACT_INSERT:
            fprintf(out, "  arguments: %s: %s inserted as argument %u", count, rw[i].text, rw[i].arg_index + 1u);
            break;
        case HC_ARGACT_REPLACE:
            fprintf(out, "  arguments: %s: argument %u replaced by %s", count, rw[i].arg_index + 1u, rw[i].text);
            break;
        case HC_ARGACT_MOVE: {
            unsigned n = 0, to = 0;
            if (sscanf(rw[i].text, "%u:%u", &n, &to) != 2) n = 0;
            fprintf(out, "  arguments: %s: %u argument(s) from argument %u moved before argument %u (past the last: to the end)",
                    count, n, rw[i].arg_index + 1u, to + 1u);
            break;
        }
        }
        if (rw[i].target[0]) fprintf(out, " [only as %s]", rw[i].target);
        if (rw[i].hip_since) {
            char v[32];
            fprintf(out, " [only before HIP %s]", hc_version_format(rw[i].hip_since, v, sizeof v));
        }
        fprintf(out, " (%s)\n", rw[i].note);
    }
}

static void print_row(FILE *out, const hc_mapping *m, const hc_options *opt) {
    fprintf(out, "%s\n", m->cuda);
    fprintf(out, "  family:    %s (%s), section: %s\n", hc_family_key((hc_family)m->family),
            hc_family_label((hc_family)m->family), m->section);
    fprintf(out, "  kind:      %s\n", m->kind < COUNT_OF(kind_names) ? kind_names[m->kind] : "?");
    fprintf(out, "  HIP:       %s\n", m->hip[0] ? m->hip : "(none)");
    if (m->roc[0]) fprintf(out, "  %-10s %s\n", m->family == HC_FAM_DNN ? "MIOpen:" : "ROC:", m->roc);
    print_versions(out, "CUDA:", m->cuda_added, m->cuda_deprecated, m->cuda_changed, m->cuda_removed, 0, 0);
    if (m->hip[0])
        print_versions(out, "HIP:", m->hip_added, m->hip_deprecated, m->hip_changed, m->hip_removed,
                       m->hip_experimental, 1);
    if (m->roc[0])
        print_versions(out, m->family == HC_FAM_DNN ? "MIOpen:" : "ROC:", m->roc_added, m->roc_deprecated,
                       m->roc_changed, m->roc_removed, m->roc_experimental, 1);
    if (m->flags) {
        fprintf(out, "  flags:    %s%s%s%s\n", m->flags & HC_MAPF_SHIMMED ? " shimmed (libhipify_shim)" : "",
                m->flags & HC_MAPF_ARG_REWRITE ? " arg_rewrite" : "", m->flags & HC_MAPF_IDENTITY ? " identity" : "",
                m->flags & HC_MAPF_SHIM_OLDER ? " shim_older (runtime shim before hip_added)" : "");
    }
    print_arguments(out, m);
    print_resolution(out, m, opt);
}

static void print_header(FILE *out, const hc_header_map *h, const hc_options *opt) {
    char since[16];
    fprintf(out, "#include <%s>\n", h->cuda);
    fprintf(out, "  family:    %s (%s)\n", hc_family_key((hc_family)h->family), hc_family_label((hc_family)h->family));
    if (h->flags & HC_HDRF_REMOVE)
        fprintf(out, "  HIP:       (none needed: the include line is removed)\n");
    else if (!h->hip[0])
        fprintf(out, "  HIP:       (none): unsupported header, left unchanged and reported\n");
    else if (h->hip_old[0] && opt->hip_version && opt->hip_version < h->hip_path_since)
        fprintf(out, "  HIP:       <%s> (target HIP is older than %s, which spells it <%s>)\n", h->hip_old,
                version_text(h->hip_path_since, since), h->hip);
    else if (h->hip_old[0])
        fprintf(out, "  HIP:       <%s> (<%s> before HIP %s)\n", h->hip, h->hip_old, version_text(h->hip_path_since, since));
    else
        fprintf(out, "  HIP:       <%s>\n", h->hip);
    if (h->flags & HC_HDRF_RUNTIME) fprintf(out, "  flags:     runtime (provides the HIP runtime)\n");
}

int hc_query_print(FILE *out, const char *name, const hc_options *opt) {
    size_t len = strlen(name);
    const hc_mapping *m = hc_mapping_find(name, len);
    if (m) {
        print_row(out, m, opt);
        return 0;
    }
    const hc_header_map *h = hc_header_find(name, len);
    if (h) {
        print_header(out, h, opt);
        return 0;
    }
    if (!hc_mapping_find_hip(name, len)) {
        fprintf(out, "%s: not a CUDA, HIP or ROC name known to the mapping tables\n", name);
        return 1;
    }
    /* A HIP or ROC name: show every CUDA name that maps to it (cublasSgemm and cublasSgemm_v2 both do),
     * family by family in families.def order, so the runtime's cudaMalloc comes before cuMemAlloc. */
    size_t n = 0, shown = 0;
    const hc_mapping *all = hc_mapping_all(&n);
    for (int f = 0; f < HC_FAMILY__COUNT; f++) {
        for (size_t i = 0; i < n; i++) {
            if (all[i].family != f || (strcmp(all[i].hip, name) != 0 && strcmp(all[i].roc, name) != 0)) continue;
            if (shown++ == 0) fprintf(out, "%s is the counterpart of:\n", name);
            print_row(out, &all[i], opt);
        }
    }
    return 0;
}

/* Why a row is unsupported under opt, or NULL when it translates. buf holds the text when needed. */
static const char *unsupported_reason(const hc_mapping *m, const hc_options *opt, char *buf, size_t size) {
    char v[16];
    hc_resolution r = hc_mapping_resolve(m, opt);
    switch (r.kind) {
    case HC_RES_CONVERT:
    case HC_RES_IDENTITY:
        return NULL;
    case HC_RES_UNSUPPORTED:
        return "no HIP equivalent";
    case HC_RES_NEWER:
        snprintf(buf, size, "%s needs HIP %s", r.target, version_text(r.needed, v));
        return buf;
    case HC_RES_HIP_REMOVED:
        snprintf(buf, size, "%s removed in HIP %s", r.target, version_text(r.needed, v));
        return buf;
    case HC_RES_NO_MIOPEN:
        return "no direct MIOpen counterpart";
    case HC_RES_EXPERIMENTAL:
        snprintf(buf, size, "%s experimental in HIP %s (use --experimental)", r.target, version_text(r.needed, v));
        return buf;
    }
    return NULL;
}

/* --list-unsupported=header: CUDA headers with no HIP header at the target version. */
static int list_unsupported_headers(FILE *out, const hc_options *opt) {
    size_t n = 0, unsupported = 0;
    const hc_header_map *all = hc_header_all(&n);
    char v[16];
    for (size_t i = 0; i < n; i++) {
        const hc_header_map *h = &all[i];
        if (h->flags & HC_HDRF_REMOVE) continue;
        if (!h->hip[0]) {
            fprintf(out, "%s\theader\tno HIP header (%s)\n", h->cuda, hc_family_key((hc_family)h->family));
            unsupported++;
        } else if (!h->hip_old[0] && h->hip_path_since && opt->hip_version && opt->hip_version < h->hip_path_since) {
            fprintf(out, "%s\theader\t<%s> needs HIP %s\n", h->cuda, h->hip, version_text(h->hip_path_since, v));
            unsupported++;
        }
    }
    fprintf(out, "# %zu of %zu CUDA headers without a HIP header at HIP %s\n", unsupported, n,
            opt->hip_version ? version_text(opt->hip_version, v) : "(newest)");
    return 0;
}

int hc_list_unsupported(FILE *out, const char *family_key_or_null, const hc_options *opt) {
    int family = -1;
    if (family_key_or_null) {
        for (int f = 0; f < HC_FAMILY__COUNT; f++)
            if (strcmp(hc_family_key((hc_family)f), family_key_or_null) == 0) family = f;
        if (family < 0) {
            fprintf(out, "unknown family '%s'; families:", family_key_or_null);
            for (int f = 0; f < HC_FAMILY__COUNT; f++) fprintf(out, " %s", hc_family_key((hc_family)f));
            fputc('\n', out);
            return 1;
        }
    }
    if (family == HC_FAM_HEADER) return list_unsupported_headers(out, opt);
    size_t n = 0, total = 0, unsupported = 0;
    const hc_mapping *all = hc_mapping_all(&n);
    for (size_t i = 0; i < n; i++) {
        char buf[160];
        if (family >= 0 && all[i].family != family) continue;
        total++;
        const char *why = unsupported_reason(&all[i], opt, buf, sizeof buf);
        if (!why) continue;
        unsupported++;
        fprintf(out, "%s\t%s\t%s\n", all[i].cuda, hc_family_key((hc_family)all[i].family), why);
    }
    char v[16];
    fprintf(out, "# %zu of %zu %s names unsupported at HIP %s%s%s\n", unsupported, total,
            family_key_or_null ? family_key_or_null : "CUDA", opt->hip_version ? version_text(opt->hip_version, v) : "(newest)",
            opt->roc ? " with --roc" : "", opt->miopen ? " with --miopen" : "");
    return 0;
}
