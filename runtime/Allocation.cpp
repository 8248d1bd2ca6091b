//===- Allocation.cpp - libta_runtime: the memory of compiled ta code -----===//
//
// ta-lower-to-llvm lowers memref.alloc and memref.dealloc to MLIR's generic
// allocation functions (finalize-memref-to-llvm's use-generic-functions),
// defined here:
//
// - an allocation that fails stops the program with TensorFlow's
//   resource-exhausted wording ("OOM when allocating ...") through
//   _ta_rt_fail, in both checks modes, instead of handing compiled code a
//   null pointer to write through; only where the code asked for quiet
//   failures (_ta_rt_quiet_allocations), around an allocation it can do
//   without, does it get null;
// - inside a call scope (ta_runtime_begin_call), every allocation that is
//   not freed again is recorded, with the runtime's own objects (arrays of
//   open element shapes), so that a driver whose error handler left the
//   call with longjmp can release what the failed call held;
// - an allocation of 1 GiB or more is a mapping of its own, reserved
//   without accounting (MAP_NORESERVE): the kernel backs its pages on first
//   touch, so a large array whose slots are mostly never written costs what
//   is written (its creation zeroes only the header and the slot states),
//   as TensorFlow's arrays, which allocate at each write, do; growth
//   (_ta_rt_realloc) remaps such a mapping and moves the pages of an
//   array's state (_ta_rt_shift_bytes) rather than copying them, so that
//   what was never touched stays so;
// - blocks of up to 64 KiB that compiled code frees are kept for the
//   thread's next aligned allocations (SmallBlockCache.h: glibc's
//   aligned_alloc costs eight times malloc), and larger ones, up to 1 GiB,
//   for the process's next allocations (LargeBlockCache.h: glibc gives them
//   back to the kernel, and each call would fault fresh pages in again),
//   except under AddressSanitizer, which must see every free to find a use
//   after it; ta_runtime_trim_memory frees what is kept.
//
// A driver frees the results it keeps with _mlir_memref_to_llvm_free (or
// with free() where they are under 1 GiB: the rest is malloc's).
//
//===----------------------------------------------------------------------===//

#include "BlockCaches.h"
#include "TARuntimeInternal.h"
#include "ta/Runtime/TARuntime.h"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <unordered_map>

#include <sys/mman.h>
#include <unistd.h>

struct TACallScope {
  /// What the call holds: each object with the function that releases it.
  std::unordered_map<void *, void (*)(void *)> live;
  TACallScope *outer = nullptr;
};

