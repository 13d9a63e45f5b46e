/* policy.c: default tolerances (one table), sidecar parsing with cJSON, and the expected-failure list.
 * It does not look at recorded data; compare.c applies what this returns. */
#include "policy.h"

#include <cjson/cJSON.h>
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "grow.h"
#include "vkeys.h"

/* Documented defaults (docs/harness.md): CUDA and HIP-on-NVIDIA go through the same compiler and math
 * library, so the bounds are tight; programs whose results depend on atomic ordering widen them in a sidecar. */
static const tolerance default_tolerances[HC_DTYPE_U8 + 1] = {
    [HC_DTYPE_F32] = {1e-6, 1e-6, 4},
    [HC_DTYPE_F64] = {1e-12, 1e-12, 4},
    /* integers (and the NONE slot) stay {0, 0, 0}: exact */
};

static const char *const step_names[STEP__COUNT] = {"translate", "cuda", "hip-nvidia", "hip-amd", "run",
                                                           "hip-cpu", "run-cpu"};

const char *step_name(build_step step)
{
    return (unsigned)step < STEP__COUNT ? step_names[step] : "?";
}

int step_from_name(const char *name)
{
    for (int i = 0; i < STEP__COUNT; i++)
        if (strcmp(step_names[i], name) == 0)
            return i;
    return -1;
}

int policy_parse_tolerance(const cJSON *object, tolerance *tol, char *error, size_t error_size)
{
    static const char *const keys[] = {"abs", "rel", "ulp"};
    if (!cJSON_IsObject(object)) {
        snprintf(error, error_size, "a tolerance must be an object");
        return -1;
    }
    /* A value of the wrong type, or a misspelt key, would otherwise mean the default bounds without a word. */
    const cJSON *item;
    cJSON_ArrayForEach(item, object) {
        int known = !strcmp(item->string, "exact");
        for (int i = 0; i < 3; i++)
            known |= !strcmp(item->string, keys[i]);
        if (!known) {
            snprintf(error, error_size, "unknown tolerance key '%.60s' (abs, rel, ulp or exact)", item->string);
            return -1;
        }
    }
    const cJSON *exact = cJSON_GetObjectItemCaseSensitive(object, "exact");
    if (exact && !cJSON_IsBool(exact)) {
        snprintf(error, error_size, "'exact' must be true or false");
        return -1;
    }
    tolerance parsed = *tol;
    double *fields[] = {&parsed.abs, &parsed.rel, &parsed.ulp};
    for (int i = 0; i < 3; i++) {
        const cJSON *value = cJSON_GetObjectItemCaseSensitive(object, keys[i]);
        if (!value)
            continue;
        if (cJSON_IsTrue(exact)) {
            snprintf(error, error_size, "'exact': true cannot go with '%s' (exact means no bound)", keys[i]);
            return -1;
        }
        /* 1e999 reads as infinity: a bound that accepts everything is not a tolerance. */
        if (!cJSON_IsNumber(value) || !isfinite(value->valuedouble) || value->valuedouble < 0) {
            snprintf(error, error_size, "'%s' must be a finite non-negative number", keys[i]);
            return -1;
        }
        *fields[i] = value->valuedouble;
    }
    *tol = cJSON_IsTrue(exact) ? (tolerance){0, 0, 0} : parsed;
    return 0;
}

