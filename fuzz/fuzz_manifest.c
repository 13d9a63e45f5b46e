/* fuzz_manifest.c: libFuzzer target for the port manifest reader and the allow-list --resync applies to
 * its options: the input is a manifest's text, parsed by hc_manifest_parse. After each run it checks the
 * reader's promises (paths stay inside the tree, one entry a path, content_id matches, the text it writes
 * back reads back the same) and the allow-list's: options it accepts, made into the option struct as
 * --resync makes it and parsed as the command line would parse them, agree and name no file to write, no
 * other mode and no compiler argument that writes or loads code.
 * A broken promise aborts. It reads and writes no file and runs no re-sync. */
#include "cli.h"
#include "manifest.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void require(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "fuzz_manifest: invariant broken: %s\n", what);
        abort();
    }
}

static void check_list(const hc_manifest_file *v, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const char *p = v[i].rel;
        require(p[0] && p[0] != '/', "a path is relative and not empty");
        require(strncmp(p, "../", 3) != 0 && strstr(p, "/../") == NULL && strcmp(p, "..") != 0, "no path leads out");
        require(i == 0 || strcmp(v[i - 1].rel, p) < 0, "paths sorted, each once");
    }
}

/* The options the allow-list accepted, made into a port's option struct as --resync makes them
 * (hc_port_opts_replay), and parsed as hipify-c's own command line: the two agree, and neither names an
 * output (a port's option struct has no field for another mode or an action at all). */
static void require_no_output(const hc_port_opts *cli) {
    require(!cli->output && !cli->out_dir && !cli->inplace && !cli->depfile, "no translation output named");
    require(!cli->diff && !cli->report && !cli->stats_json && !cli->sarif && !cli->o_stats && !cli->print_stats_csv,
            "no report named");
    /* the value word of a two-word option (-I DIR, -D NAME...) is its value whatever it looks like: clang
     * reads `-I -Minc` as the directory "-Minc" */
    static const char *const two_word[] = {"-I", "-D", "-U", "-isystem", "-iquote", "-idirafter", "-include", "-resource-dir"};
    for (size_t i = 0; i < cli->clang_args.n; i++) {
        const char *a = cli->clang_args.v[i];
        bool value_follows = false;
        for (size_t k = 0; k < sizeof two_word / sizeof *two_word; k++) value_follows |= !strcmp(a, two_word[k]);
        if (value_follows) {
            i++;
            continue;
        }
        require(strncmp(a, "-M", 2) != 0 && strncmp(a, "-o", 2) != 0 && strncmp(a, "-X", 2) != 0 &&
                    strncmp(a, "-fplugin", 8) != 0 && strncmp(a, "-Wp,", 4) != 0 && strncmp(a, "-Wl,", 4) != 0,
                "no compiler argument that writes, loads or passes words on");
    }
}

static bool same_words(const hc_strv *a, const hc_strv *b) {
    if (a->n != b->n) return false;
    for (size_t i = 0; i < a->n; i++)
        if (strcmp(a->v[i], b->v[i]) != 0) return false;
    return true;
}

static bool same_text(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

/* Every field a replayable option sets (hc_cli_port_options' list), compared without reading a file. */
static bool same_options(const hc_port_opts *x, const hc_port_opts *y) {
    const hc_options *a = &x->opt, *b = &y->opt;
    return a->hip_version == b->hip_version && x->hip_version_given == y->hip_version_given &&
           a->cuda_version == b->cuda_version &&
           a->launch_syntax == b->launch_syntax && a->skip_excluded_pp_blocks == b->skip_excluded_pp_blocks &&
           x->amap == y->amap && a->roc == b->roc && a->miopen == b->miopen && a->fix_warp_size == b->fix_warp_size &&
           a->annotate == b->annotate && a->experimental == b->experimental &&
           a->use_hip_data_types == b->use_hip_data_types && a->build_scripts == b->build_scripts &&
           a->build_scripts_only == b->build_scripts_only && x->only_changed == y->only_changed &&
           a->suppress_all == b->suppress_all && a->semantic == b->semantic &&
           !memcmp(a->suppressed, b->suppressed, sizeof a->suppressed) && same_text(a->compile_db_dir, b->compile_db_dir) &&
           same_text(a->cuda_path, b->cuda_path) && same_text(a->decls_dir, b->decls_dir) &&
           same_words(&x->offload_archs, &y->offload_archs) && same_words(&x->rule_files, &y->rule_files) &&
           same_words(&x->exclude_dirs, &y->exclude_dirs) && same_words(&x->exclude_files, &y->exclude_files) &&
           same_words(&x->clang_args, &y->clang_args);
}

static void check_replayed(const hc_manifest *m) {
    size_t bad;
    if (hc_cli_replay_check((const char *const *)m->options, m->noptions, &bad) != 0) {
        require(bad < m->noptions, "the refused word is one of the options");
        return;
    }
    hc_port_opts replayed; /* a value an option refuses is reported on stderr, which run-fuzz.sh closes (-close_fd_mask) */
    int ra = hc_port_opts_replay(&replayed, (const char *const *)m->options, m->noptions, &bad);
    require(ra == 0 || bad <= m->noptions, "a refused word is one of the options, or all of them");
    char **argv = calloc(m->noptions + 3, sizeof *argv);
    require(argv != NULL, "memory");
    argv[0] = "hipify-c";
    for (size_t i = 0; i < m->noptions; i++) argv[i + 1] = m->options[i];
    argv[m->noptions + 1] = "in.cu";
    hc_cli parsed;
    int rp = hc_cli_parse((int)m->noptions + 2, argv, &parsed);
    require((ra == 0) == (rp == 0), "the struct --resync makes accepts what the command line accepts");
    if (ra == 0) require_no_output(&replayed);
    if (rp == 0) {
        require_no_output(&parsed.port);
        require(!parsed.resync_dir && !parsed.resync_json && !parsed.drift_dir && !parsed.drift_json && !parsed.drift_html,
                "no other mode or its report");
        require(!parsed.query && !parsed.list_unsupported && !parsed.doc_md && !parsed.doc_csv, "no action");
    }
    if (ra == 0 && rp == 0) require(same_options(&replayed, &parsed.port), "the struct --resync makes is the parsed one");
    hc_port_opts_free(&replayed);
    hc_cli_free(&parsed); /* hc_cli_parse starts by clearing it: freeing is safe however it ended */
    free(argv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    require(text != NULL, "memory");
    memcpy(text, data, size);
    text[size] = '\0';
    hc_manifest m;
    char err[4096];
    if (hc_manifest_parse("fuzz.json", text, size, &m, err, sizeof err) != 0) {
        require(strncmp(err, "fuzz.json", 9) == 0, "an error names the manifest");
        free(text);
        return 0;
    }
    check_list(m.files, m.nfiles);
    check_list(m.kept, m.nkept);
    check_list(m.unresolved, m.nunresolved);
    hc_blob_id id;
    hc_tree_content_id(m.files, m.nfiles, id);
    require(strcmp(id, m.content_id) == 0, "content_id matches the files");
    char *again = hc_manifest_to_json(&m);
    require(again != NULL, "written back");
    hc_manifest m2;
    require(hc_manifest_parse("again.json", again, strlen(again), &m2, err, sizeof err) == 0, "what it writes reads back");
    char *third = hc_manifest_to_json(&m2);
    require(third && strcmp(again, third) == 0, "read back the same");
    check_replayed(&m);
    free(third);
    free(again);
    hc_manifest_free(&m2);
    hc_manifest_free(&m);
    free(text);
    return 0;
}
