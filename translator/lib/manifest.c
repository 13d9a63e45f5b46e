/* manifest.c: the port manifest's data, its JSON form (cJSON), git blob ids (libgit2's hash) and the CUDA
 * tree's git identity. It writes no file and never decides whether a port may be merged: resync does. */
#include "manifest.h"
#include "grow.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <git2.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hc_blob_id_of(const void *data, size_t len, hc_blob_id out) {
    git_oid oid;
    git_libgit2_init();
    int rc = git_odb_hash(&oid, data, len, GIT_OBJECT_BLOB);
    if (rc == 0) git_oid_tostr(out, sizeof(hc_blob_id), &oid);
    git_libgit2_shutdown();
    return rc == 0 ? 0 : -1;
}

int hc_blob_id_of_file(const char *path, hc_blob_id out) {
    git_oid oid;
    git_libgit2_init();
    int rc = git_odb_hashfile(&oid, path, GIT_OBJECT_BLOB);
    if (rc == 0) git_oid_tostr(out, sizeof(hc_blob_id), &oid);
    else if (!errno) errno = EIO;
    git_libgit2_shutdown();
    return rc == 0 ? 0 : -1;
}

static void blob_copy(hc_blob_id to, const char *from) { snprintf(to, sizeof(hc_blob_id), "%s", from ? from : ""); }

static int add_file(hc_manifest_file **v, size_t *n, size_t *cap, const char *rel, const char *src, const char *out) {
    if (hc_grow(v, cap, *n, sizeof **v, 64) < 0) return -1;
    hc_manifest_file *f = &(*v)[*n];
    if (!(f->rel = strdup(rel))) return -1;
    blob_copy(f->src, src);
    blob_copy(f->out, out);
    (*n)++;
    return 0;
}

int hc_manifest_add(hc_manifest *m, const char *rel, const char *src, const char *out) {
    return add_file(&m->files, &m->nfiles, &m->cap, rel, src, out);
}

int hc_manifest_add_kept(hc_manifest *m, const char *rel, const char *src, const char *out) {
    return add_file(&m->kept, &m->nkept, &m->kept_cap, rel, src, out);
}

int hc_manifest_add_unresolved(hc_manifest *m, const char *rel, const char *src, const char *out) {
    return add_file(&m->unresolved, &m->nunresolved, &m->unresolved_cap, rel, src, out);
}

static int cmp_file(const void *a, const void *b) {
    return strcmp(((const hc_manifest_file *)a)->rel, ((const hc_manifest_file *)b)->rel);
}

void hc_tree_content_id(const hc_manifest_file *files, size_t n, hc_blob_id out) {
    /* one line per file, so that a rename or a changed byte anywhere changes the id */
    size_t len = 0;
    for (size_t i = 0; i < n; i++) len += strlen(files[i].src) + strlen(files[i].rel) + 2;
    char *text = malloc(len + 1), *p = text;
    if (!text) {
        out[0] = '\0';
        return;
    }
    for (size_t i = 0; i < n; i++) p += sprintf(p, "%s %s\n", files[i].src, files[i].rel);
    if (hc_blob_id_of(text, len, out) != 0) out[0] = '\0';
    free(text);
}

void hc_manifest_seal(hc_manifest *m) {
    if (m->nfiles) qsort(m->files, m->nfiles, sizeof *m->files, cmp_file);
    if (m->nkept) qsort(m->kept, m->nkept, sizeof *m->kept, cmp_file);
    hc_tree_content_id(m->files, m->nfiles, m->content_id);
}

const hc_manifest_file *hc_manifest_find(const hc_manifest *m, const char *rel) {
    if (!m->nfiles) return NULL;
    hc_manifest_file key = {.rel = (char *)rel};
    return bsearch(&key, m->files, m->nfiles, sizeof *m->files, cmp_file);
}

int hc_manifest_set_options(hc_manifest *m, const char *const *words, size_t n) {
    char **v = calloc(n ? n : 1, sizeof *v);
    if (!v) return -1;
    for (size_t i = 0; i < n; i++)
        if (!(v[i] = strdup(words[i]))) {
            while (i--) free(v[i]);
            free(v);
            return -1;
        }
    for (size_t i = 0; i < m->noptions; i++) free(m->options[i]);
    free(m->options);
    m->options = v;
    m->noptions = n;
    return 0;
}

