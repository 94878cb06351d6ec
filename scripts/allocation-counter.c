/* The allocation counter of `make bench`: preloaded into the daemon (LD_PRELOAD) for one pass of
 * its own, it counts every malloc, calloc, realloc and aligned allocation, and every free, into
 * a file the bench reads while the daemon runs: the file named by TIMEPICKERBENCH_ALLOCATIONS,
 * mapped shared, holding three 64-bit counters (allocations, bytes asked for, frees) in the
 * machine's byte order. Reading it costs the daemon nothing: no signal, no system call.
 *
 * The counting wraps glibc's own allocator (__libc_malloc and friends), so nothing else about
 * the daemon's memory changes. Allocations made before the file is mapped (by the dynamic
 * loader) are not counted. Built by `make bench` with gcc:
 *   gcc -O2 -shared -fPIC -o allocation-counter.so scripts/allocation-counter.c
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

struct counts {
    uint64_t allocations;
    uint64_t bytes;
    uint64_t frees;
};

static struct counts *counts;

__attribute__((constructor)) static void map_counts(void) {
    const char *path = getenv("TIMEPICKERBENCH_ALLOCATIONS");
    if (path == NULL) return;
    int descriptor = open(path, O_RDWR | O_CLOEXEC);
    if (descriptor < 0) return;
    void *mapped = mmap(NULL, sizeof(struct counts), PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0);
    close(descriptor);
    if (mapped != MAP_FAILED) counts = mapped;
}

static void count(size_t size) {
    if (counts == NULL) return;
    __atomic_fetch_add(&counts->allocations, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&counts->bytes, size, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count(count_ * size);
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer != NULL && counts != NULL) __atomic_fetch_add(&counts->frees, 1, __ATOMIC_RELAXED);
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return 22; /* EINVAL */
    count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return 12; /* ENOMEM */
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count(size);
    return __libc_memalign((size_t)sysconf(_SC_PAGESIZE), size);
}