namespace {

// Read on every allocation: initial-exec, one load from the thread pointer
// (the general model is a call of __tls_get_addr in a shared library).
__attribute__((tls_model("initial-exec"))) thread_local TACallScope *current =
    nullptr;
// Whether a failed allocation returns null (_ta_rt_quiet_allocations).
__attribute__((tls_model("initial-exec"))) thread_local bool quiet = false;

void failAllocation(uint64_t bytes) {
  _ta_rt_fail(TA_ERR_OOM, 0, (int64_t)bytes, 1,
              bytes > (uint64_t)INT64_MAX ? TA_ALLOC_TOO_LARGE
                                          : TA_ALLOC_TENSOR);
}

/// Allocations of this many bytes or more are mappings of their own (the
/// lowering relies on their zeros: TAABI.h).
constexpr uint64_t kMappedBytes = TA_MAPPED_ALLOCATION_BYTES;

/// The live mappings and their sizes (for munmap); `count` lets a free skip
/// the lookup while there are none, which is nearly always.
struct Mappings {
  std::mutex mu;
  std::unordered_map<void *, uint64_t> sizes;
  std::atomic<size_t> count{0};
  /// The sum of `sizes` (held: `mu`).
  uint64_t bytes = 0;
};

Mappings &mappings() {
  static Mappings *m = new Mappings; // never destroyed: used at exit too
  return *m;
}

/// A fresh mapping of `size` bytes (page-aligned, zero on first touch), or
/// null.
void *map(uint64_t size) {
  void *pointer = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (pointer == MAP_FAILED)
    return nullptr;
  Mappings &m = mappings();
  try {
    std::lock_guard<std::mutex> lock(m.mu);
    m.sizes.emplace(pointer, size);
    m.bytes += size;
    m.count.fetch_add(1, std::memory_order_relaxed);
  } catch (const std::bad_alloc &) {
    munmap(pointer, size);
    return nullptr;
  }
  return pointer;
}

/// Unmaps `pointer` if it is a mapping of map().
bool unmap(void *pointer) {
  Mappings &m = mappings();
  if (m.count.load(std::memory_order_relaxed) == 0)
    return false;
  uint64_t size;
  {
    std::lock_guard<std::mutex> lock(m.mu);
    auto it = m.sizes.find(pointer);
    if (it == m.sizes.end())
      return false;
    size = it->second;
    m.bytes -= size;
    m.sizes.erase(it);
    m.count.fetch_sub(1, std::memory_order_relaxed);
  }
  munmap(pointer, size);
  return true;
}

/// Whether `pointer` is a mapping of map().
bool isMapping(void *pointer) {
  Mappings &m = mappings();
  if (m.count.load(std::memory_order_relaxed) == 0)
    return false;
  std::lock_guard<std::mutex> lock(m.mu);
  return m.sizes.count(pointer) != 0;
}

/// Resizes the mapping at `pointer` (a mapping of map()) to `size` bytes,
/// moving it where it cannot grow in place; null (the mapping unchanged)
/// where that fails.
void *remap(void *pointer, uint64_t size) {
  Mappings &m = mappings();
  std::lock_guard<std::mutex> lock(m.mu);
  auto it = m.sizes.find(pointer);
  void *moved = mremap(pointer, it->second, size, MREMAP_MAYMOVE);
  if (moved == MAP_FAILED)
    return nullptr;
  m.bytes += size - it->second;
  // Re-keyed in place: nothing here allocates, so nothing can fail.
  auto node = m.sizes.extract(it);
  node.key() = moved;
  node.mapped() = size;
  m.sizes.insert(std::move(node));
  return moved;
}

/// Whether `[offset, offset + length)` lies in the mapping at `base`.
bool inMapping(void *base, uint64_t offset, uint64_t length) {
  Mappings &m = mappings();
  if (m.count.load(std::memory_order_relaxed) == 0)
    return false;
  std::lock_guard<std::mutex> lock(m.mu);
  auto it = m.sizes.find(base);
  return it != m.sizes.end() && offset <= it->second &&
         length <= it->second - offset;
}

void freeBuffer(void *pointer) {
  if (!unmap(pointer))
    std::free(pointer);
}

void *allocated(void *pointer, uint64_t size) {
  if (!pointer) {
    if (size && !quiet)
      failAllocation(size);
    return pointer;
  }
  if (current)
    _ta_rt_track(pointer, freeBuffer);
  return pointer;
}

} // namespace

extern "C" {

void _ta_rt_track(void *object, void (*release)(void *)) {
  if (!current)
    return;
  bool recorded = true;
  try {
    current->live.emplace(object, release);
  } catch (const std::bad_alloc &) {
    recorded = false;
  }
  // Failed outside the handler: the error handler may longjmp, which must
  // not leave a catch block (the exception would never be freed).
  if (!recorded) {
    release(object);
    _ta_rt_fail(TA_ERR_OOM, 0, 0, 0, TA_ALLOC_TENSOR);
  }
}

void _ta_rt_untrack(void *object) {
  // A scope may free what an enclosing one recorded.
  for (TACallScope *scope = current; scope; scope = scope->outer)
    if (scope->live.erase(object))
      return;
}

void *_mlir_memref_to_llvm_alloc(uint64_t size) {
  return _mlir_memref_to_llvm_aligned_alloc(alignof(std::max_align_t), size);
}

void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size) {
  // Mappings are page-aligned.
  if (size >= kMappedBytes && alignment <= (uint64_t)sysconf(_SC_PAGESIZE))
    return allocated(map(size), size);
  uint64_t bytes = size;
  if (size != 0 && size < kMappedBytes) {
    if (void *cached = ta::runtime::takeCachedBlock(alignment, size, bytes))
      return allocated(cached, size);
    // malloc's alignment where that is enough (an eighth of the cost).
    if (alignment <= alignof(std::max_align_t))
      return allocated(std::malloc(bytes), size);
  }
  // aligned_alloc wants a size that is a multiple of the alignment.
  uint64_t rounded = (bytes + alignment - 1) / alignment * alignment;
  if (rounded < bytes)
    return allocated(nullptr, size);
  return allocated(std::aligned_alloc(alignment, rounded), size);
}

int64_t _ta_rt_quiet_allocations(int64_t on) {
  bool previous = quiet;
  quiet = on != 0;
  return previous;
}

void _mlir_memref_to_llvm_free(void *pointer) {
  if (!pointer)
    return;
  if (current)
    _ta_rt_untrack(pointer);
  if (!unmap(pointer))
    ta::runtime::releaseHeapBlock(pointer);
}

