/* test_paths.c: unit tests of the lexical path helpers (paths.c): normalization, base name, directory and
 * the directory-boundary suffix test that HC1123 and the hipcc-compiled header search rely on. */
#include "paths.h"
#include "unit_check.h"

#include <limits.h>

static const char *normalized(const char *in) {
    static char buf[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", in);
    hc_path_normalize(buf);
    return buf;
}

static const char *dir_of(const char *in) {
    static char buf[PATH_MAX];
    hc_path_dir(in, buf, sizeof buf);
    return buf;
}

int main(void) {
    CHECK_STR(normalized("a/./b/../c.h"), "a/c.h");
    CHECK_STR(normalized("a//b///c.h"), "a/b/c.h");
    CHECK_STR(normalized("/x/y/../../z"), "/z");
    CHECK_STR(normalized("../../Common/helper_cuda.h"), "../../Common/helper_cuda.h");
    CHECK_STR(normalized("a/../../b"), "../b");
    CHECK_STR(normalized("./"), ".");
    CHECK_STR(normalized("/"), "/");
    CHECK_STR(hc_path_base("dir/sub/file.cu"), "file.cu");
    CHECK_STR(hc_path_base("file.cu"), "file.cu");
    CHECK_STR(dir_of("dir/sub/file.cu"), "dir/sub");
    CHECK_STR(dir_of("file.cu"), ".");
    CHECK_STR(dir_of("/file.cu"), "/");
    CHECK(hc_path_ends_with("proj/inc/a.h", "inc/a.h"));
    CHECK(hc_path_ends_with("a.h", "a.h"));
    CHECK(!hc_path_ends_with("proj/xinc/a.h", "inc/a.h"));
    CHECK(!hc_path_ends_with("a.h", "inc/a.h"));
    CHECK(hc_path_within("/a/b", "/a/b"));
    CHECK(hc_path_within("/a/b/c.cu", "/a/b"));
    CHECK(!hc_path_within("/a/bc", "/a/b"));
    CHECK(!hc_path_within("/a", "/a/b"));
    CHECK(hc_path_within("/a", "/"));
    UNIT_DONE();
}
