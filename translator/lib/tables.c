/* tables.c: lookups in the static tables of the public API (diagnostics, families) and version
 * parsing/formatting. No translation logic. */
#include "hipify/hipify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const hc_diag_info diag_table[HC_DIAG__COUNT] = {
#define HC_DIAG(sym, code, sev, flag, title, fmt, help) [sym] = {code, sev, flag, title, fmt, help},
#include "hipify/diagnostics.def"
#undef HC_DIAG
};

const hc_diag_info *hc_diag_info_get(hc_diag_id id) {
    return (unsigned)id < HC_DIAG__COUNT ? &diag_table[id] : NULL;
}

hc_diag_id hc_diag_find(const char *code) {
    for (int i = 0; i < HC_DIAG__COUNT; i++)
        if (strcmp(diag_table[i].code, code) == 0) return (hc_diag_id)i;
    return HC_DIAG__COUNT;
}

static const char *const family_keys[HC_FAMILY__COUNT] = {
#define HC_FAMILY(sym, key, label) [sym] = key,
#include "hipify/families.def"
#undef HC_FAMILY
};
static const char *const family_labels[HC_FAMILY__COUNT] = {
#define HC_FAMILY(sym, key, label) [sym] = label,
#include "hipify/families.def"
#undef HC_FAMILY
};

const char *hc_family_key(hc_family f) { return (unsigned)f < HC_FAMILY__COUNT ? family_keys[f] : "?"; }
const char *hc_family_label(hc_family f) { return (unsigned)f < HC_FAMILY__COUNT ? family_labels[f] : "?"; }

hc_version hc_version_parse(const char *text) {
    unsigned part[3] = {0, 0, 0};
    int n = 0;
    const char *p = text;
    if (!p || !*p) return 0;
    while (n < 3) {
        if (*p < '0' || *p > '9') return 0;
        unsigned v = 0;
        while (*p >= '0' && *p <= '9') {
            v = v * 10 + (unsigned)(*p++ - '0');
            if (v > 255) return 0;
        }
        part[n++] = v;
        if (*p == '\0') break;
        if (*p != '.') return 0;
        p++;
    }
    if (*p) return 0;
    return HC_VERSION(part[0], part[1], part[2]);
}

char *hc_version_format(hc_version v, char *buf, size_t size) {
    snprintf(buf, size, "%u.%u.%u", (unsigned)(v >> 16), (unsigned)((v >> 8) & 0xff), (unsigned)(v & 0xff));
    return buf;
}
