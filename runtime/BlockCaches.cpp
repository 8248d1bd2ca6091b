//===- BlockCaches.cpp - the heap blocks libta_runtime keeps for reuse ----===//
//
// Compiled code's allocations under 1 GiB are malloc's blocks; the ones it
// frees are kept for the next allocations of their size class:
//
// - up to 64 KiB, per thread (SmallBlockCache.h): without a lock, the
//   cost of an allocation of a few hundred bytes is the cost of the call;
// - above, per process (LargeBlockCache.h): glibc would give them back to
//   the kernel, and the next call would fault every page in again.
//
// Under AddressSanitizer nothing is kept: every free reaches the
// allocator, which then finds a use after it.
//
//===----------------------------------------------------------------------===//

#include "BlockCaches.h"
#include "LargeBlockCache.h"
#include "SmallBlockCache.h"
#include "TARuntimeInternal.h"
#include "ta/Runtime/TARuntime.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include <malloc.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TA_RUNTIME_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TA_RUNTIME_ASAN 1
#endif

using namespace ta::runtime;

namespace {

#ifdef TA_RUNTIME_ASAN
constexpr bool kCaching = false;
#else
constexpr bool kCaching = true;
#endif

// The thread's small-block cache, created on its first free. Only the
// pointer is in initial-exec TLS (libta_runtime may be dlopen'ed, where
// static TLS is scarce); CacheOwner deletes the cache at thread exit and
// `cacheGone` keeps frees after that (other TLS destructors) from making
// another.
__attribute__((tls_model(
    "initial-exec"))) thread_local SmallBlockCache *blockCache = nullptr;
__attribute__((tls_model("initial-exec"))) thread_local bool cacheGone = false;
struct CacheOwner {
  ~CacheOwner() {
    delete blockCache;
    blockCache = nullptr;
    cacheGone = true;
  }
};

SmallBlockCache *threadCache() {
  if (!blockCache && !cacheGone) {
    thread_local CacheOwner owner;
    (void)owner;
    blockCache = new (std::nothrow) SmallBlockCache();
  }
  return blockCache;
}

/// The process's large-block cache, its limit read from
/// TA_RUNTIME_CACHE_LIMIT_BYTES (bytes; 0 keeps nothing) on first use.
/// Never destroyed: threads may free blocks while the process exits.
struct LargeCache {
  LargeBlockCache cache{LargeBlockCache::defaultLimit()};
  /// Why the variable could not be read (empty: it could), reported by
  /// every allocation it would serve until a limit is set.
  std::string environmentError;
  std::atomic<bool> environmentBad{false};
};

LargeCache &largeCache() {
  static LargeCache *c = [] {
    auto *created = new LargeCache;
    const char *text = std::getenv("TA_RUNTIME_CACHE_LIMIT_BYTES");
    if (text && *text) {
      char *end = nullptr;
      errno = 0;
      long long value = std::strtoll(text, &end, 10);
      if (errno || *end || value < 0) {
        created->environmentError =
            "TA_RUNTIME_CACHE_LIMIT_BYTES must be a number of bytes, got '" +
            std::string(text) + "'";
        created->environmentBad = true;
      } else {
        created->cache.setLimit(uint64_t(value));
      }
    }
    return created;
  }();
  return *c;
}

} // namespace

void *ta::runtime::takeCachedBlock(uint64_t alignment, uint64_t size,
                                   uint64_t &allocate) {
  allocate = size;
  if (alignment > TA_BUFFER_ALIGNMENT)
    return nullptr;
  if (size <= SmallBlockCache::kMaxBytes) {
    if (!kCaching)
      return nullptr;
    unsigned c = SmallBlockCache::requestClass(size, alignment);
    allocate = SmallBlockCache::classBytes(c);
    return blockCache ? blockCache->take(c, alignment) : nullptr;
  }
  if (!LargeBlockCache::serves(size, alignment))
    return nullptr;
  LargeCache &large = largeCache();
  // Reported in every build, with no lock held (the error handler may
  // leave by longjmp).
  if (large.environmentBad)
    _ta_rt_exit_with(large.environmentError.c_str());
  if (!kCaching)
    return nullptr;
  allocate = LargeBlockCache::classBytes(size);
  return large.cache.take(size, alignment);
}

void *ta::runtime::allocateHeapBlock(uint64_t bytes) {
  uint64_t allocate = bytes;
  if (void *cached =
          takeCachedBlock(alignof(std::max_align_t), bytes, allocate))
    return cached;
  return std::malloc(allocate);
}

void ta::runtime::releaseHeapBlock(void *pointer) {
  if (!pointer)
    return;
  if (kCaching) {
    uint64_t usable = malloc_usable_size(pointer);
    if (LargeBlockCache::keeps(usable)) {
      if (largeCache().cache.give(pointer, usable))
        return;
    } else if (SmallBlockCache *cache = threadCache()) {
      if (cache->give(pointer, usable))
        return;
    }
  }
  std::free(pointer);
}

void *ta::runtime::resizeHeapBlock(void *pointer, uint64_t oldBytes,
                                   uint64_t bytes) {
  uint64_t allocate = bytes;
  // Small blocks grow in place where malloc can: cheaper than a copy.
  if (bytes > SmallBlockCache::kMaxBytes) {
    if (void *cached =
            takeCachedBlock(alignof(std::max_align_t), bytes, allocate)) {
      std::memcpy(cached, pointer, oldBytes < bytes ? oldBytes : bytes);
      releaseHeapBlock(pointer);
      return cached;
    }
  }
  return std::realloc(pointer, allocate);
}

extern "C" {

void ta_runtime_memory_stats(TARuntimeMemoryStats *stats) {
  if (!stats)
    return;
  LargeBlockCacheStats s = largeCache().cache.stats();
  stats->cached_bytes = int64_t(s.cachedBytes);
  stats->cached_blocks = int64_t(s.cachedBlocks);
  stats->cache_limit = kCaching ? int64_t(s.limit) : 0;
  stats->reused = int64_t(s.reused);
  stats->allocated = int64_t(s.allocated);
  stats->released = int64_t(s.released);
  stats->mapped_bytes = int64_t(mappedBytes());
}

int64_t ta_runtime_trim_memory(void) {
  uint64_t bytes = largeCache().cache.trim();
  if (blockCache)
    bytes += blockCache->clear();
  malloc_trim(0);
  return int64_t(bytes);
}

int64_t ta_runtime_set_cache_limit(int64_t bytes) {
  LargeCache &large = largeCache();
  uint64_t previous = large.cache.setLimit(
      bytes < 0 ? LargeBlockCache::defaultLimit() : uint64_t(bytes));
  large.environmentBad = false;
  return int64_t(previous);
}

int64_t ta_runtime_set_cache_idle_seconds(int64_t seconds) {
  return largeCache().cache.setIdleSeconds(
      seconds <= 0 ? LargeBlockCache::kIdleSeconds : seconds);
}

} // extern "C"