void hc_manifest_free(hc_manifest *m) {
    free(m->tool_version);
    free(m->tables_id);
    for (size_t i = 0; i < m->noptions; i++) free(m->options[i]);
    free(m->options);
    free(m->cuda_dir);
    free(m->git_prefix);
    for (size_t i = 0; i < m->nfiles; i++) free(m->files[i].rel);
    free(m->files);
    for (size_t i = 0; i < m->nkept; i++) free(m->kept[i].rel);
    free(m->kept);
    for (size_t i = 0; i < m->nunresolved; i++) free(m->unresolved[i].rel);
    free(m->unresolved);
    memset(m, 0, sizeof *m);
}

/* cJSON prints a whole array on one line or one item per line; the file list reads best as one file a
 * line, so the text is assembled here from cJSON-escaped pieces. */
static int append(char **buf, size_t *len, size_t *cap, const char *s) {
    size_t n = strlen(s);
    while (*len + n + 1 > *cap)
        if (hc_grow(buf, cap, *cap, 1, 4096) < 0) return -1;
    memcpy(*buf + *len, s, n + 1);
    *len += n;
    return 0;
}

static int append_str(char **buf, size_t *len, size_t *cap, const char *s) {
    cJSON *j = cJSON_CreateString(s ? s : "");
    char *t = j ? cJSON_PrintUnformatted(j) : NULL;
    int rc = t ? append(buf, len, cap, t) : -1;
    cJSON_free(t);
    cJSON_Delete(j);
    return rc;
}

/* One file a line: {"path": ..., "src": ..., "out": ...}. */
static int append_files(char **b, size_t *len, size_t *cap, const hc_manifest_file *v, size_t n) {
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        rc |= append(b, len, cap, i ? ",\n    {\"path\": " : "\n    {\"path\": ");
        rc |= append_str(b, len, cap, v[i].rel);
        rc |= append(b, len, cap, ", \"src\": ");
        rc |= append_str(b, len, cap, v[i].src);
        rc |= append(b, len, cap, ", \"out\": ");
        rc |= append_str(b, len, cap, v[i].out);
        rc |= append(b, len, cap, "}");
    }
    return rc;
}

char *hc_manifest_to_json(const hc_manifest *m) {
    char *b = NULL, num[32];
    size_t len = 0, cap = 0;
    int rc = append(&b, &len, &cap, "{\n  \"format\": \"" HC_MANIFEST_FORMAT "\",\n  \"format_version\": ");
    snprintf(num, sizeof num, "%d", HC_MANIFEST_VERSION);
    rc |= append(&b, &len, &cap, num);
    rc |= append(&b, &len, &cap, ",\n  \"tool_version\": ");
    rc |= append_str(&b, &len, &cap, m->tool_version);
    rc |= append(&b, &len, &cap, ",\n  \"tables_id\": ");
    rc |= append_str(&b, &len, &cap, m->tables_id);
    rc |= append(&b, &len, &cap, ",\n  \"options\": [");
    for (size_t i = 0; i < m->noptions; i++) {
        rc |= append(&b, &len, &cap, i ? ", " : "");
        rc |= append_str(&b, &len, &cap, m->options[i]);
    }
    rc |= append(&b, &len, &cap, "],\n  \"cuda\": {\"dir\": ");
    rc |= append_str(&b, &len, &cap, m->cuda_dir);
    rc |= append(&b, &len, &cap, ", \"content_id\": ");
    rc |= append_str(&b, &len, &cap, m->content_id);
    if (m->git_prefix) {
        rc |= append(&b, &len, &cap, ", \"git_commit\": ");
        rc |= append_str(&b, &len, &cap, m->git_commit);
        rc |= append(&b, &len, &cap, ", \"git_prefix\": ");
        rc |= append_str(&b, &len, &cap, m->git_prefix);
        rc |= append(&b, &len, &cap, m->git_dirty ? ", \"git_dirty\": true" : ", \"git_dirty\": false");
    }
    rc |= append(&b, &len, &cap, "},\n  \"files\": [");
    rc |= append_files(&b, &len, &cap, m->files, m->nfiles);
    bool items = m->nfiles != 0; /* the list being written has entries, each on its own line */
    if (m->nkept) { /* only when there are any: a port without them is written as it always was */
        rc |= append(&b, &len, &cap, items ? "\n  ],\n  \"kept\": [" : "],\n  \"kept\": [");
        rc |= append_files(&b, &len, &cap, m->kept, m->nkept);
        items = true;
    }
    if (m->nunresolved) { /* the same */
        rc |= append(&b, &len, &cap, items ? "\n  ],\n  \"unresolved\": [" : "],\n  \"unresolved\": [");
        rc |= append_files(&b, &len, &cap, m->unresolved, m->nunresolved);
        items = true;
    }
    rc |= append(&b, &len, &cap, items ? "\n  ]\n}\n" : "]\n}\n");
    if (rc) {
        free(b);
        return NULL;
    }
    return b;
}

