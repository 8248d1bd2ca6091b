//===- BlockCaches.h - the heap blocks libta_runtime keeps for reuse ------===//
//
// Not part of the ABI: how Allocation.cpp reaches the thread's
// SmallBlockCache and the process's LargeBlockCache (BlockCaches.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TA_RUNTIME_BLOCKCACHES_H
#define TA_RUNTIME_BLOCKCACHES_H

#include <cstdint>

namespace ta::runtime {

/// A kept heap block for a request of `size` bytes (not 0, under 1 GiB) at
/// `alignment`, or null. On null, `allocate` is what to ask malloc for: the
/// size of the request's class where a cache would keep the block once
/// freed, `size` otherwise. Reports a bad TA_RUNTIME_CACHE_LIMIT_BYTES as a
/// runtime error.
void *takeCachedBlock(uint64_t alignment, uint64_t size, uint64_t &allocate);

/// A heap block of `bytes` (not 0) at malloc's alignment for the runtime's
/// own data (DynamicArrays.cpp): a kept one where there is one, malloc's
/// otherwise, or null. Freed with releaseHeapBlock.
void *allocateHeapBlock(uint64_t bytes);

/// Keeps a freed heap block (malloc's, not a mapping; null: nothing) in a
/// cache, or frees it.
void releaseHeapBlock(void *pointer);

/// Resizes a heap block (malloc's) of `oldBytes` to `bytes` (not 0, under
/// 1 GiB), keeping its first bytes: into a kept block where one serves a
/// large size (the old block kept in turn), with realloc otherwise; null
/// where that fails (`pointer` unchanged).
void *resizeHeapBlock(void *pointer, uint64_t oldBytes, uint64_t bytes);

/// The bytes of the live mappings of 1 GiB or more (Allocation.cpp).
uint64_t mappedBytes();

} // namespace ta::runtime

#endif // TA_RUNTIME_BLOCKCACHES_H
