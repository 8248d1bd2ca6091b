// The program of memory-reuse.test: a C driver, with glibc's default
// malloc settings, that calls compiled ta functions on 4 MiB and 16 MiB
// arrays again and again (Inputs/memory-reuse.mlir), as a user's program
// would, and reads what that costs in fresh pages (getrusage's minor page
// faults) and in memory held (/proc/self/statm, ta_runtime_memory_stats).
//
//   memory-reuse steady   faults per call once warm; trim gives it back
//   memory-reuse limit    a cache limit bounds what is kept
//   memory-reuse idle     blocks unused for the idle time are freed
//   memory-reuse threads  calls on four threads at once
#include "ta/Runtime/TARuntime.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Rows;
typedef struct {
  int32_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} Perm;

void _mlir_ciface_work_4m(Rows *out, Rows *src, Perm *perm);
void _mlir_ciface_work_16m(Rows *out, Rows *src, Perm *perm);
void _mlir_ciface_work_open(Rows *out, Rows *src, Perm *perm);

enum { kElement = 16, kSmall = 65536, kLarge = 262144 };

typedef struct {
  float *src;
  int32_t *perm;
  int64_t n;
  void (*work)(Rows *, Rows *, Perm *);
  float factor; // the result is factor * src
} Workload;

static Workload makeWorkload(int64_t n, void (*work)(Rows *, Rows *, Perm *),
                             float factor) {
  Workload w = {malloc((size_t)n * kElement * sizeof(float)),
                malloc((size_t)n * sizeof(int32_t)), n, work, factor};
  if (!w.src || !w.perm) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  for (int64_t i = 0; i < n * kElement; ++i)
    w.src[i] = (float)(i % 1000);
  // A permutation that is not the identity: 7 is prime to n.
  for (int64_t k = 0; k < n; ++k)
    w.perm[k] = (int32_t)((k * 7) % n);
  return w;
}

/// Calls the workload once; 1 if its result is what the semantics say
/// (work_4m, work_16m: 3 * src, the forward gather giving src back and the
/// accumulator 2 * src; work_open: src).
static int callOnce(const Workload *w) {
  Rows in = {w->src, w->src, 0, {w->n, kElement}, {kElement, 1}}, out;
  Perm p = {w->perm, w->perm, 0, {w->n}, {1}};
  w->work(&out, &in, &p);
  int ok = out.sizes[0] == w->n && out.sizes[1] == kElement;
  for (int64_t i = 0; ok && i < w->n * kElement; ++i)
    ok = out.aligned[out.offset + i] == w->factor * w->src[i];
  _mlir_memref_to_llvm_free(out.allocated);
  return ok;
}

static long minorFaults(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

static double residentMiB(void) {
  long pages = 0, resident = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f || fscanf(f, "%ld %ld", &pages, &resident) != 2) {
    fprintf(stderr, "cannot read /proc/self/statm\n");
    exit(2);
  }
  fclose(f);
  return (double)resident * (double)sysconf(_SC_PAGESIZE) / (1 << 20);
}

/// Runs `calls` rounds of a call of each of the `count` workloads; returns
/// the minor faults per call, or -1 if a result was wrong.
static double faultsPerCall(const Workload *w, int count, int calls) {
  long before = minorFaults();
  for (int c = 0; c < calls; ++c)
    for (int i = 0; i < count; ++i)
      if (!callOnce(&w[i]))
        return -1;
  return (double)(minorFaults() - before) / ((double)count * calls);
}

