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
// Size classes: four per power of two from 64 B (64, 80, 96, 112, 128,
// 160, ...) up to kMaxBytes. A request is served by a block of its class
// or allocated at its class's size (classBytes: at most a quarter more
// than asked, or for a 64-byte aligned request under 256 bytes the next
// multiple of 64), so that the block serves the same request again once
// freed. A freed block goes to the largest class its usable size covers.
// A cached block is still glibc's: the caller may hand it out as a result
// that a driver frees with free().
//
// Not thread-safe: one per thread (Allocation.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TA_RUNTIME_SMALLBLOCKCACHE_H
#define TA_RUNTIME_SMALLBLOCKCACHE_H

#include <cstdint>
#include <cstdlib>

namespace ta::runtime {

class SmallBlockCache {
  static constexpr unsigned kMinLog = 6;  // 64 B
  static constexpr unsigned kMaxLog = 16; // 64 KiB
  static constexpr unsigned kSteps = 4;   // classes per power of two
  // Freed blocks have usable sizes up to 2^(kMaxLog + 1) - 1.
  static constexpr unsigned kClasses = (kMaxLog - kMinLog + 1) * kSteps;
  static constexpr unsigned kPerClass = 4;

public:
  /// Requests of more bytes are not served from the cache.
  static constexpr uint64_t kMaxBytes = uint64_t(1) << kMaxLog;

  SmallBlockCache() = default;
  SmallBlockCache(const SmallBlockCache &) = delete;
  SmallBlockCache &operator=(const SmallBlockCache &) = delete;
  ~SmallBlockCache() {
    for (unsigned c = 0; c < kClasses; ++c)
      for (unsigned i = 0; i < count[c]; ++i)
        std::free(blocks[c][i]);
  }

  /// The bytes to allocate for a request of `bytes` (1..kMaxBytes) at
  /// `alignment` (a power of two up to 64): the size of its class, the
  /// smallest one that holds `bytes` and is a multiple of `alignment` (as
  /// aligned_alloc wants), so that the block serves such a request again.
  static uint64_t classBytes(uint64_t bytes, uint64_t alignment) {
    return bytesOf(requestClass(bytes, alignment));
  }

  /// A cached block of at least `bytes` (1..kMaxBytes) usable bytes at an
  /// address that is a multiple of `alignment` (a power of two up to 64),
  /// or null.
  void *take(uint64_t bytes, uint64_t alignment) {
    unsigned c = requestClass(bytes, alignment);
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
    if (usable < bytesOf(0) || usable >> (kMaxLog + 1) != 0)
      return false;
    unsigned c = floorClass(usable);
    if (count[c] == kPerClass)
      return false;
    blocks[c][count[c]++] = block;
    return true;
  }

private:
  static unsigned floorLog2(uint64_t x) { return 63 - __builtin_clzll(x); }
  static uint64_t bytesOf(unsigned c) {
    unsigned p = kMinLog + c / kSteps;
    return (uint64_t(1) << p) + (c % kSteps) * (uint64_t(1) << (p - 2));
  }
  /// The largest class whose size is at most `x` (64 <= x < 2^(kMaxLog+1)).
  static unsigned floorClass(uint64_t x) {
    unsigned p = floorLog2(x);
    return (p - kMinLog) * kSteps +
           unsigned((x - (uint64_t(1) << p)) >> (p - 2));
  }
  /// The smallest class whose size is at least `x` (x <= kMaxBytes).
  static unsigned ceilClass(uint64_t x) {
    if (x <= bytesOf(0))
      return 0;
    unsigned c = floorClass(x);
    return bytesOf(c) == x ? c : c + 1;
  }

  static unsigned requestClass(uint64_t bytes, uint64_t alignment) {
    unsigned c = ceilClass(bytes);
    while ((bytesOf(c) & (alignment - 1)) != 0)
      ++c;
    return c;
  }

  void *blocks[kClasses][kPerClass] = {};
  unsigned count[kClasses] = {};
};

} // namespace ta::runtime

#endif // TA_RUNTIME_SMALLBLOCKCACHE_H
