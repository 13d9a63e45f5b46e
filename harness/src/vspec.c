/* vspec.c: parses validation specs (the user's and the staged form) with cJSON and writes the staged form.
 * It checks shapes and names only; whether a tree builds or a file exists is validate.c's business. */
#include "vspec.h"

#include <cjson/cJSON.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vkeys.h"
#include "vpaths.h"
#include "util.h"

const char *const vside_names[2] = {"cuda", "hip"};

const char *vside_name(const vprogram *p, int side)
{
    return side == SIDE_HIP && p->cpu ? "hip-cpu" : vside_names[side];
}

static const char *const output_format_names[] = {"text", "raw", "npy"};

char *vspec_normalize(const char *path, int *ups)
{
    *ups = 0;
    if (!path || path[0] == '/')
        return NULL;
    char *copy = strdup(path), *save = NULL;
    strvec parts = {0};
    if (!copy)
        return NULL;
    for (char *part = strtok_r(copy, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
        if (!strcmp(part, "."))
            continue;
        if (!strcmp(part, "..") && parts.count && strcmp(parts.items[parts.count - 1], "..") != 0) {
            free(parts.items[--parts.count]);
            parts.items[parts.count] = NULL;
            continue;
        }
        strvec_push(&parts, part);
    }
    free(copy);
    size_t length = 2;
    for (size_t i = 0; i < parts.count; i++) {
        length += strlen(parts.items[i]) + 1;
        *ups += !strcmp(parts.items[i], "..");
    }
    char *out = malloc(length);
    if (out) {
        strcpy(out, parts.count ? "" : ".");
        for (size_t i = 0; i < parts.count; i++) {
            if (i)
                strcat(out, "/");
            strcat(out, parts.items[i]);
        }
    }
    strvec_free(&parts);
    return out;
}

/* Error context: "spec.json: program bfs: " prefixes every message. */
typedef struct parse_context {
    const char *path;
    const char *program;
    char *error;
    size_t error_size;
} parse_context;

static int fail(parse_context *ctx, const char *what)
{
    if (ctx->program)
        snprintf(ctx->error, ctx->error_size, "%s: program %s: %s", ctx->path, ctx->program, what);
    else
        snprintf(ctx->error, ctx->error_size, "%s: %s", ctx->path, what);
    return -1;
}

/* An optional string member; absent and null both leave *out unset. */
static int get_string(parse_context *ctx, const cJSON *object, const char *key, char **out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    if (!item || cJSON_IsNull(item))
        return 0;
    if (!cJSON_IsString(item)) {
        char what[96];
        snprintf(what, sizeof what, "'%s' must be a string", key);
        return fail(ctx, what);
    }
    free(*out);
    *out = strdup(item->valuestring);
    return 0;
}

static int get_bool(parse_context *ctx, const cJSON *object, const char *key, int *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    if (!item)
        return 0;
    if (!cJSON_IsBool(item)) {
        char what[96];
        snprintf(what, sizeof what, "'%s' must be true or false", key);
        return fail(ctx, what);
    }
    *out = cJSON_IsTrue(item);
    return 0;
}

static int get_timeout(parse_context *ctx, const cJSON *object, double *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, "timeout");
    if (!item || cJSON_IsNull(item))
        return 0;
    /* 1e999 reads as infinity, which would mean no time limit at all. */
    if (!cJSON_IsNumber(item) || !isfinite(item->valuedouble) || item->valuedouble <= 0)
        return fail(ctx, "'timeout' must be a finite positive number of seconds");
    *out = item->valuedouble;
    return 0;
}

/* A list of strings; numbers are accepted as arguments ("args": [4096]) and written as JSON prints them. */
static int get_strings(parse_context *ctx, const cJSON *object, const char *key, strvec *out, int numbers_ok)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(object, key), *item;
    if (!list || cJSON_IsNull(list))
        return 0;
    char what[96];
    snprintf(what, sizeof what, "'%s' must be a list of strings", key);
    if (!cJSON_IsArray(list))
        return fail(ctx, what);
    cJSON_ArrayForEach(item, list) {
        if (cJSON_IsString(item)) {
            strvec_push(out, item->valuestring);
        } else if (numbers_ok && cJSON_IsNumber(item)) {
            char *text = cJSON_PrintUnformatted(item);
            strvec_push(out, text ? text : "");
            cJSON_free(text);
        } else {
            return fail(ctx, what);
        }
    }
    return 0;
}

