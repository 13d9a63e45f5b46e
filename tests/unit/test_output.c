/* test_output.c: unit tests of the output layer (output.c) on a scratch directory: links written
 * through, devices and FIFOs, paths that name a directory, guard set, confinement, KEEP_EXISTING,
 * SKIP_SAME, REGULAR_ONLY, the unchanged-input check, modes, streams, temp names, escaping. It runs no translation; the CLI tests cover the same rules end to end. */
#include "output.h"
#include "unit_check.h"
#include "unit_scratch.h"
#include "util.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <stdbool.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
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

/* Writes text to a descriptor hc_out_open_stream returned and closes it. */
static void put(int fd, const char *text) {
    CHECK(fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    if (fd >= 0) close(fd);
}

/* hc_out_open_stream: appending and fresh files under the layer's rules, each refusal leaving the path
 * as it was and naming it; never a truncation, never a hang on a FIFO. */
static void test_streams(void) {
    char err[PATH_MAX * 2], buf[64];
    hc_out_policy reg = {HC_OUT_REGULAR_ONLY, NULL, NULL};
    int fd;
    struct stat st, st2;
    /* append creates, then adds; the descriptor is close-on-exec and blocking */
    CHECK_INT(hc_out_open_stream(&reg, unit_at("log.txt"), true, 0640, &fd, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(fd >= 0 && (fcntl(fd, F_GETFD) & FD_CLOEXEC) && !(fcntl(fd, F_GETFL) & O_NONBLOCK));
    put(fd, "one\n");
    CHECK(stat(unit_at("log.txt"), &st) == 0 && (st.st_mode & 07777) == 0640);
    CHECK_INT(hc_out_open_stream(&reg, unit_at("log.txt"), true, 0600, &fd, err, sizeof err), HC_OUT_WRITTEN);
    put(fd, "two\n");
    read_back(unit_at("log.txt"), buf, sizeof buf);
    CHECK_STR(buf, "one\ntwo\n");
    CHECK(stat(unit_at("log.txt"), &st) == 0 && (st.st_mode & 07777) == 0640); /* an existing file keeps its mode */
    /* fresh: a new file replaces the old one, which is not truncated (its other name keeps the data) */
    CHECK(link(unit_at("log.txt"), unit_at("log-other-name.txt")) == 0);
    CHECK_INT(hc_out_open_stream(&reg, unit_at("log.txt"), false, 0644, &fd, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(fd >= 0 && (fcntl(fd, F_GETFD) & FD_CLOEXEC) && !(fcntl(fd, F_GETFL) & O_NONBLOCK));
    put(fd, "fresh\n");
    read_back(unit_at("log.txt"), buf, sizeof buf);
    CHECK_STR(buf, "fresh\n");
    read_back(unit_at("log-other-name.txt"), buf, sizeof buf);
    CHECK_STR(buf, "one\ntwo\n");
    CHECK(stat(unit_at("log.txt"), &st) == 0 && stat(unit_at("log-other-name.txt"), &st2) == 0 && st.st_ino != st2.st_ino);

    /* REGULAR_ONLY refusals, in both modes: a link (even to a regular file), a dangling link, a FIFO (at
     * once, no reader needed), the null device, a directory, a socket */
    CHECK(symlink("log.txt", unit_at("s-link.txt")) == 0);
    CHECK(symlink("s-gone.txt", unit_at("s-dangling.txt")) == 0);
    CHECK(mkfifo(unit_at("s-fifo"), 0644) == 0);
    CHECK(mkdir(unit_at("s-dir"), 0755) == 0);
    int sock = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    snprintf(addr.sun_path, sizeof addr.sun_path, "%s", unit_at("s-sock"));
    bool have_sock = sock >= 0 && strlen(unit_at("s-sock")) < sizeof addr.sun_path &&
                     bind(sock, (struct sockaddr *)&addr, sizeof addr) == 0;
    static const struct { const char *name, *says; } refused[] = {
        {"s-link.txt", "symbolic link"}, {"s-dangling.txt", "symbolic link"}, {"s-fifo", "special file"},
        {"s-dir", "directory"},          {"s-sock", "special file"},
    };
    for (int append = 0; append < 2; append++) {
        for (size_t i = 0; i < COUNT_OF(refused); i++) {
            if (!strcmp(refused[i].name, "s-sock") && !have_sock) continue;
            CHECK_INT(hc_out_open_stream(&reg, unit_at(refused[i].name), append, 0644, &fd, err, sizeof err), HC_OUT_SPECIAL);
            CHECK_INT(fd, -1);
            CHECK(strstr(err, refused[i].name) != NULL && strstr(err, refused[i].says) != NULL);
        }
        CHECK_INT(hc_out_open_stream(&reg, "/dev/null", append, 0644, &fd, err, sizeof err), HC_OUT_SPECIAL);
        CHECK(strstr(err, "/dev/null") != NULL);
    }
    if (sock >= 0) close(sock);
    read_back(unit_at("log.txt"), buf, sizeof buf);
    CHECK_STR(buf, "fresh\n");
    CHECK(access(unit_at("s-gone.txt"), F_OK) != 0);
    CHECK(lstat(unit_at("s-link.txt"), &st) == 0 && S_ISLNK(st.st_mode));
    CHECK(lstat(unit_at("s-fifo"), &st) == 0 && S_ISFIFO(st.st_mode));

    /* a guarded input and a backup: neither appended to nor replaced */
    hc_out_guard guard = {0};
    CHECK_INT(hc_out_write(NULL, unit_at("s-input.cu"), "in", 2, 0644, err, sizeof err), HC_OUT_WRITTEN);
    CHECK_INT(hc_out_guard_add(&guard, unit_at("s-input.cu")), 0);
    hc_out_policy guarded_p = {HC_OUT_REGULAR_ONLY, NULL, &guard};
    CHECK_INT(hc_out_write(NULL, unit_at("s.cu.prehip"), "orig", 4, 0644, err, sizeof err), HC_OUT_WRITTEN);
    for (int append = 0; append < 2; append++) {
        CHECK_INT(hc_out_open_stream(&guarded_p, unit_at("s-input.cu"), append, 0644, &fd, err, sizeof err), HC_OUT_REFUSED);
        CHECK(fd == -1 && strstr(err, "s-input.cu") != NULL && strstr(err, "input") != NULL);
        CHECK_INT(hc_out_open_stream(&reg, unit_at("s.cu.prehip"), append, 0644, &fd, err, sizeof err), HC_OUT_REFUSED);
        CHECK(fd == -1 && strstr(err, "s.cu.prehip") != NULL && strstr(err, "backup") != NULL);
    }
    hc_out_guard_free(&guard);
    read_back(unit_at("s-input.cu"), buf, sizeof buf);
    CHECK_STR(buf, "in");
    read_back(unit_at("s.cu.prehip"), buf, sizeof buf);
    CHECK_STR(buf, "orig");

    /* a missing folder: an error naming the path; with MKDIRS it is made; outside the confinement: refused */
    CHECK_INT(hc_out_open_stream(&reg, unit_at("s-none/log"), true, 0644, &fd, err, sizeof err), HC_OUT_FAILED);
    CHECK(fd == -1 && strstr(err, "s-none/log") != NULL);
    hc_out_policy mk = {HC_OUT_REGULAR_ONLY | HC_OUT_MKDIRS, unit_at("s-conf"), NULL};
    CHECK_INT(hc_out_open_stream(&mk, unit_at("s-conf/a/log"), false, 0644, &fd, err, sizeof err), HC_OUT_WRITTEN);
    put(fd, "x");
    CHECK_INT(hc_out_open_stream(&mk, unit_at("s-elsewhere/log"), true, 0644, &fd, err, sizeof err), HC_OUT_REFUSED);
    CHECK(fd == -1 && strstr(err, "outside") != NULL && access(unit_at("s-elsewhere"), F_OK) != 0);
    /* KEEP_EXISTING: nothing opened */
    hc_out_policy keep = {HC_OUT_KEEP_EXISTING, NULL, NULL};
    CHECK_INT(hc_out_open_stream(&keep, unit_at("log.txt"), true, 0644, &fd, err, sizeof err), HC_OUT_KEPT);
    CHECK_INT(fd, -1);

    /* without REGULAR_ONLY a FIFO is written in place: at once refused without a reader, opened with one */
    hc_out_policy plain = {0};
    CHECK_INT(hc_out_open_stream(&plain, unit_at("s-fifo"), true, 0644, &fd, err, sizeof err), HC_OUT_FAILED);
    CHECK(fd == -1 && strstr(err, "s-fifo") != NULL);
    int reader = open(unit_at("s-fifo"), O_RDONLY | O_NONBLOCK);
    CHECK(reader >= 0);
    CHECK_INT(hc_out_open_stream(&plain, unit_at("s-fifo"), false, 0644, &fd, err, sizeof err), HC_OUT_WRITTEN);
    CHECK(fd >= 0 && !(fcntl(fd, F_GETFL) & O_NONBLOCK));
    put(fd, "piped");
    CHECK(read(reader, buf, sizeof buf) == 5 && memcmp(buf, "piped", 5) == 0);
    close(reader);
    CHECK(lstat(unit_at("s-fifo"), &st) == 0 && S_ISFIFO(st.st_mode)); /* never replaced */
    /* and a link is written through, the link kept */
    CHECK_INT(hc_out_open_stream(&plain, unit_at("s-link.txt"), true, 0644, &fd, err, sizeof err), HC_OUT_WRITTEN);
    put(fd, "more\n");
    read_back(unit_at("log.txt"), buf, sizeof buf);
    CHECK_STR(buf, "fresh\nmore\n");
    CHECK(lstat(unit_at("s-link.txt"), &st) == 0 && S_ISLNK(st.st_mode));

    /* no temporary is left behind */
    char cmd[PATH_MAX + 64];
    snprintf(cmd, sizeof cmd, "ls -aR '%s' | grep -q hipify-tmp", scratch_dir);
    CHECK(system(cmd) != 0);
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
    test_streams();
    test_names();
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch_dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", scratch_dir);
    UNIT_DONE();
}
