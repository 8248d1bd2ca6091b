/*===- TARuntime.h - C ABI of libta_runtime ---------------------*- C -*-===*\
|*                                                                            *|
|* The functions that code lowered by ta-lower-to-memref calls (the layout   *|
|* and codes they share with it are in TAABI.h), and the unbatch_grad        *|
|* rendezvous's public API. Everything here is C and thread-safe.            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TA_RUNTIME_TARUNTIME_H
#define TA_RUNTIME_TARUNTIME_H

#include "ta/Runtime/TAABI.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Prints the message for `code` on stderr, prefixed with
/// "ta runtime error: ", and exits the process with status 1. `header` is
/// the address of the array's TAArrayHeader (0 when there is none yet);
/// for TA_ERR_BROADCAST, of the two shapes that do not broadcast, as
/// int64s [rank, dims..., rank, dims...].
void _ta_rt_fail(int32_t code, int64_t header, int64_t a, int64_t b, int64_t c);

/// MLIR's generic allocation functions, which ta-lower-to-llvm's code calls
/// for memref.alloc and memref.dealloc: malloc, aligned_alloc and free,
/// except that an allocation that fails (of a size that is not zero) calls
/// _ta_rt_fail with TA_ERR_OOM instead of returning null, that a call scope
/// records what they hand out, and that an allocation of 1 GiB or more is
/// a mapping of its own, whose pages cost memory once touched. Free what
/// compiled code returns with _mlir_memref_to_llvm_free.
void *_mlir_memref_to_llvm_alloc(uint64_t size);
void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size);
void _mlir_memref_to_llvm_free(void *pointer);

/// Resizes a buffer of ta's allocation functions from `old_bytes` to
/// `new_bytes` (C's realloc, which extends a heap block in place where it
/// can; a mapping of 1 GiB or more is remapped, and a buffer that reaches
/// that size becomes one): the first min(old_bytes, new_bytes) bytes are
/// kept; where `new_bytes` is 1 GiB or more, the bytes past `old_bytes` are
/// zero (as TA_FRESH_BUFFER_IS_ZERO says of a fresh buffer). Fails as the
/// allocation functions do; where it returns null (quiet failures),
/// `pointer` is unchanged and still valid.
void *_ta_rt_realloc(void *pointer, uint64_t old_bytes, uint64_t new_bytes);

/// Moves `length` bytes of `buffer` from offset `from` to offset `to`
/// (`to` >= `from`; the two ranges may overlap), as growth does with an
/// array's state, and leaves the bytes of [from, from + length) that the
/// target does not cover zero. Where the buffer is a mapping of its own (1
/// GiB or more) and the offsets agree modulo the page size, the whole pages
/// are moved (mremap) and fresh pages mapped where they were: pages never
/// touched stay untouched.
void _ta_rt_shift_bytes(int64_t buffer, int64_t from, int64_t to,
                        int64_t length);

/// Sets whether an allocation of the calling thread that fails returns null
/// (`quiet` not 0) rather than failing with TA_ERR_OOM, and returns the
/// previous setting. Lowered code sets it around an allocation that only
/// saves work where it succeeds: the capacity reserved for a growable array
/// before a loop that fills it (a loop whose own growth fails, with
/// TensorFlow's error, where the reservation could not be had).
int64_t _ta_rt_quiet_allocations(int64_t quiet);

/// The memory the runtime keeps. Freed blocks of more than 64 KiB and less
/// than 1 GiB are kept for the next allocations of their size class, in
/// one cache the whole process shares, so that a function called again and
/// again finds its memory mapped already (smaller blocks are kept per
/// thread, a few per size class). The cache holds at most `cache_limit`
/// bytes: by default 2 GiB or an eighth of the machine's memory, whichever
/// is less; the environment variable TA_RUNTIME_CACHE_LIMIT_BYTES sets it
/// at the first allocation (0 keeps nothing; a value that is not a number
/// is a runtime error at every allocation the cache would serve, until
/// ta_runtime_set_cache_limit sets a limit). A block not reused for 10
/// seconds (ta_runtime_set_cache_idle_seconds) is freed at the next free of
/// a large block, by whichever thread frees it; a process that makes no more
/// calls keeps what it holds until ta_runtime_trim_memory. Under
/// AddressSanitizer nothing is kept.
typedef struct TARuntimeMemoryStats {
  int64_t cached_bytes;  /* usable bytes of the blocks kept */
  int64_t cached_blocks; /* blocks kept */
  int64_t cache_limit;   /* the most bytes kept (0 under ASan) */
  int64_t reused;        /* allocations served by a kept block */
  int64_t allocated;     /* allocations of a kept size that were not */
  int64_t released;      /* kept blocks freed: limit, idle, trim */
  int64_t mapped_bytes;  /* live allocations of 1 GiB or more */
} TARuntimeMemoryStats;