unsigned hc_manifest_line_of(const char *text, const char *key) {
    char quoted[128];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *at = strstr(text, quoted);
    unsigned line = 1;
    for (const char *p = text; at && p < at; p++) line += *p == '\n';
    return line;
}

unsigned hc_manifest_line_of_value(const char *text, const char *value, unsigned fallback) {
    cJSON *j = cJSON_CreateString(value);
    char *quoted = j ? cJSON_PrintUnformatted(j) : NULL;
    const char *at = quoted ? strstr(text, quoted) : NULL;
    unsigned line = 1;
    for (const char *p = text; at && p < at; p++) line += *p == '\n';
    cJSON_free(quoted);
    cJSON_Delete(j);
    return at ? line : fallback;
}

static unsigned line_at(const char *text, size_t len, const char *at) {
    unsigned line = 1;
    for (const char *p = text; at && p < at && p < text + len; p++) line += *p == '\n';
    return line;
}

bool hc_manifest_text_is_ours(const char *text, size_t len) {
    cJSON *root = cJSON_ParseWithLength(text, len);
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(root, "format");
    bool ours = cJSON_IsString(f) && !strcmp(f->valuestring, HC_MANIFEST_FORMAT);
    cJSON_Delete(root);
    return ours;
}

/* A string member, or NULL after writing "PATH:LINE: ..." into err. */
static const char *get_str(const cJSON *o, const char *key, const char *path, const char *text, char *err, size_t errsize) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (cJSON_IsString(v)) return v->valuestring;
    snprintf(err, errsize, "%s:%u: \"%s\" %s", path, hc_manifest_line_of(text, key), key,
             v ? "is not a string" : "is missing");
    return NULL;
}

static bool is_blob_id(const char *s) {
    size_t n = strlen(s);
    if (n != 0 && n != 40) return false;
    for (size_t i = 0; i < n; i++)
        if (!strchr("0123456789abcdef", s[i])) return false;
    return true;
}

/* The line of a list's key ("key": [), found as the writer puts it, so that a path of that name does not
 * stand for it. */
static unsigned line_of_key(const char *text, const char *key) {
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\": [", key);
    const char *at = strstr(text, pat);
    return at ? line_at(text, strlen(text), at) : hc_manifest_line_of(text, key);
}

/* Reads a list of file entries (one a line after the key's line) into v, sorted by path; each path once, so
 * that a reader pairs one path with one record. Returns 0, or -1 with "PATH:LINE: ..." in err. */
static int parse_files(const cJSON *arr, unsigned key_line, const char *path, hc_manifest_file **v, size_t *n,
                       size_t *cap, char *err, size_t errsize) {
    unsigned line = key_line;
    const cJSON *f;
    cJSON_ArrayForEach(f, arr) {
        line++; /* the writer puts one file on each line after the key */
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(f, "path"), *src = cJSON_GetObjectItemCaseSensitive(f, "src"),
                    *out = cJSON_GetObjectItemCaseSensitive(f, "out");
        if (!cJSON_IsString(p) || !cJSON_IsString(src) || !cJSON_IsString(out) || !is_blob_id(src->valuestring) ||
            !is_blob_id(out->valuestring) || !p->valuestring[0] || p->valuestring[0] == '/' ||
            !strncmp(p->valuestring, "../", 3) || strstr(p->valuestring, "/../")) {
            snprintf(err, errsize, "%s:%u: a file entry needs a relative \"path\" inside the tree and \"src\"/\"out\" "
                                   "git object ids", path, line);
            return -1;
        }
        if (add_file(v, n, cap, p->valuestring, src->valuestring, out->valuestring) != 0) {
            snprintf(err, errsize, "%s: out of memory", path);
            return -1;
        }
    }
    if (*n) qsort(*v, *n, sizeof **v, cmp_file);
    for (size_t i = 1; i < *n; i++) {
        if (strcmp((*v)[i - 1].rel, (*v)[i].rel) != 0) continue;
        unsigned at = key_line, seen = 0;
        cJSON_ArrayForEach(f, arr) {
            at++;
            if (!strcmp(cJSON_GetObjectItemCaseSensitive(f, "path")->valuestring, (*v)[i].rel) && ++seen == 2) break;
        }
        snprintf(err, errsize, "%s:%u: the file \"%s\" is listed twice", path, at, (*v)[i].rel);
        return -1;
    }
    return 0;
}