int policy_load(const char *sidecar_path, program_policy *policy, char *error, size_t error_size)
{
    memset(policy, 0, sizeof *policy);
    memcpy(policy->defaults, default_tolerances, sizeof default_tolerances);
    if (!sidecar_path || !file_exists(sidecar_path))
        return 0;
    size_t length = 0;
    char *text = read_text_file(sidecar_path, &length);
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    if (!cJSON_IsObject(root)) {
        snprintf(error, error_size, "%s: not a JSON object", sidecar_path);
        free(text);
        cJSON_Delete(root);
        return -1;
    }
    /* The parser keeps the first of two equal keys without a word; the scan names the line. */
    int twice = vkeys_check_duplicates(sidecar_path, text, length, error, error_size);
    free(text);
    if (twice != 0) {
        cJSON_Delete(root);
        return -1;
    }
    char detail[200] = "";
    const cJSON *item;
    /* The sections are objects; "comment" is the reader's note, a string. */
    static const char *const sections[] = {"default", "buffers", "link", "hip-cpu", "comment"};
    for (cJSON *member = root->child; member; member = member->next) {
        size_t k = 0;
        while (k < COUNT_OF(sections) && strcmp(member->string, sections[k]) != 0)
            k++;
        int is_comment = k == COUNT_OF(sections) - 1;
        if (k == COUNT_OF(sections) || (is_comment ? !cJSON_IsString(member) : !cJSON_IsObject(member))) {
            snprintf(error, error_size, "%s: '%.60s' %s", sidecar_path, member->string,
                     k == COUNT_OF(sections) ? "is not a sidecar key (default, buffers, link, hip-cpu, comment)"
                     : is_comment        ? "must be a string"
                                         : "must be an object");
            goto fail;
        }
    }
    const cJSON *defaults = cJSON_GetObjectItemCaseSensitive(root, "default");
    cJSON_ArrayForEach(item, defaults) {
        int dtype = -1;
        for (int d = HC_DTYPE_F32; d <= HC_DTYPE_U8; d++)
            if (strcmp(item->string, (const char *[]){"", "f32", "f64", "i32", "u32", "i64", "u8"}[d]) == 0)
                dtype = d;
        if (dtype < HC_DTYPE_F32 || dtype > HC_DTYPE_F64 ||
            policy_parse_tolerance(item, &policy->defaults[dtype], detail, sizeof detail) != 0) {
            snprintf(error, error_size, "%s: default '%s': %s", sidecar_path, item->string,
                     *detail ? detail : "only f32 and f64 have tolerances (integers are exact)");
            goto fail;
        }
    }
    const cJSON *buffers = cJSON_GetObjectItemCaseSensitive(root, "buffers");
    size_t rule_total = (size_t)cJSON_GetArraySize(buffers);
    if (rule_total) {
        policy->rules = calloc(rule_total, sizeof *policy->rules);
        if (!policy->rules)
            goto fail;
    }
    cJSON_ArrayForEach(item, buffers) {
        buffer_rule *rule = &policy->rules[policy->rule_count];
        rule->tol = (tolerance){0, 0, 0};
        if (policy_parse_tolerance(item, &rule->tol, detail, sizeof detail) != 0) {
            snprintf(error, error_size, "%s: buffers '%s': %s", sidecar_path, item->string, detail);
            goto fail;
        }
        rule->pattern = strdup(item->string);
        policy->rule_count++;
    }
    const cJSON *link = cJSON_GetObjectItemCaseSensitive(root, "link");
    cJSON_ArrayForEach(item, link) {
        int step = step_from_name(item->string);
        if (((step < STEP_CUDA || step > STEP_HIP_AMD) && step != STEP_HIP_CPU) || !cJSON_IsString(item)) {
            snprintf(error, error_size,
                     "%s: link: '%s' must be cuda, hip-nvidia, hip-amd or hip-cpu with a string value", sidecar_path,
                     item->string);
            goto fail;
        }
        policy->link[step] = strdup(item->valuestring);
    }
    /* The wave64 tier runs on the CPU, where a program may take smaller inputs: the same code, other arguments. */
    const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(root, "hip-cpu");
    cJSON_ArrayForEach(item, cpu) {
        if (strcmp(item->string, "args") != 0 || !cJSON_IsString(item)) {
            snprintf(error, error_size, "%s: hip-cpu: '%s': the only key is \"args\", a string of arguments",
                     sidecar_path, item->string);
            goto fail;
        }
        free(policy->cpu_args);
        policy->cpu_args = strdup(item->valuestring);
    }
    cJSON_Delete(root);
    return 0;
fail:
    cJSON_Delete(root);
    policy_free(policy);
    return -1;
}

void policy_free(program_policy *policy)
{
    for (size_t i = 0; i < policy->rule_count; i++)
        free(policy->rules[i].pattern);
    free(policy->rules);
    for (int i = 0; i < STEP__COUNT; i++)
        free(policy->link[i]);
    free(policy->cpu_args);
    memset(policy, 0, sizeof *policy);
}

tolerance policy_for_buffer(const program_policy *policy, const char *buffer_name, hc_dtype dtype)
{
    if (dtype != HC_DTYPE_F32 && dtype != HC_DTYPE_F64)
        return (tolerance){0, 0, 0}; /* integer, index and mask outputs: exact, whatever a sidecar says */
    for (size_t i = 0; i < policy->rule_count; i++)
        if (fnmatch(policy->rules[i].pattern, buffer_name, 0) == 0)
            return policy->rules[i].tol;
    return policy->defaults[dtype];
}

int xfail_load(const char *path, xfail_list *list, char *error, size_t error_size)
{
    memset(list, 0, sizeof *list);
    if (!path || !file_exists(path))
        return 0;
    char *text = read_text_file(path, NULL);
    if (!text) {
        snprintf(error, error_size, "cannot read %s", path);
        return -1;
    }
    int line_number = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        line_number++;
        if (*line == '#' || *line == '\0')
            continue;
        char *program = line, *step = strchr(program, '\t'), *reason = NULL;
        if (step) {
            *step++ = '\0';
            reason = strchr(step, '\t');
            if (reason)
                *reason++ = '\0';
        }
        int step_id = step ? step_from_name(step) : -1;
        if (!step || step_id < 0 || !reason || strlen(reason) < 8) {
            snprintf(error, error_size, "%s:%d: expected 'program<TAB>step<TAB>reason' with a real reason", path,
                     line_number);
            free(text);
            xfail_free(list);
            return -1;
        }
        if (hc_grow(&list->entries, &list->capacity, list->count, sizeof *list->entries, 8) != 0) {
            free(text);
            xfail_free(list);
            return -1;
        }
        list->entries[list->count++] = (xfail_entry){strdup(program), (build_step)step_id, strdup(reason)};
    }
    free(text);
    return 0;
}

void xfail_free(xfail_list *list)
{
    for (size_t i = 0; i < list->count; i++) {
        free(list->entries[i].program);
        free(list->entries[i].reason);
    }
    free(list->entries);
    memset(list, 0, sizeof *list);
}

const char *xfail_reason(const xfail_list *list, const char *program, build_step step)
{
    for (size_t i = 0; i < list->count; i++)
        if (list->entries[i].step == step && strcmp(list->entries[i].program, program) == 0)
            return list->entries[i].reason;
    return NULL;
}
