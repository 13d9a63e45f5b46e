/* resync_cli.c: --resync: brings the changes of a CUDA tree into its hand-edited port. It checks the
 * port's manifest (tool, tables, options, base identity), translates the base and the new CUDA into
 * scratch directories with the recorded options, has resync.c plan the three-way merges, and carries the
 * plan out through the output layer, then reports (text, JSON). It translates nothing itself. */
#include "cli.h"
#include "manifest.h"
#include "output.h"
#include "resync.h"
#include "tree_files.h"
#include "util.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <git2.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct resync_run {
    hc_cli *cli;
    const char *hip;          /* the port (ours) */
    const char *cuda;         /* the new CUDA tree (theirs) */
    char manifest_path[PATH_MAX];
    char *manifest_text;
    hc_manifest rec;          /* the port's manifest */
    hc_strv replay;           /* the recorded options, replayable */
    char scratch[PATH_MAX];   /* mkdtemp: base/, theirs/, cuda-base/ */
    char base_cuda[PATH_MAX]; /* the CUDA base tree that is translated */
    hc_out_guard guard;       /* the CUDA trees' files: never written */
} resync_run;

static int fail_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int fail_usage(const char *fmt, ...) {
    char msg[PATH_MAX * 4];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    hc_out_printf(stderr, "%s\n", msg);
    return HC_EXIT_USAGE;
}

/* The recorded tool and tables must be this binary's: else the base translates differently from the port
 * that was edited, and those differences would pass for hand edits. */
static int check_tool(resync_run *r) {
    bool same_tool = !strcmp(r->rec.tool_version, HC_VERSION_STRING), same_tables = !strcmp(r->rec.tables_id, hc_tables_id());
    if (same_tool && same_tables) return 0;
    unsigned line = hc_manifest_line_of(r->manifest_text, same_tool ? "tables_id" : "tool_version");
    if (r->cli->allow_tool_change) {
        if (!r->cli->port.quiet_warnings)
            hc_out_printf(stderr, "%s:%u: warning: the port was made by hipify-c %s (tables %s), this is %s (tables %s); "
                                  "merging anyway (--allow-tool-change)\n", r->manifest_path, line, r->rec.tool_version,
                          r->rec.tables_id, HC_VERSION_STRING, hc_tables_id());
        return 0;
    }
    return fail_usage("%s:%u: error: the port was made by hipify-c %s with tables %s; this is hipify-c %s with tables %s: "
                      "the base would translate differently from the port you edited. Re-port with -O, or pass "
                      "--allow-tool-change to merge anyway (the tool's changes then show as hand edits)",
                      r->manifest_path, line, r->rec.tool_version, r->rec.tables_id, HC_VERSION_STRING, hc_tables_id());
}

int hc_resync_port_opts(const hc_cli *cli, const char *const *words, size_t n, const char *in, const char *out,
                        hc_port_opts *port, size_t *bad) {
    if (hc_port_opts_replay(port, words, n, bad) != 0) return -1;
    const hc_port_opts *given = &cli->port;
    port->quiet_warnings = true;
    port->out_dir = out;
    port->jobs = given->jobs;
    port->memory_limit = given->memory_limit;
    port->verbose = given->verbose;
    *bad = n;
    for (size_t i = 0; i < given->hip_paths.n; i++)
        if (hc_strv_push(&port->hip_paths, given->hip_paths.v[i]) != 0) return -1;
    return in && hc_strv_push(&port->inputs, in) != 0 ? -1 : 0;
}

/* The option struct of a port of in (NULL: none yet) into out/ with the recorded options (r->replay). */
static int port_options(const resync_run *r, const char *in, const char *out, hc_port_opts *port, size_t *bad) {
    return hc_resync_port_opts(r->cli, (const char *const *)r->replay.v, r->replay.n, in, out, port, bad);
}

/* The options of a port that a re-sync has no use for: refused by name, never ignored. A re-sync reports
 * on standard output and with --resync-json, says by its exit status whether conflicts remain, and always
 * records the new base in the port's manifest. */
static int check_port_settings(const hc_cli *cli) {
    const hc_port_opts *po = &cli->port;
    static const char reports[] = "a re-sync reports on standard output and with --resync-json FILE";
    const struct { bool given; const char *name, *instead; } refused[] = {
        {cli->no_output, "--no-output", "--resync-dry-run reports what would change and writes nothing"},
        {po->examine && !cli->no_output, "--examine", "--resync-dry-run reports what would change and writes nothing"},
        {po->print_stats, "--print-stats", reports},
        {po->print_stats_csv, "--print-stats-csv", reports},
        {po->o_stats != NULL, "--o-stats", reports},
        {po->stats_json != NULL, "--stats-json", reports},
        {po->diff != NULL, "--diff", reports},
        {po->report != NULL, "--report", reports},
        {po->sarif != NULL, "--sarif", reports},
        {po->fail_on >= 0, "--fail-on", "its exit status is 1 when conflicts remain"},
        {po->depfile != NULL, "--depfile", "a dependency file goes with -o FILE"},
        {po->no_manifest, "--no-manifest", "a re-sync records the new base in the port's manifest"},
    };
    for (size_t i = 0; i < COUNT_OF(refused); i++)
        if (refused[i].given)
            return fail_usage("hipify-c: --resync does not take %s (%s); nothing was done", refused[i].name,
                              refused[i].instead);
    return 0;
}

/* The options: the recorded ones, unless the command line gives translation options, which must then be
 * the same (a merge across different options would mix two translations silently). Rules files must
 * still hold what they held. Fills r->replay with the words to translate with. */