/* A per-side value: a string for both sides, or {"cuda": ..., "hip": ...}. */
static int get_sides(parse_context *ctx, const cJSON *object, const char *key, char *out[2], int required)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    char what[128];
    if (!item) {
        if (!required)
            return 0;
        snprintf(what, sizeof what, "'%s' is required", key);
        return fail(ctx, what);
    }
    for (int s = 0; s < 2; s++) {
        const cJSON *value = cJSON_IsObject(item) ? cJSON_GetObjectItemCaseSensitive(item, vside_names[s]) : item;
        if (!cJSON_IsString(value)) {
            snprintf(what, sizeof what, "'%s' must be a string or {\"cuda\": \"...\", \"hip\": \"...\"}", key);
            return fail(ctx, what);
        }
        free(out[s]);
        out[s] = strdup(value->valuestring);
    }
    return 0;
}

/* A path relative to the tree that must stay relative (it is mirrored into the port side and the bundle);
 * vpaths.c holds the rules (up_ok: may climb above the tree; names_file: may not name the tree or above). */
static int check_path(parse_context *ctx, const char *key, const char *path, bool up_ok, bool names_file)
{
    char what[PATH_MAX + 200];
    if (vpaths_check_relative(key, path, up_ok, names_file, what, sizeof what) != 0)
        return fail(ctx, what);
    return 0;
}

static int check_relative(parse_context *ctx, const char *key, const char *path)
{
    return check_path(ctx, key, path, true, false);
}

/* A pattern list given as one string or a list of strings. */
static int get_patterns(parse_context *ctx, const cJSON *object, const char *key, strvec *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    if (cJSON_IsString(item))
        return strvec_push(out, item->valuestring) == 0 ? 0 : fail(ctx, "out of memory");
    return get_strings(ctx, object, key, out, 0);
}

/* "verdict": {"must_match": ..., "must_not_match": ...}: the program's own verdict on its result. */
static int get_verdict(parse_context *ctx, const cJSON *object, strvec *must, strvec *must_not)
{
    const cJSON *verdict = cJSON_GetObjectItemCaseSensitive(object, "verdict");
    if (!verdict || cJSON_IsNull(verdict))
        return 0;
    if (!cJSON_IsObject(verdict))
        return fail(ctx, "'verdict' must be {\"must_match\": [patterns], \"must_not_match\": [patterns]}");
    return get_patterns(ctx, verdict, "must_match", must) != 0 || get_patterns(ctx, verdict, "must_not_match", must_not) != 0
               ? -1
               : 0;
}

static char *absolute_from(const char *dir, const char *path)
{
    if (!path)
        return NULL;
    return path[0] == '/' ? strdup(path) : xasprintf("%s/%s", dir, path);
}

static int valid_name(const char *name)
{
    if (!name || !*name || !strcmp(name, ".") || !strcmp(name, ".."))
        return 0;
    for (const char *p = name; *p; p++)
        if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') && !(*p >= '0' && *p <= '9') && *p != '.' &&
            *p != '_' && *p != '-')
            return 0;
    return 1;
}

static int parse_outputs(parse_context *ctx, const cJSON *compare, vprogram *p)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(compare, "outputs"), *item;
    if (!list || cJSON_IsNull(list))
        return 0;
    if (!cJSON_IsArray(list))
        return fail(ctx, "'outputs' must be a list of {\"path\", \"format\", \"dtype\"}");
    p->outputs = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *p->outputs);
    if (!p->outputs)
        return fail(ctx, "out of memory");
    cJSON_ArrayForEach(item, list) {
        output_spec *o = &p->outputs[p->output_count++];
        char *format = NULL;
        if (!cJSON_IsObject(item) || get_string(ctx, item, "path", &o->path) != 0 || !o->path ||
            get_string(ctx, item, "format", &format) != 0 || get_string(ctx, item, "dtype", &o->dtype) != 0) {
            free(format);
            return *ctx->error ? -1 : fail(ctx, "each output needs a \"path\"");
        }
        if (check_path(ctx, "outputs", o->path, true, true) != 0) {
            free(format);
            return -1;
        }
        int known = 0;
        for (int f = 0; f < 3; f++)
            if (!format ? f == OUTPUT_TEXT : !strcmp(format, output_format_names[f])) {
                o->format = (output_format)f;
                known = 1;
            }
        free(format);
        if (!known)
            return fail(ctx, "output 'format' must be text, raw or npy");
        if (o->format == OUTPUT_RAW && !o->dtype) {
            char what[PATH_MAX + 96];
            snprintf(what, sizeof what, "raw output %s needs a \"dtype\" (f32, f64, i32, u32, i64, u8, ...)", o->path);
            return fail(ctx, what);
        }
    }
    return 0;
}

