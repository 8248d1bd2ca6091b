// The program of realloc.test: libta_runtime's growth in place
// (_ta_rt_realloc) and the state's shift after it (_ta_rt_shift_bytes), as
// the growth functions of lowered code call them.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct TACallScope TACallScope;
void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size);
void _mlir_memref_to_llvm_free(void *pointer);
int64_t _ta_rt_quiet_allocations(int64_t quiet);
void *_ta_rt_realloc(void *pointer, uint64_t old_bytes, uint64_t new_bytes);
void _ta_rt_shift_bytes(int64_t buffer, int64_t from, int64_t to,
                        int64_t length);
TACallScope *ta_runtime_begin_call(void);
void ta_runtime_end_call(TACallScope *scope, int release);

static const uint64_t kGiB = 1ull << 30;

/* Byte i of a pattern that no run of zeros matches. */
static unsigned char pattern(uint64_t i) {
  return (unsigned char)(i % 251 + 1);
}

static void fill(unsigned char *p, uint64_t first, uint64_t n) {
  for (uint64_t i = 0; i < n; ++i)
    p[first + i] = pattern(i);
}
/* Whether [first, first + n) holds the pattern. */
static int holds(const unsigned char *p, uint64_t first, uint64_t n) {
  for (uint64_t i = 0; i < n; ++i)
    if (p[first + i] != pattern(i))
      return 0;
  return 1;
}
static int zero(const unsigned char *p, uint64_t first, uint64_t n) {
  for (uint64_t i = 0; i < n; ++i)
    if (p[first + i])
      return 0;
  return 1;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "grow";
  if (!strcmp(mode, "loud")) {
    unsigned char *p = _mlir_memref_to_llvm_aligned_alloc(64, 4096);
    _ta_rt_realloc(p, 4096, 1ull << 62);
    printf("not reached\n");
    return 0;
  }
  // Heap to heap: the bytes kept.
  unsigned char *p = _mlir_memref_to_llvm_aligned_alloc(64, 4096);
  fill(p, 0, 4096);
  p = _ta_rt_realloc(p, 4096, 1 << 20);
  printf("heap: kept %d\n", holds(p, 0, 4096));
  // Heap to a mapping (1 GiB or more): the bytes kept, the rest zero.
  p = _ta_rt_realloc(p, 4096, kGiB + 4096);
  printf("mapped: kept %d, zero past the old size %d\n", holds(p, 0, 4096),
         zero(p, 4096, 1 << 20) && zero(p, kGiB, 4096));
  // A mapping remapped: kept (a page at the old end too), the rest zero.
  fill(p, kGiB, 4096);
  p = _ta_rt_realloc(p, kGiB + 4096, 3 * kGiB);
  printf("remapped: kept %d %d, zero past the old size %d\n", holds(p, 0, 4096),
         holds(p, kGiB, 4096),
         zero(p, kGiB + 4096, 4096) && zero(p, 3 * kGiB - 4096, 4096));
  // The state's shift in a mapping, offsets congruent modulo the page size:
  // five pages and a bit moved, the source left zero.
  uint64_t from = 3 * 4096 + 100, to = 1000 * 4096 + 100, n = 5 * 4096 + 7;
  fill(p, from, n);
  _ta_rt_shift_bytes((int64_t)p, (int64_t)from, (int64_t)to, (int64_t)n);
  printf("shift, remapped: moved %d, source zero %d\n", holds(p, to, n),
         zero(p, from, n));
  // The target a whole page after the source, which moves one whole page
  // and more: the target's partial first page lies on the source's last
  // whole page, and must be copied after that page moved.
  from = 3000 * 4096 + 100;
  to = from + 4096;
  n = (4096 - 100) + 4096;
  fill(p, from, n);
  _ta_rt_shift_bytes((int64_t)p, (int64_t)from, (int64_t)to, (int64_t)n);
  printf("shift, onto the last page: moved %d, uncovered zero %d\n",
         holds(p, to, n), zero(p, from, to - from));
  // The same two whole pages after, with a tail.
  from = 4000 * 4096 + 100;
  to = from + 2 * 4096;
  n = (4096 - 100) + 2 * 4096 + 50;
  fill(p, from, n);
  _ta_rt_shift_bytes((int64_t)p, (int64_t)from, (int64_t)to, (int64_t)n);
  printf("shift, onto the last pages: moved %d, uncovered zero %d\n",
         holds(p, to, n), zero(p, from, to - from));
  // Not congruent: a copy, the same result.
  from = 2 * kGiB + 3;
  to = 2 * kGiB + 50000;
  fill(p, from, n);
  _ta_rt_shift_bytes((int64_t)p, (int64_t)from, (int64_t)to, (int64_t)n);
  printf("shift, copied: moved %d, source zero %d\n", holds(p, to, n),
         zero(p, from, n));
  _mlir_memref_to_llvm_free(p);
  // Overlapping ranges on the heap: what the target does not cover zero.
  unsigned char *h = _mlir_memref_to_llvm_aligned_alloc(64, 4096);
  fill(h, 100, 1000);
  _ta_rt_shift_bytes((int64_t)h, 100, 400, 1000);
  printf("shift, overlapping: moved %d, uncovered zero %d\n",
         holds(h, 400, 1000), zero(h, 100, 300));
  // A failure while quiet: null, the buffer unchanged and still valid.
  fill(h, 0, 4096);
  _ta_rt_quiet_allocations(1);
  void *none = _ta_rt_realloc(h, 4096, 1ull << 62);
  _ta_rt_quiet_allocations(0);
  printf("quiet: %s, kept %d\n", none ? "allocated" : "null",
         holds(h, 0, 4096));
  _mlir_memref_to_llvm_free(h);
  // In a call scope that releases what it holds: the buffer that moved is
  // released once (AddressSanitizer and valgrind tell a double free or a
  // leak).
  TACallScope *scope = ta_runtime_begin_call();
  unsigned char *s = _mlir_memref_to_llvm_aligned_alloc(64, 64);
  s = _ta_rt_realloc(s, 64, 1 << 22);
  s = _ta_rt_realloc(s, 1 << 22, kGiB);
  fill(s, 0, 64);
  ta_runtime_end_call(scope, 1);
  printf("scope: released\n");
  return 0;
}