int hc_manifest_parse(const char *path, const char *text, size_t len, hc_manifest *m, char *err, size_t errsize) {
    memset(m, 0, sizeof *m);
    cJSON *root = cJSON_ParseWithLength(text, len);
    if (!root || !cJSON_IsObject(root)) {
        const char *at = cJSON_GetErrorPtr();
        snprintf(err, errsize, "%s:%u: not a hipify-c port manifest: %s", path, root ? 1 : line_at(text, len, at),
                 root ? "not a JSON object" : "not valid JSON");
        cJSON_Delete(root);
        return -1;
    }
    int rc = -1;
    const char *s;
    const cJSON *fv = cJSON_GetObjectItemCaseSensitive(root, "format_version");
    if (!(s = get_str(root, "format", path, text, err, errsize))) goto done;
    if (strcmp(s, HC_MANIFEST_FORMAT) != 0) {
        snprintf(err, errsize, "%s:%u: not a hipify-c port manifest (format is \"%s\")", path,
                 hc_manifest_line_of(text, "format"), s);
        goto done;
    }
    if (!cJSON_IsNumber(fv) || fv->valueint < 1 || fv->valueint > HC_MANIFEST_VERSION) {
        snprintf(err, errsize, "%s:%u: manifest format_version %s: this hipify-c reads version %d", path,
                 hc_manifest_line_of(text, "format_version"), cJSON_IsNumber(fv) ? "too new or invalid" : "missing",
                 HC_MANIFEST_VERSION);
        goto done;
    }
    if (!(s = get_str(root, "tool_version", path, text, err, errsize)) || !(m->tool_version = strdup(s))) goto done;
    if (!(s = get_str(root, "tables_id", path, text, err, errsize)) || !(m->tables_id = strdup(s))) goto done;
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(root, "options"), *o;
    if (!cJSON_IsArray(opts)) {
        snprintf(err, errsize, "%s:%u: \"options\" is missing or not a list", path, hc_manifest_line_of(text, "options"));
        goto done;
    }
    m->options = calloc((size_t)cJSON_GetArraySize(opts) + 1, sizeof *m->options);
    if (!m->options) goto done;
    cJSON_ArrayForEach(o, opts) {
        if (!cJSON_IsString(o)) {
            snprintf(err, errsize, "%s:%u: an option is not a string", path, hc_manifest_line_of(text, "options"));
            goto done;
        }
        if (!(m->options[m->noptions++] = strdup(o->valuestring))) goto done;
    }
    const cJSON *cuda = cJSON_GetObjectItemCaseSensitive(root, "cuda");
    if (!cJSON_IsObject(cuda)) {
        snprintf(err, errsize, "%s:%u: \"cuda\" is missing or not an object", path, hc_manifest_line_of(text, "cuda"));
        goto done;
    }
    if (!(s = get_str(cuda, "dir", path, text, err, errsize)) || !(m->cuda_dir = strdup(s))) goto done;
    if (!(s = get_str(cuda, "content_id", path, text, err, errsize))) goto done;
    if (!is_blob_id(s)) {
        snprintf(err, errsize, "%s:%u: \"content_id\" is not a git object id", path, hc_manifest_line_of(text, "content_id"));
        goto done;
    }
    blob_copy(m->content_id, s);
    if (cJSON_GetObjectItemCaseSensitive(cuda, "git_commit")) {
        if (!(s = get_str(cuda, "git_commit", path, text, err, errsize))) goto done;
        if (!is_blob_id(s)) {
            snprintf(err, errsize, "%s:%u: \"git_commit\" is not a git object id", path, hc_manifest_line_of(text, "git_commit"));
            goto done;
        }
        blob_copy(m->git_commit, s);
        if (!(s = get_str(cuda, "git_prefix", path, text, err, errsize)) || !(m->git_prefix = strdup(s))) goto done;
        m->git_dirty = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(cuda, "git_dirty"));
    }
    const cJSON *files = cJSON_GetObjectItemCaseSensitive(root, "files");
    if (!cJSON_IsArray(files)) {
        snprintf(err, errsize, "%s:%u: \"files\" is missing or not a list", path, hc_manifest_line_of(text, "files"));
        goto done;
    }
    hc_blob_id recorded;
    blob_copy(recorded, m->content_id);
    if (parse_files(files, line_of_key(text, "files"), path, &m->files, &m->nfiles, &m->cap, err, errsize) != 0) goto done;
    const cJSON *kept = cJSON_GetObjectItemCaseSensitive(root, "kept");
    if (kept && !cJSON_IsArray(kept)) {
        snprintf(err, errsize, "%s:%u: \"kept\" is not a list", path, line_of_key(text, "kept"));
        goto done;
    }
    if (kept && parse_files(kept, line_of_key(text, "kept"), path, &m->kept, &m->nkept, &m->kept_cap, err, errsize) != 0)
        goto done;
    const cJSON *open = cJSON_GetObjectItemCaseSensitive(root, "unresolved");
    if (open && !cJSON_IsArray(open)) {
        snprintf(err, errsize, "%s:%u: \"unresolved\" is not a list", path, line_of_key(text, "unresolved"));
        goto done;
    }
    if (open && parse_files(open, line_of_key(text, "unresolved"), path, &m->unresolved, &m->nunresolved,
                            &m->unresolved_cap, err, errsize) != 0)
        goto done;
    hc_manifest_seal(m);
    if (strcmp(recorded, m->content_id) != 0) {
        snprintf(err, errsize, "%s:%u: \"content_id\" does not match the file list (the manifest was edited)", path,
                 hc_manifest_line_of(text, "content_id"));
        goto done;
    }
    rc = 0;
