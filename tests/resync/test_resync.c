/* test_resync.c: unit tests of the re-sync planner (every action, renames by source id and by
 * similarity, conflict counts) and of the drift helpers (kernel scan, counterpart names). In memory. */
#include "drift.h"
#include "resync.h"
#include "unit_check.h"
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define F(rel, text, src) {rel, text, sizeof(text) - 1, src}

static const hc_rs_entry *entry(const hc_rs_plan *p, const char *rel) {
    for (size_t i = 0; i < p->n; i++)
        if (!strcmp(p->v[i].rel, rel)) return &p->v[i];
    return NULL;
}

static void plan_actions(void) {
    /* sorted by rel on every side */
    hc_rs_file base[] = {
        F("a.cu", "1\n2\n3\n4\n5\n6\n7\n", "s-a"), F("conf.cu", "x\n", "s-c"), F("del.h", "d\n", "s-d"),
        F("deledit.h", "e\n", "s-e"), F("gone_here.cu", "g\n", "s-g"), F("hd_old.h", "h\n", "s-hd"), F("old.h", "r1\nr2\nr3\nr4\n", "s-r"),
        F("same.cu", "s\n", "s-s"), F("sim_old.cpp", "l1\nl2\nl3\nl4\nl5\nl6\n", "s-m1"), F("upd.cu", "u\n", "s-u"),
    };
    hc_rs_file theirs[] = {
        F("a.cu", "1\n2\n3\n4\n5\n6\nSEVEN\n", "s-a2"), F("conf.cu", "theirs\n", "s-c2"), F("gone_here.cu", "g2\n", "s-g2"),
        F("hd_new.h", "h\n", "s-hd"), F("new.cu", "n\n", "s-n"), F("new.h", "r1\nr2\nr3\nr4\n", "s-r"), F("same.cu", "s\n", "s-s"),
        F("sim_new.cpp", "l1\nl2\nl3\nl4\nl5\nchanged\n", "s-m2"), F("upd.cu", "u2\n", "s-u2"),
    };
    hc_rs_file ours[] = {
        F("a.cu", "ONE\n2\n3\n4\n5\n6\n7\n", NULL), F("conf.cu", "ours\n", NULL), F("del.h", "d\n", NULL),
        F("deledit.h", "e edited\n", NULL), F("old.h", "r1\nr2\nr3\nr4\nmine\n", NULL), F("same.cu", "s edited\n", NULL),
        F("sim_old.cpp", "l1\nl2\nl3\nl4\nl5\nl6\n", NULL), F("upd.cu", "u\n", NULL),
    };
    hc_rs_tree tb = {base, COUNT_OF(base)}, tt = {theirs, COUNT_OF(theirs)},
               to = {ours, COUNT_OF(ours)};
    hc_rs_labels labels = {"base", "ours", "theirs"};
    hc_rs_plan p;
    char err[256];
    CHECK_INT(hc_rs_plan_make(&tb, &tt, &to, &labels, &p, err, sizeof err), 0);
    const hc_rs_entry *e;
    CHECK((e = entry(&p, "a.cu")) && e->action == HC_RS_MERGED && e->write && !strcmp(e->data, "ONE\n2\n3\n4\n5\n6\nSEVEN\n"));
    CHECK((e = entry(&p, "conf.cu")) && e->action == HC_RS_CONFLICT && e->conflicts == 1 && strstr(e->data, "<<<<<<< ours"));
    CHECK((e = entry(&p, "del.h")) && e->action == HC_RS_REMOVED && e->remove && !e->write);
    CHECK((e = entry(&p, "deledit.h")) && e->action == HC_RS_REMOVED_KEPT && !e->remove && e->hand_edited);
    CHECK((e = entry(&p, "gone_here.cu")) && e->action == HC_RS_DELETED_HERE && !e->write);
    /* deleted from the port by hand, then renamed upstream: it stays deleted, and the report says so */
    CHECK((e = entry(&p, "hd_new.h")) && e->action == HC_RS_DELETED_HERE && !e->write && !e->remove && e->from &&
          !strcmp(e->from, "hd_old.h"));
    CHECK((e = entry(&p, "new.cu")) && e->action == HC_RS_ADDED && e->write && !strcmp(e->data, "n\n"));
    CHECK((e = entry(&p, "new.h")) && e->action == HC_RS_RENAMED && e->from && !strcmp(e->from, "old.h") && e->remove &&
          !strcmp(e->remove_rel, "old.h") && !strcmp(e->data, "r1\nr2\nr3\nr4\nmine\n"));
    CHECK((e = entry(&p, "same.cu")) && e->action == HC_RS_KEPT_EDIT && !e->write);
    CHECK((e = entry(&p, "sim_new.cpp")) && e->action == HC_RS_RENAMED && !strcmp(e->from, "sim_old.cpp") &&
          !strcmp(e->data, "l1\nl2\nl3\nl4\nl5\nchanged\n"));
    CHECK((e = entry(&p, "upd.cu")) && e->action == HC_RS_UPDATED && !strcmp(e->data, "u2\n"));
    CHECK_INT(p.count[HC_RS_RENAMED], 2);
    CHECK_INT(p.count[HC_RS_CONFLICT], 1);
    hc_rs_plan_free(&p);

    /* the HIP tree already has a different file where an upstream addition goes */
    hc_rs_file t2[] = {F("x.h", "theirs\n", "s")}, o2[] = {F("x.h", "ours\n", NULL)};
    hc_rs_tree e0 = {NULL, 0}, tt2 = {t2, 1}, to2 = {o2, 1};
    CHECK_INT(hc_rs_plan_make(&e0, &tt2, &to2, &labels, &p, err, sizeof err), 0);
    CHECK(p.n == 1 && p.v[0].action == HC_RS_ADDED_CONFLICT && p.v[0].conflicts == 1);
    hc_rs_plan_free(&p);

    /* binary contents are never merged with markers */
    hc_rs_file b3[] = {{"bin", "a\0b", 3, "s1"}}, t3[] = {{"bin", "a\0c", 3, "s2"}}, o3[] = {{"bin", "a\0d", 3, NULL}};
    hc_rs_tree tb3 = {b3, 1}, tt3 = {t3, 1}, to3 = {o3, 1};
    CHECK_INT(hc_rs_plan_make(&tb3, &tt3, &to3, &labels, &p, err, sizeof err), 0);
    CHECK(p.n == 1 && p.v[0].action == HC_RS_BINARY_CONFLICT && !p.v[0].write);
    hc_rs_plan_free(&p);
    CHECK_INT(hc_rs_similarity("a\nb\n", 4, "a\nb\n", 4), 100);
    CHECK_INT(hc_rs_similarity("a\nb\n", 4, "c\nd\n", 4), 0);
}

