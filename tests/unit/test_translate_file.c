/* test_translate_file.c: unit tests of the file entry points (hc_translate_file, hc_translate_file_as):
 * a missing path, a directory, a sparse file over 64 MiB (refused from its size), kind chosen by name or
 * forced, and the same result as hc_translate_buffer on the same bytes. It writes only to a temporary
 * directory it removes. */
#include "hipify/hipify.h"
#include "unit_check.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/hipify-unit-XXXXXX";

static void write_file(const char *name, const char *text, char *path, size_t size) {
    snprintf(path, size, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (!f) return;
    fputs(text, f);
    fclose(f);
}

static bool has_diag(const hc_file_result *r, hc_diag_id id) {
    for (size_t i = 0; i < r->ndiags; i++)
        if (r->diags[i].id == id) return true;
    return false;
}

int main(void) {
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    hc_options opt = {0};
    opt.hip_version = HC_VERSION(6, 2, 0);
    opt.build_scripts = true;
    char err[256], path[512];
    hc_context *ctx = hc_context_new(&opt, err, sizeof err);
    CHECK(ctx != NULL);
    if (!ctx) UNIT_DONE();
    hc_file_result r;

    snprintf(path, sizeof path, "%s/missing.cu", dir);
    CHECK_INT(hc_translate_file(ctx, path, "missing.cu", &r), HC_ERR_IO);
    CHECK(has_diag(&r, HC_D_UNREADABLE));
    hc_file_result_free(&r);

    CHECK(hc_translate_file(ctx, dir, "dir", &r) != HC_OK); /* a directory is not a file */
    hc_file_result_free(&r);

    snprintf(path, sizeof path, "%s/huge.cu", dir);
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (f) {
        CHECK_INT(ftruncate(fileno(f), 65L * 1024 * 1024), 0); /* sparse: costs no disk */
        fclose(f);
        CHECK_INT(hc_translate_file(ctx, path, "huge.cu", &r), HC_ERR_INPUT);
        CHECK(has_diag(&r, HC_D_FILE_TOO_LARGE));
        CHECK_INT(r.ndiags, 1);
        CHECK(r.diags[0].message && strstr(r.diags[0].message, "68157440") != NULL);
        hc_file_result_free(&r);
    }

    const char *src = "#include <cuda_runtime.h>\nvoid f(void **p) { cudaMalloc(p, 4); }\n";
    write_file("k.cu", src, path, sizeof path);
    CHECK_INT(hc_translate_file(ctx, path, "k.cu", &r), HC_OK);
    CHECK_INT(r.kind, HC_FILE_SOURCE);
    hc_file_result b;
    CHECK_INT(hc_translate_buffer(ctx, path, "k.cu", HC_FILE_SOURCE, src, strlen(src), &b), HC_OK);
    CHECK(r.output_len == b.output_len && memcmp(r.output, b.output, b.output_len) == 0);
    CHECK(strstr(r.output, "hipMalloc(p, 4)") != NULL);
    hc_file_result_free(&b);
    hc_file_result_free(&r);

    /* a file whose name says "not source" is translated as source when forced */
    write_file("kernel.txt", src, path, sizeof path);
    CHECK_INT(hc_translate_file(ctx, path, "kernel.txt", &r), HC_OK);
    CHECK(!r.changed);
    hc_file_result_free(&r);
    CHECK_INT(hc_translate_file_as(ctx, path, "kernel.txt", HC_FILE_SOURCE, &r), HC_OK);
    CHECK(r.changed && strstr(r.output, "hipMalloc") != NULL);
    hc_file_result_free(&r);

    /* CMake files are classified by name and go through the build-script passes */
    write_file("CMakeLists.txt", "project(p LANGUAGES CXX CUDA)\n", path, sizeof path);
    CHECK_INT(hc_translate_file(ctx, path, "CMakeLists.txt", &r), HC_OK);
    CHECK_INT(r.kind, HC_FILE_CMAKE);
    hc_file_result_free(&r);

    hc_context_free(ctx);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK_INT(system(cmd), 0);
    UNIT_DONE();
}
