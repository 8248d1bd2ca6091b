//===- BlockCache.h - a cache of freed device allocations -------*- C++ -*-===//
//
// The lowered host code allocates a fresh buffer for every result (a value
// read, a gather, a concat, the surrounding tensor code's temporaries) and
// frees it when it dies, often once per loop iteration; cuMemAllocManaged
// and cuMemFree cost tens of microseconds each, and cuMemFree synchronizes
// the device. BlockCache keeps freed blocks by exact size and kind and hands
// them out again, up to a byte limit; on an allocation failure the caller
// releases the cache and retries. Reuse is safe: the lowered code frees a
// buffer only after waiting for the work that uses it (ta-gpu-managed-memory
// turns each dealloc into wait; dealloc; wait).
//
// Driver-independent: the allocation functions are the caller's.
//
//===----------------------------------------------------------------------===//

#ifndef TA_RUNTIME_CUDA_BLOCKCACHE_H
#define TA_RUNTIME_CUDA_BLOCKCACHE_H

#include <cstdint>
#include <map>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ta::cuda {

class BlockCache {
public:
  using Key = std::pair<uint64_t, bool>; // bytes, host-shared
  explicit BlockCache(uint64_t limitBytes) : limit(limitBytes) {}

  /// A cached block of `key`, or 0.
  uint64_t take(Key key) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = free.find(key);
    if (it == free.end() || it->second.empty())
      return 0;
    uint64_t block = it->second.back();
    it->second.pop_back();
    cached -= key.first;
    live[block] = key;
    return block;
  }

  /// Records a block the driver has just allocated.
  void track(uint64_t block, Key key) {
    std::lock_guard<std::mutex> lock(mutex);
    live[block] = key;
  }

  /// Takes back a live block; returns the blocks the caller must give back
  /// to the driver now (the block itself when it is not known or does not
  /// fit under the limit, or older cached blocks it displaces).
  std::vector<uint64_t> give(uint64_t block) {
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<uint64_t> release;
    auto it = live.find(block);
    if (it == live.end()) {
      release.push_back(block);
      return release;
    }
    Key key = it->second;
    live.erase(it);
    if (key.first > limit) {
      release.push_back(block);
      return release;
    }
    free[key].push_back(block);
    cached += key.first;
    for (auto f = free.begin(); cached > limit && f != free.end(); ++f) {
      while (cached > limit && !f->second.empty()) {
        release.push_back(f->second.back());
        f->second.pop_back();
        cached -= f->first.first;
      }
    }
    return release;
  }

  /// Empties the cache; returns the blocks to give back to the driver.
  std::vector<uint64_t> drain() {
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<uint64_t> release;
    for (auto &[key, blocks] : free)
      release.insert(release.end(), blocks.begin(), blocks.end());
    free.clear();
    cached = 0;
    return release;
  }

private:
  std::mutex mutex;
  uint64_t limit;
  uint64_t cached = 0;
  std::map<Key, std::vector<uint64_t>> free;
  std::unordered_map<uint64_t, Key> live;
};

} // namespace ta::cuda

#endif // TA_RUNTIME_CUDA_BLOCKCACHE_H