/// Fills `stats` (if not NULL); the counters count from the process's start.
void ta_runtime_memory_stats(TARuntimeMemoryStats *stats);

/// Frees every kept block (the large ones, and the calling thread's small
/// ones) and returns the heap's free memory to the system (malloc_trim);
/// returns the bytes of the blocks freed.
int64_t ta_runtime_trim_memory(void);

/// Sets the most bytes the cache keeps (a negative value: the default),
/// freeing what no longer fits; returns the previous limit.
int64_t ta_runtime_set_cache_limit(int64_t bytes);

/// Sets how many seconds a kept block may go unused before it is freed (0
/// or less: the default, 10); returns the previous setting.
int64_t ta_runtime_set_cache_idle_seconds(int64_t seconds);

/// A call scope, for drivers whose error handler leaves compiled code with
/// longjmp, skipping the code that would free what the call allocated.
/// Between ta_runtime_begin_call and ta_runtime_end_call the runtime
/// records, for the calling thread, every buffer compiled code allocates
/// and does not free again, and the arrays of open element shapes it makes.
/// ta_runtime_end_call(scope, 1) releases them (after a failed call);
/// ta_runtime_end_call(scope, 0) keeps them (the results of a call that
/// returned). Scopes nest; end them in reverse order, on the same thread.
typedef struct TACallScope TACallScope;
TACallScope *ta_runtime_begin_call(void);
void ta_runtime_end_call(TACallScope *scope, int release);

/// Fails with TA_ERR_ACCUMULATOR_SHAPE unless the element shape of the
/// accumulator whose header is at `header` equals `shape`.
void _ta_rt_check_accumulator(int64_t header, int64_t shape);

/// Formats the message of `_ta_rt_fail` into `buffer` (at most `size`
/// bytes, NUL terminated) and returns the length it needs, as snprintf does.
int _ta_rt_format_error(char *buffer, int64_t size, int32_t code,
                        const TAArrayHeader *header, int64_t a, int64_t b,
                        int64_t c);

/*===----------------------------------------------------------------------===*\
|* ta.unbatch_grad: the rendezvous                                            *|
\*===----------------------------------------------------------------------===*/

/// One ta.unbatch_grad call (TensorFlow's UnbatchGradResource::Compute), as
/// lowered code makes it. Blocks an owner until its batch is complete.
/// - `site`: address of "container\0shared_name\0element type\0";
/// - `element_bytes`: bytes of one scalar of the grad;
/// - `timeout_micros`: > 0 bounds an owner's wait; otherwise the default set
///   by ta_unbatch_grad_set_timeout applies;
/// - `owner`: non-zero when original_input has elements;
/// - `batch_index`: address of `rows` x 3 int64 (row-major);
/// - `grad`: address of the grad's contiguous data, `grad_shape` the address
///   of its shape `{rank, d0, ...}`.
/// Returns a ticket for _ta_rt_unbatch_grad_rows/_take (0: no rows).
int64_t _ta_rt_unbatch_grad(int64_t site, int64_t element_bytes,
                            int64_t timeout_micros, int64_t id, int64_t owner,
                            int64_t batch_index, int64_t rows, int64_t grad,
                            int64_t grad_shape);

/// Dim 0 of the result a ticket holds.
int64_t _ta_rt_unbatch_grad_rows(int64_t ticket);

/// Writes the result (the batch's grads concatenated in batch_index row
/// order) to `target`, contiguous memory of `rows` rows, and frees the
/// ticket.
void _ta_rt_unbatch_grad_take(int64_t ticket, int64_t target);

/// Arrays whose element type leaves dims open (runtime/DynamicArrays.cpp).
/// `header` is the address of the array's TAArrayHeader, which lowered code
/// allocates and fills (size, flags, name, element shape) before
/// _ta_rt_dyn_init; shapes are addresses of `{rank, d0, ...}` (a negative dim
/// unknown); `data` and `target` of contiguous row-major memory; index
/// vectors of `index_bytes` (4 or 8) per index. Read, gather and concat do
/// TensorFlow's reads and write the result's shape to `shape_out` as
/// `{rank, d0, ...}` (room for 1 + TA_MAX_ELEMENT_RANK words, 2 + for a
/// gather; concat's d0 is its rows, and it returns the number of slots
/// read); _ta_rt_dyn_take then copies the values to `target` (and concat's
/// lengths to `lengths`, 0 for none).
void _ta_rt_dyn_init(int64_t header, int64_t element_bytes,
                     int64_t element_kind);
/// TensorArrayGradV3 / GradWithShape on the forward array at `forward`:
/// disables its dynamic size, checks it is open and, when `accumulator` is
/// the address of a new header (name, source, flags, element shape filled),
/// makes it the accumulator: the forward size and marked size, the element
/// shape `prepend` (`prepend_rank` int32 dims) ++ the forward one, the
/// forward's written slots soft written. `accumulator` 0: it exists.
void _ta_rt_dyn_grad(int64_t forward, int64_t accumulator, int64_t prepend,
                     int64_t prepend_rank);