void *_ta_rt_realloc(void *pointer, uint64_t old_bytes, uint64_t new_bytes) {
  if (!pointer)
    return _mlir_memref_to_llvm_aligned_alloc(TA_BUFFER_ALIGNMENT, new_bytes);
  // (realloc to 0 bytes would free the block.)
  uint64_t bytes = new_bytes ? new_bytes : 1;
  void *result;
  if (isMapping(pointer)) {
    result = remap(pointer, bytes);
  } else if (bytes >= kMappedBytes) {
    // The copy is exactly the old bytes: the rest of the mapping is zero.
    result = map(bytes);
    if (result) {
      std::memcpy(result, pointer, old_bytes < bytes ? old_bytes : bytes);
      ta::runtime::releaseHeapBlock(pointer);
    }
  } else {
    result = ta::runtime::resizeHeapBlock(pointer, old_bytes, bytes);
  }
  if (!result) {
    if (!quiet)
      failAllocation(new_bytes);
    return nullptr;
  }
  if (result != pointer && current) {
    _ta_rt_untrack(pointer);
    _ta_rt_track(result, freeBuffer);
  }
  return result;
}

void _ta_rt_shift_bytes(int64_t buffer, int64_t from, int64_t to,
                        int64_t length) {
  char *base = (char *)buffer;
  auto n = (uint64_t)length, source = (uint64_t)from, target = (uint64_t)to;
  // What the target does not cover of the source, zeroed after the move.
  auto zeroLeft = [&](uint64_t first, uint64_t end) {
    if (end > target)
      end = target;
    if (first < end)
      std::memset(base + first, 0, end - first);
  };
  auto page = (uint64_t)sysconf(_SC_PAGESIZE);
  // Whole pages move where both ranges put the same bytes of a page at the
  // same place, and the pages do not overlap (mremap cannot move a range
  // onto itself).
  uint64_t head = (page - source % page) % page;
  uint64_t whole = n > head ? (n - head) / page * page : 0;
  bool remap = whole >= page && source % page == target % page &&
               source + head + whole <= target + head &&
               inMapping((void *)base, target, n);
  if (!remap) {
    std::memmove(base + target, base + source, n);
    zeroLeft(source, source + n);
    return;
  }
  // The partial pages at both ends are copied (their neighbours share
  // them), the whole pages between them moved and fresh (zero) pages
  // mapped in their place. The target's partial first page may lie on the
  // source's last whole page (the target starts a whole number of pages
  // after the source, at least as many as move): it is copied after the
  // pages have moved, the tail before (the target's tail lies past the
  // source).
  char *pages = base + source + head;
  std::memmove(base + target + head + whole, pages + whole, n - head - whole);
  void *moved = mremap(pages, whole, whole, MREMAP_MAYMOVE | MREMAP_FIXED,
                       base + target + head);
  void *fresh =
      moved == MAP_FAILED
          ? MAP_FAILED
          : mmap(pages, whole, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1,
                 0);
  if (moved == MAP_FAILED) {
    // Out of mappings (vm.max_map_count), say: then a copy.
    std::memmove(base + target + head, pages, whole);
    std::memmove(base + target, base + source, head);
    zeroLeft(source, source + n);
    return;
  }
  if (fresh == MAP_FAILED)
    _ta_rt_fail(TA_ERR_OOM, 0, (int64_t)whole, 1, TA_ALLOC_TENSOR);
  std::memmove(base + target, base + source, head);
  zeroLeft(source, source + head);
  zeroLeft(source + head + whole, source + n);
}

TACallScope *ta_runtime_begin_call(void) {
  auto *scope = new (std::nothrow) TACallScope();
  if (!scope)
    _ta_rt_fail(TA_ERR_OOM, 0, (int64_t)sizeof(TACallScope), 1,
                TA_ALLOC_TENSOR);
  scope->outer = current;
  current = scope;
  return scope;
}

void ta_runtime_end_call(TACallScope *scope, int release) {
  current = scope->outer;
  if (release) {
    for (auto &[object, releaseFn] : scope->live)
      releaseFn(object);
  } else if (current) {
    // Kept (the call's results): the enclosing call holds them now.
    current->live.insert(scope->live.begin(), scope->live.end());
  }
  delete scope;
}

} // extern "C"

uint64_t ta::runtime::mappedBytes() {
  Mappings &m = mappings();
  std::lock_guard<std::mutex> lock(m.mu);
  return m.bytes;
}
