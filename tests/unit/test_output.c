/* test_output.c: unit tests of the output layer (output.c) on a scratch directory: links written
 * through, devices and FIFOs, paths that name a directory, guard set, confinement, KEEP_EXISTING,
 * SKIP_SAME, REGULAR_ONLY, the unchanged-input check, modes, temp names, escaping. It runs no translation; the CLI tests cover the same rules end to end. */
#include "output.h"
#include "unit_check.h"
#include "unit_scratch.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>


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
    CHECK(symlink("target.txt", unit_at("link.txt")) == 0); /* dangling */
    CHECK_INT(hc_out_write(&p, unit_at("link.txt"), "one", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    struct stat st;
    CHECK(lstat(unit_at("link.txt"), &st) == 0 && S_ISLNK(st.st_mode));
    read_back(unit_at("target.txt"), buf, sizeof buf);
    CHECK_STR(buf, "one");
    CHECK(chmod(unit_at("target.txt"), 0751) == 0);
    CHECK_INT(hc_out_write(&p, unit_at("link.txt"), "two", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(stat(unit_at("target.txt"), &st) == 0 && (st.st_mode & 07777) == 0751); /* an existing file's mode is kept */
    CHECK_INT(hc_out_write(&p, unit_at("given.txt"), "x", 1, 0604, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(stat(unit_at("given.txt"), &st) == 0 && (st.st_mode & 07777) == 0604);
}

/* A path that can only name a directory never writes the file before its ending: "b.prehip/" replaced the
 * backup b.prehip once (the CLI fuzzer's report_slash_backup seed). */
static void test_directory_names(void) {
    char err[PATH_MAX * 2], buf[64];
    hc_out_policy p = {0};
    CHECK_INT(hc_out_write(&p, unit_at("keep.txt"), "original", 8, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    CHECK_INT(hc_out_write(&p, unit_at("keep.txt/"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_FAILED);
    CHECK_INT(hc_out_write(&p, unit_at("keep.txt/."), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_FAILED);
    CHECK_INT(hc_out_write(&p, unit_at("keep.txt/inner"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_FAILED);
    CHECK(strstr(err, "not a directory") != NULL);
    CHECK_INT(hc_out_check(&p, unit_at("keep.txt/"), err, sizeof err), HC_OUT_FAILED);
    CHECK_INT(hc_out_write(&p, unit_at("fresh/"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_SPECIAL);
    CHECK_INT(hc_out_write(&p, unit_at(".."), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_SPECIAL);
    read_back(unit_at("keep.txt"), buf, sizeof buf);
    CHECK_STR(buf, "original");
    struct stat st;
    CHECK(lstat(unit_at("fresh"), &st) != 0);
}

static void test_special_targets(void) {
    char err[PATH_MAX * 2];
    hc_out_policy p = {0};
    CHECK_INT(hc_out_write(&p, scratch_dir, "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(symlink("/dev/null", unit_at("null")) == 0); /* the null device: written in place, link kept */
    CHECK_INT(hc_out_write(&p, unit_at("null"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    struct stat st;
    CHECK(lstat(unit_at("null"), &st) == 0 && S_ISLNK(st.st_mode));
    CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
    if (mknod(unit_at("full"), S_IFCHR | 0666, makedev(1, 7)) != 0) return; /* needs root: a private /dev/full */
    CHECK(symlink("full", unit_at("fulllink")) == 0);
    CHECK_INT(hc_out_write(&p, unit_at("fulllink"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(strstr(err, "device") != NULL);
    CHECK(lstat(unit_at("fulllink"), &st) == 0 && S_ISLNK(st.st_mode));
    CHECK(lstat(unit_at("full"), &st) == 0 && S_ISCHR(st.st_mode));
    CHECK_INT(hc_out_check(&p, unit_at("full"), err, sizeof err), HC_OUT_SPECIAL);
}

/* HC_OUT_REGULAR_ONLY (the harness's reports): nothing but a regular file or nothing at the path itself;
 * a link, even to a regular file, a FIFO, the null device and a directory are refused and left as they are. */
static void test_regular_only(void) {
    char err[PATH_MAX * 2], buf[64];
    hc_out_policy p = {HC_OUT_REGULAR_ONLY, NULL, NULL};
    CHECK_INT(hc_out_write(&p, unit_at("r.json"), "one", 3, 0644, err, sizeof err), HC_OUT_WRITTEN);
    CHECK_INT(hc_out_write(&p, unit_at("r.json"), "two", 3, 0644, err, sizeof err), HC_OUT_WRITTEN); /* replaced */
    read_back(unit_at("r.json"), buf, sizeof buf);
    CHECK_STR(buf, "two");
    struct stat st;
    CHECK(stat(unit_at("r.json"), &st) == 0 && (st.st_mode & 07777) == 0644);
    CHECK(symlink("r.json", unit_at("r-link.json")) == 0);
    CHECK_INT(hc_out_write(&p, unit_at("r-link.json"), "three", 5, 0644, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(strstr(err, "symbolic link") != NULL);
    CHECK_INT(hc_out_check(&p, unit_at("r-link.json"), err, sizeof err), HC_OUT_SPECIAL);
    CHECK(lstat(unit_at("r-link.json"), &st) == 0 && S_ISLNK(st.st_mode));
    read_back(unit_at("r.json"), buf, sizeof buf);
    CHECK_STR(buf, "two");
    CHECK(symlink("gone.json", unit_at("dangling.json")) == 0); /* not created through a dangling link either */
    CHECK_INT(hc_out_write(&p, unit_at("dangling.json"), "x", 1, 0644, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(access(unit_at("gone.json"), F_OK) != 0);
    CHECK(symlink("/dev/null", unit_at("null.json")) == 0);
    CHECK_INT(hc_out_write(&p, unit_at("null.json"), "x", 1, 0644, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(mkfifo(unit_at("fifo.json"), 0644) == 0);
    CHECK_INT(hc_out_write(&p, unit_at("fifo.json"), "x", 1, 0644, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(strstr(err, "special file") != NULL);
    CHECK_INT(hc_out_write(&p, scratch_dir, "x", 1, 0644, err, sizeof err), HC_OUT_SPECIAL);
    CHECK(strstr(err, "a directory") != NULL);
    /* "-" is a file name here, not standard output */
    char cwd[PATH_MAX];
    CHECK(getcwd(cwd, sizeof cwd) != NULL && chdir(scratch_dir) == 0);
    CHECK_INT(hc_out_write(&p, "-", "dash", 4, 0644, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(chdir(cwd) == 0);
    read_back(unit_at("-"), buf, sizeof buf);
    CHECK_STR(buf, "dash");
}

static void test_policy(void) {
    char err[PATH_MAX * 2], buf[64];
    hc_out_guard guard = {0};
    int fd = open(unit_at("input.cu"), O_WRONLY | O_CREAT, 0644);
    CHECK(fd >= 0 && write(fd, "in", 2) == 2);
    close(fd);
    CHECK_INT(hc_out_guard_add(&guard, unit_at("input.cu")), 0);
    CHECK(symlink("input.cu", unit_at("alias.cu")) == 0);
    hc_out_policy p = {0, NULL, &guard};
    CHECK_INT(hc_out_write(&p, unit_at("alias.cu"), "out", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_REFUSED);
    read_back(unit_at("input.cu"), buf, sizeof buf);
    CHECK_STR(buf, "in");
    p.flags = HC_OUT_REPLACE_INPUT;
    CHECK_INT(hc_out_write(&p, unit_at("input.cu"), "out", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    hc_out_guard_free(&guard);

    /* backups: never replaced; identical is SAME, different is KEPT */
    hc_out_policy keep = {HC_OUT_KEEP_EXISTING, NULL, NULL};
    CHECK_INT(hc_out_write(&keep, unit_at("k.prehip"), "orig", 4, 0600, err, sizeof err), HC_OUT_WRITTEN);
    CHECK_INT(hc_out_write(&keep, unit_at("k.prehip"), "orig", 4, 0600, err, sizeof err), HC_OUT_SAME);
    CHECK_INT(hc_out_write(&keep, unit_at("k.prehip"), "newer", 5, 0600, err, sizeof err), HC_OUT_KEPT);
    read_back(unit_at("k.prehip"), buf, sizeof buf);
    CHECK_STR(buf, "orig");
    hc_out_policy plain = {0};
    CHECK_INT(hc_out_write(&plain, unit_at("k.prehip"), "report", 6, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_REFUSED);

    /* SKIP_SAME keeps the mtime of an identical file */
    hc_out_policy same = {HC_OUT_SKIP_SAME, NULL, NULL};
    CHECK_INT(hc_out_write(&same, unit_at("s.txt"), "abc", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    CHECK_INT(hc_out_write(&same, unit_at("s.txt"), "abc", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_SAME);
    CHECK_INT(hc_out_write(&same, unit_at("s.txt"), "abd", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);

    /* confinement: a link inside the directory that leads out is refused; MKDIRS creates parents */
    CHECK(mkdir(unit_at("conf"), 0755) == 0 && mkdir(unit_at("outside"), 0755) == 0);
    CHECK(symlink("../outside", unit_at("conf/leak")) == 0);
    hc_out_policy c = {HC_OUT_MKDIRS, unit_at("conf"), NULL};
    CHECK_INT(hc_out_write(&c, unit_at("conf/leak/x"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_REFUSED);
    CHECK(access(unit_at("outside/x"), F_OK) != 0);
    CHECK_INT(hc_out_write(&c, unit_at("conf/a/b/c.txt"), "x", 1, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);

    /* copies stream a regular file and refuse anything else */
    CHECK_INT(hc_out_copy(&plain, unit_at("s.txt"), unit_at("copy.txt"), 0700, err, sizeof err), HC_OUT_WRITTEN);
    read_back(unit_at("copy.txt"), buf, sizeof buf);
    CHECK_STR(buf, "abd");
    CHECK_INT(hc_out_copy(&plain, "/dev/zero", unit_at("zero.txt"), HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_REFUSED);
    CHECK(access(unit_at("zero.txt"), F_OK) != 0);
}

/* --inplace: a file edited after it was read is never replaced by the translation of its old text */
static void test_expect(void) {
    char err[PATH_MAX * 2], buf[64];
    hc_out_policy p = {HC_OUT_REPLACE_INPUT, NULL, NULL};
    CHECK_INT(hc_out_write(&p, unit_at("e.cu"), "old", 3, HC_OUT_MODE_DEFAULT, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(hc_out_holds(unit_at("e.cu"), "old", 3));
    CHECK(!hc_out_holds(unit_at("e.cu"), "ol", 2));
    CHECK(!hc_out_holds(unit_at("e.cu"), "olD", 3));
    CHECK_INT(hc_out_write_expect(&p, unit_at("e.cu"), "new", 3, HC_OUT_MODE_DEFAULT, "ole", 3, err, sizeof err), HC_OUT_CHANGED);
    CHECK(strstr(err, "e.cu") != NULL && strstr(err, "changed") != NULL);
    read_back(unit_at("e.cu"), buf, sizeof buf);
    CHECK_STR(buf, "old");
    CHECK_INT(hc_out_write_expect(&p, unit_at("e.cu"), "new", 3, HC_OUT_MODE_DEFAULT, "old", 3, err, sizeof err), HC_OUT_WRITTEN);
    read_back(unit_at("e.cu"), buf, sizeof buf);
    CHECK_STR(buf, "new");
    /* removed meanwhile: not created again */
    CHECK_INT(hc_out_write_expect(&p, unit_at("gone.cu"), "new", 3, HC_OUT_MODE_DEFAULT, "old", 3, err, sizeof err), HC_OUT_CHANGED);
    CHECK(access(unit_at("gone.cu"), F_OK) != 0);
    /* no temporary is left behind by a refusal */
    char tmpl[PATH_MAX];
    snprintf(tmpl, sizeof tmpl, "ls -a '%s' | grep -q hipify-tmp", scratch_dir);
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
    snprintf(own, sizeof own, "%s/.o.cu.hipify-tmp-%ld-Ab12Cd", scratch_dir, (long)getpid());
    int fd = open(own, O_WRONLY | O_CREAT, 0600);
    CHECK(fd >= 0);
    close(fd);
    struct timespec old[2] = {{.tv_sec = 1000}, {.tv_sec = 1000}};
    CHECK(utimensat(AT_FDCWD, own, old, 0) == 0);
    CHECK(!hc_out_temp_is_stale(own, &pid) && pid == (long)getpid());
    CHECK(!hc_out_temp_is_stale(unit_at("k.cu"), &pid) && pid == 0);
    CHECK(hc_out_dir_within(unit_at("conf/new/deeper"), scratch_dir));
    CHECK(hc_out_dir_within(scratch_dir, scratch_dir));
    CHECK(!hc_out_dir_within(scratch_dir, unit_at("conf")));
    char buf[128];
    CHECK_STR(hc_out_escape("a\033]0;x\a.cu", buf, sizeof buf), "a\\x1B]0;x\\x07.cu");
    CHECK_STR(hc_out_escape("caf\xc3\xa9 \xc2\x9b \xff", buf, sizeof buf), "caf\xc3\xa9 \\xC2\\x9B \\xFF");
    CHECK_STR(hc_out_escape("abcdef", buf, 4), "abc");
}

int main(void) {
    if (unit_scratch_make("output") != 0) return 1;
    test_links_and_modes();
    test_special_targets();
    test_regular_only();
    test_directory_names();
    test_policy();
    test_expect();
    test_names();
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch_dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", scratch_dir);
    UNIT_DONE();
}