done:
    cJSON_Delete(root);
    if (rc != 0) hc_manifest_free(m);
    return rc;
}

int hc_manifest_load(const char *path, hc_manifest *m, char *err, size_t errsize) {
    memset(m, 0, sizeof *m);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errsize, "%s: %s", path, strerror(errno));
        return errno == ENOENT ? 1 : -1;
    }
    char *text = NULL;
    size_t len = 0, cap = 0, n;
    char chunk[65536];
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        bool full = len + n > (64u << 20);
        while (!full && len + n + 1 > cap)
            if (hc_grow(&text, &cap, cap, 1, 65536) < 0) full = true;
        if (full) {
            snprintf(err, errsize, "%s: too large for a manifest or out of memory", path);
            free(text);
            fclose(f);
            return -1;
        }
        memcpy(text + len, chunk, n);
        len += n;
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad || !text) {
        snprintf(err, errsize, "%s:1: %s", path, bad ? "cannot be read" : "empty: not a hipify-c port manifest");
        free(text);
        return -1;
    }
    text[len] = '\0';
    int rc = hc_manifest_parse(path, text, len, m, err, errsize);
    free(text);
    return rc;
}

/* Counts the blobs under tree (recursively) into *n, and marks *extra when one is not among m's files. */
static int count_tree(git_repository *repo, git_tree *tree, const char *at, const hc_manifest *m, size_t *n, bool *extra) {
    for (size_t i = 0; i < git_tree_entrycount(tree); i++) {
        const git_tree_entry *e = git_tree_entry_byindex(tree, i);
        char rel[PATH_MAX];
        snprintf(rel, sizeof rel, "%s%s%s", at, *at ? "/" : "", git_tree_entry_name(e));
        if (git_tree_entry_type(e) == GIT_OBJECT_TREE) {
            git_object *sub = NULL;
            if (git_tree_entry_to_object(&sub, repo, e) != 0) return -1;
            int rc = count_tree(repo, (git_tree *)sub, rel, m, n, extra);
            git_object_free(sub);
            if (rc) return rc;
        } else if (git_tree_entry_type(e) == GIT_OBJECT_BLOB) {
            if (!*at && !strcmp(git_tree_entry_name(e), HC_MANIFEST_NAME)) continue; /* never ported: not a file of the port */
            (*n)++;
            if (!hc_manifest_find(m, rel)) *extra = true;
        }
    }
    return 0;
}