/// TensorArrayGradWithShape with a run-time `prepend` on an array of static
/// element shape, which lowered code lays out itself (`forward`, its header;
/// `state`, its slots' TASlotState bytes, 0 in checks=none, which keeps no
/// written bits) and which has checked it open: makes the new header at
/// `accumulator` (filled as for _ta_rt_dyn_grad) an accumulator of
/// `element_bytes`-byte scalars of kind `element_kind`, of element shape
/// `prepend` ++ the forward one, its written slots soft written.
void _ta_rt_dyn_grad_static(int64_t forward, int64_t state, int64_t accumulator,
                            int64_t element_bytes, int64_t element_kind,
                            int64_t prepend, int64_t prepend_rank);
void _ta_rt_dyn_release(int64_t header);
void _ta_rt_dyn_close(int64_t header);
int64_t _ta_rt_dyn_size(int64_t header);
void _ta_rt_dyn_write(int64_t header, int64_t index, int64_t shape,
                      int64_t data);
void _ta_rt_dyn_read(int64_t header, int64_t index, int64_t shape_out);
void _ta_rt_dyn_gather(int64_t header, int64_t indices, int64_t count,
                       int64_t index_bytes, int64_t shape_out);
int64_t _ta_rt_dyn_concat(int64_t header, int64_t shape_out);
void _ta_rt_dyn_take(int64_t header, int64_t target, int64_t lengths);
void _ta_rt_dyn_scatter(int64_t header, int64_t indices, int64_t count,
                        int64_t index_bytes, int64_t value_shape, int64_t data);
void _ta_rt_dyn_split(int64_t header, int64_t lengths, int64_t count,
                      int64_t value_shape, int64_t data);

/// What the rendezvous holds, summed over the resources that match.
typedef struct TAUnbatchGradState {
  int64_t resources;       /* resources (container, shared_name) matched */
  int64_t parked_grads;    /* grads registered and not yet consumed */
  int64_t waiting_batches; /* owners waiting for grads */
  int64_t missing_grads;   /* grads those owners still wait for */
} TAUnbatchGradState;

/// Fills `state` (if not NULL) for the resource (`container`,
/// `shared_name`); a NULL `container` or `shared_name` matches every value.
void ta_unbatch_grad_inspect(const char *container, const char *shared_name,
                             TAUnbatchGradState *state);

/// Writes the ids of the parked grads of the matching resources, sorted, to
/// `ids` (at most `capacity`; NULL writes none); returns how many there are.
int64_t ta_unbatch_grad_parked_ids(const char *container,
                                   const char *shared_name, int64_t *ids,
                                   int64_t capacity);

/// Forgets the matching resources and the grads parked there; returns the
/// number of grads dropped, or -1 (and changes nothing) while an owner of a
/// matching resource is waiting. Calls must not be in flight on them.
int64_t ta_unbatch_grad_reset(const char *container, const char *shared_name);

/// Sets the default timeout of waiting owners (ops without timeout_micros),
/// in microseconds; <= 0 waits forever (TensorFlow's behaviour, and the
/// default unless the environment variable TA_UNBATCH_GRAD_TIMEOUT_MICROS
/// says otherwise). While that variable is not a number, every call that
/// would use the default (and ta_unbatch_grad_timeout) is a runtime error
/// saying so, until a timeout is set here.
void ta_unbatch_grad_set_timeout(int64_t micros);

/// The default timeout in microseconds (<= 0: none).
int64_t ta_unbatch_grad_timeout(void);

/// What a runtime error does. By default the runtime prints "ta runtime
/// error: <message>" on stderr and exits with status 1. A handler set with
/// ta_runtime_set_error_handler is called instead, on the thread that hit
/// the error, with the message (without the prefix); it is meant to leave
/// the compiled code with longjmp (the Python binding turns the error into
/// an exception). The runtime releases its own locks and buffers before
/// calling it, and undoes the failed call's registration as a batch owner;
/// the call's own grad stays parked (ta_unbatch_grad_reset clears it),
/// unless the batch it completed took it (a batch whose grads do not
/// concatenate: its owner fails with the same message). A
/// driver that leaves calls this way wraps each in a call scope
/// (ta_runtime_begin_call) to free what compiled code held. If the handler
/// returns, the default runs.
typedef void (*ta_runtime_error_handler)(const char *message, void *user_data);

/// Sets the handler for errors raised on the calling thread (NULL: the
/// default); returns the previous one.
ta_runtime_error_handler
ta_runtime_set_error_handler(ta_runtime_error_handler handler, void *user_data);

#ifdef __cplusplus
}
#endif

#endif /* TA_RUNTIME_TARUNTIME_H */
