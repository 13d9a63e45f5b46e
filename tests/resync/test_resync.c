/* test_resync.c: unit tests of the re-sync planner (every action, renames by source id and by
 * similarity, conflict counts) and of the drift helpers (kernel scan, counterpart names). In memory. */
#include "drift.h"
#include "resync.h"
#include "unit_check.h"
#include "util.h"

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
    kernels();
    UNIT_DONE();
}