static int check_options(resync_run *r) {
    hc_strv given = {0};
    if (hc_cli_port_options(&r->cli->port, &given) != 0) return fail_usage("hipify-c: error: out of memory");
    unsigned line = hc_manifest_line_of(r->manifest_text, "options");
    int rc = 0;
    const char *rec_hip = NULL;
    for (size_t i = 0; i < r->rec.noptions; i++)
        if (!strncmp(r->rec.options[i], "--hip-version=", 14)) rec_hip = r->rec.options[i];
    /* the target version is always recorded; a command line that does not name it takes the recorded one */
    if (!r->cli->port.hip_version_given && given.n && !strncmp(given.v[0], "--hip-version=", 14)) {
        free(given.v[0]);
        memmove(given.v, given.v + 1, (given.n - 1) * sizeof *given.v);
        given.n--;
        if (given.n && rec_hip && hc_strv_push(&given, rec_hip) != 0) rc = -1;
    }
    if (rc == 0 && given.n) {
        char diff[4096];
        hc_options_differ((const char *const *)r->rec.options, r->rec.noptions, (const char *const *)given.v, given.n, diff,
                          sizeof diff);
        if (diff[0]) rc = fail_usage("%s:%u: error: the port was made with other options (%s); a merge needs the same "
                                     "translation on both sides: run --resync without translation options to use the "
                                     "recorded ones, or re-port with -O", r->manifest_path, line, diff);
    }
    /* the manifest is data: it may not bring an option the command line did not give, unless a
     * translation option (never an output path or a command) */
    for (size_t i = 0, bad; rc == 0 && i < r->rec.noptions; i += bad + 1) {
        if (hc_cli_replay_check((const char *const *)r->rec.options + i, r->rec.noptions - i, &bad) == 0) break;
        const char *w = r->rec.options[i + bad];
        bool vouched = false;
        for (size_t k = 0; k < given.n && !vouched; k++) vouched = !strcmp(given.v[k], w);
        if (!vouched)
            rc = fail_usage("%s:%u: error: the manifest records the option \"%s\", which a manifest may not carry (only "
                            "translation options, never an output path or a command); nothing was done: remove it "
                            "from the manifest or give it on the command line", r->manifest_path,
                            hc_manifest_line_of_value(r->manifest_text, w, line), w);
    }
    hc_strv_clear(&given);
    for (size_t i = 0; rc == 0 && i < r->rec.noptions; i++) {
        const char *w = r->rec.options[i];
        char word[PATH_MAX + 64];
        snprintf(word, sizeof word, "%s", w);
        char *hash = !strncmp(w, "--rules=", 8) ? strrchr(word, '#') : NULL;
        if (hash) { /* --rules=PATH#BLOB: the file must still hold what the port was made with */
            *hash = '\0';
            hc_blob_id now = "";
            if (hc_blob_id_of_file(word + 8, now) != 0 || strcmp(now, hash + 1) != 0)
                rc = fail_usage("%s:%u: error: the rules file %s %s since the port (recorded blob %s): the base would "
                                "translate differently; restore it or re-port with -O", r->manifest_path, line, word + 8,
                                now[0] ? "changed" : "cannot be read", hash + 1);
        }
        if (rc == 0 && hc_strv_push(&r->replay, word) != 0) rc = fail_usage("hipify-c: error: out of memory");
    }
    /* each value must be one its option takes (--semantic=auto, a known diagnostic id): refused here, at
     * its line, before anything is translated */
    hc_port_opts trial;
    hc_port_opts_init(&trial);
    size_t bad;
    if (rc == 0 && port_options(r, NULL, NULL, &trial, &bad) != 0)
        rc = bad < r->replay.n ? fail_usage("%s:%u: error: the manifest records the option \"%s\", whose value hipify-c "
                                            "refuses; nothing was done: correct it in the manifest or re-port with -O",
                                            r->manifest_path, hc_manifest_line_of_value(r->manifest_text, r->replay.v[bad], line),
                                            r->replay.v[bad])
                               : fail_usage("hipify-c: error: out of memory");
    hc_port_opts_free(&trial);
    return rc;
}

/* Writes every blob of tree (a git tree) under dir, recursively; links and submodules are skipped. */
static int export_tree(git_repository *repo, git_tree *tree, const char *dir, hc_out_policy *p, char *err, size_t errsize) {
    for (size_t i = 0; i < git_tree_entrycount(tree); i++) {
        const git_tree_entry *e = git_tree_entry_byindex(tree, i);
        char path[PATH_MAX];
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, git_tree_entry_name(e)) >= sizeof path) continue;
        git_object *obj = NULL;
        if (git_tree_entry_type(e) == GIT_OBJECT_TREE) {
            if (git_tree_entry_to_object(&obj, repo, e) != 0) return -1;
            int rc = export_tree(repo, (git_tree *)obj, path, p, err, errsize);
            git_object_free(obj);
            if (rc) return rc;
        } else if (git_tree_entry_type(e) == GIT_OBJECT_BLOB && git_tree_entry_filemode(e) != GIT_FILEMODE_LINK) {
            if (git_tree_entry_to_object(&obj, repo, e) != 0) return -1;
            git_blob *b = (git_blob *)obj;
            int mode = git_tree_entry_filemode(e) == GIT_FILEMODE_BLOB_EXECUTABLE ? 0755 : 0644;
            hc_out_status st = hc_out_write(p, path, git_blob_rawcontent(b), (size_t)git_blob_rawsize(b), mode, err, errsize);
            git_object_free(obj);
            if (st < 0) return -1;
        }
    }
    return 0;
}

