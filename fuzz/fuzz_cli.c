/* fuzz_cli.c: libFuzzer target for the command line and the output layer: the input is a list of
 * arguments (one per line) run through hc_cli_main on a fresh scratch tree holding sources, a script,
 * links (to a file, dangling, to a device node), an earlier .prehip backup. After every run it checks
 * the data-safety rules; a broken one aborts. It checks no translation text (the lit tests do).
 *
 * Paths stay inside the scratch directory: arguments that start with '/' or contain ".." are
 * dropped, so a regression can never write outside it (the target may run as root). */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

enum { MAX_ARGS = 24, MAX_ARG_LEN = 96 };

/* The scratch root, made once; each input gets a fresh copy of the tree under it. Written only by
 * LLVMFuzzerInitialize. */
static char base[PATH_MAX];
static bool have_device;

static const char A_CU[] = "#include <cuda_runtime.h>\nvoid f(float **p) { cudaMalloc(p, 4); }\n";
static const char B_CU[] = "__global__ void k() {}\nvoid g() { k<<<1, 1>>>(); cudaDeviceSynchronize(); }\n";
static const char C_CU[] = "void h() { cudaDeviceReset(); }\n";
static const char C_BACKUP[] = "EARLIER ORIGINAL\n";
static const char RUN_SH[] = "#!/bin/sh\necho hi\n";

static void require(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "fuzz_cli: invariant broken: %s\n", what);
        abort();
    }
}

static void put(const char *path, const char *text, mode_t mode) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
    require(fd >= 0, "scratch file created");
    require(write(fd, text, strlen(text)) == (ssize_t)strlen(text), "scratch file written");
    close(fd);
    chmod(path, mode);
}

static bool holds(const char *path, const char *text) {
    char buf[512];
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) return false;
    ssize_t n = read(fd, buf, sizeof buf);
    close(fd);
    return n == (ssize_t)strlen(text) && memcmp(buf, text, (size_t)n) == 0;
}

static void remove_tree(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) return;
    if (S_ISDIR(st.st_mode)) {
        chmod(path, 0700);
        DIR *d = opendir(path);
        for (struct dirent *e; d && (e = readdir(d));) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char sub[PATH_MAX];
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            remove_tree(sub);
        }
        if (d) closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

/* True when some argument spells name: the user asked for a file or folder of that name, which may
 * well look like a temporary ("-o in/x.hipify-tmp-1/k.cu" creates the folder it names). */
static bool named_by_argument(const char *name, char *const *args, int argc) {
    for (int i = 0; i < argc; i++)
        if (strstr(args[i], name)) return true;
    return false;
}

/* Fails when a temporary of the output layer (".NAME.hipify-tmp-XXXXXX") is left anywhere under path. */
static void no_temporaries(const char *path, char *const *args, int argc) {
    DIR *d = opendir(path);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        bool temporary = e->d_name[0] == '.' && strstr(e->d_name, ".hipify-tmp-") != NULL;
        require(!temporary || named_by_argument(e->d_name, args, argc), "no temporary file left behind");
        char sub[PATH_MAX];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        struct stat st;
        if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode)) no_temporaries(sub, args, argc);
    }
    if (d) closedir(d);
}

static void make_tree(void) {
    require(mkdir("in", 0755) == 0 && mkdir("in/sub", 0755) == 0 && mkdir("out", 0755) == 0, "scratch dirs");
    put("in/a.cu", A_CU, 0644);
    put("in/sub/b.cu", B_CU, 0600);
    put("in/c.cu", C_CU, 0644);
    put("in/c.cu.prehip", C_BACKUP, 0644);
    put("in/run.sh", RUN_SH, 0755);
    require(symlink("a.cu", "in/link.cu") == 0, "link");
    require(symlink("nowhere.cu", "dangle.cu") == 0, "dangling link");
    if (have_device) {
        require(mknod("dev", S_IFCHR | 0666, makedev(1, 7)) == 0, "device node"); /* /dev/full's kind */
        require(symlink("dev", "devlink") == 0, "device link");
    }
}

