/*===- driver.c - the GPU benchmark's host program -----------------------===*\
|*                                                                            *|
|* Times the ta programs of ta_ops.mlir.in (compiled ahead of time through    *|
|* ta-lower-to-nvvm) against the device-to-device copy bandwidth measured in  *|
|* the same process, and checks their results. Built by bench/gpu/build.sh;   *|
|* shapes.h (generated) lists the array shapes. With -DTA_BENCH_CPU the same  *|
|* programs, compiled through ta-lower-to-llvm, run on the CPU against        *|
|* memcpy (the smoke test that keeps the benchmark correct without a GPU).    *|
|*                                                                            *|
|* Output: one "RESULT ta <shape> <op> <median seconds> <bytes moved>" line   *|
|* per measurement (run.sh turns them into the report), then                  *|
|* "CHECKS <n> values, <m> wrong" and status 1 if a sampled result differs    *|
|* from TensorFlow's semantics.                                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "../timing.h"
#include <execinfo.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TA_BENCH_CPU
/* The lowered modules load their kernels in a global constructor, before
 * main: without a device, libta_cuda_runtime stops the program there with
 * "ta cuda runtime error: no CUDA device: ...". */
#include "ta/Runtime/TACudaRuntime.h"
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *pointer, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void *mgpuStreamCreate(void);
void mgpuStreamSynchronize(void *stream);
static void synchronize(void) { ta_cuda_synchronize(); }
#else
static void synchronize(void) {}
#endif

enum { kOps = 4, kMaxReps = 1000 };
static const char *const kOpNames[kOps] = {"gather", "scatter", "accumulate",
                                           "concat"};
/* Bytes each op moves, in units of the array's size. */
static const int kTraffic[kOps] = {2, 2, 3, 2};

static double samples[kOps][kMaxReps];
static int counts[kOps];
static double started;
static long checked[kOps], failed[kOps];

void tab_begin(int32_t op) {
  (void)op;
  synchronize();
  started = now();
}

void tab_end(int32_t op) {
  synchronize();
  double t = now() - started;
  if (op >= 0 && op < kOps && counts[op] < kMaxReps)
    samples[op][counts[op]++] = t;
}

void tab_check(int32_t op, bool ok) {
  if (op < 0 || op >= kOps)
    return;
  ++checked[op];
  if (!ok)
    ++failed[op];
}

/* The baseline: copying `bytes` from one device buffer to another. */
static double copySeconds(size_t bytes, int reps) {
  double times[kMaxReps];
#ifndef TA_BENCH_CPU
  void *stream = mgpuStreamCreate();
  void *src = mgpuMemAlloc(bytes, stream, false);
  void *dst = mgpuMemAlloc(bytes, stream, false);
  mgpuMemcpy(dst, src, bytes, stream); /* warm-up */
  mgpuStreamSynchronize(stream);
  for (int i = 0; i < reps; ++i) {
    double t0 = now();
    mgpuMemcpy(dst, src, bytes, stream);
    mgpuStreamSynchronize(stream);
    times[i] = now() - t0;
  }
  mgpuMemFree(src, stream);
  mgpuMemFree(dst, stream);
#else
  char *src = malloc(bytes), *dst = malloc(bytes);
  if (!src || !dst) {
    fprintf(stderr, "out of memory for the %zu-byte copy baseline\n", bytes);
    exit(1);
  }
  memset(src, 1, bytes);
  memcpy(dst, src, bytes);
  for (int i = 0; i < reps; ++i) {
    double t0 = now();
    memcpy(dst, src, bytes);
    __asm__ volatile("" : : "r"(dst) : "memory");
    times[i] = now() - t0;
  }
  free(src);
  free(dst);
#endif
  return median(times, reps);
}

#define SHAPE(S, N, E)                                                         \
  void bench_gather_##S(int64_t);                                              \
  void bench_scatter_##S(int64_t);                                             \
  void bench_accumulate_##S(int64_t);                                          \
  void bench_concat_##S(int64_t);
#include "shapes.h"
#undef SHAPE

static void report(const char *shape, int64_t n, int64_t e, int reps,
                   void (*const run[kOps])(int64_t)) {
  size_t bytes = (size_t)n * (size_t)e * sizeof(float);
  double copy = copySeconds(bytes, reps);
  printf("RESULT ta %s copy %.9f %zu\n", shape, copy, 2 * bytes);
  fflush(stdout);
  for (int op = 0; op < kOps; ++op) {
    counts[op] = 0;
    run[op](reps);
    if (counts[op] != reps) {
      fprintf(stderr, "%s %s: %d timings for %d runs\n", shape, kOpNames[op],
              counts[op], reps);
      exit(1);
    }
    printf("RESULT ta %s %s %.9f %zu\n", shape, kOpNames[op],
           median(samples[op], reps), kTraffic[op] * bytes);
    fflush(stdout);
  }
}

/* A crash names where it happened (the lowered code has symbols: built
 * with -rdynamic). */
static void onCrash(int signal) {
  void *frames[64];
  int n = backtrace(frames, 64);
  fprintf(stderr, "ta-bench: signal %d; backtrace:\n", signal);
  backtrace_symbols_fd(frames, n, 2);
  _Exit(128 + signal);
}

int main(int argc, char **argv) {
  signal(SIGSEGV, onCrash);
  signal(SIGBUS, onCrash);
  int reps = 10;
  const char *only = NULL;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--reps") && i + 1 < argc)
      reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--shape") && i + 1 < argc)
      only = argv[++i];
    else if (!strcmp(argv[i], "--list")) {
      /* The shapes, as bench/gpu/build.sh and torch_bench.py take them. */
#define SHAPE(S, N, E) printf("%s:%lld:%lld\n", #S, (long long)N, (long long)E);
#include "shapes.h"
#undef SHAPE
      return 0;
    } else {
      fprintf(stderr, "usage: %s [--reps N] [--shape NAME] [--list]\n",
              argv[0]);
      return 2;
    }
  }
  if (reps < 1 || reps > kMaxReps) {
    fprintf(stderr, "--reps must be in [1, %d]\n", kMaxReps);
    return 2;
  }
#define SHAPE(S, N, E)                                                         \
  if (!only || !strcmp(only, #S)) {                                            \
    void (*const run[kOps])(int64_t) = {bench_gather_##S, bench_scatter_##S,   \
                                        bench_accumulate_##S,                  \
                                        bench_concat_##S};                     \
    report(#S, N, E, reps, run);                                               \
  }
#include "shapes.h"
#undef SHAPE
  long total = 0, bad = 0;
  for (int op = 0; op < kOps; ++op) {
    if (failed[op])
      fprintf(stderr, "%s: %ld sample values differ from the semantics\n",
              kOpNames[op], failed[op]);
    total += checked[op];
    bad += failed[op];
  }
  printf("CHECKS %ld values, %ld wrong\n", total, bad);
  return bad ? 1 : 0;
}