/* The base as the manifest's commit has it, read from the repository that holds the new CUDA tree: the
 * user keeps no copy of the old tree. */
static int base_from_git(resync_run *r) {
    if (!r->rec.git_prefix)
        return fail_usage("%s:%u: error: the manifest records no git commit (the CUDA tree was not in a repository): "
                          "name the CUDA tree as it was at the port with --base-cuda DIR", r->manifest_path,
                          hc_manifest_line_of(r->manifest_text, "cuda"));
    if (r->rec.git_dirty)
        return fail_usage("%s:%u: error: the ported files were not those of commit %s (git_dirty: modified, untracked or "
                          "ignored files, or symbolic links), so the commit is not the base: name the tree as it was with "
                          "--base-cuda DIR", r->manifest_path,
                          hc_manifest_line_of(r->manifest_text, "git_dirty"), r->rec.git_commit);
    char err[PATH_MAX + 256];
    int rc = HC_EXIT_USAGE;
    git_libgit2_init();
    git_buf found = {0};
    git_repository *repo = NULL;
    git_commit *commit = NULL;
    git_tree *root = NULL;
    git_tree_entry *sub = NULL;
    git_object *subtree = NULL;
    git_oid oid;
    if (git_repository_discover(&found, r->cuda, 0, NULL) != 0 || git_repository_open(&repo, found.ptr) != 0) {
        fail_usage("%s: error: not in a git repository, so the manifest's commit %s cannot be read: name the CUDA tree "
                   "as it was at the port with --base-cuda DIR", r->cuda, r->rec.git_commit);
        goto done;
    }
    if (git_oid_fromstr(&oid, r->rec.git_commit) != 0 || git_commit_lookup(&commit, repo, &oid) != 0 ||
        git_commit_tree(&root, commit) != 0) {
        fail_usage("%s:%u: error: commit %s is not in the repository of %s (fetch it, or use --base-cuda DIR)",
                   r->manifest_path, hc_manifest_line_of(r->manifest_text, "git_commit"), r->rec.git_commit, r->cuda);
        goto done;
    }
    git_tree *tree = root;
    if (r->rec.git_prefix[0]) {
        if (git_tree_entry_bypath(&sub, root, r->rec.git_prefix) != 0 || git_tree_entry_to_object(&subtree, repo, sub) != 0 ||
            git_object_type(subtree) != GIT_OBJECT_TREE) {
            fail_usage("%s:%u: error: commit %s has no directory %s", r->manifest_path,
                       hc_manifest_line_of(r->manifest_text, "git_prefix"), r->rec.git_commit, r->rec.git_prefix);
            goto done;
        }
        tree = (git_tree *)subtree;
    }
    snprintf(r->base_cuda, sizeof r->base_cuda, "%s/cuda-base", r->scratch);
    hc_out_policy p = {HC_OUT_MKDIRS, r->scratch, NULL};
    if (mkdir(r->base_cuda, 0700) != 0 || export_tree(repo, tree, r->base_cuda, &p, err, sizeof err) != 0) {
        const git_error *ge = git_error_last();
        hc_out_printf(stderr, "hipify-c: error: cannot read commit %s into a scratch directory: %s\n", r->rec.git_commit,
                      ge ? ge->message : err);
        rc = HC_EXIT_OUTPUT;
        goto done;
    }
    rc = 0;
done:
    git_object_free(subtree);
    git_tree_entry_free(sub);
    git_tree_free(root);
    git_commit_free(commit);
    git_repository_free(repo);
    git_buf_dispose(&found);
    git_libgit2_shutdown();
    return rc;
}

/* Translates the CUDA tree in into out/ with the recorded options: the same port as -O makes, called as
 * the function it is, never through a command line. */
static int translate_into(resync_run *r, const char *in, const char *out) {
    hc_port_opts port;
    size_t bad;
    int status = port_options(r, in, out, &port, &bad) != 0 ? HC_EXIT_USAGE : hc_port(&port);
    hc_port_opts_free(&port);
    if (status == HC_EXIT_USAGE || status == HC_EXIT_OUTPUT) {
        hc_out_printf(stderr, "hipify-c: error: translating %s with the recorded options failed (exit %d)\n", in, status);
        return status;
    }
    return 0; /* files that could not be translated are not in the port either, and were named above */
}

/* The base must be the tree the port was made from: the same files with the same contents. */
static int check_base(resync_run *r, const hc_manifest *base) {
    if (!strcmp(base->content_id, r->rec.content_id)) return 0;
    char list[2048] = "";
    size_t len = 0, ndiff = 0;
    for (size_t i = 0; i < r->rec.nfiles; i++) {
        const hc_manifest_file *f = hc_manifest_find(base, r->rec.files[i].rel);
        if (f && !strcmp(f->src, r->rec.files[i].src)) continue;
        if (ndiff++ < 5 && len < sizeof list)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s (%s)", len ? ", " : "", r->rec.files[i].rel,
                                    f ? "different contents" : "missing");
    }
    for (size_t i = 0; i < base->nfiles; i++) {
        if (hc_manifest_find(&r->rec, base->files[i].rel)) continue;
        if (ndiff++ < 5 && len < sizeof list)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s (not in the port)", len ? ", " : "",
                                    base->files[i].rel);
    }
    return fail_usage("%s:%u: error: %s is not the CUDA tree this port was made from (content id %s, recorded %s): "
                      "%zu file(s) differ: %s%s", r->manifest_path, hc_manifest_line_of(r->manifest_text, "content_id"),
                      r->cli->base_cuda ? r->cli->base_cuda : r->rec.git_commit, base->content_id, r->rec.content_id,
                      ndiff, list, ndiff > 5 ? ", ..." : "");
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

