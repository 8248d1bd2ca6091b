//===- LargeBlockCache.h - freed large heap blocks, shared by the process -===//
//
// glibc serves a block above its mmap threshold (128 KiB, raised up to
// 32 MiB by the blocks freed) with a mapping of its own, and trims the top
// of its heap once a free leaves more than twice that threshold unused.
// Either way, each call of compiled code whose arrays, results and
// temporaries take a few megabytes asks the kernel for fresh pages: a page
// fault and a page cleared per 4 KiB, more time than the call's own work.
// LargeBlockCache keeps freed blocks of more than 64 KiB and less than
// 1 GiB and hands them out again, as TensorFlow's BFC allocator and
// PyTorch's caching allocator keep theirs. (Blocks of 1 GiB or more are
// lazy mappings of their own, Allocation.cpp; smaller ones are kept per
// thread, SmallBlockCache.h.)
//
// - Size classes (SizeClasses.h): four per power of two from 64 KiB to
//   1 GiB. A request is served by a cached block of its class or of one of
//   the next kSpill classes (at most twice its size), the most recently
//   freed first; otherwise it is allocated at its class's size.
// - Bounded: at most kPerClass blocks per class and at most `limit` bytes
//   in all (ta_runtime_set_cache_limit, TA_RUNTIME_CACHE_LIMIT_BYTES;
//   defaultLimit). A freed block that does not fit evicts the least
//   recently freed ones, or is freed itself where it alone is over the
//   limit.
// - Released when idle: blocks not reused for kIdleSeconds (or as set)
//   are freed at the next free of a large block; trim() frees every block
//   at once.
// - A cached block is still glibc's: handed out as a result, a driver may
//   free it with free(). Its bytes are what its last user left: lowered
//   code zero-fills what must start at zero (TA_FRESH_BUFFER_IS_ZERO holds
//   of mappings only).
//
// Thread-safe: one per process (Allocation.cpp), behind one mutex (a few
// tens of nanoseconds against the microseconds a 64 KiB block takes to
// fill). A block freed on one thread serves the next request on any.
//
//===----------------------------------------------------------------------===//

#ifndef TA_RUNTIME_LARGEBLOCKCACHE_H
#define TA_RUNTIME_LARGEBLOCKCACHE_H

#include "SizeClasses.h"

#include <cstdint>
#include <mutex>

namespace ta::runtime {

/// What a LargeBlockCache holds and has done (TARuntimeMemoryStats).
struct LargeBlockCacheStats {
  uint64_t cachedBytes = 0, cachedBlocks = 0, limit = 0;
  uint64_t reused = 0, allocated = 0, released = 0;
};

class LargeBlockCache {
  using Classes = SizeClasses</*MinLog=*/16, /*MaxLog=*/30>; // 64 KiB..1 GiB
  static constexpr unsigned kPerClass = 16;
  static constexpr unsigned kSpill = 3;

public:
  /// By default, cached blocks not reused for this long are freed.
  static constexpr int64_t kIdleSeconds = 10;

  /// Whether a request of `bytes` at `alignment` is served here: more than
  /// 64 KiB (the small blocks' cache), at most 1 GiB, at most 64-byte
  /// alignment.
  static bool serves(uint64_t bytes, uint64_t alignment) {
    return bytes > Classes::bytesOf(0) && bytes <= Classes::kMaxRequest &&
           alignment <= 64;
  }

  /// Whether a freed block of `usable` bytes is kept here: it serves a
  /// request of more than 64 KiB (the smaller ones' classes are the small
  /// blocks' cache's).
  static bool keeps(uint64_t usable) {
    return usable >= Classes::bytesOf(1) && Classes::holds(usable);
  }

  /// The bytes to allocate for a request of `bytes` (serves()): the size of
  /// its class.
  static uint64_t classBytes(uint64_t bytes) {
    return Classes::bytesOf(Classes::requestClass(bytes, 1));
  }

  /// The default limit on the bytes cached: 2 GiB, or an eighth of the
  /// machine's memory where that is less.
  static uint64_t defaultLimit();

  explicit LargeBlockCache(uint64_t limit) : limit(limit) {}
  LargeBlockCache(const LargeBlockCache &) = delete;
  LargeBlockCache &operator=(const LargeBlockCache &) = delete;

  /// A cached block of at least `bytes` usable bytes (serves()) at an
  /// address that is a multiple of `alignment`, or null.
  void *take(uint64_t bytes, uint64_t alignment);

  /// Keeps `block` (`usable` bytes, as malloc_usable_size says) if it has
  /// a class with room and fits the limit; false otherwise (the caller
  /// frees it). Frees what it evicts, and the blocks idle too long.
  bool give(void *block, uint64_t usable);

  /// Frees every cached block; returns their usable bytes.
  uint64_t trim();

  /// Sets the limit (evicting what no longer fits); returns the previous.
  uint64_t setLimit(uint64_t bytes);

  /// Sets how long a block may stay unused (seconds, at least 1); returns
  /// the previous.
  int64_t setIdleSeconds(int64_t seconds);

  LargeBlockCacheStats stats();

private:
  struct Entry {
    void *block;
    uint64_t bytes;
    uint64_t order;   // when it was cached: later blocks, larger orders
    int64_t cachedAt; // in seconds (coarse monotonic clock)
  };

  /// Frees the oldest entry of class `c` (held: `mu`).
  void evictOldest(unsigned c);
  /// Evicts the least recently cached blocks until `bytes` more fit.
  void makeRoom(uint64_t bytes);
  /// Frees the blocks cached before `now - idleSeconds`, once a second.
  void releaseIdle(int64_t now);

  std::mutex mu;
  uint64_t limit;
  int64_t idleSeconds = kIdleSeconds;
  uint64_t cachedBytes = 0, cachedBlocks = 0, nextOrder = 0;
  uint64_t reused = 0, allocated = 0, released = 0;
  int64_t lastSweep = 0;
  /// Per class, oldest first.
  Entry entries[Classes::kCount][kPerClass] = {};
  unsigned count[Classes::kCount] = {};
};

} // namespace ta::runtime

#endif // TA_RUNTIME_LARGEBLOCKCACHE_H
