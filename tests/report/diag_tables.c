/* diag_tables.c: the table lookups of the public API (diagnostic info, family names, version text),
 * expanded from the same .def files as libhipify. Linked into the report tests only while the core
 * library does not yet provide them (tests/report/CMakeLists.txt decides); no other purpose. */
#include "hipify/hipify.h"
#include <stdio.h>
#include <string.h>

static const hc_diag_info diag_table[HC_DIAG__COUNT] = {
#define HC_DIAG(sym, code, sev, flag, title, fmt, help) [sym] = {code, sev, flag, title, fmt, help},
#include "hipify/diagnostics.def"
#undef HC_DIAG
};

const hc_diag_info *hc_diag_info_get(hc_diag_id id)
{
    return (unsigned)id < HC_DIAG__COUNT ? &diag_table[id] : NULL;
}

hc_diag_id hc_diag_find(const char *code)
{
    for (int i = 0; i < HC_DIAG__COUNT; i++)
        if (!strcmp(diag_table[i].code, code))
            return (hc_diag_id)i;
    return HC_DIAG__COUNT;
}

static const char *const family_keys[] = {
#define HC_FAMILY(sym, key, label) key,
#include "hipify/families.def"
#undef HC_FAMILY
};
static const char *const family_labels[] = {
#define HC_FAMILY(sym, key, label) label,
#include "hipify/families.def"
#undef HC_FAMILY
};

const char *hc_family_key(hc_family f) { return (unsigned)f < HC_FAMILY__COUNT ? family_keys[f] : "unknown"; }
const char *hc_family_label(hc_family f) { return (unsigned)f < HC_FAMILY__COUNT ? family_labels[f] : "Unknown"; }

char *hc_version_format(hc_version v, char *buf, size_t size)
{
    snprintf(buf, size, "%u.%u.%u", (unsigned)(v >> 16), (unsigned)((v >> 8) & 0xff), (unsigned)(v & 0xff));
    return buf;
}
