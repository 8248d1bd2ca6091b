/*===- driver.c - the CPU benchmark's host program ------------------------===*\
|*                                                                            *|
|* Runs every configuration of configs.h (bench/cpu/gen.py) in four           *|
|* variants: the hand-written floor, ta with checks=none, ta with             *|
|* checks=strict, and the upstream-MLIR formulation (left out where gen.py    *|
|* says why). Runs are interleaved (one of each variant per round, each       *|
|* timed sample after an untimed call of its variant, so that no variant      *|
|* finds the caches as the one before it left them) and every output is       *|
|* compared with the floor's, byte for byte. Prints per                       *|
|* configuration and variant:                                                 *|
|*   RESULT <op> <element bytes> <slots> <variant> <median s> <bytes moved>   *|
|*          <minor page faults per call>                                      *|
|*                                                                            *|
|* The process is as users have it: glibc's default malloc settings. The      *|
|* floor's buffers (its array and its result) are allocated once per          *|
|* configuration and kept across calls, what a runtime that keeps its memory  *|
|* approaches; the compiled code allocates and frees its own through          *|
|* libta_runtime. Page faults per call (getrusage's minor faults over the     *|
|* timed samples) say which variant asks the kernel for fresh pages.          *|
|* `--config I` runs configuration I only: run.sh runs each in its own        *|
|* process, so that no configuration inherits another one's heap.             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "../timing.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Rows;
typedef struct {
  int32_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} Perm;

/* Upstream kernels may be left out (gen.py): weak, NULL when absent. */
#define CONFIG(op, i, n, e, moved, upstream, kept_)                            \
  void floor_##op##_##i(const float *, const int32_t *, float *, float *);     \
  void _mlir_ciface_ta_##op##_##i(Rows *, Rows *, Perm *);                     \
  void _mlir_ciface_tas_##op##_##i(Rows *, Rows *, Perm *);                    \
  __attribute__((weak)) void _mlir_ciface_up_##op##_##i(Rows *, Rows *, Perm *);
#include "configs.h"
#undef CONFIG

typedef void (*MLIRKernel)(Rows *, Rows *, Perm *);
typedef void (*FloorKernel)(const float *, const int32_t *, float *, float *);

enum { kVariants = 4, kMaxReps = 101, kWarmups = 10 };
static const char *const kNames[kVariants] = {"floor", "ta-none", "ta-strict",
                                              "upstream"};

static Rows rowsOf(float *data, int64_t n, int64_t e) {
  Rows r = {data, data, 0, {n, e}, {e, 1}};
  return r;
}

static int failures;

/* 64-byte aligned floats; aligned_alloc needs a size that is a multiple of
 * the alignment. */
static float *alignedFloats(size_t count) {
  size_t bytes = (count * sizeof(float) + 63) / 64 * 64;
  return aligned_alloc(64, bytes ? bytes : 64);
}

/* Compiled code's results are freed through libta_runtime, as the C API
 * and the Python package free them (runtime/Allocation.cpp). */
void _mlir_memref_to_llvm_free(void *pointer);

/* Calls per timed sample: a call on a small array takes tens of
 * nanoseconds, as long as reading the clock; the samples of such
 * configurations time a batch of calls (each allocating and freeing its
 * result) and report the time per call. */
static int callsPerSample(size_t bytes) {
  size_t calls = (256u << 10) / (bytes ? bytes : 1);
  return calls < 1 ? 1 : calls > 1000 ? 1000 : (int)calls;
}

/* Samples per variant: at least `reps`, and more (up to kMaxReps) where a
 * sample is short (`sample` seconds), so that every variant is timed for
 * about 50 ms: a configuration of one short sample per variant and round
 * lets a single page-fault storm or context switch move its median. */
static int samplesFor(int reps, double sample) {
  double wanted = sample > 0 ? 0.05 / sample : kMaxReps;
  return wanted <= reps ? reps : wanted >= kMaxReps ? kMaxReps : (int)wanted;
}

/* Minor page faults of the process so far. */
static long minorFaults(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

/* A variant's timed calls and the page faults they took. */
typedef struct {
  double times[kMaxReps];
  long faults, calls;
} Samples;

/* The floor's kept buffers: its array (`scratch`) and its result. */
typedef struct {
  float *scratch, *out;
} FloorBuffers;

/* Runs one variant `calls` times; returns its time per call, checks the
 * first output against `expected` (the floor's) when given, and adds the
 * calls' page faults to `samples` when given. */
static double runOnce(int variant, FloorKernel floor, MLIRKernel kernel,
                      float *src, int32_t *perm, int64_t n, int64_t e,
                      FloorBuffers *kept, float *floorOut,
                      const float *expected, const char *name, int calls,
                      Samples *samples) {
  size_t bytes = (size_t)n * (size_t)e * sizeof(float);
  long faults = minorFaults();
  double t0 = now(), seconds;
  if (variant == 0) {
    for (int c = 0; c < calls; ++c)
      floor(src, perm, kept->out, kept->scratch);
    seconds = now() - t0;
    if (floorOut)
      memcpy(floorOut, kept->out, bytes);
  } else {
    Rows in = rowsOf(src, n, e), out;
    Perm p = {perm, perm, 0, {n}, {1}};
    for (int c = 0; c < calls; ++c) {
      kernel(&out, &in, &p);
      if (expected && c == 0 &&
          (out.sizes[0] != n || out.sizes[1] != e ||
           memcmp(out.aligned + out.offset, expected, bytes) != 0)) {
        fprintf(stderr, "%s %s: output differs from the floor's\n", name,
                kNames[variant]);
        ++failures;
      }
      _mlir_memref_to_llvm_free(out.allocated);
    }
    seconds = now() - t0;
  }
  if (samples) {
    samples->faults += minorFaults() - faults;
    samples->calls += calls;
  }
  return seconds / calls;
}

int main(int argc, char **argv) {
  int reps = 5;
  const char *only = NULL;
  int config = -1;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--reps") && i + 1 < argc)
      reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--only") && i + 1 < argc)
      only = argv[++i];
    else if (!strcmp(argv[i], "--config") && i + 1 < argc)
      config = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: %s [--reps N] [--only OP] [--config I]\n",
              argv[0]);
      return 2;
    }
  }
  if (reps < 1 || reps > kMaxReps) {
    fprintf(stderr, "--reps must be in [1, %d]\n", kMaxReps);
    return 2;
  }
