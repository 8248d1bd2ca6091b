/*===- timing.h - clock and median for the benchmark drivers ------*- C -*-===*\
|*                                                                            *|
|* Shared by bench/cpu/driver.c and bench/gpu/driver.c.                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TA_BENCH_TIMING_H
#define TA_BENCH_TIMING_H

#include <stdlib.h>
#include <time.h>

/* Seconds on the monotonic clock. */
static inline double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of `values` (sorted in place). */
static inline double median(double *values, int n) {
  qsort(values, (size_t)n, sizeof(double), compareDoubles);
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

#endif /* TA_BENCH_TIMING_H */
