//===- SlotArena.h - the slot data of one array of open element shape -----===//
//
// An array of open element shape (DynamicArrays.cpp) allocates a tensor per
// slot written: thousands of blocks of a few KiB for a split into it. Freed
// one by one at the end of each call, they would leave glibc's heap top
// free, and glibc trims it back to the kernel (its trim threshold stays at
// 128 KiB while the large blocks are kept by libta_runtime and never reach
// it), so the next call faults every page in again. A slot's data is
// written once (a TensorArray slot is write-once; an accumulator adds in
// place), so the array bump-allocates it from chunks, heap blocks of
// libta_runtime's caches (BlockCaches.h) that the next call reuses, and
// frees the chunks together when it is closed or destroyed. A slot read
// with clear_after_read keeps its bytes until then: at most what the array
// would hold had nothing been read.
//
//===----------------------------------------------------------------------===//

#ifndef TA_RUNTIME_SLOTARENA_H
#define TA_RUNTIME_SLOTARENA_H

#include "BlockCaches.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace ta::runtime {

class SlotArena {
  static constexpr uint64_t kAlign = alignof(std::max_align_t);
  static constexpr uint64_t kFirstChunk = uint64_t(4) << 10; // 4 KiB
  static constexpr uint64_t kMaxChunk = uint64_t(64) << 20;  // 64 MiB

  /// A chunk's header: the chunks make a list, newest first.
  struct Chunk {
    Chunk *previous;
    uint64_t bytes;
  };
  static constexpr uint64_t kHeader =
      (sizeof(Chunk) + kAlign - 1) & ~(kAlign - 1);

public:
  SlotArena() = default;
  SlotArena(const SlotArena &) = delete;
  SlotArena &operator=(const SlotArena &) = delete;
  ~SlotArena() { release(); }

  /// `bytes` (not 0) at malloc's alignment, or null where memory runs out.
  void *allocate(uint64_t bytes) {
    uint64_t rounded = (bytes + kAlign - 1) & ~(kAlign - 1);
    if (rounded < bytes)
      return nullptr;
    if (rounded > left) {
      // Chunks double up to kMaxChunk; a larger value gets one of its own.
      uint64_t size = last ? last * 2 : kFirstChunk;
      if (size > kMaxChunk)
        size = kMaxChunk;
      if (size - kHeader < rounded)
        size = rounded + kHeader;
      if (size < rounded)
        return nullptr;
      auto *chunk = static_cast<Chunk *>(allocateHeapBlock(size));
      if (!chunk)
        return nullptr;
      *chunk = {chunks, size};
      chunks = chunk;
      last = size;
      next = reinterpret_cast<char *>(chunk) + kHeader;
      left = size - kHeader;
    }
    void *data = next;
    next += rounded;
    left -= rounded;
    return data;
  }

  /// Frees every chunk: every pointer allocate() gave is invalid after.
  void release() {
    while (chunks) {
      Chunk *previous = chunks->previous;
      releaseHeapBlock(chunks);
      chunks = previous;
    }
    next = nullptr;
    left = 0;
  }

private:
  Chunk *chunks = nullptr;
  char *next = nullptr;
  uint64_t left = 0, last = 0;
};

} // namespace ta::runtime

#endif // TA_RUNTIME_SLOTARENA_H