int hc_git_identity(const char *dir, const hc_manifest *m, hc_blob_id commit, char **prefix, bool *dirty, char *err,
                    size_t errsize) {
    commit[0] = '\0';
    *prefix = NULL;
    *dirty = false;
    char real[PATH_MAX];
    if (!realpath(dir, real)) {
        snprintf(err, errsize, "%s: %s", dir, strerror(errno));
        return -1;
    }
    git_libgit2_init();
    git_buf found = {0};
    git_repository *repo = NULL;
    git_reference *head = NULL;
    git_commit *c = NULL;
    git_tree *root = NULL, *tree = NULL;
    git_tree_entry *sub = NULL;
    int rc = 0;
    if (git_repository_discover(&found, real, 0, NULL) != 0 || git_repository_open(&repo, found.ptr) != 0 ||
        git_repository_is_bare(repo))
        goto done; /* not in a work tree: no git identity */
    const git_oid *oid;
    if (git_repository_head(&head, repo) != 0 || !(oid = git_reference_target(head))) goto done; /* no commit yet */
    char wd[PATH_MAX];
    if (!realpath(git_repository_workdir(repo), wd)) goto done;
    size_t wl = strlen(wd);
    if (strncmp(real, wd, wl) != 0 || (real[wl] && real[wl] != '/')) goto done;
    const char *pre = real[wl] ? real + wl + 1 : "";
    if (git_commit_lookup(&c, repo, oid) != 0 || git_commit_tree(&root, c) != 0) {
        const git_error *e = git_error_last();
        snprintf(err, errsize, "%s: cannot read HEAD: %s", dir, e ? e->message : "unknown error");
        rc = -1;
        goto done;
    }
    if (!(*prefix = strdup(pre))) {
        snprintf(err, errsize, "out of memory");
        rc = -1;
        goto done;
    }
    git_oid_tostr(commit, sizeof(hc_blob_id), oid);
    rc = 1;
    if (*pre) {
        git_object *o = NULL;
        if (git_tree_entry_bypath(&sub, root, pre) != 0 || git_tree_entry_to_object(&o, repo, sub) != 0 ||
            git_object_type(o) != GIT_OBJECT_TREE) {
            git_object_free(o);
            *dirty = true; /* the directory is not in the commit at all */
            goto done;
        }
        tree = (git_tree *)o;
    }
    git_tree *t = tree ? tree : root;
    for (size_t i = 0; i < m->nfiles && !*dirty; i++) {
        git_tree_entry *e = NULL;
        char id[41] = "";
        if (git_tree_entry_bypath(&e, t, m->files[i].rel) == 0 && git_tree_entry_type(e) == GIT_OBJECT_BLOB)
            git_oid_tostr(id, sizeof id, git_tree_entry_id(e));
        if ((e && git_tree_entry_filemode(e) == GIT_FILEMODE_LINK) || strcmp(id, m->files[i].src) != 0) *dirty = true;
        git_tree_entry_free(e);
    }
    size_t n = 0;
    bool extra = false;
    if (!*dirty && count_tree(repo, t, "", m, &n, &extra) == 0 && (extra || n != m->nfiles)) *dirty = true;
done:
    git_tree_entry_free(sub);
    git_tree_free(tree);
    git_tree_free(root);
    git_commit_free(c);
    git_reference_free(head);
    git_repository_free(repo);
    git_buf_dispose(&found);
    git_libgit2_shutdown();
    return rc;
}

static bool contains(const char *const *v, size_t n, const char *s, bool *used) {
    for (size_t i = 0; i < n; i++)
        if (!used[i] && !strcmp(v[i], s)) return used[i] = true;
    return false;
}

char *hc_options_differ(const char *const *recorded, size_t nrec, const char *const *given, size_t ngiven, char *out,
                        size_t size) {
    bool *ur = calloc(nrec + 1, 1), *ug = calloc(ngiven + 1, 1);
    out[0] = '\0';
    if (!ur || !ug) {
        snprintf(out, size, "(out of memory comparing options)");
        free(ur), free(ug);
        return out;
    }
    for (size_t i = 0; i < ngiven; i++) ug[i] = contains(recorded, nrec, given[i], ur);
    size_t len = 0;
    for (size_t i = 0; i < nrec && len < size; i++)
        if (!ur[i]) len += (size_t)snprintf(out + len, size - len, "%srecorded %s, not given", len ? "; " : "", recorded[i]);
    for (size_t i = 0; i < ngiven && len < size; i++)
        if (!ug[i]) len += (size_t)snprintf(out + len, size - len, "%sgiven %s, not recorded", len ? "; " : "", given[i]);
    free(ur), free(ug);
    return out;
}