typedef struct spec_defaults {
    double timeout;
    tolerance tol;
    strvec ignore;
    strvec must_match, must_not_match;
} spec_defaults;

static int parse_program(parse_context *ctx, const cJSON *item, const spec_defaults *defaults, const char *dir,
                         vprogram *p)
{
    if (!cJSON_IsObject(item))
        return fail(ctx, "each program must be an object");
    if (get_string(ctx, item, "name", &p->name) != 0)
        return -1;
    if (!valid_name(p->name))
        return fail(ctx, "a program needs a \"name\" of letters, digits, '.', '_' and '-'");
    ctx->program = p->name;
    p->timeout = defaults->timeout;
    p->tol = defaults->tol;
    p->compare_exit = p->compare_stdout = 1;
    for (size_t i = 0; i < defaults->ignore.count; i++)
        strvec_push(&p->ignore, defaults->ignore.items[i]);
    for (size_t i = 0; i < defaults->must_match.count; i++)
        strvec_push(&p->must_match, defaults->must_match.items[i]);
    for (size_t i = 0; i < defaults->must_not_match.count; i++)
        strvec_push(&p->must_not_match, defaults->must_not_match.items[i]);
    char *stage = NULL, *tree = NULL, *port = NULL;
    if (get_string(ctx, item, "stage", &stage) != 0)
        return -1;
    p->staged = stage != NULL;
    if (p->staged) {
        p->stage = absolute_from(dir, stage);
        free(stage);
        if (get_string(ctx, item, "root", &p->root) != 0 || get_sides(ctx, item, "exe", p->exe, 1) != 0)
            return -1;
        const cJSON *built = cJSON_GetObjectItemCaseSensitive(item, "skipped");
        const cJSON *logs = cJSON_GetObjectItemCaseSensitive(item, "build_log");
        if ((built && get_sides(ctx, item, "skipped", p->skipped, 0) != 0) ||
            (logs && get_sides(ctx, item, "build_log", p->build_log, 0) != 0))
            return -1;
        for (int s = 0; s < 2; s++)
            if (p->skipped[s] && !*p->skipped[s]) {
                free(p->skipped[s]);
                p->skipped[s] = NULL;
            }
        if (!p->root)
            p->root = strdup(".");
        if (get_strings(ctx, item, "platform_notes", &p->platform_notes, 0) != 0)
            return -1;
    } else {
        int rc = get_string(ctx, item, "tree", &tree);
        if (rc == 0)
            rc = get_string(ctx, item, "port", &port);
        if (rc == 0 && !tree)
            rc = fail(ctx, "'tree' (the CUDA source folder) is required");
        if (rc != 0) { /* either may be set already: a bad 'port' after a good 'tree' leaked it */
            free(tree);
            free(port);
            return -1;
        }
        p->tree = absolute_from(dir, tree);
        p->port = absolute_from(dir, port);
        free(tree);
        free(port);
        if (get_sides(ctx, item, "build", p->build, 1) != 0 || get_sides(ctx, item, "exe", p->exe, 1) != 0 ||
            get_strings(ctx, item, "files", &p->files, 0) != 0 ||
            get_strings(ctx, item, "also_translate", &p->also_translate, 0) != 0)
            return -1;
        for (size_t i = 0; i < p->files.count; i++)
            if (check_path(ctx, "files", p->files.items[i], true, true) != 0)
                return -1;
        for (size_t i = 0; i < p->also_translate.count; i++)
            if (check_path(ctx, "also_translate", p->also_translate.items[i], true, true) != 0)
                return -1;
        if (p->also_translate.count && p->port)
            return fail(ctx, "'also_translate' needs the harness's own translation: drop it or 'port'");
        /* The harness deletes the HIP executable before building it: it must lie inside the port. */
        for (int s = 0; s < 2; s++)
            if (check_path(ctx, "exe", p->exe[s], false, true) != 0)
                return -1;
    }
    const cJSON *run = cJSON_GetObjectItemCaseSensitive(item, "run");
    if (run && !cJSON_IsNull(run)) {
        if (!cJSON_IsObject(run))
            return fail(ctx, "'run' must be an object");
        if (get_strings(ctx, run, "args", &p->args, 1) != 0 || get_string(ctx, run, "cwd", &p->cwd) != 0 ||
            get_string(ctx, run, "stdin", &p->stdin_path) != 0 || get_timeout(ctx, run, &p->timeout) != 0 ||
            get_string(ctx, run, "setup", &p->setup) != 0 || check_relative(ctx, "cwd", p->cwd) != 0 ||
            check_path(ctx, "stdin", p->stdin_path, true, true) != 0)
            return -1;
        if (p->setup && !*p->setup)
            return fail(ctx, "'setup' is an empty command");
        const cJSON *env = cJSON_GetObjectItemCaseSensitive(run, "env"), *var;
        if (env && !cJSON_IsNull(env) && !cJSON_IsObject(env))
            return fail(ctx, "'env' must be an object of strings");
        cJSON_ArrayForEach(var, env) {
            if (!cJSON_IsString(var) || !*var->string || strchr(var->string, '='))
                return fail(ctx, "'env' must map variable names to strings");
            strvec_pushf(&p->env, "%s=%s", var->string, var->valuestring);
        }
    }
    if (!p->cwd)
        p->cwd = strdup(".");
    const cJSON *compare = cJSON_GetObjectItemCaseSensitive(item, "compare");
    if (compare && !cJSON_IsNull(compare)) {
        if (!cJSON_IsObject(compare))
            return fail(ctx, "'compare' must be an object");
        if (get_bool(ctx, compare, "exit", &p->compare_exit) != 0 ||
            get_bool(ctx, compare, "stdout", &p->compare_stdout) != 0 ||
            get_bool(ctx, compare, "stderr", &p->compare_stderr) != 0 ||
            get_strings(ctx, compare, "ignore", &p->ignore, 0) != 0 || parse_outputs(ctx, compare, p) != 0)
            return -1;
        const cJSON *tol = cJSON_GetObjectItemCaseSensitive(compare, "tolerance");
        char detail[160];
        if (tol && policy_parse_tolerance(tol, &p->tol, detail, sizeof detail) != 0)
            return fail(ctx, detail);
    }
    if (get_verdict(ctx, item, &p->must_match, &p->must_not_match) != 0)
        return -1;
    const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(item, "hip-cpu");
    if (cpu && !cJSON_IsNull(cpu)) {
        if (!cJSON_IsObject(cpu))
            return fail(ctx, "'hip-cpu' must be an object: {\"build\": \"...\", \"args\": [...]}");
        if (get_string(ctx, cpu, "build", &p->cpu_build) != 0 || get_strings(ctx, cpu, "args", &p->cpu_args, 1) != 0)
            return -1;
        if (p->cpu_build && !*p->cpu_build)
            return fail(ctx, "'hip-cpu.build' is an empty command");
        p->has_cpu_args = cJSON_GetObjectItemCaseSensitive(cpu, "args") != NULL;
    }
    const cJSON *expect = cJSON_GetObjectItemCaseSensitive(item, "expect");
    if (expect && !cJSON_IsNull(expect)) {
        if (!cJSON_IsObject(expect) || get_string(ctx, expect, "platform_difference", &p->platform_difference) != 0)
            return fail(ctx, "'expect' must be {\"platform_difference\": \"reason\"}");
        if (p->platform_difference && strlen(p->platform_difference) < 8)
            return fail(ctx, "expect.platform_difference must say what differs and why");
    }
    if (!p->compare_exit && !p->compare_stdout && !p->compare_stderr && p->output_count == 0)
        return fail(ctx, "compares nothing: enable exit, stdout or stderr, or declare outputs");
    return 0;
}

