/* test_output.c: unit tests of the output layer (output.c) on a scratch directory: links written
 * through, devices and FIFOs, paths that name a directory, guard set, confinement, KEEP_EXISTING,
 * SKIP_SAME, REGULAR_ONLY, the unchanged-input check, modes, temp names, escaping. It runs no translation; the CLI tests cover the same rules end to end. */
#include "output.h"
#include "unit_check.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static char dir[PATH_MAX];

static const char *at(const char *name) {
    static char buf[4][PATH_MAX];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    return buf[k];
}

static int read_back(const char *path, char *buf, size_t size) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, size - 1);
    close(fd);
    buf[n < 0 ? 0 : n] = '\0';
    return (int)n;
}

static void test_links_and_modes(void) {
    char err[PATH_MAX * 2], buf[64];
    hc_out_policy p = {0};
    CHECK(symlink("target.txt", at("link.txt")) == 0); /* dangling */
    CHECK_INT(hc_out_write(&p, at("link.txt"), "one", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    struct stat st;
    CHECK(lstat(at("link.txt"), &st) == 0 && S_ISLNK(st.st_mode));
    read_back(at("target.txt"), buf, sizeof buf);
    CHECK_STR(buf, "one");
    CHECK(chmod(at("target.txt"), 0751) == 0);
    CHECK_INT(hc_out_write(&p, at("link.txt"), "two", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(stat(at("target.txt"), &st) == 0 && (st.st_mode & 07777) == 0751); /* an existing file's mode is kept */
    CHECK_INT(hc_out_write(&p, at("given.txt"), "x", 1, 0604, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(stat(at("given.txt"), &st) == 0 && (st.st_mode & 07777) == 0604);
}

/* A path that can only name a directory never writes the file before its ending: "b.prehip/" replaced the
 * backup b.prehip once (the CLI fuzzer's report_slash_backup seed). */
static void test_directory_names(void) {
    char err[PATH_MAX * 2], buf[64];
    hc_out_policy p = {0};
    CHECK_INT(hc_out_write(&p, at("keep.txt"), "original", 8, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    CHECK_INT(hc_out_write(&p, at("keep.txt/"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_FAILED);
    CHECK_INT(hc_out_write(&p, at("keep.txt/."), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_FAILED);
    CHECK_INT(hc_out_write(&p, at("keep.txt/inner"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_FAILED);
    CHECK(strstr(err, "not a directory") != NULL);
    CHECK_INT(hc_out_check(&p, at("keep.txt/"), err, sizeof err), HC_OUT_FAILED);
    CHECK_INT(hc_out_write(&p, at("fresh/"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_SPECIAL);
    CHECK_INT(hc_out_write(&p, at(".."), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_SPECIAL);
    read_back(at("keep.txt"), buf, sizeof buf);
    CHECK_STR(buf, "original");
    struct stat st;
    CHECK(lstat(at("fresh"), &st) != 0);
}

static void test_special_targets(void) {
    char err[PATH_MAX * 2];
    hc_out_policy p = {0};
    CHECK_INT(hc_out_write(&p, dir, "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(symlink("/dev/null", at("null")) == 0); /* the null device: written in place, link kept */
    CHECK_INT(hc_out_write(&p, at("null"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    struct stat st;
    CHECK(lstat(at("null"), &st) == 0 && S_ISLNK(st.st_mode));
    CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
    if (mknod(at("full"), S_IFCHR | 0666, makedev(1, 7)) != 0) return; /* needs root: a private /dev/full */
    CHECK(symlink("full", at("fulllink")) == 0);
    CHECK_INT(hc_out_write(&p, at("fulllink"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(strstr(err, "device") != NULL);
    CHECK(lstat(at("fulllink"), &st) == 0 && S_ISLNK(st.st_mode));
    CHECK(lstat(at("full"), &st) == 0 && S_ISCHR(st.st_mode));
    CHECK_INT(hc_out_check(&p, at("full"), err, sizeof err), HC_OUT_SPECIAL);
}

/* HC_OUT_REGULAR_ONLY (the harness's reports): nothing but a regular file or nothing at the path itself;
 * a link, even to a regular file, a FIFO, the null device and a directory are refused and left as they are. */
static void test_regular_only(void) {
    char err[PATH_MAX * 2], buf[64];
    hc_out_policy p = {HC_OUT_REGULAR_ONLY, NULL, NULL};
    CHECK_INT(hc_out_write(&p, at("r.json"), "one", 3, 0644, err, sizeof err), HC_OUT_WRITTEN);
    CHECK_INT(hc_out_write(&p, at("r.json"), "two", 3, 0644, err, sizeof err), HC_OUT_WRITTEN); /* replaced */
    read_back(at("r.json"), buf, sizeof buf);
    CHECK_STR(buf, "two");
    struct stat st;
    CHECK(stat(at("r.json"), &st) == 0 && (st.st_mode & 07777) == 0644);
    CHECK(symlink("r.json", at("r-link.json")) == 0);
    CHECK_INT(hc_out_write(&p, at("r-link.json"), "three", 5, 0644, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(strstr(err, "symbolic link") != NULL);
    CHECK_INT(hc_out_check(&p, at("r-link.json"), err, sizeof err), HC_OUT_SPECIAL);
    CHECK(lstat(at("r-link.json"), &st) == 0 && S_ISLNK(st.st_mode));
    read_back(at("r.json"), buf, sizeof buf);
    CHECK_STR(buf, "two");
    CHECK(symlink("gone.json", at("dangling.json")) == 0); /* not created through a dangling link either */
    CHECK_INT(hc_out_write(&p, at("dangling.json"), "x", 1, 0644, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(access(at("gone.json"), F_OK) != 0);
    CHECK(symlink("/dev/null", at("null.json")) == 0);
    CHECK_INT(hc_out_write(&p, at("null.json"), "x", 1, 0644, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(mkfifo(at("fifo.json"), 0644) == 0);
    CHECK_INT(hc_out_write(&p, at("fifo.json"), "x", 1, 0644, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(strstr(err, "special file") != NULL);
    CHECK_INT(hc_out_write(&p, dir, "x", 1, 0644, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(strstr(err, "a directory") != NULL);
    /* "-" is a file name here, not standard output */
    char cwd[PATH_MAX];
    CHECK(getcwd(cwd, sizeof cwd) != NULL && chdir(dir) == 0);
    CHECK_INT(hc_out_write(&p, "-", "dash", 4, 0644, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(chdir(cwd) == 0);
    read_back(at("-"), buf, sizeof buf);
    CHECK_STR(buf, "dash");
}

static void test_policy(void) {
    char err[PATH_MAX * 2], buf[64];
    hc_out_guard guard = {0};
    int fd = open(at("input.cu"), O_WRONLY | O_CREAT, 0644);
    CHECK(fd >= 0 && write(fd, "in", 2) == 2);
    close(fd);
    CHECK_INT(hc_out_guard_add(&guard, at("input.cu")), 0);
    CHECK(symlink("input.cu", at("alias.cu")) == 0);
    hc_out_policy p = {0, NULL, &guard};
    CHECK_INT(hc_out_write(&p, at("alias.cu"), "out", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_REFUSED);
    read_back(at("input.cu"), buf, sizeof buf);
    CHECK_STR(buf, "in");
    p.flags = HC_OUT_REPLACE_INPUT;
    CHECK_INT(hc_out_write(&p, at("input.cu"), "out", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    hc_out_guard_free(&guard);

    /* backups: never replaced; identical is SAME, different is KEPT */
    hc_out_policy keep = {HC_OUT_KEEP_EXISTING, NULL, NULL};
    CHECK_INT(hc_out_write(&keep, at("k.prehip"), "orig", 4, 0600, err, sizeof err), HC_OUT_WRITTEN);
    CHECK_INT(hc_out_write(&keep, at("k.prehip"), "orig", 4, 0600, err, sizeof err), HC_OUT_SAME);
    CHECK_INT(hc_out_write(&keep, at("k.prehip"), "newer", 5, 0600, err, sizeof err), HC_OUT_KEPT);
    read_back(at("k.prehip"), buf, sizeof buf);
    CHECK_STR(buf, "orig");
    hc_out_policy plain = {0};
    CHECK_INT(hc_out_write(&plain, at("k.prehip"), "report", 6, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_REFUSED);

    /* SKIP_SAME keeps the mtime of an identical file */
    hc_out_policy same = {HC_OUT_SKIP_SAME, NULL, NULL};
    CHECK_INT(hc_out_write(&same, at("s.txt"), "abc", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    CHECK_INT(hc_out_write(&same, at("s.txt"), "abc", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_SAME);
    CHECK_INT(hc_out_write(&same, at("s.txt"), "abd", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);

    /* confinement: a link inside the directory that leads out is refused; MKDIRS creates parents */
    CHECK(mkdir(at("conf"), 0755) == 0 && mkdir(at("outside"), 0755) == 0);
    CHECK(symlink("../outside", at("conf/leak")) == 0);
    hc_out_policy c = {HC_OUT_MKDIRS, at("conf"), NULL};
    CHECK_INT(hc_out_write(&c, at("conf/leak/x"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_REFUSED);
    CHECK(access(at("outside/x"), F_OK) != 0);
    CHECK_INT(hc_out_write(&c, at("conf/a/b/c.txt"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);

    /* copies stream a regular file and refuse anything else */
    CHECK_INT(hc_out_copy(&plain, at("s.txt"), at("copy.txt"), 0700, err, sizeof err), HC_OUT_WRITTEN);
    read_back(at("copy.txt"), buf, sizeof buf);
    CHECK_STR(buf, "abd");
    CHECK_INT(hc_out_copy(&plain, "/dev/zero", at("zero.txt"), HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_REFUSED);
    CHECK(access(at("zero.txt"), F_OK) != 0);
}

/* --inplace: a file edited after it was read is never replaced by the translation of its old text */
static void test_expect(void) {
    char err[PATH_MAX * 2], buf[64];
    hc_out_policy p = {HC_OUT_REPLACE_INPUT, NULL, NULL};
    CHECK_INT(hc_out_write(&p, at("e.cu"), "old", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(hc_out_holds(at("e.cu"), "old", 3));
    CHECK(!hc_out_holds(at("e.cu"), "ol", 2));
    CHECK(!hc_out_holds(at("e.cu"), "olD", 3));
    CHECK_INT(hc_out_write_expect(&p, at("e.cu"), "new", 3, HC_OUT_MODE_DEFAULT, "ole", 3, err, sizeof err), HC_OUT_CHANGED);
    CHECK(strstr(err, "e.cu") != NULL && strstr(err, "changed") != NULL);
    read_back(at("e.cu"), buf, sizeof buf);
    CHECK_STR(buf, "old");
    CHECK_INT(hc_out_write_expect(&p, at("e.cu"), "new", 3, HC_OUT_MODE_DEFAULT, "old", 3, err, sizeof err), HC_OUT_WRITTEN);
    read_back(at("e.cu"), buf, sizeof buf);
    CHECK_STR(buf, "new");
    /* removed meanwhile: not created again */
    CHECK_INT(hc_out_write_expect(&p, at("gone.cu"), "new", 3, HC_OUT_MODE_DEFAULT, "old", 3, err, sizeof err), HC_OUT_CHANGED);
    CHECK(access(at("gone.cu"), F_OK) != 0);
    /* no temporary is left behind by a refusal */
    char tmpl[PATH_MAX];
    snprintf(tmpl, sizeof tmpl, "ls -a '%s' | grep -q hipify-tmp", dir);
    CHECK(system(tmpl) != 0);
}

static void test_names(void) {
    CHECK(hc_out_is_temp_name(".k.cu.hipify-tmp-Ab12Cd"));
    CHECK(hc_out_is_temp_name("k.cu.hipify-Xy34Zw"));
    CHECK(!hc_out_is_temp_name("k.cu"));
    CHECK(!hc_out_is_temp_name("k.cu.hipify-tmp-Ab1"));
    CHECK(!hc_out_is_temp_name("notes.hipify-tmp-ab!cde"));
    CHECK(hc_out_is_temp_name(".k.cu.hipify-tmp-12345-Ab12Cd"));
    CHECK(!hc_out_is_temp_name("k.cu.hipify-tmp-12345-Ab12Cd")); /* ours start with a dot */
    /* stale: a process id that is gone, this user's regular file, old enough; never our own process */
    long pid;
    char own[PATH_MAX];
    snprintf(own, sizeof own, "%s/.o.cu.hipify-tmp-%ld-Ab12Cd", dir, (long)getpid());
    int fd = open(own, O_WRONLY | O_CREAT, 0600);
    CHECK(fd >= 0);
    close(fd);
    struct timespec old[2] = {{.tv_sec = 1000}, {.tv_sec = 1000}};
    CHECK(utimensat(AT_FDCWD, own, old, 0) == 0);
    CHECK(!hc_out_temp_is_stale(own, &pid) && pid == (long)getpid());
    CHECK(!hc_out_temp_is_stale(at("k.cu"), &pid) && pid == 0);
    CHECK(hc_out_dir_within(at("conf/new/deeper"), dir));
    CHECK(hc_out_dir_within(dir, dir));
    CHECK(!hc_out_dir_within(dir, at("conf")));
    char buf[128];
    CHECK_STR(hc_out_escape("a\033]0;x\a.cu", buf, sizeof buf), "a\\x1B]0;x\\x07.cu");
    CHECK_STR(hc_out_escape("caf\xc3\xa9 \xc2\x9b \xff", buf, sizeof buf), "caf\xc3\xa9 \\xC2\\x9B \\xFF");
    CHECK_STR(hc_out_escape("abcdef", buf, 4), "abc");
}

int main(void) {
    snprintf(dir, sizeof dir, "%s/hipify-test-output.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(dir)) return 1;
    test_links_and_modes();
    test_special_targets();
    test_regular_only();
    test_directory_names();
    test_policy();
    test_expect();
    test_names();
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    UNIT_DONE();
}
