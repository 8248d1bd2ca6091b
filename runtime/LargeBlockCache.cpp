//===- LargeBlockCache.cpp - freed large heap blocks, shared
//---------------===//
//
// See LargeBlockCache.h. Blocks are freed with the mutex held: evictions
// are rare (a class full, the limit reached, a block idle for seconds),
// and a free of a large block is an munmap or a heap merge, microseconds.
//
//===----------------------------------------------------------------------===//

#include "LargeBlockCache.h"

#include <cstdlib>
#include <cstring>
#include <ctime>

#include <unistd.h>

using namespace ta::runtime;

namespace {

int64_t coarseSeconds() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
  return t.tv_sec;
}

} // namespace

uint64_t LargeBlockCache::defaultLimit() {
  constexpr uint64_t kDefault = uint64_t(2) << 30;
  long pages = sysconf(_SC_PHYS_PAGES), pageBytes = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageBytes <= 0)
    return kDefault;
  uint64_t eighth = uint64_t(pages) * uint64_t(pageBytes) / 8;
  return eighth < kDefault ? eighth : kDefault;
}

void *LargeBlockCache::take(uint64_t bytes, uint64_t alignment) {
  unsigned first = Classes::requestClass(bytes, 1);
  std::lock_guard<std::mutex> lock(mu);
  for (unsigned c = first; c < Classes::kCount && c <= first + kSpill; ++c) {
    for (unsigned i = count[c]; i-- > 0;) {
      Entry entry = entries[c][i];
      if ((reinterpret_cast<uintptr_t>(entry.block) & (alignment - 1)) != 0)
        continue;
      std::memmove(&entries[c][i], &entries[c][i + 1],
                   (count[c] - i - 1) * sizeof(Entry));
      --count[c];
      cachedBytes -= entry.bytes;
      --cachedBlocks;
      ++reused;
      return entry.block;
    }
  }
  ++allocated;
  return nullptr;
}

bool LargeBlockCache::give(void *block, uint64_t usable) {
  if (!keeps(usable))
    return false;
  unsigned c = Classes::floorClass(usable);
  int64_t now = coarseSeconds();
  std::lock_guard<std::mutex> lock(mu);
  releaseIdle(now);
  if (usable > limit)
    return false;
  if (count[c] == kPerClass)
    evictOldest(c);
  makeRoom(usable);
  entries[c][count[c]++] = {block, usable, nextOrder++, now};
  cachedBytes += usable;
  ++cachedBlocks;
  return true;
}

void LargeBlockCache::evictOldest(unsigned c) {
  Entry oldest = entries[c][0];
  std::memmove(&entries[c][0], &entries[c][1], (count[c] - 1) * sizeof(Entry));
  --count[c];
  cachedBytes -= oldest.bytes;
  --cachedBlocks;
  ++released;
  std::free(oldest.block);
}

void LargeBlockCache::makeRoom(uint64_t bytes) {
  while (cachedBlocks != 0 && cachedBytes + bytes > limit) {
    unsigned victim = Classes::kCount;
    for (unsigned c = 0; c < Classes::kCount; ++c)
      if (count[c] != 0 && (victim == Classes::kCount ||
                            entries[c][0].order < entries[victim][0].order))
        victim = c;
    evictOldest(victim);
  }
}

void LargeBlockCache::releaseIdle(int64_t now) {
  if (now == lastSweep)
    return;
  lastSweep = now;
  for (unsigned c = 0; c < Classes::kCount; ++c)
    while (count[c] != 0 && now - entries[c][0].cachedAt >= idleSeconds)
      evictOldest(c);
}

uint64_t LargeBlockCache::trim() {
  std::lock_guard<std::mutex> lock(mu);
  uint64_t bytes = cachedBytes;
  for (unsigned c = 0; c < Classes::kCount; ++c)
    while (count[c] != 0)
      evictOldest(c);
  return bytes;
}

uint64_t LargeBlockCache::setLimit(uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mu);
  uint64_t previous = limit;
  limit = bytes;
  makeRoom(0);
  return previous;
}

int64_t LargeBlockCache::setIdleSeconds(int64_t seconds) {
  std::lock_guard<std::mutex> lock(mu);
  int64_t previous = idleSeconds;
  idleSeconds = seconds < 1 ? 1 : seconds;
  return previous;
}

LargeBlockCacheStats LargeBlockCache::stats() {
  std::lock_guard<std::mutex> lock(mu);
  LargeBlockCacheStats s;
  s.cachedBytes = cachedBytes;
  s.cachedBlocks = cachedBlocks;
  s.limit = limit;
  s.reused = reused;
  s.allocated = allocated;
  s.released = released;
  return s;
}