typedef struct loaded_tree {
    hc_rs_file *v;
    size_t n;
    char **data;
} loaded_tree;

static void loaded_free(loaded_tree *t) {
    for (size_t i = 0; i < t->n; i++) {
        free((char *)t->v[i].rel);
        free(t->data[i]);
    }
    free(t->v);
    free(t->data);
    memset(t, 0, sizeof *t);
}

/* The first component of root/rel (below root) that is a symbolic link, written into at; false when
 * none is. A re-sync never reads or writes through a link inside the port: it could lead to another file
 * of the port, or out of it. */
static bool link_in_port(const char *root, const char *rel, char *at, size_t size) {
    char p[PATH_MAX];
    size_t rl = strlen(root);
    if ((size_t)snprintf(p, sizeof p, "%s/%s", root, rel) >= sizeof p) return false;
    for (char *c = p + rl + 1;; c++) {
        if (*c != '/' && *c != '\0') continue;
        char keep = *c;
        *c = '\0';
        struct stat lst;
        bool link = lstat(p, &lst) == 0 && S_ISLNK(lst.st_mode);
        if (link) snprintf(at, size, "%s", p);
        *c = keep;
        if (link) return true;
        if (!keep) return false;
    }
}

/* Reads the files of root (all of them, or only those named in want) with their CUDA blob ids from m.
 * port: root is the HIP tree, whose links are never read through (link_in_port). */
static int load_tree(const char *root, const hc_manifest *m, const hc_strv *want, bool port, loaded_tree *t) {
    hc_strv all = {0};
    if (!want && hc_tree_list(root, &all) != 0) return -1;
    const hc_strv *names = want ? want : &all;
    t->v = calloc(names->n + 1, sizeof *t->v);
    t->data = calloc(names->n + 1, sizeof *t->data);
    int rc = t->v && t->data ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < names->n; i++) {
        char path[PATH_MAX];
        size_t len;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", root, names->v[i]) >= sizeof path) continue;
        char link[PATH_MAX];
        if (port && link_in_port(root, names->v[i], link, sizeof link)) continue; /* refused when the plan touches it */
        if (hc_read_file(path, HC_TREE_FILE_LIMIT, HC_READ_REGULAR_ONLY, &t->data[t->n], &len, NULL) != HC_READ_OK)
            continue; /* absent on this side */
        const hc_manifest_file *f = m ? hc_manifest_find(m, names->v[i]) : NULL;
        t->v[t->n] = (hc_rs_file){strdup(names->v[i]), t->data[t->n], len, f ? f->src : NULL};
        if (!t->v[t->n].rel) rc = -1;
        t->n++;
    }
    hc_strv_clear(&all);
    return rc;
}

static int write_json(resync_run *r, const hc_rs_plan *plan, const char *base_id, const char *new_id) {
    cJSON *root = cJSON_CreateObject(), *files = cJSON_CreateArray(), *counts = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "hip_tree", r->hip);
    cJSON_AddStringToObject(root, "cuda_tree", r->cuda);
    cJSON_AddStringToObject(root, "base", base_id);
    cJSON_AddStringToObject(root, "new", new_id);
    cJSON_AddBoolToObject(root, "dry_run", r->cli->resync_dry_run);
    for (int a = 0; a < HC_RS__COUNT; a++) cJSON_AddNumberToObject(counts, hc_rs_action_key((hc_rs_action)a), (double)plan->count[a]);
    cJSON_AddItemToObject(root, "counts", counts);
    for (size_t i = 0; i < plan->n; i++) {
        const hc_rs_entry *e = &plan->v[i];
        cJSON *f = cJSON_CreateObject();
        cJSON_AddStringToObject(f, "path", e->rel);
        if (e->from) cJSON_AddStringToObject(f, "from", e->from);
        cJSON_AddStringToObject(f, "action", hc_rs_action_key(e->action));
        cJSON_AddNumberToObject(f, "conflicts", e->conflicts);
        cJSON_AddBoolToObject(f, "hand_edited", e->hand_edited);
        cJSON_AddItemToArray(files, f);
    }
    cJSON_AddItemToObject(root, "files", files);
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    char err[PATH_MAX + 256];
    hc_out_policy p = {HC_OUT_MKDIRS, NULL, &r->guard};
    hc_out_status st = text ? hc_out_write(&p, r->cli->resync_json, text, strlen(text), HC_OUT_MODE_DEFAULT, err, sizeof err)
                            : HC_OUT_FAILED;
    cJSON_free(text);
    if (st < 0) hc_out_printf(stderr, "hipify-c: error: cannot write %s: %s\n", r->cli->resync_json, text ? err : "out of memory");
    return st < 0 ? -1 : 0;
}

/* Removes the directories that the removal of rel left empty, up to (not including) root, as git does;
 * rmdir takes only an empty directory, so nothing else can go. */
static void prune_empty_dirs(const char *root, const char *rel) {
    char p[PATH_MAX];
    size_t rl = strlen(root);
    if ((size_t)snprintf(p, sizeof p, "%s/%s", root, rel) >= sizeof p) return;
    for (char *slash = strrchr(p, '/'); slash && slash > p + rl; slash = strrchr(p, '/')) {
        *slash = '\0';
        if (rmdir(p) != 0) break;
    }
}

static const hc_rs_file *loaded_find(const loaded_tree *t, const char *rel) {
    return hc_rs_tree_find(&(hc_rs_tree){t->v, t->n}, rel);
}

/* Every entry whose paths (new, old, removed) meet a symbolic link in the port does nothing and is
 * reported as such: a link is the user's, and following it would write another file than the one
 * planned. Returns how many. */
