/* arrayfile.c: raw and .npy array readers: one table of element types, the .npy header parser, and widening
 * to the comparison's dtypes. It does not compare arrays (compare.c) or decide which files to read. */
#include "arrayfile.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct element_type {
    const char *name; /* the raw dtype name of the spec */
    char kind;        /* the .npy kind letter: f, i, u, b */
    size_t size;      /* bytes per stored element */
    hc_dtype target;  /* the comparison dtype it is widened to, without loss */
} element_type;

static const element_type element_types[] = {
    {"f32", 'f', 4, HC_DTYPE_F32}, {"f64", 'f', 8, HC_DTYPE_F64}, {"i32", 'i', 4, HC_DTYPE_I32},
    {"u32", 'u', 4, HC_DTYPE_U32}, {"i64", 'i', 8, HC_DTYPE_I64}, {"u8", 'u', 1, HC_DTYPE_U8},
    {"i8", 'i', 1, HC_DTYPE_I32},  {"i16", 'i', 2, HC_DTYPE_I32}, {"u16", 'u', 2, HC_DTYPE_I32},
    {"u64", 'u', 8, HC_DTYPE_I64}, {"bool", 'b', 1, HC_DTYPE_U8},
};
#define ELEMENT_TYPE_COUNT (COUNT_OF(element_types))

static const element_type *type_by_name(const char *name)
{
    for (size_t i = 0; name && i < ELEMENT_TYPE_COUNT; i++)
        if (strcmp(element_types[i].name, name) == 0)
            return &element_types[i];
    return NULL;
}

static const element_type *type_by_kind(char kind, size_t size)
{
    for (size_t i = 0; i < ELEMENT_TYPE_COUNT; i++)
        if (element_types[i].kind == kind && element_types[i].size == size)
            return &element_types[i];
    return NULL;
}

int array_dtype_known(const char *name)
{
    return type_by_name(name) != NULL;
}

/* Reads one stored element (swapping bytes when big-endian) and writes it as the target dtype. */
static void widen(const element_type *t, const unsigned char *from, int big_endian, void *to_base, uint64_t i)
{
    unsigned char bytes[8] = {0}; /* every size is 1 to 8 bytes; zeroed because gcc -O3 cannot see that */
    for (size_t k = 0; k < t->size; k++)
        bytes[k] = from[big_endian ? t->size - 1 - k : k];
    switch (t->target) {
    case HC_DTYPE_F32:
    case HC_DTYPE_U32:
        memcpy((uint32_t *)to_base + i, bytes, 4);
        break;
    case HC_DTYPE_F64:
    case HC_DTYPE_I64:
        memcpy((uint64_t *)to_base + i, bytes, 8);
        break;
    case HC_DTYPE_U8:
        ((uint8_t *)to_base)[i] = bytes[0] != 0 && t->kind == 'b' ? 1 : bytes[0];
        break;
    case HC_DTYPE_I32: {
        int32_t v = 0;
        if (t->size == 4) {
            memcpy(&v, bytes, 4);
        } else if (t->size == 2) {
            uint16_t u;
            memcpy(&u, bytes, 2);
            v = t->kind == 'i' ? (int32_t)(int16_t)u : (int32_t)u;
        } else {
            v = t->kind == 'i' ? (int32_t)(int8_t)bytes[0] : (int32_t)bytes[0];
        }
        ((int32_t *)to_base)[i] = v;
        break;
    }
    default:
        break;
    }
}

static int fill(array_data *out, const element_type *t, const unsigned char *bytes, size_t size, int big_endian,
                char *error, size_t error_size)
{
    if (size % t->size != 0) {
        snprintf(error, error_size, "%zu bytes is not a whole number of %s elements (%zu bytes each)", size, t->name,
                 t->size);
        return -1;
    }
    out->count = size / t->size;
    out->dtype = t->target;
    out->data = malloc(out->count ? out->count * hc_dtype_size(t->target) : 1);
    if (!out->data) {
        snprintf(error, error_size, "out of memory for %" PRIu64 " elements", out->count);
        return -1;
    }
    for (uint64_t i = 0; i < out->count; i++)
        widen(t, bytes + i * t->size, big_endian, out->data, i);
    return 0;
}

int array_read_raw(const char *path, const char *dtype_name, array_data *out, char *error, size_t error_size)
{
    memset(out, 0, sizeof *out);
    const element_type *t = type_by_name(dtype_name);
    if (!t) {
        snprintf(error, error_size, "unknown raw dtype '%s' (f32 f64 i32 u32 i64 u8 i8 i16 u16 u64 bool)",
                 dtype_name ? dtype_name : "(none)");
        return -1;
    }
    size_t size = 0;
    char *bytes = read_text_file(path, &size);
    if (!bytes) {
        snprintf(error, error_size, "cannot read %s", path);
        return -1;
    }
    snprintf(out->source_dtype, sizeof out->source_dtype, "%s", t->name);
    out->ndim = 1;
    int status = fill(out, t, (const unsigned char *)bytes, size, 0, error, error_size);
    out->shape[0] = out->count;
    free(bytes);
    return status;
}

/* Finds the value after 'key': in the header dictionary; NULL when the key is absent. */
static const char *dict_value(const char *header, const char *key)
{
    char quoted[2][32];
    snprintf(quoted[0], sizeof quoted[0], "'%s'", key);
    snprintf(quoted[1], sizeof quoted[1], "\"%s\"", key);
    for (int q = 0; q < 2; q++) {
        const char *at = strstr(header, quoted[q]);
        if (!at)
            continue;
        at += strlen(quoted[q]);
        while (*at == ' ')
            at++;
        if (*at != ':')
            return NULL;
        at++;
        while (*at == ' ')
            at++;
        return at;
    }
    return NULL;
}