/* The rename search against measuring every pair (what it must answer, at any cost): trees of files that
 * share common lines, copies with a few lines changed, ties, empty files and pure renames by source id. */
static unsigned rnd_state = 12345;
static unsigned rnd(unsigned n) {
    rnd_state = rnd_state * 1103515245u + 12345u;
    return (rnd_state >> 16) % n;
}

static char *gen_text(unsigned id, unsigned nlines, const char *from, unsigned changes) {
    size_t cap = 64 + nlines * 32 + (from ? strlen(from) + changes * 32 : 0);
    char *t = malloc(cap), *p = t;
    if (from) {
        /* the lines of from, each replaced with a chance of changes in 16 */
        for (const char *q = from; *q;) {
            const char *nl = strchr(q, '\n');
            size_t l = (size_t)(nl - q);
            if (rnd(16) < changes) p += sprintf(p, "changed %u %u\n", id, rnd(1000));
            else memcpy(p, q, l + 1), p += l + 1;
            q = nl + 1;
        }
    } else {
        for (unsigned k = 0; k < nlines; k++)
            p += rnd(2) ? sprintf(p, "common %u\n", rnd(6)) : sprintf(p, "line %u of %u\n", k, id);
    }
    *p = '\0';
    return t;
}

static void renames_as_every_pair(void) {
    enum { NB = 90, NT = 90 };
    static const char *exts[] = {".h", ".cpp", ".h", ".h"};
    hc_rs_file b[NB], t[NT];
    char names[NB + NT][32];
    for (unsigned i = 0; i < NB; i++) { /* sorted: "r000" < "r001" ... */
        snprintf(names[i], sizeof names[i], "r%03u%s", i, exts[i % 4]);
        char *text = i % 17 == 0 ? strdup("") : gen_text(i, 4 + rnd(30), NULL, 0);
        b[i] = (hc_rs_file){names[i], text, strlen(text), i % 7 == 0 ? names[i] : NULL};
    }
    for (unsigned j = 0; j < NT; j++) {
        unsigned from = rnd(NB);
        snprintf(names[NB + j], sizeof names[NB + j], "s%03u%s", j, exts[rnd(4)]);
        char *text = b[from].len == 0 && rnd(2) ? strdup("")
                     : rnd(5) ? gen_text(1000 + j, 0, b[from].data[0] ? b[from].data : "x\n", rnd(10))
                              : gen_text(1000 + j, 4 + rnd(30), NULL, 0);
        /* a pure rename keeps the source id of the file it came from */
        t[j] = (hc_rs_file){names[NB + j], text, strlen(text), b[from].src_id && rnd(2) ? b[from].src_id : NULL};
    }
    hc_rs_tree tb = {b, NB}, tt = {t, NT};
    size_t got[NB], want[NB];
    bool taken[NT] = {0};
    CHECK_INT(hc_rs_renames(&tb, &tt, got), 0);
    /* every pair measured, in path order: source ids first, then the best similarity over 49 */
    for (unsigned i = 0; i < NB; i++) want[i] = SIZE_MAX;
    for (unsigned i = 0; i < NB; i++)
        for (unsigned j = 0; b[i].src_id && j < NT; j++)
            if (!taken[j] && t[j].src_id && !strcmp(b[i].src_id, t[j].src_id)) {
                want[i] = j, taken[j] = true;
                break;
            }
    size_t paired = 0;
    for (unsigned i = 0; i < NB; i++) {
        if (want[i] != SIZE_MAX) continue;
        int best = 49;
        for (unsigned j = 0; j < NT; j++) {
            if (taken[j] || strcmp(strrchr(b[i].rel, '.'), strrchr(t[j].rel, '.'))) continue;
            int sim = hc_rs_similarity(b[i].data, b[i].len, t[j].data, t[j].len);
            if (sim > best) best = sim, want[i] = j;
        }
        if (want[i] != SIZE_MAX) taken[want[i]] = true, paired++;
    }
    for (unsigned i = 0; i < NB; i++) CHECK_INT(got[i], want[i]);
    CHECK(paired > 20); /* the trees do exercise the similarity search */
    for (unsigned i = 0; i < NB; i++) free((char *)b[i].data);
    for (unsigned j = 0; j < NT; j++) free((char *)t[j].data);
}