static int refuse_links(const resync_run *r, hc_rs_plan *plan) {
    int n = 0;
    for (size_t i = 0; i < plan->n; i++) {
        hc_rs_entry *e = &plan->v[i];
        const char *paths[] = {e->rel, e->from, e->remove ? e->remove_rel : NULL};
        char at[PATH_MAX];
        bool link = false;
        for (size_t k = 0; k < COUNT_OF(paths) && !link; k++) link = paths[k] && link_in_port(r->hip, paths[k], at, sizeof at);
        if (!link) continue;
        hc_out_printf(stderr, "%s: error: a symbolic link inside the port; not followed, %s left as it is\n", at, e->rel);
        hc_rs_plan_set(plan, e, HC_RS_LINK_REFUSED);
        e->write = e->remove = false;
        n++;
    }
    return n;
}

static hc_rs_entry *plan_find(hc_rs_plan *plan, const char *rel) {
    for (size_t i = 0; i < plan->n; i++)
        if (!strcmp(plan->v[i].rel, rel)) return &plan->v[i];
    return NULL;
}

static int cmp_rs_file(const void *a, const void *b) { return strcmp(((const hc_rs_file *)a)->rel, ((const hc_rs_file *)b)->rel); }

/* theirs as the planner sees it: a file of the new CUDA tree that could not be translated (the new
 * manifest records no output) stands there as it was (the base's translation, else the port's own
 * file), so that it is never taken for a removal; the caller reports it. v: malloc'd, not owning. */
static int theirs_view(const hc_manifest *tm, const loaded_tree *lt, const loaded_tree *lb, const loaded_tree *lo,
                       hc_rs_tree *view) {
    hc_rs_file *v = malloc((lt->n + tm->nfiles + 1) * sizeof *v);
    if (!v) return -1;
    size_t n = 0;
    for (size_t i = 0; i < lt->n; i++) v[n++] = lt->v[i];
    for (size_t i = 0; i < tm->nfiles; i++) {
        const hc_manifest_file *f = &tm->files[i];
        if (f->out[0] || loaded_find(lt, f->rel)) continue;
        const hc_rs_file *stand = loaded_find(lb, f->rel);
        if (!stand) stand = loaded_find(lo, f->rel);
        if (stand) v[n++] = *stand;
    }
    if (n) qsort(v, n, sizeof *v, cmp_rs_file);
    *view = (hc_rs_tree){v, n};
    return 0;
}

/* Entries the planner cannot see: files of the new CUDA tree that failed to translate (kept, an error),
 * and binary conflicts an earlier re-sync left that the port still holds as they were (reported again
 * and kept in the new manifest, so that upstream's change is never dropped silently). Returns how many
 * files failed to translate, or -1 out of memory. */
static int mark_unseen(const resync_run *r, hc_manifest *tm, const loaded_tree *lt, const loaded_tree *lo,
                       hc_rs_plan *plan) {
    int untranslated = 0;
    for (size_t i = 0; i < tm->nfiles; i++) {
        const hc_manifest_file *f = &tm->files[i];
        if (f->out[0] || loaded_find(lt, f->rel)) continue;
        hc_rs_entry *e = plan_find(plan, f->rel);
        if (!e && !(e = hc_rs_plan_add(plan, f->rel, HC_RS_UNTRANSLATED))) return -1;
        hc_rs_plan_set(plan, e, HC_RS_UNTRANSLATED);
        e->write = e->remove = false;
        hc_out_printf(stderr, "%s/%s: error: the new CUDA file could not be translated; the HIP file is kept and "
                              "upstream's change is not taken\n", r->cuda, f->rel);
        untranslated++;
    }
    for (size_t i = 0; i < r->rec.nunresolved; i++) {
        const hc_manifest_file *u = &r->rec.unresolved[i];
        const hc_rs_file *o = loaded_find(lo, u->rel);
        hc_blob_id now = "";
        if (!o || hc_blob_id_of(o->data, o->len, now) != 0 || strcmp(now, u->out) != 0) continue; /* resolved */
        hc_rs_entry *e = plan_find(plan, u->rel);
        if (e && (e->action == HC_RS_BINARY_CONFLICT || e->action == HC_RS_LINK_REFUSED)) continue;
        if (!e && !(e = hc_rs_plan_add(plan, u->rel, HC_RS_BINARY_CONFLICT))) return -1;
        hc_rs_plan_set(plan, e, HC_RS_BINARY_CONFLICT);
        e->write = e->remove = false;
        e->hand_edited = true;
        hc_out_printf(stderr, "%s/%s: error: a binary conflict of an earlier re-sync is not resolved: take upstream's "
                              "file or edit it (or remove its \"unresolved\" entry from %s to keep yours)\n",
                      r->hip, u->rel, r->manifest_path);
    }
    /* every binary conflict now open goes into the new manifest: upstream's source, the port's file as it is */
    for (size_t i = 0; i < plan->n; i++) {
        const hc_rs_file *o = plan->v[i].action == HC_RS_BINARY_CONFLICT ? loaded_find(lo, plan->v[i].rel) : NULL;
        const hc_manifest_file *f = o ? hc_manifest_find(tm, o->rel) : NULL;
        hc_blob_id ours = "";
        if (o && hc_blob_id_of(o->data, o->len, ours) == 0 &&
            hc_manifest_add_unresolved(tm, o->rel, f ? f->src : "", ours) != 0)
            return -1;
    }
    return untranslated;
}

/* Carries the plan out: writes and removals inside the HIP tree only, never over a CUDA file, never
 * through a link, and never over a file that no longer holds what was read (an edit made meanwhile). */
