//===- SmallBlockCache.h - freed small aligned heap blocks, per thread ----===//
//
// Compiled ta code asks for 64-byte aligned memory (TA_BUFFER_ALIGNMENT:
// array buffers, results, temporaries) and frees most of it again within
// the same call. glibc 2.36's aligned_alloc splits a larger chunk and frees
// the pieces each time: about 60 ns for an allocation and its free, eight
// times malloc's, which is most of the cost of a call on an array of a few
// hundred bytes. SmallBlockCache keeps a few freed blocks of up to
// kMaxBytes per power-of-two class of their usable size and hands them out
// again, like malloc's own per-thread cache but for aligned blocks.
//
// Size classes (SizeClasses.h): four per power of two from 64 B (64, 80,
// 96, 112, 128, 160, ...) up to kMaxBytes; a 64-byte aligned request under
// 256 bytes gets the next multiple of 64. Larger blocks are kept by the
// process's LargeBlockCache (LargeBlockCache.h).
//
// A cached block is still glibc's: the caller may hand it out as a result
// that a driver frees with free().
//
// Not thread-safe: one per thread (Allocation.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TA_RUNTIME_SMALLBLOCKCACHE_H
#define TA_RUNTIME_SMALLBLOCKCACHE_H

#include "SizeClasses.h"

#include <cstdint>
#include <cstdlib>

#include <malloc.h>

namespace ta::runtime {

class SmallBlockCache {
  using Classes = SizeClasses</*MinLog=*/6, /*MaxLog=*/16>; // 64 B .. 64 KiB
  static constexpr unsigned kPerClass = 4;
  /// A request is served by a block of its class or of the next kSpill
  /// ones: aligned_alloc may leave up to alignment + 32 bytes more in a
  /// block than asked, which can put it a class or two above its request's.
  static constexpr unsigned kSpill = 3;

public:
  /// Requests of more bytes are not served from the cache.
  static constexpr uint64_t kMaxBytes = Classes::kMaxRequest;

  SmallBlockCache() = default;
  SmallBlockCache(const SmallBlockCache &) = delete;
  SmallBlockCache &operator=(const SmallBlockCache &) = delete;
  ~SmallBlockCache() { clear(); }

  /// The class of a request of `bytes` (1..kMaxBytes) at `alignment` (a
  /// power of two up to 64): the smallest one that holds `bytes` and whose
  /// size is a multiple of `alignment` (as aligned_alloc wants).
  static unsigned requestClass(uint64_t bytes, uint64_t alignment) {
    return Classes::requestClass(bytes, alignment);
  }

  /// The bytes to allocate for a request of class `c`: the class's size, so
  /// that the block serves such a request again.
  static uint64_t classBytes(unsigned c) { return Classes::bytesOf(c); }

  /// A cached block for a request of class `c` (requestClass), at most
  /// about twice its size, at an address that is a multiple of `alignment`
  /// (a power of two up to 64), or null.
  void *take(unsigned first, uint64_t alignment) {
    for (unsigned c = first; c < Classes::kCount && c <= first + kSpill; ++c)
      for (unsigned i = count[c]; i-- > 0;) {
        void *block = blocks[c][i];
        if ((reinterpret_cast<uintptr_t>(block) & (alignment - 1)) == 0) {
          blocks[c][i] = blocks[c][--count[c]];
          return block;
        }
      }
    return nullptr;
  }

  /// Keeps `block` (`usable` bytes, as malloc_usable_size says) if it is of
  /// a cached size and its class has room; false otherwise (the caller
  /// frees it).
  bool give(void *block, uint64_t usable) {
    if (!Classes::holds(usable))
      return false;
    unsigned c = Classes::floorClass(usable);
    if (count[c] == kPerClass)
      return false;
    blocks[c][count[c]++] = block;
    return true;
  }

  /// Frees every cached block; returns their usable bytes.
  uint64_t clear() {
    uint64_t bytes = 0;
    for (unsigned c = 0; c < Classes::kCount; ++c) {
      for (unsigned i = 0; i < count[c]; ++i) {
        bytes += malloc_usable_size(blocks[c][i]);
        std::free(blocks[c][i]);
      }
      count[c] = 0;
    }
    return bytes;
  }

private:
  void *blocks[Classes::kCount][kPerClass] = {};
  unsigned count[Classes::kCount] = {};
};

} // namespace ta::runtime

#endif // TA_RUNTIME_SMALLBLOCKCACHE_H
