// The program of small-block-cache.test: libta_runtime's allocation
// functions, as compiled code calls them.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size);
void _mlir_memref_to_llvm_free(void *pointer);

static int aligned(void *p, uintptr_t alignment) {
  return (uintptr_t)p % alignment == 0;
}

/* Allocates `size` bytes at `alignment`, writes them all, frees them, and
 * says whether the next allocation of `again` bytes got the same block. */
static void reuse(const char *what, uint64_t alignment, uint64_t size,
                  uint64_t again) {
  char *p = _mlir_memref_to_llvm_aligned_alloc(alignment, size);
  memset(p, 1, size);
  _mlir_memref_to_llvm_free(p);
  char *q = _mlir_memref_to_llvm_aligned_alloc(alignment, again);
  memset(q, 2, again);
  printf("%s: %s, aligned %d\n", what, p == q ? "reused" : "fresh",
         aligned(q, alignment));
  _mlir_memref_to_llvm_free(q);
}

static void *worker(void *arg) {
  (void)arg;
  /* Blocks this thread's cache holds when it exits are freed then. */
  for (int i = 0; i < 8; ++i)
    _mlir_memref_to_llvm_free(_mlir_memref_to_llvm_aligned_alloc(64, 4000));
  return NULL;
}

int main(void) {
  // The same class (897..1024 bytes): served by the freed block.
  reuse("same size", 64, 1000, 1000);
  reuse("same class", 64, 1000, 900);
  // 80 bytes at 64-byte alignment (a box of two slots): class 128, the
  // first multiple of 64.
  reuse("aligned small", 64, 80, 80);
  // A larger class than the freed block's: a fresh block.
  reuse("larger class", 64, 1000, 1100);
  // Past 64 KiB nothing is cached (glibc may still hand the same memory
  // back, so only the alignment is checked).
  char *big = _mlir_memref_to_llvm_aligned_alloc(64, 100000);
  printf("big: aligned %d\n", aligned(big, 64));
  _mlir_memref_to_llvm_free(big);
  // 16-byte requests get malloc's blocks; a 64-byte request never gets one
  // of them that is not 64-byte aligned.
  int misaligned = 0;
  void *blocks[16];
  for (int round = 0; round < 4; ++round) {
    for (int i = 0; i < 16; ++i)
      blocks[i] = _mlir_memref_to_llvm_aligned_alloc(16, 200);
    for (int i = 0; i < 16; ++i)
      _mlir_memref_to_llvm_free(blocks[i]);
    for (int i = 0; i < 16; ++i) {
      blocks[i] = _mlir_memref_to_llvm_aligned_alloc(64, 200);
      misaligned += !aligned(blocks[i], 64);
      memset(blocks[i], 3, 200);
    }
    for (int i = 0; i < 16; ++i)
      _mlir_memref_to_llvm_free(blocks[i]);
  }
  printf("misaligned 64-byte blocks: %d\n", misaligned);
  pthread_t thread;
  pthread_create(&thread, NULL, worker, NULL);
  pthread_join(thread, NULL);
  printf("done\n");
  return 0;
}