static int apply_plan(resync_run *r, hc_rs_plan *plan, const loaded_tree *ours, const char *theirs_dir) {
    int failed = 0;
    char err[PATH_MAX + 256], path[PATH_MAX], src[PATH_MAX];
    /* REGULAR_ONLY: the path itself is replaced, never a link's target, even one made since the plan */
    hc_out_policy p = {HC_OUT_MKDIRS | HC_OUT_SKIP_SAME | HC_OUT_REGULAR_ONLY, r->hip, &r->guard};
    hc_out_policy fresh = {HC_OUT_MKDIRS | HC_OUT_KEEP_EXISTING | HC_OUT_REGULAR_ONLY, r->hip, &r->guard};
    for (size_t i = 0; i < plan->n; i++) {
        hc_rs_entry *e = &plan->v[i];
        if (e->write) {
            if (hc_output_path(r->hip, e->rel, path, sizeof path, err, sizeof err) != 0) {
                hc_out_printf(stderr, "hipify-c: error: %s\n", err);
                failed++;
                continue;
            }
            /* the file as it was read: it must still hold that (its mode is kept); a new file must still
             * be absent (it takes the new translation's mode) */
            const hc_rs_file *o = loaded_find(ours, e->rel);
            snprintf(src, sizeof src, "%s/%s", theirs_dir, e->rel);
            hc_out_status st = o ? hc_out_write_expect(&p, path, e->data, e->len, HC_OUT_MODE_DEFAULT, o->data, o->len, err,
                                                       sizeof err)
                                 : hc_out_write(&fresh, path, e->data, e->len, hc_out_mode_of(src), err, sizeof err);
            if (st == HC_OUT_CHANGED || st == HC_OUT_KEPT) {
                hc_out_printf(stderr, "%s: error: %s while re-syncing; kept as it is now, not merged (re-sync again)\n",
                              path, st == HC_OUT_KEPT ? "created" : "changed");
                failed++;
                continue;
            }
            if (st < 0) {
                hc_out_printf(stderr, "%s: error: not written: %s\n", path, err);
                failed++;
                continue; /* and the old file of a rename stays */
            }
        }
        if (e->remove) {
            if (hc_output_path(r->hip, e->remove_rel, path, sizeof path, err, sizeof err) != 0) continue;
            hc_out_status st = hc_out_remove(&p, path, e->expect, e->expect_len, err, sizeof err);
            if (st == HC_OUT_WRITTEN) prune_empty_dirs(r->hip, e->remove_rel);
            else if (st == HC_OUT_KEPT && !r->cli->port.quiet_warnings)
                hc_out_printf(stderr, "%s: warning: changed while re-syncing; kept\n", path);
            else if (st < 0) {
                hc_out_printf(stderr, "%s: error: %s\n", path, err);
                failed++;
            }
        }
    }
    return failed;
}

static void print_text(const resync_run *r, const hc_rs_plan *plan, const char *base_id, const char *new_id) {
    hc_out_printf(stdout, "re-sync of %s: CUDA %s -> %s (%s)%s\n", r->hip, base_id, new_id, r->cuda,
                  r->cli->resync_dry_run ? " [dry run: nothing written]" : "");
    for (size_t i = 0; i < plan->n; i++) {
        const hc_rs_entry *e = &plan->v[i];
        if (e->action == HC_RS_UNCHANGED) continue;
        char extra[64] = "";
        if (e->conflicts) snprintf(extra, sizeof extra, " (%u conflict%s)", e->conflicts, e->conflicts == 1 ? "" : "s");
        if (e->from) hc_out_printf(stdout, "  %-16s %s -> %s%s\n", hc_rs_action_key(e->action), e->from, e->rel, extra);
        else hc_out_printf(stdout, "  %-16s %s%s\n", hc_rs_action_key(e->action), e->rel, extra);
    }
    size_t kept = 0;
    for (size_t i = 0; i < plan->n; i++) kept += plan->v[i].hand_edited && plan->v[i].action != HC_RS_BINARY_CONFLICT;
    printf("summary:");
    for (int a = 0; a < HC_RS__COUNT; a++)
        if (plan->count[a]) printf(" %s %zu,", hc_rs_action_key((hc_rs_action)a), plan->count[a]);
    printf(" hand-edited files carried %zu\n", kept);
}

static int guard_tree(hc_out_guard *g, const char *root) {
    hc_strv rels = {0};
    if (hc_tree_list(root, &rels) != 0) return 0;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < rels.n; i++) {
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", root, rels.v[i]);
        rc = hc_out_guard_add(g, path);
    }
    hc_strv_clear(&rels);
    return rc;
}

/* A conflict the last re-sync wrote and nobody resolved would pass for a hand edit and be merged again,
 * markers and all: refused, at its file and line. */
static int check_unresolved(resync_run *r) {
    static const char marker[] = "<<<<<<< HIP tree (hand-edited)";
    for (size_t i = 0; i < r->rec.nfiles; i++) {
        char path[PATH_MAX], *text;
        size_t len;
        snprintf(path, sizeof path, "%s/%s", r->hip, r->rec.files[i].rel);
        if (hc_read_file(path, HC_TREE_FILE_LIMIT, HC_READ_REGULAR_ONLY, &text, &len, NULL) != HC_READ_OK) continue;
        unsigned line = 1;
        const char *found = NULL;
        for (const char *p = text; p < text + len && !found; line++) {
            if (!strncmp(p, marker, sizeof marker - 1)) found = p;
            const char *nl = memchr(p, '\n', (size_t)(text + len - p));
            if (!nl || found) break;
            p = nl + 1;
        }
        free(text);
        if (found)
            return fail_usage("%s:%u: error: a conflict of an earlier re-sync is not resolved: resolve it (and remove the "
                              "markers) before re-syncing again", path, line);
    }
    return 0;
}

