// The program of quiet-allocations.test: libta_runtime's quiet allocation
// failures (_ta_rt_quiet_allocations), as the reservation lowered code makes
// before a loop that fills a growable array uses them.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size);
void _mlir_memref_to_llvm_free(void *pointer);
int64_t _ta_rt_quiet_allocations(int64_t quiet);

/* 2^62 bytes: more than the address space; a mapping of its own (1 GiB or
 * more), which mmap refuses. */
static const uint64_t kHuge = 1ull << 62;

static void *allocateHuge(void *arg) {
  (void)arg;
  void *p = _mlir_memref_to_llvm_aligned_alloc(64, kHuge);
  printf("thread: %s\n", p ? "allocated" : "null");
  return p;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "quiet";
  if (!strcmp(mode, "loud")) {
    // The default: a failed allocation stops the program.
    allocateHuge(NULL);
    return 0;
  }
  if (!strcmp(mode, "thread")) {
    // Quiet on this thread only: another thread's failure is loud.
    _ta_rt_quiet_allocations(1);
    pthread_t thread;
    pthread_create(&thread, NULL, allocateHuge, NULL);
    pthread_join(thread, NULL);
    return 0;
  }
  if (!strcmp(mode, "heap")) {
    // Under an address-space limit, a heap allocation (under 1 GiB).
    _ta_rt_quiet_allocations(1);
    void *p = _mlir_memref_to_llvm_aligned_alloc(64, 512ull << 20);
    printf("heap: %s\n", p ? "allocated" : "null");
    return 0;
  }
  printf("was quiet: %lld\n", (long long)_ta_rt_quiet_allocations(1));
  void *p = _mlir_memref_to_llvm_aligned_alloc(64, kHuge);
  printf("quiet: %s\n", p ? "allocated" : "null");
  // A small allocation still succeeds while quiet.
  void *q = _mlir_memref_to_llvm_aligned_alloc(64, 4096);
  memset(q, 1, 4096);
  printf("small: %s\n", q ? "allocated" : "null");
  _mlir_memref_to_llvm_free(q);
  printf("was quiet: %lld\n", (long long)_ta_rt_quiet_allocations(0));
  printf("was quiet: %lld\n", (long long)_ta_rt_quiet_allocations(0));
  fflush(stdout);
  // Loud again.
  allocateHuge(NULL);
  printf("not reached\n");
  return 0;
}