static void free_program(vprogram *p)
{
    char *strings[] = {p->name, p->tree, p->port, p->build[0], p->build[1], p->exe[0], p->exe[1], p->cwd,
                       p->stdin_path, p->platform_difference, p->stage, p->root, p->skipped[0], p->skipped[1],
                       p->build_log[0], p->build_log[1], p->setup, p->cpu_build};
    for (size_t i = 0; i < COUNT_OF(strings); i++)
        free(strings[i]);
    strvec *lists[] = {&p->files, &p->args, &p->env, &p->ignore, &p->platform_notes, &p->also_translate,
                       &p->must_match, &p->must_not_match, &p->cpu_args};
    for (size_t i = 0; i < COUNT_OF(lists); i++)
        strvec_free(lists[i]);
    for (size_t i = 0; i < p->output_count; i++) {
        free(p->outputs[i].path);
        free(p->outputs[i].dtype);
    }
    free(p->outputs);
    memset(p, 0, sizeof *p);
}

int vspec_load(const char *path, vspec *spec, char *error, size_t error_size)
{
    memset(spec, 0, sizeof *spec);
    parse_context ctx = {path, NULL, error, error_size};
    *error = '\0';
    size_t length = 0;
    char *text = read_text_file(path, &length);
    if (!text)
        return fail(&ctx, "cannot read the spec");
    char *original = malloc(length + 1);
    if (!original) {
        free(text);
        return fail(&ctx, "out of memory");
    }
    memcpy(original, text, length + 1);
    cJSON_Minify(text); /* drops // and block comments, which spec files may carry */
    cJSON *root = cJSON_Parse(text);
    free(text);
    /* A misspelt key would switch a check off without a word: every key must be one the spec defines. */
    if (root && vkeys_check(path, original, length, error, error_size) != 0) {
        free(original);
        cJSON_Delete(root);
        return -1;
    }
    free(original);
    spec_defaults defaults = {600, {0, 0, 0}, {0}, {0}, {0}};
    program_policy policy;
    char detail[160];
    policy_load(NULL, &policy, detail, sizeof detail);
    defaults.tol = policy.defaults[HC_DTYPE_F32];
    policy_free(&policy);
    int status = -1;
    const cJSON *programs = cJSON_GetObjectItemCaseSensitive(root, "programs"), *item;
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(root, "defaults");
    char *real = realpath(path, NULL);
    spec->path = strdup(path);
    spec->dir = real ? strdup(dirname(real)) : strdup(".");
    free(real);
    if (!cJSON_IsObject(root)) {
        fail(&ctx, "not a JSON object (or not valid JSON)");
        goto done;
    }
    if (!cJSON_IsArray(programs) || cJSON_GetArraySize(programs) == 0) {
        fail(&ctx, "\"programs\" must be a non-empty list");
        goto done;
    }
    if (d && !cJSON_IsNull(d)) {
        const cJSON *tol = cJSON_GetObjectItemCaseSensitive(d, "tolerance");
        if (!cJSON_IsObject(d) || get_timeout(&ctx, d, &defaults.timeout) != 0 ||
            get_strings(&ctx, d, "ignore", &defaults.ignore, 0) != 0 ||
            get_verdict(&ctx, d, &defaults.must_match, &defaults.must_not_match) != 0 ||
            (tol && policy_parse_tolerance(tol, &defaults.tol, detail, sizeof detail) != 0)) {
            if (!*error)
                fail(&ctx, *detail ? detail : "'defaults' must be an object");
            goto done;
        }
    }
    spec->programs = calloc((size_t)cJSON_GetArraySize(programs), sizeof *spec->programs);
    if (!spec->programs)
        goto done;
    cJSON_ArrayForEach(item, programs) {
        vprogram *p = &spec->programs[spec->count++];
        ctx.program = NULL;
        if (parse_program(&ctx, item, &defaults, spec->dir, p) != 0)
            goto done;
        for (size_t i = 0; i + 1 < spec->count; i++)
            if (!strcmp(spec->programs[i].name, p->name)) {
                fail(&ctx, "the name is used twice");
                goto done;
            }
    }
    status = 0;
done:
    strvec_free(&defaults.ignore);
    strvec_free(&defaults.must_match);
    strvec_free(&defaults.must_not_match);
    cJSON_Delete(root);
    if (status != 0)
        vspec_free(spec);
    return status;
}

