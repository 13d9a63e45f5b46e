/* membudget.c: keeps the files translated at once (-j) within the memory the machine has: each job
 * reserves an estimate of its peak before it starts and waits while the others' reservations leave no
 * room. It measures nothing itself and never refuses a job: one job always runs, whatever its size. */
#include "cli.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Peak bytes a translation takes per byte of input, and a floor per file; measured with
 * bench/memory_bench.sh (docs/benchmarks.md) on generated CUDA, rounded up. */
#define BYTES_PER_INPUT_BYTE 40ull
#define BYTES_PER_FILE (8ull << 20)

/* A number from a "Key:   N kB" line of a /proc file, in bytes; 0 when absent. */
static unsigned long long proc_kb(const char *file, const char *key) {
    FILE *f = fopen(file, "r");
    if (!f) return 0;
    char line[256];
    unsigned long long v = 0;
    size_t n = strlen(key);
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, key, n) && sscanf(line + n, " %llu", &v) == 1) break;
    fclose(f);
    return v * 1024;
}

/* A cgroup v2 limit less the cgroup's use (a container's share), or 0 when there is none. */
static unsigned long long cgroup_room(void) {
    unsigned long long max = 0, cur = 0;
    FILE *f = fopen("/sys/fs/cgroup/memory.max", "r");
    if (!f) return 0;
    int ok = fscanf(f, "%llu", &max) == 1; /* "max" (no limit) does not scan */
    fclose(f);
    if (!ok) return 0;
    if ((f = fopen("/sys/fs/cgroup/memory.current", "r"))) {
        if (fscanf(f, "%llu", &cur) != 1) cur = 0;
        fclose(f);
    }
    return max > cur ? max - cur : 1;
}

unsigned long long hc_memory_available(void) {
    unsigned long long avail = proc_kb("/proc/meminfo", "MemAvailable:"), cg = cgroup_room();
    if (cg && (!avail || cg < avail)) avail = cg;
    return avail;
}

void hc_membudget_init(hc_membudget *b, unsigned long long limit) {
    memset(b, 0, sizeof *b);
    b->limit = limit;
    pthread_mutex_init(&b->lock, NULL);
    pthread_cond_init(&b->room, NULL);
}

void hc_membudget_destroy(hc_membudget *b) {
    pthread_mutex_destroy(&b->lock);
    pthread_cond_destroy(&b->room);
}

unsigned long long hc_membudget_estimate(const char *path) {
    struct stat st;
    unsigned long long size = stat(path, &st) == 0 && S_ISREG(st.st_mode) ? (unsigned long long)st.st_size : 0;
    if (size > (64ull << 20) + 1) size = (64ull << 20) + 1; /* larger files are refused unread */
    return BYTES_PER_FILE + size * BYTES_PER_INPUT_BYTE;
}

void hc_membudget_take(hc_membudget *b, unsigned long long bytes) {
    pthread_mutex_lock(&b->lock);
    while (b->limit && b->running > 0 && b->used + bytes > b->limit) {
        b->waited = true;
        pthread_cond_wait(&b->room, &b->lock);
    }
    b->used += bytes;
    b->running++;
    pthread_mutex_unlock(&b->lock);
}

void hc_membudget_give(hc_membudget *b, unsigned long long bytes) {
    pthread_mutex_lock(&b->lock);
    b->used -= bytes;
    b->running--;
    pthread_cond_broadcast(&b->room);
    pthread_mutex_unlock(&b->lock);
}