#define CONFIG(op, i, n, e, moved, upstream, kept_)                            \
  if ((!only || !strcmp(only, #op)) && (config < 0 || config == (i))) {        \
    MLIRKernel kernels[kVariants] = {NULL, _mlir_ciface_ta_##op##_##i,         \
                                     _mlir_ciface_tas_##op##_##i,              \
                                     _mlir_ciface_up_##op##_##i};              \
    size_t count = (size_t)(n) * (size_t)(e);                                  \
    float *src = alignedFloats(count);                                         \
    float *expected = alignedFloats(count);                                    \
    int32_t *perm = malloc((size_t)(n) * sizeof(int32_t));                     \
    FloorBuffers kept = {alignedFloats(kept_), alignedFloats(count)};          \
    if (!src || !expected || !perm || !kept.scratch || !kept.out) {            \
      fprintf(stderr, "out of memory\n");                                      \
      return 1;                                                                \
    }                                                                          \
    for (size_t j = 0; j < count; ++j)                                         \
      src[j] = (float)(j % 1000);                                              \
    for (int64_t k = 0; k < (n); ++k)                                          \
      perm[k] = (int32_t)((n) - 1 - k);                                        \
    static Samples samples[kVariants];                                         \
    memset(samples, 0, sizeof samples);                                        \
    char name[64];                                                             \
    snprintf(name, sizeof name, "%s e=%d n=%lld", #op, (int)(e) * 4,           \
             (long long)(n));                                                  \
    FloorKernel floor = floor_##op##_##i;                                      \
    /* Warm-up, and the outputs checked against the floor's. */                \
    runOnce(0, floor, NULL, src, perm, n, e, &kept, expected, NULL, name, 1,   \
            NULL);                                                             \
    int variants = (upstream) && kernels[3] ? kVariants : kVariants - 1;       \
    int calls = callsPerSample(count * sizeof(float));                         \
    for (int v = 1; v < variants; ++v)                                         \
      runOnce(v, NULL, kernels[v], src, perm, n, e, &kept, NULL, expected,     \
              name, 1, NULL);                                                  \
    /* Every variant's memory in use before timing. */                         \
    double warm = 0;                                                           \
    for (int w = 0; w < kWarmups; ++w)                                         \
      for (int v = 0; v < variants; ++v)                                       \
        warm += runOnce(v, floor, kernels[v], src, perm, n, e, &kept, NULL,    \
                        NULL, name, calls, NULL);                              \
    int rounds = samplesFor(reps, warm * calls / (kWarmups * variants));       \
    for (int r = 0; r < rounds; ++r)                                           \
      for (int v = 0; v < variants; ++v) {                                     \
        /* Untimed, so that the timed call finds the caches as its own         \
         * previous call left them, not as another variant did. */             \
        runOnce(v, floor, kernels[v], src, perm, n, e, &kept, NULL, NULL,      \
                name, 1, NULL);                                                \
        samples[v].times[r] =                                                  \
            runOnce(v, floor, kernels[v], src, perm, n, e, &kept, NULL, NULL,  \
                    name, calls, &samples[v]);                                 \
      }                                                                        \
    if (variants < kVariants)                                                  \
      printf("SKIPPED %s %d %lld upstream\n", #op, (int)(e) * 4,               \
             (long long)(n));                                                  \
    for (int v = 0; v < variants; ++v) {                                       \
      printf("RESULT %s %d %lld %s %.12f %lld %.2f\n", #op, (int)(e) * 4,      \
             (long long)(n), kNames[v], median(samples[v].times, rounds),      \
             (long long)(moved),                                               \
             (double)samples[v].faults / (double)samples[v].calls);            \
    }                                                                          \
    fflush(stdout);                                                            \
    free(src);                                                                 \
    free(expected);                                                            \
    free(perm);                                                                \
    free(kept.scratch);                                                        \
    free(kept.out);                                                            \
  }
#include "configs.h"
#undef CONFIG
  printf("CHECKS %d outputs differ from the floor's\n", failures);
  return failures ? 1 : 0;
}