void vspec_free(vspec *spec)
{
    for (size_t i = 0; i < spec->count; i++)
        free_program(&spec->programs[i]);
    free(spec->programs);
    free(spec->path);
    free(spec->dir);
    memset(spec, 0, sizeof *spec);
}

const vprogram *vspec_find(const vspec *spec, const char *name)
{
    for (size_t i = 0; i < spec->count; i++)
        if (!strcmp(spec->programs[i].name, name))
            return &spec->programs[i];
    return NULL;
}

static cJSON *sides_json(char *const values[2])
{
    cJSON *object = cJSON_CreateObject();
    for (int s = 0; s < 2; s++)
        cJSON_AddStringToObject(object, vside_names[s], values[s] ? values[s] : "");
    return object;
}

static cJSON *strings_json(const strvec *v)
{
    cJSON *list = cJSON_CreateArray();
    for (size_t i = 0; i < v->count; i++)
        cJSON_AddItemToArray(list, cJSON_CreateString(v->items[i]));
    return list;
}

/* The path of target relative to the folder base (both absolute), for a staged spec that can move. */
static char *relative_to(const char *base, const char *target)
{
    size_t n = strlen(base);
    if (!strncmp(base, target, n) && target[n] == '/')
        return strdup(target + n + 1);
    return strdup(target);
}