static void kernels(void) {
    const char *src = "// __global__ void commented() {}\n"
                      "const char *s = \"__global__ void in_string()\";\n"
                      "__global__ void plain(int *p) {}\n"
                      "template <typename T> __global__ void __launch_bounds__(128, 2) bounded(T *p);\n"
                      "static __global__ void\n  split_line(float *x) {}\n"
                      "void host() {}\n";
    hc_kernel_list k = {0};
    CHECK_INT(hc_kernels_find(src, strlen(src), &k), 0);
    CHECK_INT(k.n, 3);
    if (k.n == 3) {
        CHECK_STR(k.v[0].name, "plain");
        CHECK_INT(k.v[0].line, 3);
        CHECK_STR(k.v[1].name, "bounded");
        CHECK_STR(k.v[2].name, "split_line");
        CHECK_INT(k.v[2].line, 5);
    }
    hc_kernel_list_free(&k);
    char *c[16];
    size_t n = hc_drift_counterparts("dir/kern_cuda.cu", c, 16);
    bool saw_same = false, saw_hip = false, saw_cpp = false;
    for (size_t i = 0; i < n; i++) {
        saw_same |= !strcmp(c[i], "dir/kern_cuda.cu");
        saw_hip |= !strcmp(c[i], "dir/kern_hip.cpp");
        saw_cpp |= !strcmp(c[i], "dir/kern_cuda.hip");
        free(c[i]);
    }
    CHECK(saw_same && saw_hip && saw_cpp);
    CHECK_STR((n = hc_drift_counterparts("x.cuh", c, 16), c[0]), "x.cuh");
    for (size_t i = 0; i < n; i++) free(c[i]);
}

int main(void) {
    plan_actions();
    renames_as_every_pair();
    kernels();
    UNIT_DONE();
}