static void remove_base(void) { remove_tree(base); } /* a run outside run-fuzz.sh leaves nothing */

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    snprintf(base, sizeof base, "%s/hipify-fuzz-cli.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    require(mkdtemp(base) != NULL, "scratch root");
    atexit(remove_base);
    char probe[PATH_MAX + 8];
    snprintf(probe, sizeof probe, "%s/probe", base);
    have_device = mknod(probe, S_IFCHR | 0666, makedev(1, 7)) == 0; /* needs root; else no device case */
    unlink(probe);
    /* what the program prints is not the point: standard output goes to /dev/null */
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDOUT_FILENO), close(null);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *args[MAX_ARGS + 8];
    int argc = 0;
    args[argc++] = strdup("hipify-c");
    args[argc++] = strdup("--semantic=never"); /* the libclang pass is the translation fuzzer's job */
    args[argc++] = strdup("-j1");
    bool inplace = false;
    for (size_t i = 0; i < size && argc < MAX_ARGS;) {
        size_t j = i;
        while (j < size && data[j] != '\n' && j - i < MAX_ARG_LEN) j++;
        char *a = strndup((const char *)data + i, j - i);
        i = j + 1;
        if (!a || !a[0] || a[0] == '/' || strstr(a, "..")) { free(a); continue; }
        /* an option's value glued with '=' is a path too */
        const char *eq = strchr(a, '=');
        if (eq && eq[1] == '/') { free(a); continue; }
        if (strstr(a, "inplace")) inplace = true;
        args[argc++] = a;
    }
    args[argc] = NULL;

    char run[PATH_MAX], cwd[PATH_MAX];
    static unsigned long serial; /* names the scratch copy; the only state that changes between runs */
    snprintf(run, sizeof run, "%s/%lu", base, serial++);
    require(getcwd(cwd, sizeof cwd) != NULL, "cwd");
    require(mkdir(run, 0755) == 0 && chdir(run) == 0, "scratch copy");
    make_tree();

    int status = hc_cli_main(argc, args);

    require(status >= 0 && status <= 4, "exit status is one of the documented ones");
    struct stat st;
    require(lstat("in/link.cu", &st) == 0 && S_ISLNK(st.st_mode), "a link in the input stays a link");
    require(lstat("dangle.cu", &st) == 0 && S_ISLNK(st.st_mode), "a dangling link stays a link");
    if (have_device) {
        require(lstat("dev", &st) == 0 && S_ISCHR(st.st_mode), "a device node stays a device node");
        require(lstat("devlink", &st) == 0 && S_ISLNK(st.st_mode), "a link to a device stays a link");
    }
    require(holds("in/c.cu.prehip", C_BACKUP), "an earlier .prehip backup is never replaced");
    /* without --inplace an input changes only when an argument names it (say -o in/a.cu with another
     * input): the names that lead to each file */
    static const struct { const char *file, *text, *names[2]; } inputs[] = {
        {"in/a.cu", A_CU, {"a.cu", "link.cu"}}, {"in/sub/b.cu", B_CU, {"b.cu", NULL}},
        {"in/c.cu", C_CU, {"c.cu", NULL}},      {"in/run.sh", RUN_SH, {"run.sh", NULL}}};
    for (size_t f = 0; f < sizeof inputs / sizeof *inputs && !inplace; f++) {
        bool named = false;
        for (int i = 3; i < argc; i++)
            for (int k = 0; k < 2; k++) named |= inputs[f].names[k] && strstr(args[i], inputs[f].names[k]) != NULL;
        if (!named) require(holds(inputs[f].file, inputs[f].text), "an input not named as an output is unchanged");
    }
    require(stat("in/run.sh", &st) == 0 && (st.st_mode & 0777) == 0755, "an input's mode is kept");
    require(stat("in/sub/b.cu", &st) == 0 && (st.st_mode & 0777) == 0600, "an input's mode is kept (0600)");
    if (stat("out/run.sh", &st) == 0) require((st.st_mode & 0111) != 0, "a copied script stays executable");
    no_temporaries(".", args, argc);

    require(chdir(cwd) == 0, "back");
    remove_tree(run);
    for (int i = 0; i < argc; i++) free(args[i]);
    return 0;
}