/* The HIP files the port keeps although their CUDA source is gone go into the new manifest's kept list:
 * those this re-sync kept (hand-edited), and those an earlier one kept that are still there and that
 * upstream has not brought back. The next base knows nothing of them, so --drift reads them from there. */
static int record_kept(const resync_run *r, const hc_rs_plan *plan, hc_manifest *tm) {
    for (size_t i = 0; i < plan->n; i++) {
        if (plan->v[i].action != HC_RS_REMOVED_KEPT) continue;
        const hc_manifest_file *f = hc_manifest_find(&r->rec, plan->v[i].rel);
        if (hc_manifest_add_kept(tm, plan->v[i].rel, f ? f->src : "", f ? f->out : "") != 0) return -1;
    }
    for (size_t i = 0; i < r->rec.nkept; i++) {
        const hc_manifest_file *k = &r->rec.kept[i];
        char path[PATH_MAX];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", r->hip, k->rel);
        if (hc_manifest_find(tm, k->rel) || lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        if (hc_manifest_add_kept(tm, k->rel, k->src, k->out) != 0) return -1;
    }
    hc_manifest_seal(tm);
    return 0;
}

static int run_resync(resync_run *r) {
    hc_cli *cli = r->cli;
    struct stat st;
    if (cli->port.inputs.n != 1 || stat(cli->port.inputs.v[0], &st) != 0 || !S_ISDIR(st.st_mode))
        return fail_usage("hipify-c: --resync HIP_DIR takes one input: the new CUDA tree (a directory)");
    if (cli->port.out_dir || cli->port.output || cli->port.inplace)
        return fail_usage("hipify-c: --resync writes into HIP_DIR itself; -o, --out-dir and --inplace do not apply");
    int rc;
    if ((rc = check_port_settings(cli)) != 0) return rc;
    r->cuda = cli->port.inputs.v[0];
    r->hip = cli->resync_dir;
    if (stat(r->hip, &st) != 0 || !S_ISDIR(st.st_mode)) return fail_usage("%s: error: --resync: not a directory", r->hip);
    if (hc_out_dir_within(r->hip, r->cuda) || hc_out_dir_within(r->cuda, r->hip))
        return fail_usage("%s: error: the port and the CUDA tree %s lie inside one another", r->hip, r->cuda);
    snprintf(r->manifest_path, sizeof r->manifest_path, "%s/%s", r->hip, HC_MANIFEST_NAME);
    char err[PATH_MAX * 2];
    int loaded = hc_manifest_load(r->manifest_path, &r->rec, err, sizeof err);
    if (loaded == 1)
        return fail_usage("%s: error: not a port made by hipify-c -O (no %s): port the CUDA tree with -O first", r->hip,
                          HC_MANIFEST_NAME);
    if (loaded < 0) return fail_usage("%s: error", err);
    size_t tl;
    if (hc_read_file(r->manifest_path, HC_TREE_FILE_LIMIT, HC_READ_REGULAR_ONLY, &r->manifest_text, &tl, NULL) !=
        HC_READ_OK)
        return fail_usage("%s: cannot be read", r->manifest_path);
    if ((rc = check_tool(r)) != 0 || (rc = check_options(r)) != 0 || (rc = check_unresolved(r)) != 0) return rc;

    const char *tmp = getenv("TMPDIR");
    snprintf(r->scratch, sizeof r->scratch, "%s/hipify-resync.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(r->scratch)) {
        r->scratch[0] = '\0';
        return fail_usage("hipify-c: error: cannot make a scratch directory: %s", strerror(errno));
    }
    hc_out_scratch_on_signals(r->scratch); /* a full tree: it goes with the process on SIGINT, SIGTERM, SIGHUP */
    if (cli->base_cuda) snprintf(r->base_cuda, sizeof r->base_cuda, "%s", cli->base_cuda);
    else if ((rc = base_from_git(r)) != 0) return rc;
    if (guard_tree(&r->guard, r->cuda) != 0 || guard_tree(&r->guard, r->base_cuda) != 0)
        return fail_usage("hipify-c: error: out of memory");

    char base_out[PATH_MAX], theirs_out[PATH_MAX], mpath[PATH_MAX];
    snprintf(base_out, sizeof base_out, "%s/base", r->scratch);
    snprintf(theirs_out, sizeof theirs_out, "%s/theirs", r->scratch);
    if ((rc = translate_into(r, r->base_cuda, base_out)) != 0) return rc;
    hc_manifest bm = {0}, tm = {0};
    snprintf(mpath, sizeof mpath, "%s/%s", base_out, HC_MANIFEST_NAME);
    if (hc_manifest_load(mpath, &bm, err, sizeof err) != 0) return fail_usage("hipify-c: error: base translation: %s", err);
    if ((rc = check_base(r, &bm)) != 0) {
        hc_manifest_free(&bm);
        return rc;
    }
    size_t drift = 0, dlen = 0; /* files the base now translates differently from the port as it was written */
    char dlist[1024] = "";
    for (size_t i = 0; i < r->rec.nfiles; i++) {
        const hc_manifest_file *f = hc_manifest_find(&bm, r->rec.files[i].rel);
        if (!f || !strcmp(f->out, r->rec.files[i].out)) continue;
        if (drift++ < 5 && dlen < sizeof dlist) /* named, so that their "hand edits" can be checked */
            dlen += (size_t)snprintf(dlist + dlen, sizeof dlist - dlen, "%s%s", dlen ? ", " : "", r->rec.files[i].rel);
    }
    if (drift && !cli->port.quiet_warnings)
        hc_out_printf(stderr, "%s: warning: %zu file(s) of the base translate differently from the port as it was written "
                              "(another HIP installation or tool): %s%s; their differences show as hand edits\n",
                      r->manifest_path, drift, dlist, drift > 5 ? ", ..." : "");
    if ((rc = translate_into(r, r->cuda, theirs_out)) != 0) {
        hc_manifest_free(&bm);
        return rc;
    }
    snprintf(mpath, sizeof mpath, "%s/%s", theirs_out, HC_MANIFEST_NAME);
    if (hc_manifest_load(mpath, &tm, err, sizeof err) != 0) {
        hc_manifest_free(&bm);
        return fail_usage("hipify-c: error: new translation: %s", err);
    }
    loaded_tree lb = {0}, lt = {0}, lo = {0};
    hc_strv want = {0};
    hc_rs_plan plan = {0};
    rc = HC_EXIT_ERRORS;
    if (load_tree(base_out, &bm, NULL, false, &lb) != 0 || load_tree(theirs_out, &tm, NULL, false, &lt) != 0) goto out;
    for (size_t i = 0; i < lb.n; i++) hc_strv_push(&want, lb.v[i].rel);
    for (size_t i = 0; i < lt.n; i++) hc_strv_push(&want, lt.v[i].rel);
    if (want.n) qsort(want.v, want.n, sizeof *want.v, cmp_str);
    size_t uniq = 0; /* a path on both sides is read once */
    for (size_t i = 0; i < want.n; i++) {
        if (uniq && !strcmp(want.v[uniq - 1], want.v[i])) free(want.v[i]);
        else want.v[uniq++] = want.v[i];
    }
    want.n = uniq;
    if (load_tree(r->hip, NULL, &want, true, &lo) != 0) goto out;
    char base_id[64], new_id[64], lb_base[128], lb_new[128];
    snprintf(base_id, sizeof base_id, "%.12s", r->rec.git_prefix && !r->cli->base_cuda ? r->rec.git_commit : r->rec.content_id);
    snprintf(new_id, sizeof new_id, "%.12s", tm.git_prefix && !tm.git_dirty ? tm.git_commit : tm.content_id);
    snprintf(lb_base, sizeof lb_base, "base (CUDA %s, translated)", base_id);
    snprintf(lb_new, sizeof lb_new, "new (CUDA %s, translated)", new_id);
    hc_rs_labels labels = {lb_base, "HIP tree (hand-edited)", lb_new};
    hc_rs_tree tb = {lb.v, lb.n}, tt = {0}, to = {lo.v, lo.n};
    if (theirs_view(&tm, &lt, &lb, &lo, &tt) != 0) goto out;
    int mk = hc_rs_plan_make(&tb, &tt, &to, &labels, &plan, err, sizeof err);
    free((void *)tt.v);
    if (mk != 0) {
        hc_out_printf(stderr, "hipify-c: error: %s\n", err);
        goto out;
    }
    int untranslated = mark_unseen(r, &tm, &lt, &lo, &plan);
    if (untranslated < 0) goto out;
    int failed = refuse_links(r, &plan);
    if (!cli->resync_dry_run) {
        failed += apply_plan(r, &plan, &lo, theirs_out);
        /* the new translation is the next re-sync's base: the manifest now names the new CUDA tree */
        if (record_kept(r, &plan, &tm) != 0) failed++;
        char *text = hc_manifest_to_json(&tm);
        hc_out_policy p = {HC_OUT_MKDIRS, r->hip, &r->guard};
        if (failed || !text || hc_out_write(&p, r->manifest_path, text, strlen(text), HC_OUT_MODE_DEFAULT, err, sizeof err) < 0) {
            hc_out_printf(stderr, "%s: error: the manifest was not updated%s%s\n", r->manifest_path, failed ? ": some files "
                          "could not be written; the next --resync starts from the old base again" : ": ", failed ? "" : err);
            failed++;
        }
        free(text);
    }
    print_text(r, &plan, base_id, new_id);
    if (cli->resync_json && write_json(r, &plan, base_id, new_id) != 0) failed++;
    size_t conflicts = plan.count[HC_RS_CONFLICT] + plan.count[HC_RS_ADDED_CONFLICT] + plan.count[HC_RS_RENAMED_CONFLICT] +
                       plan.count[HC_RS_BINARY_CONFLICT];
    rc = failed ? HC_EXIT_OUTPUT : conflicts || untranslated ? HC_EXIT_ERRORS : HC_EXIT_OK;
out:
    if (rc == HC_EXIT_ERRORS && !plan.n && !lb.v) hc_out_printf(stderr, "hipify-c: error: cannot read the translations\n");
    hc_rs_plan_free(&plan);
    loaded_free(&lb);
    loaded_free(&lt);
    loaded_free(&lo);
    hc_strv_clear(&want);
    hc_manifest_free(&bm);
    hc_manifest_free(&tm);
    return rc;
}

int hc_cli_resync(hc_cli *cli) {
    resync_run r = {.cli = cli};
    int rc = run_resync(&r);
    if (r.scratch[0]) hc_scratch_remove(r.scratch);
    hc_out_scratch_on_signals(NULL);
    hc_manifest_free(&r.rec);
    free(r.manifest_text);
    hc_strv_clear(&r.replay);
    hc_out_guard_free(&r.guard);
    fflush(stdout);
    return rc;
}
