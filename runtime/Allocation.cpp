//===- Allocation.cpp - libta_runtime: the memory of compiled ta code -----===//
//
// ta-lower-to-llvm lowers memref.alloc and memref.dealloc to MLIR's generic
// allocation functions (finalize-memref-to-llvm's use-generic-functions),
// defined here:
//
// - an allocation that fails stops the program with TensorFlow's
//   resource-exhausted wording ("OOM when allocating ...") through
//   _ta_rt_fail, in both checks modes, instead of handing compiled code a
//   null pointer to write through;
// - inside a call scope (ta_runtime_begin_call), every allocation that is
//   not freed again is recorded, with the runtime's own objects (arrays of
//   open element shapes), so that a driver whose error handler left the
//   call with longjmp can release what the failed call held.
//
// The memory is malloc's: a driver frees the results it keeps with free().
//
//===----------------------------------------------------------------------===//

#include "TARuntimeInternal.h"
#include "ta/Runtime/TARuntime.h"

#include <cstdlib>
#include <new>
#include <unordered_map>

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

void failAllocation(uint64_t bytes) {
  _ta_rt_fail(TA_ERR_OOM, 0, (int64_t)bytes, 1,
              bytes > (uint64_t)INT64_MAX ? TA_ALLOC_TOO_LARGE
                                          : TA_ALLOC_TENSOR);
}

void freeBuffer(void *pointer) { std::free(pointer); }

void *allocated(void *pointer, uint64_t size) {
  if (!pointer) {
    if (size)
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
  try {
    current->live.emplace(object, release);
  } catch (const std::bad_alloc &) {
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
  return allocated(std::malloc(size), size);
}

void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size) {
  // aligned_alloc wants a size that is a multiple of the alignment.
  uint64_t rounded = (size + alignment - 1) / alignment * alignment;
  if (rounded < size)
    failAllocation(size);
  return allocated(std::aligned_alloc(alignment, rounded), size);
}

void _mlir_memref_to_llvm_free(void *pointer) {
  if (current && pointer)
    _ta_rt_untrack(pointer);
  std::free(pointer);
}

TACallScope *ta_runtime_begin_call(void) {
  auto *scope = new TACallScope();
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
