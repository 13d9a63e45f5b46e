/* fuzz_manifest.c: libFuzzer target for the port manifest reader and the allow-list --resync applies to
 * its options: the input is a manifest's text, parsed by hc_manifest_parse. After each run it checks the
 * reader's promises (paths stay inside the tree, one entry a path, content_id matches, the text it writes
 * back reads back the same) and the allow-list's: options it accepts, parsed as the command line would
 * parse them, name no file to write, no other mode and no compiler argument that writes or loads code.
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

/* The options the allow-list accepted, parsed as hipify-c's own command line. */
static void check_replayed(const hc_manifest *m) {
    size_t bad;
    if (hc_cli_replay_check((const char *const *)m->options, m->noptions, &bad) != 0) {
        require(bad < m->noptions, "the refused word is one of the options");
        return;
    }
    char **argv = calloc(m->noptions + 3, sizeof *argv);
    require(argv != NULL, "memory");
    argv[0] = "hipify-c";
    for (size_t i = 0; i < m->noptions; i++) argv[i + 1] = m->options[i];
    argv[m->noptions + 1] = "in.cu";
    hc_cli cli; /* a value the parser refuses is reported on stderr, which run-fuzz.sh closes (-close_fd_mask) */
    int rc = hc_cli_parse((int)m->noptions + 2, argv, &cli);
    if (rc == 0) {
        require(!cli.output && !cli.out_dir && !cli.inplace && !cli.depfile, "no translation output named");
        require(!cli.diff && !cli.report && !cli.stats_json && !cli.sarif && !cli.o_stats && !cli.print_stats_csv,
                "no report named");
        require(!cli.resync_dir && !cli.resync_json && !cli.drift_dir && !cli.drift_json && !cli.drift_html,
                "no other mode or its report");
        require(!cli.query && !cli.list_unsupported && !cli.doc_md && !cli.doc_csv && !cli.tables_id, "no action");
        for (size_t i = 0; i < cli.clang_args.n; i++) {
            const char *a = cli.clang_args.v[i];
            require(strncmp(a, "-M", 2) != 0 && strncmp(a, "-o", 2) != 0 && strncmp(a, "-X", 2) != 0 &&
                        strncmp(a, "-fplugin", 8) != 0 && strncmp(a, "-Wp,", 4) != 0 && strncmp(a, "-Wl,", 4) != 0,
                    "no compiler argument that writes, loads or passes words on");
        }
    }
    if (rc >= 0) hc_cli_free(&cli);
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