int vspec_write_staged(const char *path, vprogram *const *programs, size_t count)
{
    char *copy = strdup(path), *real_dir = NULL;
    if (copy)
        real_dir = realpath(dirname(copy), NULL);
    free(copy);
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "format", "hipify-harness validate staged spec 1");
    cJSON *list = cJSON_AddArrayToObject(root, "programs");
    for (size_t i = 0; i < count; i++) {
        const vprogram *p = programs[i];
        cJSON *item = cJSON_CreateObject();
        char *stage = relative_to(real_dir ? real_dir : ".", p->stage);
        cJSON_AddStringToObject(item, "name", p->name);
        cJSON_AddStringToObject(item, "stage", stage);
        free(stage);
        cJSON_AddStringToObject(item, "root", p->root);
        cJSON_AddItemToObject(item, "exe", sides_json(p->exe));
        cJSON_AddItemToObject(item, "skipped", sides_json(p->skipped));
        cJSON_AddItemToObject(item, "build_log", sides_json(p->build_log));
        cJSON_AddItemToObject(item, "platform_notes", strings_json(&p->platform_notes));
        cJSON *run = cJSON_AddObjectToObject(item, "run");
        cJSON_AddItemToObject(run, "args", strings_json(&p->args));
        cJSON_AddStringToObject(run, "cwd", p->cwd);
        if (p->stdin_path)
            cJSON_AddStringToObject(run, "stdin", p->stdin_path);
        if (p->setup)
            cJSON_AddStringToObject(run, "setup", p->setup);
        cJSON *env = cJSON_AddObjectToObject(run, "env");
        for (size_t k = 0; k < p->env.count; k++) {
            const char *eq = strchr(p->env.items[k], '=');
            char *name = strndup(p->env.items[k], (size_t)(eq - p->env.items[k]));
            cJSON_AddStringToObject(env, name, eq + 1);
            free(name);
        }
        cJSON_AddNumberToObject(run, "timeout", p->timeout);
        cJSON *compare = cJSON_AddObjectToObject(item, "compare");
        cJSON_AddBoolToObject(compare, "exit", p->compare_exit);
        cJSON_AddBoolToObject(compare, "stdout", p->compare_stdout);
        cJSON_AddBoolToObject(compare, "stderr", p->compare_stderr);
        cJSON_AddItemToObject(compare, "ignore", strings_json(&p->ignore));
        cJSON *outputs = cJSON_AddArrayToObject(compare, "outputs");
        for (size_t k = 0; k < p->output_count; k++) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddStringToObject(o, "path", p->outputs[k].path);
            cJSON_AddStringToObject(o, "format", output_format_names[p->outputs[k].format]);
            if (p->outputs[k].dtype)
                cJSON_AddStringToObject(o, "dtype", p->outputs[k].dtype);
            cJSON_AddItemToArray(outputs, o);
        }
        cJSON *tol = cJSON_AddObjectToObject(compare, "tolerance");
        cJSON_AddNumberToObject(tol, "abs", p->tol.abs);
        cJSON_AddNumberToObject(tol, "rel", p->tol.rel);
        cJSON_AddNumberToObject(tol, "ulp", p->tol.ulp);
        if (p->must_match.count || p->must_not_match.count) {
            cJSON *verdict = cJSON_AddObjectToObject(item, "verdict");
            cJSON_AddItemToObject(verdict, "must_match", strings_json(&p->must_match));
            cJSON_AddItemToObject(verdict, "must_not_match", strings_json(&p->must_not_match));
        }
        if (p->platform_difference)
            cJSON_AddStringToObject(cJSON_AddObjectToObject(item, "expect"), "platform_difference",
                                    p->platform_difference);
        cJSON_AddItemToArray(list, item);
    }
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    free(real_dir);
    int status = text && write_text_file(path, text) == 0 ? 0 : -1;
    cJSON_free(text);
    return status;
}