int array_parse_npy(const unsigned char *bytes, size_t size, array_data *out, char *error, size_t error_size)
{
    memset(out, 0, sizeof *out);
    if (size < 10 || memcmp(bytes, "\x93NUMPY", 6) != 0) {
        snprintf(error, error_size, "not a .npy file (no \\x93NUMPY magic)");
        return -1;
    }
    int major = bytes[6];
    size_t header_length, offset;
    if (major == 1) {
        header_length = (size_t)bytes[8] | (size_t)bytes[9] << 8;
        offset = 10;
    } else if ((major == 2 || major == 3) && size >= 12) {
        header_length = (size_t)bytes[8] | (size_t)bytes[9] << 8 | (size_t)bytes[10] << 16 | (size_t)bytes[11] << 24;
        offset = 12;
    } else {
        snprintf(error, error_size, ".npy format version %d is not supported (1 to 3 are)", major);
        return -1;
    }
    if (offset + header_length > size) {
        snprintf(error, error_size, ".npy header runs past the end of the file");
        return -1;
    }
    char *header = strndup((const char *)bytes + offset, header_length);
    if (!header) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    int status = -1;
    const char *descr = dict_value(header, "descr"), *order = dict_value(header, "fortran_order"),
               *shape = dict_value(header, "shape");
    if (!descr || !order || !shape || (*descr != '\'' && *descr != '"') || *shape != '(') {
        snprintf(error, error_size, ".npy header lacks descr, fortran_order or shape: %s", header);
        goto done;
    }
    size_t descr_length = strcspn(descr + 1, "'\"");
    snprintf(out->source_dtype, sizeof out->source_dtype, "%.*s", (int)descr_length, descr + 1);
    const char *d = out->source_dtype;
    int big_endian = d[0] == '>';
    if (d[0] == '<' || d[0] == '>' || d[0] == '|' || d[0] == '=')
        d++;
    const element_type *t = strlen(d) >= 2 && isdigit((unsigned char)d[1]) ? type_by_kind(d[0], (size_t)atoi(d + 1)) : NULL;
    if (!t) {
        snprintf(error, error_size, ".npy element type '%s' is not supported (numeric and bool only; no float16)",
                 out->source_dtype);
        goto done;
    }
    out->fortran_order = strncmp(order, "True", 4) == 0;
    uint64_t expected = 1;
    const char *p = shape + 1;
    for (;;) {
        while (*p == ' ' || *p == ',')
            p++;
        if (*p == ')')
            break;
        char *end = NULL;
        unsigned long long dim = strtoull(p, &end, 10);
        if (end == p || out->ndim == ARRAY_MAX_DIMS) {
            snprintf(error, error_size, ".npy shape not understood: %s", shape);
            goto done;
        }
        out->shape[out->ndim++] = dim;
        expected *= dim;
        p = end;
        while (*p == 'L') /* Python 2 long suffix */
            p++;
    }
    size_t data_size = size - offset - header_length;
    if (expected * t->size != data_size) {
        snprintf(error, error_size, ".npy data is %zu bytes, shape and type need %" PRIu64, data_size,
                 expected * (uint64_t)t->size);
        goto done;
    }
    status = fill(out, t, bytes + offset + header_length, data_size, big_endian, error, error_size);
done:
    free(header);
    return status;
}

int array_read_npy(const char *path, array_data *out, char *error, size_t error_size)
{
    size_t size = 0;
    char *bytes = read_text_file(path, &size);
    memset(out, 0, sizeof *out);
    if (!bytes) {
        snprintf(error, error_size, "cannot read %s", path);
        return -1;
    }
    int status = array_parse_npy((const unsigned char *)bytes, size, out, error, error_size);
    free(bytes);
    return status;
}

void array_free(array_data *a)
{
    free(a->data);
    memset(a, 0, sizeof *a);
}

void array_shape_text(const array_data *a, char *buffer, size_t size)
{
    size_t used = (size_t)snprintf(buffer, size, "(");
    for (int i = 0; i < a->ndim && used < size; i++)
        used += (size_t)snprintf(buffer + used, size - used, "%s%" PRIu64, i ? ", " : "", a->shape[i]);
    if (used < size)
        snprintf(buffer + used, size - used, a->ndim == 1 ? ",)" : ")");
}

void array_index_text(const array_data *a, uint64_t index, char *buffer, size_t size)
{
    uint64_t position[ARRAY_MAX_DIMS] = {0};
    int ndim = a->ndim > 0 ? a->ndim : 1;
    uint64_t rest = index;
    /* C order: the last index varies fastest; Fortran order: the first. */
    for (int k = 0; k < ndim; k++) {
        int dim = a->fortran_order ? k : ndim - 1 - k;
        uint64_t extent = a->ndim > 0 && a->shape[dim] ? a->shape[dim] : (a->ndim > 0 ? 1 : index + 1);
        position[dim] = rest % extent;
        rest /= extent;
    }
    size_t used = (size_t)snprintf(buffer, size, "[");
    for (int i = 0; i < ndim && used < size; i++)
        used += (size_t)snprintf(buffer + used, size - used, "%s%" PRIu64, i ? ", " : "", position[i]);
    if (used < size)
        snprintf(buffer + used, size - used, "]");
}