static int steady(void) {
  Workload w[3] = {makeWorkload(kSmall, _mlir_ciface_work_4m, 3),
                   makeWorkload(kLarge, _mlir_ciface_work_16m, 3),
                   makeWorkload(kSmall, _mlir_ciface_work_open, 1)};
  double start = residentMiB();
  // Warm: the first calls fault their pages in.
  if (faultsPerCall(w, 3, 3) < 0) {
    printf("wrong result\n");
    return 1;
  }
  double warm = faultsPerCall(w, 3, 20);
  if (warm < 0) {
    printf("wrong result\n");
    return 1;
  }
  // A call's buffers: 4 MiB arrays (forward, accumulator, results, and
  // their temporaries) are about 6,000 pages; "none" allows a page or two
  // a call (the driver's own stdio, a stray heap chunk).
  printf("steady state: %s\n", warm <= 2    ? "no new pages"
                               : warm > 500 ? "faulting"
                                            : "some pages");
  fprintf(stderr, "steady state: %.1f minor faults per call\n", warm);
  TARuntimeMemoryStats stats;
  ta_runtime_memory_stats(&stats);
  printf("kept: %s, reused: %s\n", stats.cached_bytes > 0 ? "some" : "none",
         stats.reused > 0 ? "yes" : "no");
  double held = residentMiB();
  int64_t trimmed = ta_runtime_trim_memory();
  ta_runtime_memory_stats(&stats);
  double after = residentMiB();
  fprintf(stderr, "resident: %.1f MiB at the start, %.1f warm, %.1f trimmed\n",
          start, held, after);
  // Trimmed, the process holds what it held before the first call, and the
  // arrays' working set of one call at most: every kept block is freed and
  // the heap's free top returned (malloc_trim).
  printf("trimmed: %s, kept after: %lld, resident within 8 MiB of the "
         "start: %d\n",
         trimmed == 0 ? "nothing" : "blocks", (long long)stats.cached_bytes,
         after <= start + 8);
  // The cache refills.
  double again = faultsPerCall(w, 3, 3);
  printf("after trim: %s\n", again < 0 ? "wrong result" : "results right");
  return 0;
}

static int limit(void) {
  Workload small = makeWorkload(kSmall, _mlir_ciface_work_4m, 3);
  // 10 MiB: two of this workload's 4 MiB blocks, of the several a call
  // frees.
  ta_runtime_set_cache_limit(10 << 20);
  for (int c = 0; c < 10; ++c)
    if (!callOnce(&small)) {
      printf("wrong result\n");
      return 1;
    }
  TARuntimeMemoryStats stats;
  ta_runtime_memory_stats(&stats);
  printf("limit %lld, kept within it: %d, some kept: %d, released some: %d\n",
         (long long)stats.cache_limit, stats.cached_bytes <= stats.cache_limit,
         stats.cached_blocks > 0, stats.released > 0);
  int64_t previous = ta_runtime_set_cache_limit(0);
  ta_runtime_memory_stats(&stats);
  printf("limit 0 (was %lld): kept %lld\n", (long long)previous,
         (long long)stats.cached_bytes);
  previous = ta_runtime_set_cache_limit(-1);
  printf("default restored: %d\n",
         ta_runtime_set_cache_limit(-1) > 0 && previous == 0);
  return 0;
}

static int idle(void) {
  Workload small = makeWorkload(kSmall, _mlir_ciface_work_4m, 3);
  ta_runtime_set_cache_idle_seconds(1);
  if (!callOnce(&small)) {
    printf("wrong result\n");
    return 1;
  }
  TARuntimeMemoryStats before, after;
  ta_runtime_memory_stats(&before);
  // Past the idle time, the next free of a large block (one of another
  // size class, so that no kept block is taken first) frees every block
  // kept since before the sleep, and keeps itself.
  sleep(3);
  _mlir_memref_to_llvm_free(_mlir_memref_to_llvm_aligned_alloc(64, 100000));
  ta_runtime_memory_stats(&after);
  printf("idle: kept some %d, released them all %d, kept after %lld\n",
         before.cached_blocks > 0,
         after.released - before.released == before.cached_blocks,
         (long long)after.cached_blocks);
  printf("idle seconds restored: %lld\n",
         (long long)ta_runtime_set_cache_idle_seconds(0));
  return 0;
}

static Workload shared;
static int threadFailures;

static void *worker(void *arg) {
  (void)arg;
  for (int c = 0; c < 8; ++c)
    if (!callOnce(&shared))
      __atomic_add_fetch(&threadFailures, 1, __ATOMIC_RELAXED);
  return NULL;
}

static int threads(void) {
  shared = makeWorkload(kSmall, _mlir_ciface_work_4m, 3);
  pthread_t t[4];
  for (int i = 0; i < 4; ++i)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 4; ++i)
    pthread_join(t[i], NULL);
  TARuntimeMemoryStats stats;
  ta_runtime_memory_stats(&stats);
  printf("threads: %d wrong results, reused across them: %s\n", threadFailures,
         stats.reused > 0 ? "yes" : "no");
  return threadFailures != 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "steady"))
    return steady();
  if (argc == 2 && !strcmp(argv[1], "limit"))
    return limit();
  if (argc == 2 && !strcmp(argv[1], "idle"))
    return idle();
  if (argc == 2 && !strcmp(argv[1], "threads"))
    return threads();
  fprintf(stderr, "usage: %s steady|limit|idle|threads\n", argv[0]);
  return 2;
}
